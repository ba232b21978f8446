package tsx

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/validate"
)

// sources reads the .tsx files named in positions, once each, for code
// frames and attribute positions.
type sources struct {
	dir   string
	files map[string]*sourceFile
}

type sourceFile struct {
	text  string
	lines []string // 0-based
	ok    bool
	// starts holds the byte offset of each line, computed when needed.
	starts []int
}

func newSources(dir string) *sources {
	return &sources{dir: dir, files: map[string]*sourceFile{}}
}

func (s *sources) file(name string) *sourceFile {
	if f, ok := s.files[name]; ok {
		return f
	}
	p := filepath.FromSlash(name)
	if !filepath.IsAbs(p) {
		p = filepath.Join(s.dir, p)
	}
	f := readSourceFile(p)
	s.files[name] = f
	return f
}

// readSourceFile reads a file for sources; ok is false when it cannot be
// read.
func readSourceFile(path string) *sourceFile {
	f := &sourceFile{}
	if data, err := os.ReadFile(path); err == nil {
		f.text = string(data)
		f.lines = strings.Split(f.text, "\n")
		for i, l := range f.lines {
			f.lines[i] = strings.TrimSuffix(l, "\r")
		}
		f.ok = true
	}
	return f
}

// line returns line n (1-based) of a file.
func (s *sources) line(name string, n int) (string, bool) {
	f := s.file(name)
	if !f.ok || n < 1 || n > len(f.lines) {
		return "", false
	}
	return f.lines[n-1], true
}

// frame returns a code frame at r, or "" when the file cannot be read.
func (s *sources) frame(r hcl.Range) string {
	f := s.file(r.Filename)
	if !f.ok || r.Start.Line < 1 || r.Start.Line > len(f.lines) {
		return ""
	}
	lines := map[int]string{}
	for n := r.Start.Line - 2; n <= r.Start.Line+1; n++ {
		if n >= 1 && n <= len(f.lines) {
			lines[n] = f.lines[n-1]
		}
	}
	width := 1
	if r.End.Line == r.Start.Line && r.End.Column > r.Start.Column {
		width = r.End.Column - r.Start.Column
	}
	return codeFrame(lines, r.Start.Line, r.Start.Column, width)
}

// withFrame appends a code frame at the diagnostic's subject to its detail.
func (s *sources) withFrame(d *diag.Diagnostic) *diag.Diagnostic {
	if d.Subject == nil {
		return d
	}
	if fr := s.frame(*d.Subject); fr != "" {
		if d.Detail != "" {
			d.Detail += "\n"
		}
		d.Detail += fr
	}
	return d
}

// WithFrames appends a code frame to each diagnostic located in a file
// under dir (the directory Build was given), as Build does for its own:
// for diagnostics found later about the configuration Build returned, such
// as those of schema validation. Diagnostics are changed in place.
func WithFrames(ds diag.Diagnostics, dir string) diag.Diagnostics {
	src := newSources(dir)
	for _, d := range ds {
		labelArgumentHint(d)
		blockHint(d)
		if d.Subject != nil && !strings.Contains(d.Detail, "\n  "+fmt.Sprint(d.Subject.Start.Line)+" | ") {
			src.withFrame(d)
		}
	}
	return ds
}

// isRuntimeFile tells frames of tfkit's own runtime from the user's.
func isRuntimeFile(name string) bool {
	return strings.HasPrefix(name, runtimeNamespace+":") || name == "<tfkit entry>" || strings.HasSuffix(name, bundleName)
}

// fileName cleans a file name from a source map: goja resolves it against
// the bundle's name, which may add a scheme or a leading "./".
func fileName(name string) string {
	name = strings.TrimPrefix(name, "file://")
	if u, err := url.PathUnescape(name); err == nil {
		name = u
	}
	name = strings.TrimPrefix(name, "./")
	return filepath.ToSlash(name)
}

// scriptDiag converts an uncaught exception (or a timeout) into a
// diagnostic at the innermost frame in the user's files, with a code frame
// and the stack mapped to .tsx lines.
func scriptDiag(se *ScriptError, src *sources) *diag.Diagnostic {
	d := &diag.Diagnostic{Severity: diag.Error}
	var user []Frame
	for _, f := range se.Stack {
		f.File = fileName(f.File)
		if !isRuntimeFile(f.File) {
			user = append(user, f)
		}
	}
	switch {
	case se.Timeout > 0:
		d.Summary = "Configuration timed out"
		d.Detail = fmt.Sprintf("The configuration did not finish within %s and was stopped.", se.Timeout)
		d.Suggestion = "look for a loop that never ends; if the configuration is just slow, raise the timeout (--timeout)"
		if len(user) > 0 {
			d.Detail = fmt.Sprintf("The configuration did not finish within %s and was stopped here.", se.Timeout)
			// An empty endless loop is reported at the start of its
			// function; point at the loop.
			if p, ok := emptyLoop(src.file(user[0].File), user[0].Line, user[0].Col); ok {
				user[0].Line, user[0].Col = p.Line, p.Column
				d.Detail = fmt.Sprintf("The configuration did not finish within %s and was stopped in this loop, which never ends.", se.Timeout)
			}
		}
	case se.Canceled:
		d.Summary = "Build canceled"
		d.Detail = "The evaluation was stopped before it finished."
	case se.Name == "TfkitError" && se.Summary != "":
		d.Summary = se.Summary
		d.Detail = se.Detail
		d.Suggestion = se.Hint
	case dynamicRequireRE.MatchString(se.Message):
		// esbuild bundles a require() of a name known only at run time
		// as a call that throws.
		name := dynamicRequireRE.FindStringSubmatch(se.Message)[1]
		d.Summary = "Unsupported module loading"
		d.Detail = fmt.Sprintf("require(%q) is not supported: tfkit evaluates ES modules only, and bundles the modules imported by name before the configuration runs.", name)
		d.Suggestion = fmt.Sprintf("write import ... from %q instead; to choose a module at run time, import each one and pick among them", name)
	default:
		d.Summary = "JavaScript error"
		name := se.Name
		if name == "" {
			name = "Error"
		}
		d.Detail = name + ": " + se.Message
		d.Suggestion = jsHint(se)
	}
	if len(user) > 0 {
		if name, ok := strings.CutSuffix(se.Message, " is not defined"); ok && se.Name == "ReferenceError" {
			// goja places the error of a call to an undeclared name
			// (makeName("x")) after the name: point at the name.
			if line, ok := src.line(user[0].File, user[0].Line); ok {
				user[0].Col = nameBefore(line, user[0].Col, name)
				if h := terraformInterpolationHint(line, user[0].Col, name); h != "" {
					d.Suggestion = h
				}
			}
		}
		if se.Name == "ReferenceError" && d.Suggestion == jsHint(se) {
			// A name that braces written in JSX text read or assign
			// (x = "1"): JavaScript's, not HCL's.
			if f := src.file(user[0].File); f.ok && bracesInJSXText(f, user[0].Line-40, user[0].Line) {
				d.Suggestion = jsxTextBraceHint
			}
		}
		r := rangeAt(user[0].File, user[0].Line, user[0].Col)
		d.Subject = &r
		src.withFrame(d)
		d.Detail += formatFrames(user)
	}
	for _, f := range se.Composites {
		name := f.Func
		if name == "" {
			name = "(anonymous)"
		}
		d.Related = append(d.Related, diag.Related{Message: fmt.Sprintf("in <%s>, used here", name), Range: rangeAt(fileName(f.File), f.Line, f.Col)})
	}
	return d
}

// nameBefore is the column (1-based, in characters) of name in line: col
// when the name starts there, else that of its last whole occurrence
// before col, else col.
func nameBefore(line string, col int, name string) int {
	at := 0
	for i := 1; i < col && at < len(line); i++ {
		_, size := utf8.DecodeRuneInString(line[at:])
		at += size
	}
	whole := func(i int) bool {
		return (i == 0 || !isIdentByte(line[i-1]) && line[i-1] != '.' && line[i-1] < 0x80) &&
			(i+len(name) == len(line) || !isIdentByte(line[i+len(name)]) && line[i+len(name)] < 0x80)
	}
	if name == "" || strings.HasPrefix(line[at:], name) && whole(at) {
		return col
	}
	for i := strings.LastIndex(line[:at], name); i >= 0; i = strings.LastIndex(line[:i], name) {
		if whole(i) {
			return columnOf(line, i)
		}
	}
	return col
}

// terraformInterpolationHint explains a ReferenceError of a Terraform
// name written as an interpolation ("${terraform.workspace}") in JSX text
// or a template literal, where ${...} (in JSX text, {...}) is JavaScript's:
// name is undefined, at col (1-based, in characters) of line.
func terraformInterpolationHint(line string, col int, name string) string {
	switch name {
	case "var", "local", "module", "data", "path", "terraform", "count", "each", "self":
	default:
		return ""
	}
	before := []rune(line)[:min(col-1, utf8.RuneCountInString(line))]
	if !strings.HasSuffix(string(before), "${") {
		return ""
	}
	return fmt.Sprintf("${%[1]s...} here is JavaScript's, which has no %[1]s: for Terraform's interpolation write \\${%[1]s...} in a template literal, or {\"${\"}%[1]s...{\"}\"} in JSX text", name)
}

// maxFrameCycle is the longest run of frames that formatFrames folds
// when it repeats (f calling g calling f ...); maxFrames is how many
// lines of stack a diagnostic shows at most.
const (
	maxFrameCycle = 8
	maxFrames     = 30
)

// formatFrames writes a stack as "at" lines, innermost first. Endless
// recursion leaves thousands of identical frames: a run of frames that
// repeats is written once, with the number of times it repeats, and a
// stack still longer than maxFrames lines is cut, saying how many frames
// are left out.
func formatFrames(frames []Frame) string {
	var b strings.Builder
	lines := 0
	for i := 0; i < len(frames); {
		if lines >= maxFrames {
			fmt.Fprintf(&b, "\n    ... %d more frames", len(frames)-i)
			break
		}
		period, reps := 1, 1
		for p := 1; p <= maxFrameCycle && i+2*p <= len(frames); p++ {
			r := 1
			for i+(r+1)*p <= len(frames) && sameFrames(frames[i:i+p], frames[i+r*p:i+(r+1)*p]) {
				r++
			}
			if r > 1 && r*p > reps*period {
				period, reps = p, r
			}
		}
		for _, f := range frames[i : i+period] {
			fn := f.Func
			if fn == "" {
				fn = "<anonymous>"
			}
			fmt.Fprintf(&b, "\n    at %s (%s:%d:%d)", fn, f.File, f.Line, f.Col)
			lines++
		}
		if reps > 1 {
			what := "the frame above"
			if period > 1 {
				what = fmt.Sprintf("the %d frames above", period)
			}
			fmt.Fprintf(&b, "\n    ... %s repeated %d more times", what, reps-1)
			lines++
		}
		i += period * reps
	}
	return b.String()
}

func sameFrames(a, b []Frame) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// dynamicRequireRE matches the error esbuild's bundle throws for a
// require() whose argument is computed.
var dynamicRequireRE = regexp.MustCompile(`^Dynamic require of "(.*)" is not supported$`)

// nodeGlobalHints are what to do instead of Node's and browsers' globals,
// which a configuration does not have.
var nodeGlobalHints = map[string]string{
	"Buffer":         `Buffer is Node's, which tfkit does not run: let Terraform encode the value, tf.fn("base64encode", text)`,
	"setTimeout":     "timers are Node's and browsers', which tfkit does not run: a configuration is rendered once, synchronously",
	"setInterval":    "timers are Node's and browsers', which tfkit does not run: a configuration is rendered once, synchronously",
	"setImmediate":   "timers are Node's and browsers', which tfkit does not run: a configuration is rendered once, synchronously",
	"queueMicrotask": "a configuration is rendered once, synchronously: call the function directly",
	"fetch":          `there is no network at build time: fetch the value before the build and pass it through process.env, or let Terraform read it (<DataSource type="http">)`,
	"XMLHttpRequest": `there is no network at build time: fetch the value before the build and pass it through process.env, or let Terraform read it (<DataSource type="http">)`,
	"URL":            `URL is Node's and browsers', which tfkit does not provide: build the string, or let Terraform parse it`,
	"TextEncoder":    `TextEncoder is Node's and browsers', which tfkit does not provide: let Terraform encode the value (tf.fn("base64encode", text))`,
	"TextDecoder":    `TextDecoder is Node's and browsers', which tfkit does not provide: let Terraform decode the value (tf.fn("base64decode", text))`,
	"btoa":           `btoa is Node's and browsers', which tfkit does not provide: let Terraform encode the value, tf.fn("base64encode", text)`,
	"atob":           `atob is Node's and browsers', which tfkit does not provide: let Terraform decode the value, tf.fn("base64decode", text)`,
	"crypto":         `crypto is Node's and browsers', which tfkit does not provide: let Terraform hash the value (tf.fn("sha256", text)), or make random values with the random provider`,
	"window":         "there is no browser at build time: tfkit evaluates the configuration on its own",
	"document":       "there is no browser at build time: tfkit evaluates the configuration on its own",
	"global":         "global is Node's: use globalThis",
}

// jsHint suggests fixes for common JavaScript mistakes.
func jsHint(se *ScriptError) string {
	if name, ok := strings.CutSuffix(se.Message, " is not defined"); ok && se.Name == "ReferenceError" {
		if h, ok := nodeGlobalHints[name]; ok {
			return h
		}
		if h, ok := undefinedNameHints[name]; ok {
			return h
		}
		if h := runtimeNameHint(name); h != "" {
			return h
		}
	}
	switch {
	case strings.Contains(se.Message, "require is not defined"):
		return "tfkit evaluates ES modules only: use import instead of require"
	case strings.Contains(se.Message, "process is not defined"), strings.Contains(se.Message, "module is not defined"),
		strings.Contains(se.Message, "exports is not defined"):
		return "tfkit evaluates ES modules only: use import and export"
	case strings.Contains(se.Message, "__dirname"), strings.Contains(se.Message, "__filename"):
		return "Node's module variables are not available: tfkit evaluates without Node"
	}
	return ""
}

// blockHint says how TSX writes a nested block that was given as an
// attribute (root_block_device={{ ... }}): with tf.block, or as HCL in an
// innerText body. The schema check recognises its own diagnostic.
func blockHint(d *diag.Diagnostic) {
	name, ok := validate.BlockAsArgument(d)
	if !ok {
		return
	}
	d.Suggestion = fmt.Sprintf("write it with tf.block: %s={tf.block({ ... })}, or an array of tf.block(...) for several (in an innerText body, %s { ... })", name, name)
}

// labelArgumentHint says how to set a required argument named like one
// of its element's labels (docker_container's name, a module's input
// name): as a prop it would be the label, so only an innerText body can
// set it.
func labelArgumentHint(d *diag.Diagnostic) {
	if !strings.HasPrefix(d.Summary, "Missing required argument") {
		return
	}
	parts := strings.Split(d.Path, ".")
	arg := parts[len(parts)-1]
	label := false
	switch {
	case len(parts) == 3 && parts[0] == "module":
		label = arg == "name"
	case len(parts) == 3 || len(parts) == 4 && (parts[0] == "data" || parts[0] == "ephemeral"):
		label = arg == "name" || arg == "type"
	}
	if label {
		d.Suggestion = fmt.Sprintf("%s is also the element's label, so as a prop it names the element: set the argument in an innerText body ({() => `%s = ...`}), with the other arguments", arg, arg)
	}
}

// undefinedNameHints are the hints for names that React and Terraform
// habits use in JavaScript, where they are not defined: Terraform's
// references and type keywords, and React itself.
var undefinedNameHints = func() map[string]string {
	m := map[string]string{
		"React":  `tfkit does not use React: write <>...</> or <Fragment> for React.Fragment, and import Fragment, createElement and the components from "tfkit"`,
		"local":  `a Terraform reference is not JavaScript: read a local value with tf.local("name") (import { tf } from "tfkit"), or write any expression as tf.raw("local.name")`,
		"data":   `a Terraform reference is not JavaScript: bind a ref to the element (const r = useRef(); <DataSource ... ref={r} />) and read r.attr, or write the expression as tf.raw("data.type.name.attr")`,
		"module": `a Terraform reference is not JavaScript: bind a ref to the <Module> (ref={net}) and read net.output, or write the expression as tf.raw("module.name.output")`,
	}
	for _, name := range []string{"each", "count", "path", "self", "terraform"} {
		m[name] = fmt.Sprintf(`a Terraform reference is not JavaScript: write %[1]s... as tf.raw("%[1]s..."), or inside a string, "${%[1]s...}"`, name)
	}
	for _, t := range []string{"string", "number", "bool", "any", "list", "map", "set", "object", "tuple"} {
		m[t] = fmt.Sprintf(`a Terraform type constraint is text: type="%s" (type="list(string)" for a list)`, t)
	}
	return m
}()

// runtimeExports are the names of the "tfkit" package a configuration
// imports to use (components, useRef, tf), read from the runtime itself;
// React's APIs that exist only to fail with a message are left out.
var runtimeExports = sync.OnceValue(func() []string {
	src, err := runtimeFS.ReadFile("runtime/tfkit.js")
	if err != nil {
		panic(err) // embedded: cannot happen
	}
	var names []string
	for _, m := range runtimeExportRE.FindAllStringSubmatch(string(src), -1) {
		// Children, like the unsupported hooks, exists only to fail.
		if name := m[1]; !strings.HasPrefix(name, "jsx") && name != "Children" && !strings.Contains(m[0], "unsupported") {
			names = append(names, name)
		}
	}
	return names
})

var runtimeExportRE = regexp.MustCompile(`(?m)^export (?:const|function) ([A-Za-z]\w*)[^\n]*`)

// runtimeAliases are names other tools give tfkit's components (CDK for
// Terraform's classes, Terraform's block names).
var runtimeAliases = map[string]string{
	"Data":              "DataSource",
	"Local":             "Locals",
	"TerraformOutput":   "Output",
	"TerraformVariable": "Variable",
	"TerraformLocal":    "Locals",
	"TerraformProvider": "Provider",
	"TerraformModule":   "Module",
	"TerraformResource": "Resource",
	"TerraformData":     "DataSource",
}

// runtimeNameHint is the hint for a ReferenceError of name: a name of the
// "tfkit" package used without importing it (<Resource> with no import),
// or one close to such a name (<Resouce>), is one import away.
func runtimeNameHint(name string) string {
	names := runtimeExports()
	for _, n := range names {
		if n == name {
			return fmt.Sprintf("import it from \"tfkit\": import { %s } from \"tfkit\" (or add %s to the names an import from \"tfkit\" already lists)", name, name)
		}
	}
	if meant, ok := runtimeAliases[name]; ok {
		return fmt.Sprintf("tfkit's component is %[1]s: import { %[1]s } from \"tfkit\"", meant)
	}
	if dym := diag.DidYouMean(name, names); dym != "" {
		meant := strings.TrimSuffix(strings.TrimPrefix(dym, "did you mean \""), "\"?")
		return fmt.Sprintf("%s (imported from \"tfkit\": import { %s } from \"tfkit\")", dym, meant)
	}
	return ""
}
