package tsx

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfkit/tfkit/diag"
)

// Module loading by a computed name: require(name), require(`./x.${env}`),
// import("./x" + env). esbuild does not send these through the plugin that
// refuses require() and import(): it leaves a call that fails at run time
// with an unhelpful message, or, for a pattern it can read
// (`./settings.${env}.ts`), bundles every file the pattern matches and
// loads one the CommonJS way. Both break the rule that configurations are
// ES modules imported by name, so the user's files are read for such
// calls after bundling and each is an error at its place.

// loadCall is a require() or import() call with a computed argument.
type loadCall struct {
	keyword string
	pos     hcl.Pos
}

// computedLoadCalls finds the require( and import( calls in JavaScript or
// TypeScript text whose first argument is not a literal string (or a
// template literal without substitutions).
func computedLoadCalls(text string) []loadCall {
	f := &sourceFile{text: text}
	s := &scanner{src: text, starts: f.lineStarts()}
	var out []loadCall
	for s.pos < len(s.src) {
		c := s.src[s.pos]
		switch {
		case c == '"' || c == '\'':
			if !s.skipString(c) {
				s.pos++
			}
		case c == '`':
			if !s.skipTemplate() {
				return out
			}
		case c == '/' && s.pos+1 < len(s.src) && (s.src[s.pos+1] == '/' || s.src[s.pos+1] == '*'):
			s.space()
		case isIdentByte(c):
			at := s.pos
			w := s.word()
			if w == "" {
				s.pos++
				continue
			}
			if (w != "require" && w != "import") || at > 0 && s.src[at-1] == '.' {
				continue
			}
			s.space()
			if !s.peek('(') {
				continue
			}
			s.pos++
			if !s.literalArgument() {
				out = append(out, loadCall{keyword: w, pos: s.posAt(at)})
			}
		default:
			s.pos++
		}
	}
	return out
}

// literalArgument reports whether the argument at the position is one
// literal string, without moving.
func (s *scanner) literalArgument() bool {
	p := s.pos
	defer func() { s.pos = p }()
	s.space()
	if s.pos >= len(s.src) {
		return true
	}
	switch q := s.src[s.pos]; q {
	case '"', '\'':
		if !s.skipString(q) {
			return true // not JavaScript we can read: leave it to esbuild
		}
	case '`':
		start := s.pos
		if !s.skipTemplate() {
			return true
		}
		if strings.Contains(s.src[start:s.pos], "${") {
			return false
		}
	default:
		return false
	}
	s.space()
	return s.peek(')') || s.peek(',')
}

// checkComputedLoads reads the user's files among the bundle's inputs (not
// packages under node_modules, whose unused code may well hold such calls)
// for require() and import() calls with computed module names. entry, when
// not nil, holds what fileLoads found in one of them already (the entry
// file, read while esbuild bundled).
func checkComputedLoads(metafile, dir string, entry *entryLoads) diag.Diagnostics {
	inputs, ok := metaInputs(metafile)
	if !ok {
		return nil
	}
	var diags diag.Diagnostics
	for _, in := range inputs {
		if strings.Contains(in.path, ":") || strings.Contains("/"+filepath.ToSlash(in.path)+"/", "/node_modules/") {
			continue // tfkit's runtime, stdin, packages
		}
		path := in.path
		if !filepath.IsAbs(path) {
			path = filepath.Join(dir, filepath.FromSlash(path))
		}
		if entry != nil && path == entry.path {
			diags = append(diags, entry.diags...)
			continue
		}
		diags = append(diags, fileLoads(path, dir)...)
	}
	return diags
}

// entryLoads is what fileLoads found in a file.
type entryLoads struct {
	path  string
	diags diag.Diagnostics
}

// fileLoads reads one file for calls with computed module names, after a
// check of its encoding.
func fileLoads(path, dir string) diag.Diagnostics {
	var diags diag.Diagnostics
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	text := string(data)
	lines := strings.Split(text, "\n")
	if d := checkEncoding(text, lines, displayName(path, dir)); d != nil {
		return diag.Diagnostics{d}
	}
	for _, call := range computedLoadCalls(text) {
		r := hcl.Range{Filename: displayName(path, dir), Start: call.pos,
			End: hcl.Pos{Line: call.pos.Line, Column: call.pos.Column + len(call.keyword), Byte: call.pos.Byte + len(call.keyword)}}
		d := &diag.Diagnostic{Severity: diag.Error, Summary: "Unsupported module loading", Subject: &r}
		if call.keyword == "require" {
			d.Detail = "require() with a module name computed at run time is not supported: tfkit evaluates ES modules only, imported by name and bundled before the configuration runs."
		} else {
			d.Detail = "import() with a module name computed at run time is not supported: a configuration is rendered synchronously, from modules imported by name and bundled before it runs."
		}
		around := map[int]string{}
		for n := call.pos.Line - 2; n <= call.pos.Line+1; n++ {
			if n >= 1 && n <= len(lines) {
				around[n] = strings.TrimSuffix(lines[n-1], "\r")
			}
		}
		d.Detail += "\n" + codeFrame(around, r.Start.Line, r.Start.Column, len(call.keyword))
		d.Suggestion = `import each module by name (import * as dev from "./settings.dev") and choose among them at run time`
		diags = append(diags, d)
	}
	for i, l := range lines {
		if !strings.Contains(l, ".forEach(") {
			continue // the pattern's literal part, without the cost of the regexp
		}
		loc := forEachChildRE.FindStringSubmatchIndex(l)
		if loc == nil {
			continue
		}
		l = strings.TrimSuffix(l, "\r")
		at := hcl.Pos{Line: i + 1, Column: columnOf(l, loc[2])}
		r := hcl.Range{Filename: displayName(path, dir), Start: at, End: hcl.Pos{Line: at.Line, Column: at.Column + len("forEach")}}
		diags = append(diags, &diag.Diagnostic{Severity: diag.Warning, Summary: "forEach renders nothing", Subject: &r,
			Detail:     "forEach returns undefined, so the elements its callback returns are not rendered (in React too); .map returns them as a list.",
			Suggestion: "write .map instead of .forEach: {names.map((n) => <Resource ... />)}"})
	}
	return diags
}

// forEachChildRE matches .forEach( called as the whole of a JSX expression
// container that starts a line or follows a tag: {names.forEach((n) =>
// <X />)}, a mistake for .map.
var forEachChildRE = regexp.MustCompile(`(?:^|[^=]>)\s*\{\s*[\w$.?\[\]]+\.(forEach)\(`)

// checkEncoding refuses a source file that is not valid UTF-8: esbuild
// would read each bad byte as U+FFFD, and the configuration would hold
// text nobody wrote (the Go API refuses such strings too).
func checkEncoding(text string, lines []string, name string) *diag.Diagnostic {
	if utf8.ValidString(text) {
		return nil
	}
	line, col := 1, 1
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		if r == utf8.RuneError && size == 1 {
			break
		}
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
		i += size
	}
	r := hcl.Range{Filename: name, Start: hcl.Pos{Line: line, Column: col}, End: hcl.Pos{Line: line, Column: col + 1}}
	d := &diag.Diagnostic{Severity: diag.Error, Summary: "Invalid UTF-8", Subject: &r,
		Detail:     fmt.Sprintf("%s is not valid UTF-8: the byte at line %d, column %d is not part of a UTF-8 character.", name, line, col),
		Suggestion: "save the file as UTF-8; write other characters as escapes such as \\u00e9"}
	if line <= len(lines) {
		around := map[int]string{line: strings.ToValidUTF8(strings.TrimSuffix(lines[line-1], "\r"), "\uFFFD")}
		d.Detail += "\n" + codeFrame(around, line, col, 1)
	}
	return d
}
