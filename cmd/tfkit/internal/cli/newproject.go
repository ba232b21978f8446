package cli

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"slices"
	"sort"
	"strings"

	"github.com/tfkit/tfkit/internal/project"
)

func init() {
	register(&command{
		name:     "init",
		synopsis: "Create a new project: a Go program or a TSX file, and tfkit.json",
		usage:    "init [--lang go|tsx] [--module PATH] [--tfkit-source DIR] [--no-tidy] [DIR]",
		help: `
Creates a tfkit project in DIR (default: the current directory; created when
missing): tfkit.json, a small app that Terraform applies without any cloud
account (a local_file of the hashicorp/local provider) and a .gitignore.
'tfkit synth' then works in DIR at once.

  --lang go   (the default) main.go, main_test.go (a test of its stack
              with tfkittest), go.mod, and go.sum from 'go mod tidy'.
              The module requires github.com/tfkit/tfkit: the release this
              tfkit is, or, for a tfkit built from a checkout, that checkout
              through a replace directive (--tfkit-source DIR names another).
  --lang tsx  main.tsx and a tsconfig.json for editors and tsc; no Node is
              needed to synthesize.

Files that already exist are never overwritten: init refuses and names them.
Nothing is written when init fails.`,
		setup: func(fs *flag.FlagSet) func(context.Context, *run, []string) int {
			o := &initOptions{}
			fs.StringVar(&o.lang, "lang", "go", "language of the app: go or tsx")
			fs.StringVar(&o.module, "module", "", "module path of a Go project (default: the directory's name)")
			fs.StringVar(&o.source, "tfkit-source", "", "checkout of tfkit for the Go project's replace directive")
			fs.BoolVar(&o.noTidy, "no-tidy", false, "do not run 'go mod tidy' (Go projects)")
			return func(ctx context.Context, r *run, args []string) int {
				if len(args) > 1 {
					return usageError(r.stderr, commands["init"], "unexpected argument %q (init takes one directory)", args[1])
				}
				if len(args) == 1 {
					o.dir = args[0]
				}
				switch o.lang {
				case "go", "tsx":
				case "ts", "typescript":
					o.lang = "tsx"
				default:
					return usageError(r.stderr, commands["init"], "--lang %q: choose go or tsx", o.lang)
				}
				if o.lang == "tsx" && (o.module != "" || o.source != "" || o.noTidy) {
					return usageError(r.stderr, commands["init"], "--module, --tfkit-source and --no-tidy are for Go projects (--lang go)")
				}
				return runNewProject(ctx, r, o)
			}
		},
	})
}

type initOptions struct {
	lang, module, source, dir string
	noTidy                    bool
}

// tfkitModule is the module path of tfkit itself, which a Go project
// requires.
const tfkitModule = "github.com/tfkit/tfkit"

func runNewProject(ctx context.Context, r *run, o *initOptions) int {
	dir := o.dir
	if dir == "" {
		dir = "."
	}
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(dirOrDot(r.dir), dir)
	}
	shown := relTo(r.dir, dir)
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		r.errorf("give a directory, new or existing", "%s is a file, not a directory", shown)
		return ExitFailure
	}
	var files map[string][]byte
	var tidy *goModule
	switch o.lang {
	case "go":
		mod, code := r.goModule(ctx, dir, o)
		if code != ExitOK {
			return code
		}
		files = goProjectFiles(mod)
		if !o.noTidy {
			tidy = &mod
		}
	case "tsx":
		files = tsxProjectFiles()
	}
	// An existing project or file is never overwritten.
	names := append(sortedNames(files), project.FileName, project.CDKTFFileName)
	if tidy != nil {
		names = append(names, "go.sum") // written by go mod tidy
	}
	var taken []string
	for _, name := range names {
		if _, err := os.Lstat(filepath.Join(dir, name)); err == nil && !contains(taken, name) {
			taken = append(taken, name)
		}
	}
	// A .gitignore there (a new repository's) is kept, with the lines
	// tfkit needs added.
	var oldGitignore []byte // when it was merged
	if i := slices.Index(taken, ".gitignore"); i >= 0 {
		existing, err := os.ReadFile(filepath.Join(dir, ".gitignore"))
		if err == nil {
			taken = slices.Delete(taken, i, i+1)
			if merged, changed := mergeGitignore(existing, files[".gitignore"]); changed {
				files[".gitignore"], oldGitignore = merged, existing
			} else {
				delete(files, ".gitignore")
			}
		}
	}
	if len(taken) > 0 {
		r.errorf("tfkit init starts a new project: give a new or empty directory (tfkit init DIR), or remove those files",
			"%s already has %s", shown, strings.Join(taken, ", "))
		return ExitFailure
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		r.errorf("", "cannot create %s: %v", shown, err)
		return ExitFailure
	}
	// The files are written into a staging directory inside dir (go mod
	// tidy runs there), then renamed into place one by one.
	stage, err := os.MkdirTemp(dir, ".tfkit-init-")
	if err != nil {
		r.errorf("", "cannot write into %s: %v", shown, err)
		return ExitFailure
	}
	defer os.RemoveAll(stage)
	for _, name := range sortedNames(files) {
		if err := os.WriteFile(filepath.Join(stage, name), files[name], 0o644); err != nil {
			r.errorf("", "cannot write %s: %v", filepath.Join(shown, name), err)
			return ExitFailure
		}
	}
	if tidy != nil {
		if code := r.goModTidy(ctx, stage, *tidy); code != ExitOK {
			return code
		}
		files["go.sum"] = nil // written by go mod tidy
	}
	var moved []string
	for _, name := range sortedNames(files) {
		from, to := filepath.Join(stage, name), filepath.Join(dir, name)
		if _, err := os.Stat(from); os.IsNotExist(err) {
			continue // go.sum of a module that needs no checksums
		}
		if err := os.Rename(from, to); err != nil {
			for _, m := range moved {
				if filepath.Base(m) == ".gitignore" && oldGitignore != nil {
					_ = os.WriteFile(m, oldGitignore, 0o644)
					continue
				}
				os.Remove(m)
			}
			r.errorf("", "cannot write %s: %v", filepath.Join(shown, name), err)
			return ExitFailure
		}
		moved = append(moved, to)
	}
	r.printf("Created a %s project in %s:\n", map[string]string{"go": "Go", "tsx": "TSX"}[o.lang], shown)
	for _, m := range moved {
		if filepath.Base(m) == ".gitignore" && oldGitignore != nil {
			r.printf("  %s (tfkit's lines added to it)\n", relTo(r.dir, m))
			continue
		}
		r.printf("  %s\n", relTo(r.dir, m))
	}
	cd := ""
	if shown != "." {
		cd = "cd " + shown + " && "
	}
	r.printf("\nNext: %stfkit synth   (writes tfkit.out/; then tfkit diff, tfkit deploy)\n", cd)
	if o.lang == "go" && tidy == nil {
		r.printf("Before that, run go mod tidy in %s to fetch the modules tfkit needs.\n", shown)
	}
	if o.lang == "go" {
		if work := goWorkOf(ctx, r, dir); work != "" {
			r.printf("%s is inside the Go workspace of %s, which does not list it: add it with go work use %s, or run with GOWORK=off.\n", shown, relTo(r.dir, work), shown)
		}
	}
	if o.lang == "tsx" {
		r.printf("For types in editors and tsc, install the npm package (see the README's Install section).\n")
	}
	return ExitOK
}

// goModule is what a Go project's go.mod says.
type goModule struct {
	path      string // the project's module path
	goVersion string // its go directive
	version   string // the version of tfkit it requires
	replace   string // the checkout that replaces it; "" for a release
}

// goModule decides the module path of the project in dir and how it gets
// tfkit: the release this binary is, or the checkout it was built from.
func (r *run) goModule(ctx context.Context, dir string, o *initOptions) (goModule, int) {
	mod := goModule{path: o.module, goVersion: strings.TrimPrefix(goDirective(runtime.Version()), "go")}
	if mod.path == "" {
		abs, err := filepath.Abs(dir)
		if err != nil {
			r.errorf("", "%v", err)
			return mod, ExitFailure
		}
		mod.path = moduleNameOf(filepath.Base(abs))
	}
	if msg := checkModulePath(mod.path); msg != "" {
		r.errorf("give a module path such as example.com/infra or infra with --module", "module path %q: %s", mod.path, msg)
		return mod, ExitFailure
	}
	// go build takes such a path for the standard library's package.
	if goroot := goEnv(ctx, r, dirOrDot(r.dir), "GOROOT"); mod.path == "std" || goroot != "" && isDir(filepath.Join(goroot, "src", filepath.FromSlash(mod.path))) {
		r.errorf("give another module path with --module, such as example.com/"+mod.path,
			"module path %q is also a package of Go's standard library, which go build cannot tell apart from it", mod.path)
		return mod, ExitFailure
	}
	version := ""
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Path == tfkitModule {
		version = info.Main.Version
	}
	source := o.source
	if source == "" && !isRelease(version) {
		source = tfkitCheckout()
		if source == "" {
			r.errorf("give the directory of a tfkit checkout with --tfkit-source DIR (its go.mod says module "+tfkitModule+")",
				"this tfkit (%s) is not a release and was built from a checkout that is not where it was (or without source paths, -trimpath): the new module could not require it", versionOrDevel(version))
			return mod, ExitFailure
		}
	}
	if source == "" {
		mod.version = version
		return mod, ExitOK
	}
	abs, err := filepath.Abs(filepath.Join(dirOrDot(r.dir), source))
	if filepath.IsAbs(source) {
		abs, err = source, nil
	}
	if err != nil {
		r.errorf("", "%v", err)
		return mod, ExitFailure
	}
	goVersion, msg := readTfkitGoMod(abs)
	if msg != "" {
		r.errorf("--tfkit-source names the directory holding tfkit's go.mod", "%s: %s", relTo(r.dir, abs), msg)
		return mod, ExitFailure
	}
	mod.replace = abs
	mod.version = "v0.0.0-00010101000000-000000000000"
	if goVersion != "" {
		mod.goVersion = goVersion
	}
	return mod, ExitOK
}

// goModTidy runs go mod tidy in dir, which fills go.sum and the indirect
// requirements.
func (r *run) goModTidy(ctx context.Context, dir string, mod goModule) int {
	gobin, err := exec.LookPath("go")
	if err != nil {
		r.errorf("install Go 1.26 or later (https://go.dev/dl), or run tfkit init --no-tidy and go mod tidy later, or choose --lang tsx, which needs no Go",
			"a Go project needs the go command, which is not on PATH")
		return ExitFailure
	}
	cmd := exec.CommandContext(ctx, gobin, "mod", "tidy")
	cmd.Dir = dir
	// The new module alone, even inside a go.work's tree.
	cmd.Env = append(append([]string(nil), r.env.Environ...), "GOWORK=off")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			r.errorf("", "interrupted while go mod tidy ran; nothing was written")
			return ExitInterrupted
		}
		fmt.Fprint(r.stderr, indent(strings.TrimSpace(out.String()), "  ")) // go prefixes its lines with "go: "
		hint := "check the network or the module proxy (GOPROXY), or run tfkit init --no-tidy and go mod tidy later"
		if mod.replace != "" {
			hint = "the modules of " + mod.replace + " must be reachable (the module proxy, or a module cache that has them); or run tfkit init --no-tidy and go mod tidy later"
		}
		r.errorf(hint, "go mod tidy failed (%v); nothing was written", err)
		return ExitFailure
	}
	return ExitOK
}

// goWorkOf is the go.work file that governs dir, "" when none does (or
// Go cannot say).
func goWorkOf(ctx context.Context, r *run, dir string) string {
	if work := goEnv(ctx, r, dir, "GOWORK"); work != "off" {
		return work
	}
	return ""
}

// goEnv is what go env says of the variable name in dir, "" when Go
// cannot say.
func goEnv(ctx context.Context, r *run, dir, name string) string {
	gobin, err := exec.LookPath("go")
	if err != nil {
		return ""
	}
	cmd := exec.CommandContext(ctx, gobin, "env", name)
	cmd.Dir = dir
	cmd.Env = r.env.Environ
	out, err := cmd.Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

func indent(s, prefix string) string {
	if s == "" {
		return ""
	}
	return prefix + strings.ReplaceAll(s, "\n", "\n"+prefix) + "\n"
}

// tfkitCheckout is the root of the checkout this binary was built from,
// found through the source path the build recorded, when it still holds
// tfkit's go.mod; "" otherwise.
func tfkitCheckout() string {
	_, file, _, ok := runtime.Caller(0)
	if !ok || !filepath.IsAbs(file) {
		return ""
	}
	// file is <root>/cmd/tfkit/internal/cli/newproject.go.
	root := filepath.Dir(file)
	for range 4 {
		root = filepath.Dir(root)
	}
	if _, msg := readTfkitGoMod(root); msg != "" {
		return ""
	}
	return root
}

var (
	moduleLine = regexp.MustCompile(`(?m)^module\s+"?([^\s"]+)"?\s*$`)
	goLine     = regexp.MustCompile(`(?m)^go\s+([0-9][0-9.]*)\s*$`)
)

// readTfkitGoMod reads the go directive of the go.mod in dir, or says why
// dir is not a tfkit checkout.
func readTfkitGoMod(dir string) (goVersion, problem string) {
	data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		if os.IsNotExist(err) {
			return "", "no go.mod there"
		}
		return "", err.Error()
	}
	m := moduleLine.FindSubmatch(data)
	if m == nil || string(m[1]) != tfkitModule {
		return "", "its go.mod is not tfkit's (module " + tfkitModule + ")"
	}
	if g := goLine.FindSubmatch(data); g != nil {
		goVersion = string(g[1])
	}
	return goVersion, ""
}

// goDirective turns a toolchain version (go1.26.8) into a go directive's.
func goDirective(v string) string {
	if m := regexp.MustCompile(`^go(\d+\.\d+(\.\d+)?)`).FindStringSubmatch(v); m != nil {
		return m[1]
	}
	return "1.26"
}

// isRelease says whether v is a tagged version the module proxy can serve:
// not empty, not (devel), not a pseudo-version or a dirty build.
func isRelease(v string) bool {
	if !regexp.MustCompile(`^v\d+\.\d+\.\d+(-[0-9A-Za-z.]+)?$`).MatchString(v) {
		return false
	}
	return !regexp.MustCompile(`\d{14}-[0-9a-f]{12}$`).MatchString(v)
}

func versionOrDevel(v string) string {
	if v == "" {
		return "(devel)"
	}
	return v
}

// moduleNameOf makes a module path of a directory name: lower case,
// characters a module path allows, "infra" when nothing is left.
func moduleNameOf(base string) string {
	var b strings.Builder
	for _, c := range strings.ToLower(base) {
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9', c == '-', c == '_', c == '.':
			b.WriteRune(c)
		case c == ' ':
			b.WriteByte('-')
		}
	}
	s := strings.Trim(b.String(), ".-_")
	if s == "" {
		return "infra"
	}
	return s
}

// checkModulePath says what is wrong with a module path, "" when nothing.
func checkModulePath(p string) string {
	if p == "" {
		return "empty"
	}
	for _, elem := range strings.Split(p, "/") {
		switch {
		case elem == "":
			return "an empty path element (a leading, trailing or double slash)"
		case elem[0] == '.' || elem[len(elem)-1] == '.':
			return fmt.Sprintf("the element %q begins or ends with a dot", elem)
		case windowsReserved(elem):
			return fmt.Sprintf("%q is a device name on Windows, which Go does not allow in module paths", elem)
		}
		for _, c := range elem {
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("-._~", c)) {
				return fmt.Sprintf("%q is not allowed in a module path (letters, digits and - . _ ~ are)", c)
			}
		}
	}
	return ""
}

// windowsReserved says whether a path element, up to its first dot, is a
// device name of Windows (con, aux, com1, ...).
func windowsReserved(elem string) bool {
	short, _, _ := strings.Cut(strings.ToLower(elem), ".")
	switch short {
	case "con", "prn", "aux", "nul":
		return true
	}
	return len(short) == 4 && (strings.HasPrefix(short, "com") || strings.HasPrefix(short, "lpt")) && short[3] >= '1' && short[3] <= '9'
}

func sortedNames(files map[string][]byte) []string {
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// gitignore keeps what tfkit makes out of version control: the working
// directories with their state and plugins, and the synth output.
const gitignore = `# tfkit's working directories: provider plugins, and the state of stacks
# deployed with the default local backend (keep it safe, or use a remote backend)
.tfkit/
# the synth output, made again by tfkit synth
tfkit.out/
`

// mergeGitignore is an existing .gitignore with the patterns of ours it
// lacks (a pattern written with or without its leading or trailing slash
// counts as there) added at its end under ours' comments; changed is
// false when it lacks none.
func mergeGitignore(existing, ours []byte) (merged []byte, changed bool) {
	have := map[string]bool{}
	for _, l := range strings.Split(string(existing), "\n") {
		have[strings.Trim(strings.TrimSpace(l), "/")] = true
	}
	var add []string
	var comments []string
	for _, l := range strings.Split(strings.TrimSpace(string(ours)), "\n") {
		switch {
		case strings.HasPrefix(l, "#"):
			comments = append(comments, l)
		case !have[strings.Trim(l, "/")]:
			add = append(add, comments...)
			add = append(add, l)
			comments = nil
		default:
			comments = nil
		}
	}
	if len(add) == 0 {
		return existing, false
	}
	out := string(existing)
	if out != "" && !strings.HasSuffix(out, "\n") {
		out += "\n"
	}
	if out != "" {
		out += "\n"
	}
	return []byte(out + strings.Join(add, "\n") + "\n"), true
}

func goProjectFiles(mod goModule) map[string][]byte {
	var gomod strings.Builder
	fmt.Fprintf(&gomod, "module %s\n\ngo %s\n\nrequire %s %s\n", mod.path, mod.goVersion, tfkitModule, mod.version)
	if mod.replace != "" {
		fmt.Fprintf(&gomod, "\n// tfkit from a checkout (tfkit init --tfkit-source)\nreplace %s => %s\n", tfkitModule, quoteModPath(mod.replace))
	}
	return map[string][]byte{
		"go.mod":       []byte(gomod.String()),
		"main.go":      []byte(goMain),
		"main_test.go": []byte(goMainTest),
		"tfkit.json":   []byte(projectFile("go run .", "go")),
		".gitignore":   []byte(gitignore),
	}
}

// projectFile is the tfkit.json of a new project: its app, and the
// provider its app uses, for tfkit get.
func projectFile(app, language string) string {
	return fmt.Sprintf(`{
  "app": %q,
  "output": "tfkit.out",
  "language": %q,
  "providers": ["hashicorp/local@~> 2.5"]
}
`, app, language)
}

// quoteModPath quotes a file path for go.mod when it needs quotes.
func quoteModPath(p string) string {
	p = filepath.ToSlash(p)
	if strings.ContainsAny(p, " \t\"'`\\") {
		return fmt.Sprintf("%q", p)
	}
	return p
}

const goMain = `// Command main describes infrastructure as a Go program: tfkit synth runs
// it and writes the Terraform configuration of each stack under
// tfkit.out/stacks; tfkit diff and tfkit deploy plan and apply them.
package main

import (
	"fmt"
	"os"

	"github.com/tfkit/tfkit"
)

func main() {
	app := tfkit.NewApp()
	newDevStack(app)
	if err := app.Synth(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// newDevStack declares the dev stack: a file that the hashicorp/local
// provider writes, whose first word is a variable.
func newDevStack(app *tfkit.App) *tfkit.Stack {
	stack := tfkit.NewStack(app, "dev")
	stack.RequireProvider("local", "hashicorp/local", "~> 2.5")

	greeting := tfkit.NewVariable(stack, "greeting", tfkit.VariableConfig{
		Type:        "string",
		Default:     "Hello",
		Description: "The first word of hello.txt.",
	})
	file := tfkit.NewResource(stack, "local_file", "hello", tfkit.Attrs{
		"filename": "${path.module}/hello.txt",
		"content":  fmt.Sprintf("%s from tfkit!\n", greeting.Ref()),
	})
	tfkit.NewOutput(stack, "file", tfkit.OutputConfig{Value: file.Ref("filename")})
	return stack
}
`

// goMainTest tests the stack of goMain with tfkittest, in memory: go test
// runs it, and go mod tidy records the modules tfkittest needs.
const goMainTest = `package main

import (
	"testing"

	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/tfkittest"
)

// TestDevStack synthesizes the dev stack in memory and checks what it
// declares (tfkittest also compares snapshots and runs terraform validate).
func TestDevStack(t *testing.T) {
	s := tfkittest.Synth(t, newDevStack(tfkit.NewApp()))
	s.HasProvider(t, "local")
	s.HasResourceWithProperties(t, "local_file", map[string]any{
		"filename": "${path.module}/hello.txt",
	})
	s.HasOutput(t, "file")
}
`

func tsxProjectFiles() map[string][]byte {
	return map[string][]byte{
		"main.tsx":      []byte(tsxMain),
		"tfkit.json":    []byte(projectFile("main.tsx", "typescript")),
		"tsconfig.json": []byte(tsconfig),
		".gitignore":    []byte(gitignore),
	}
}

const tsxMain = `import { Output, Resource, Terraform, Variable, tf, useRef } from "tfkit";

// tfkit synth evaluates this file and writes tfkit.out/main.tf; tfkit diff
// and tfkit deploy plan and apply it.
export default function App() {
  const file = useRef();
  return (
    <>
      <Terraform required_providers={{ local: { source: "hashicorp/local", version: "~> 2.5" } }} />
      <Variable name="greeting" type="string" default="Hello" description="The first word of hello.txt." />
      <Resource type="local_file" name="hello" ref={file}
        filename="${path.module}/hello.txt"
        content={` + "`${tf.var(\"greeting\")} from tfkit!\\n`" + `} />
      <Output name="file" value={file.filename} />
    </>
  );
}
`

const tsconfig = `{
  "compilerOptions": {
    "strict": true,
    "noEmit": true,
    "jsx": "react-jsx",
    "jsxImportSource": "tfkit",
    "module": "esnext",
    "moduleResolution": "bundler",
    "target": "es2022",
    "lib": ["es2022"]
  },
  "include": ["**/*.ts", "**/*.tsx", ".gen/**/*.d.ts"]
}
`
