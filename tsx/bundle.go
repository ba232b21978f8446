package tsx

import (
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/evanw/esbuild/pkg/api"
	"github.com/hashicorp/hcl/v2"

	"github.com/tfkit/tfkit/diag"
)

//go:embed runtime/tfkit.js runtime/jsx-runtime.js runtime/index.d.ts runtime/jsx-runtime.d.ts runtime/globals.d.ts
var runtimeFS embed.FS

// TypeDefinitions returns the TypeScript declarations of the "tfkit"
// package by file name (index.d.ts, jsx-runtime.d.ts, globals.d.ts): the
// same files the npm package ships, for tools that set up a project without
// npm.
func TypeDefinitions() map[string][]byte {
	out := map[string][]byte{}
	for _, name := range []string{"index.d.ts", "jsx-runtime.d.ts", "globals.d.ts"} {
		data, err := runtimeFS.ReadFile("runtime/" + name)
		if err != nil {
			panic(err) // embedded: cannot happen
		}
		out[name] = data
	}
	return out
}

// runtimeNamespace is the esbuild namespace of the embedded runtime modules;
// stack frames in it are tfkit's own, not the user's.
const runtimeNamespace = "tfkit-runtime"

// outputGlobal is the global the bundle leaves its rendered tree in.
const outputGlobal = "__tfkitOutput"

// jsxSettings fixes the JSX settings whatever the project's tsconfig.json
// says: a user's "jsx": "react" would otherwise make esbuild call
// React.createElement.
const jsxSettings = `"jsx": "react-jsxdev", "jsxImportSource": "tfkit", "verbatimModuleSyntax": false`

// tsconfigRaw is the tsconfig esbuild builds entry with: the project's
// own (the tsconfig.json or jsconfig.json nearest to the entry, as tsc and
// editors find it), for its paths, baseUrl and decorator settings, with the
// JSX settings fixed. esbuild takes a raw tsconfig in place of every
// tsconfig.json of the project, so the project's is extended, not lost.
func tsconfigRaw(entry string) string {
	if base := projectTsconfig(filepath.Dir(entry)); base != "" {
		quoted, _ := json.Marshal(base)
		return fmt.Sprintf(`{"extends": %s, "compilerOptions": {%s}}`, quoted, jsxSettings)
	}
	return fmt.Sprintf(`{"compilerOptions": {%s}}`, jsxSettings)
}

// projectTsconfig is the tsconfig.json (or else jsconfig.json) of dir or
// the nearest directory above it, outside node_modules, or "".
func projectTsconfig(dir string) string {
	for {
		if filepath.Base(dir) != "node_modules" {
			for _, name := range []string{"tsconfig.json", "jsconfig.json"} {
				p := filepath.Join(dir, name)
				if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
					return p
				}
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// nodeBuiltins are the modules Node provides itself; tfkit evaluates without
// Node, so importing one is an error with its own message.
var nodeBuiltins = map[string]bool{
	"assert": true, "buffer": true, "child_process": true, "cluster": true, "crypto": true,
	"dgram": true, "dns": true, "events": true, "fs": true, "http": true, "http2": true,
	"https": true, "module": true, "net": true, "os": true, "path": true, "process": true,
	"querystring": true, "readline": true, "stream": true, "string_decoder": true,
	"timers": true, "tls": true, "tty": true, "url": true, "util": true, "v8": true,
	"vm": true, "worker_threads": true, "zlib": true,
}

// bundle is the output of esbuild: one script, with an inline source map
// when asked for.
type bundle struct {
	code string
	// warnings are the bundler's findings that do not stop the build.
	warnings diag.Diagnostics
	// sources maps the file names that appear in source maps and JSX
	// positions to the names diagnostics use (relative to the working
	// directory when possible).
	dir string
}

// bundleEntry bundles entry (an absolute path) into one IIFE script that
// renders the entry's default export into the global __tfkitOutput. With
// sourceMap the script ends in an inline source map; the code before it is
// the same either way (TestBundleCodeSameWithMap), and esbuild writes it
// faster without.
func bundleEntry(entry, dir string, sourceMap bool) (*bundle, diag.Diagnostics) {
	rel, err := filepath.Rel(dir, entry)
	if err != nil {
		rel = entry
	}
	wrapper := fmt.Sprintf("import * as app from %q;\nimport { __render } from \"tfkit\";\nglobalThis.%s = __render(app);\n",
		"./"+filepath.ToSlash(rel), outputGlobal)
	// The entry is read for computed module loads while esbuild parses
	// it, on another core: it is usually the largest input.
	entryChecked := make(chan *entryLoads, 1)
	go func() {
		path := filepath.Clean(entry)
		entryChecked <- &entryLoads{path: path, diags: fileLoads(path, dir)}
	}()
	imports := &packageImports{byPackage: map[string]packageImport{}}
	res := api.Build(api.BuildOptions{
		Stdin: &api.StdinOptions{
			Contents:   wrapper,
			ResolveDir: dir,
			Sourcefile: "<tfkit entry>",
			Loader:     api.LoaderJS,
		},
		AbsWorkingDir:     dir,
		Bundle:            true,
		Write:             false,
		Format:            api.FormatIIFE,
		Platform:          api.PlatformNeutral,
		MainFields:        []string{"module", "main"},
		Conditions:        []string{"import", "default"},
		ResolveExtensions: []string{".tsx", ".ts", ".jsx", ".js", ".mjs", ".json"},
		Target:            api.ES2020,
		Sourcemap:         sourceMapOption(sourceMap),
		SourcesContent:    api.SourcesContentExclude,
		JSX:               api.JSXAutomatic,
		JSXImportSource:   "tfkit",
		JSXDev:            true,
		TsconfigRaw:       tsconfigRaw(entry),
		LogLevel:          api.LogLevelSilent,
		Metafile:          true,
		Charset:           api.CharsetUTF8,
		Plugins:           []api.Plugin{runtimePlugin(dir, imports)},
	})
	if len(res.Errors) > 0 {
		return nil, imports.atProjectImport(esbuildDiags(res.Errors, dir), res.Errors, dir)
	}
	// import.meta would be an empty object (the bundle is one script), so
	// import.meta.url and .dirname would be undefined: refuse it in the
	// project's files (a package may read it on a path never taken).
	var meta []api.Message
	for _, w := range res.Warnings {
		if strings.HasPrefix(w.Text, `"import.meta" is not available`) && (w.Location == nil || !strings.Contains(filepath.ToSlash(w.Location.File), "node_modules/")) {
			meta = append(meta, w)
		}
	}
	if len(meta) > 0 {
		return nil, esbuildDiags(meta, dir)
	}
	if d := checkFormats(res.Metafile, dir); d != nil {
		return nil, d
	}
	if d := checkEntryModule(res.Metafile, entry, dir); d != nil {
		return nil, d
	}
	loads := checkComputedLoads(res.Metafile, dir, <-entryChecked)
	if loads.HasErrors() {
		return nil, loads
	}
	if len(res.OutputFiles) != 1 {
		panic(fmt.Sprintf("tsx: esbuild wrote %d files, want 1", len(res.OutputFiles)))
	}
	warnings := append(tsconfigWarnings(res.Warnings, dir), checkImportCycles(res.Metafile, dir)...)
	warnings = append(warnings, loads...) // warnings only, after the check above
	return &bundle{code: string(res.OutputFiles[0].Contents), dir: dir, warnings: warnings}, nil
}

// tsconfigWarnings are esbuild's findings in the project's tsconfig.json
// (a base config that "extends" names and that is not there, "paths" it
// cannot use) as warnings: the build goes on without the setting, where
// tsc would stop.
func tsconfigWarnings(msgs []api.Message, dir string) diag.Diagnostics {
	var in []api.Message
	for _, w := range msgs {
		if w.Location == nil {
			continue
		}
		switch filepath.Base(w.Location.File) {
		case "tsconfig.json", "jsconfig.json", "<tsconfig.json>":
			in = append(in, w)
		default:
			if strings.HasSuffix(w.Location.File, ".json") && strings.Contains(w.Text, "config") {
				in = append(in, w)
			}
		}
	}
	ds := esbuildDiags(in, dir)
	for i, d := range ds {
		d.Severity = diag.Warning
		d.Summary = "tsconfig.json setting ignored"
		// A warning is shown with a frame of its subject already.
		d.Detail, _, _ = strings.Cut(d.Detail, "\n")
		if len(in[i].Notes) == 0 {
			d.Suggestion = "fix the setting: tfkit reads extends, baseUrl, paths and experimentalDecorators from the project's tsconfig.json; the build goes on without it"
		}
	}
	return ds
}

// checkImportCycles warns about a cycle of imports among the project's
// files. The bundle declares every module's top-level variables with var,
// so a value one module of the cycle reads from another at its top level,
// before that module ran, is undefined, where Node would throw a
// ReferenceError: a name or path built from it becomes "undefined...".
func checkImportCycles(metafile, dir string) diag.Diagnostics {
	var m struct {
		Inputs map[string]struct {
			Imports []struct {
				Path     string `json:"path"`
				External bool   `json:"external"`
				Original string `json:"original"`
			} `json:"imports"`
		} `json:"inputs"`
	}
	if err := json.Unmarshal([]byte(metafile), &m); err != nil {
		return nil
	}
	project := func(p string) bool {
		return !strings.Contains(p, ":") && !strings.Contains(filepath.ToSlash(p), "node_modules/")
	}
	type edge struct{ to, spec string }
	graph := map[string][]edge{}
	var files []string
	for p, in := range m.Inputs {
		if !project(p) {
			continue
		}
		files = append(files, p)
		for _, im := range in.Imports {
			if _, ok := m.Inputs[im.Path]; ok && !im.External && project(im.Path) {
				graph[p] = append(graph[p], edge{im.Path, im.Original})
			}
		}
	}
	sort.Strings(files)
	// Depth-first, in path order: the first edge back to a file on the
	// path closes a cycle.
	const (
		unseen = iota
		onPath
		done
	)
	state := map[string]int{}
	var path []string
	var found *diag.Diagnostic
	var visit func(f string)
	visit = func(f string) {
		state[f] = onPath
		path = append(path, f)
		for _, e := range graph[f] {
			if found != nil {
				break
			}
			switch state[e.to] {
			case unseen:
				visit(e.to)
			case onPath:
				i := slices.Index(path, e.to)
				names := make([]string, 0, len(path)-i+1)
				for _, p := range slices.Concat(path[i:], []string{e.to}) {
					names = append(names, displayName(p, dir))
				}
				found = cycleWarning(names, f, e.spec, dir)
			}
		}
		path = path[:len(path)-1]
		state[f] = done
	}
	for _, f := range files {
		if state[f] == unseen && found == nil {
			visit(f)
		}
	}
	if found == nil {
		return nil
	}
	return diag.Diagnostics{found}
}

// cycleWarning is the warning about the cycle of files names, at the
// import of spec in file that closes it.
func cycleWarning(names []string, file, spec, dir string) *diag.Diagnostic {
	d := &diag.Diagnostic{
		Severity: diag.Warning,
		Summary:  "Import cycle",
		Detail: fmt.Sprintf("The modules %s import each other. A value that one of them reads from another at its top level (outside any function), before that module ran, is undefined here (Node would throw a ReferenceError), and a name or path built from it holds \"undefined\".",
			strings.Join(names, " → ")),
		Suggestion: "move what the modules share into a module of its own that imports none of them",
	}
	if r, ok := importSpecRange(file, spec, dir); ok {
		d.Subject = &r
	}
	return d
}

// importSpecRange is where file (a path relative to dir, or absolute)
// writes the module specifier spec, quoted, on a line that imports.
func importSpecRange(file, spec, dir string) (hcl.Range, bool) {
	path := file
	if !filepath.IsAbs(path) {
		path = filepath.Join(dir, filepath.FromSlash(path))
	}
	if data, err := os.ReadFile(path); err == nil && spec != "" {
		for i, line := range strings.Split(string(data), "\n") {
			for _, q := range []string{`"`, `'`} {
				if c := strings.Index(line, q+spec+q); c >= 0 && strings.Contains(line, "import") {
					r := rangeAt(displayName(file, dir), i+1, columnOf(line, c))
					r.End.Column = r.Start.Column + utf8.RuneCountInString(spec) + 2
					return r, true
				}
			}
		}
	}
	return hcl.Range{}, false
}

func sourceMapOption(inline bool) api.SourceMap {
	if inline {
		return api.SourceMapInline
	}
	return api.SourceMapNone
}

// bundleMapLater returns a function that bundles entry again with its
// source map, once, and returns that bundle when its code is code, or ""
// when the sources changed in between (positions are then the bundle's).
func bundleMapLater(entry, dir, code string) func() string {
	var once sync.Once
	var mapped string
	return func() string {
		once.Do(func() {
			b, diags := bundleEntry(entry, dir, true)
			if diags.HasErrors() {
				return
			}
			if c, line := splitInlineMap(b.code); line != "" && c == code {
				mapped = b.code
			}
		})
		return mapped
	}
}

// mayReadStacks reports whether a bundle's code may read an exception's
// stack itself: a property named stack (.stack, ["stack"], a stack
// shorthand in an object pattern), or a way to list an object's
// non-enumerable properties (getOwnPropertyNames, getOwnPropertyDescriptor,
// Reflect.ownKeys). The stack is formatted when it is read, at positions
// of the program's source map, so such a bundle is given its map from the
// start. A match that reads no stack (an object key or a string "stack")
// only costs the map; a variable named stack is no match. Code that builds
// the name "stack" out of pieces is not seen.
func mayReadStacks(code string) bool {
	for _, w := range []string{"getOwnPropertyNames", "getOwnPropertyDescriptor", "ownKeys"} {
		if strings.Contains(code, w) {
			return true
		}
	}
	for i := 0; ; {
		j := strings.Index(code[i:], "stack")
		if j < 0 {
			return false
		}
		k := i + j
		i = k + len("stack")
		if k > 0 && isIdentByte(code[k-1]) || i < len(code) && isIdentByte(code[i]) {
			continue // part of a longer name
		}
		b := k - 1
		for b >= 0 && (code[b] == ' ' || code[b] == '\t' || code[b] == '\n' || code[b] == '\r') {
			b--
		}
		if b < 0 {
			continue
		}
		switch code[b] {
		case '.', '{', ',', '"', '\'', '`':
			return true
		}
	}
}

// runtimePlugin resolves "tfkit" and its JSX runtimes to the embedded
// runtime, and refuses what cannot work without Node: require() and Node's
// built-in modules.
// nodeBuiltinHint says what to do instead of importing a Node built-in
// module (name without "node:" or a subpath).
func nodeBuiltinHint(name string) string {
	switch name {
	case "fs":
		return `let Terraform read the file by its path, tf.fn("file", "init.sh") (tfkit copies it into the output), or import a JSON file: import settings from "./settings.json"`
	case "path":
		return `write paths as strings, relative to the project directory: tfkit copies the files Terraform reads by a static path into the output, and "${path.module}/init.sh" names them there`
	case "crypto":
		return nodeGlobalHints["crypto"]
	}
	return "read files and settings before the build and pass them through process.env"
}

func runtimePlugin(dir string, imports *packageImports) api.Plugin {
	return api.Plugin{
		Name: "tfkit",
		Setup: func(b api.PluginBuild) {
			b.OnResolve(api.OnResolveOptions{Filter: `.*`}, func(args api.OnResolveArgs) (api.OnResolveResult, error) {
				imports.record(args)
				switch args.Kind {
				case api.ResolveJSRequireCall, api.ResolveJSRequireResolve:
					return api.OnResolveResult{Errors: []api.Message{{
						Text:  fmt.Sprintf("require(%q) is not supported: tfkit evaluates ES modules only", args.Path),
						Notes: []api.Note{{Text: fmt.Sprintf("write import ... from %q instead", args.Path)}},
					}}}, nil
				case api.ResolveJSDynamicImport:
					return api.OnResolveResult{Errors: []api.Message{{
						Text:  fmt.Sprintf("import(%q) is not supported: a configuration is rendered synchronously", args.Path),
						Notes: []api.Note{{Text: fmt.Sprintf("write a static import ... from %q", args.Path)}},
					}}}, nil
				}
				switch args.Path {
				case "tfkit":
					return api.OnResolveResult{Path: "tfkit", Namespace: runtimeNamespace}, nil
				case "tfkit/jsx-runtime", "tfkit/jsx-dev-runtime":
					return api.OnResolveResult{Path: "tfkit/jsx-runtime", Namespace: runtimeNamespace}, nil
				}
				if reactPackages[args.Path] {
					return api.OnResolveResult{Errors: []api.Message{{
						Text:  fmt.Sprintf("%q is React's, which tfkit does not use: the components, useRef and the JSX runtime come from \"tfkit\"", args.Path),
						Notes: []api.Note{{Text: `import from "tfkit" instead: import { Fragment, createElement, useRef } from "tfkit" (useRef is the only hook: a configuration is rendered once)`}},
					}}}, nil
				}
				name := strings.TrimPrefix(args.Path, "node:")
				if i := strings.IndexByte(name, '/'); i >= 0 {
					name = name[:i]
				}
				if strings.HasPrefix(args.Path, "node:") || nodeBuiltins[name] && !strings.HasPrefix(args.Path, ".") {
					return api.OnResolveResult{Errors: []api.Message{{
						Text:  fmt.Sprintf("%q is a Node built-in module, which is not available: tfkit evaluates configurations without Node", args.Path),
						Notes: []api.Note{{Text: nodeBuiltinHint(name)}},
					}}}, nil
				}
				return api.OnResolveResult{}, nil
			})
			b.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: runtimeNamespace}, func(args api.OnLoadArgs) (api.OnLoadResult, error) {
				file := "runtime/tfkit.js"
				if args.Path == "tfkit/jsx-runtime" {
					file = "runtime/jsx-runtime.js"
				}
				src, err := runtimeFS.ReadFile(file)
				if err != nil {
					panic(err) // embedded: cannot happen
				}
				s := string(src)
				return api.OnLoadResult{Contents: &s, Loader: api.LoaderJS}, nil
			})
		},
	}
}

// reactPackages are React's modules. tfkit has a runtime of its own: React
// installed beside a configuration would make elements tfkit cannot read,
// so an import of them is refused whether it is installed or not (an
// import type of them is erased before bundling, and stays fine).
var reactPackages = map[string]bool{
	"react":                 true,
	"react/jsx-runtime":     true,
	"react/jsx-dev-runtime": true,
	"react-dom":             true,
}

// checkFormats refuses CommonJS modules: esbuild would wrap them, but the
// front end promises ES modules only, and a CommonJS file almost always
// means code written for Node.
func checkFormats(metafile, dir string) diag.Diagnostics {
	inputs, ok := metaInputs(metafile)
	if !ok {
		return nil
	}
	var diags diag.Diagnostics
	for _, in := range inputs {
		if in.format != "cjs" {
			continue
		}
		r := hcl.Range{Filename: displayName(in.path, dir), Start: hcl.Pos{Line: 1, Column: 1}}
		d := &diag.Diagnostic{
			Severity:   diag.Error,
			Summary:    "CommonJS module",
			Detail:     fmt.Sprintf("%s uses module.exports or exports, which is CommonJS; tfkit evaluates ES modules only.", r.Filename),
			Subject:    &r,
			Suggestion: "use export and import",
		}
		if pkg := packageOf(in.path); pkg != "" {
			// A package's file cannot be changed: the error is at the
			// project's import of the package, when one is found.
			d.Detail = fmt.Sprintf("The package %q is CommonJS (%s uses module.exports or exports); tfkit evaluates ES modules only.", pkg, r.Filename)
			d.Suggestion = "use a version of the package, or another package, that ships ES modules (package.json \"module\", or \"exports\" with \"import\"), or write what it does in a module of your own"
			if file, spec, ok := importerOf(metafile, pkg); ok {
				if at, ok := importSpecRange(file, spec, dir); ok {
					d.Subject = &at
					newSources(dir).withFrame(d)
					d.Related = append(d.Related, diag.Related{Message: "CommonJS file", Range: r})
				}
			}
		}
		diags = append(diags, d)
	}
	return diags
}

// packageOf is the name of the package a path in node_modules belongs to
// ("@scope/name" or "name"), or "" for a path outside node_modules.
func packageOf(path string) string {
	p := filepath.ToSlash(path)
	i := strings.LastIndex(p, "node_modules/")
	if i < 0 {
		return ""
	}
	parts := strings.SplitN(p[i+len("node_modules/"):], "/", 3)
	if strings.HasPrefix(parts[0], "@") && len(parts) > 1 {
		return parts[0] + "/" + parts[1]
	}
	return parts[0]
}

// importerOf finds a file of the project that imports the package pkg (or
// a path in it), with the specifier it wrote.
func importerOf(metafile, pkg string) (file, spec string, ok bool) {
	var m struct {
		Inputs map[string]struct {
			Imports []struct {
				Original string `json:"original"`
			} `json:"imports"`
		} `json:"inputs"`
	}
	if err := json.Unmarshal([]byte(metafile), &m); err != nil {
		return "", "", false
	}
	files := make([]string, 0, len(m.Inputs))
	for p := range m.Inputs {
		if !strings.Contains(p, ":") && packageOf(p) == "" {
			files = append(files, p)
		}
	}
	sort.Strings(files)
	for _, f := range files {
		for _, im := range m.Inputs[f].Imports {
			if im.Original == pkg || strings.HasPrefix(im.Original, pkg+"/") {
				return f, im.Original, true
			}
		}
	}
	return "", "", false
}

// esbuildDiags converts esbuild's messages into diagnostics with a code
// frame.
func esbuildDiags(msgs []api.Message, dir string) diag.Diagnostics {
	var diags diag.Diagnostics
	for _, m := range msgs {
		// The runtime's modules are "tfkit" and "tfkit/jsx-runtime" to the
		// configuration, whatever esbuild calls them.
		m.Text = strings.ReplaceAll(m.Text, `"`+runtimeNamespace+`:`, `"`)
		d := &diag.Diagnostic{Severity: diag.Error, Summary: m.Text}
		if l := m.Location; l != nil && l.File != "" {
			file := displayName(l.File, dir)
			col := columnOf(l.LineText, l.Column)
			r := hcl.Range{Filename: file, Start: hcl.Pos{Line: l.Line, Column: col}, End: hcl.Pos{Line: l.Line, Column: col + max(runeCount(l.LineText, l.Column, l.Length), 1)}}
			d.Subject = &r
			d.Summary = bundleSummary(m.Text)
			if d.Summary == "TSX syntax error" && strings.EqualFold(filepath.Ext(l.File), ".json") {
				d.Summary = "JSON syntax error"
				if len(m.Notes) == 0 {
					d.Suggestion = "write the file as JSON: keys and strings in double quotes, items separated by commas, no comma after the last"
				}
			}
			d.Detail = m.Text + "\n" + lineFrame(l.Line, l.LineText, col, runeCount(l.LineText, l.Column, l.Length))
		}
		var notes []string
		for _, n := range m.Notes {
			// esbuild suggests marking a path external, which tfkit does
			// not offer: everything a configuration imports is bundled.
			if n.Text != "" && !strings.Contains(n.Text, "as external") {
				notes = append(notes, noteText(n, dir))
			}
		}
		if len(notes) > 0 {
			d.Suggestion = strings.Join(notes, "; ")
		}
		if path, ok := strings.CutPrefix(m.Text, "Cannot read file: "); ok && d.Subject != nil {
			caseMismatch(d, path, m.Location, dir)
		}
		if spec, ok := strings.CutPrefix(m.Text, "Could not resolve "); ok && d.Suggestion == "" {
			d.Suggestion = resolveHint(strings.Trim(spec, `"`), m.Location, dir)
		}
		if d.Summary == "import.meta not available" {
			why := "import.meta is not available: tfkit evaluates the configuration as one script, not as Node's ES modules, so import.meta.url and import.meta.dirname have no value."
			if _, frame, ok := strings.Cut(d.Detail, "\n"); ok {
				why += "\n" + frame
			}
			d.Detail = why
			d.Suggestion = `paths are relative to the project directory: write "templates/app.tpl", or "${path.module}/..." for Terraform, or use process.cwd()`
		}
		if d.Summary == "Unsupported import" && d.Suggestion == "" {
			d.Suggestion = loaderHint(m.Text)
		}
		if m.Text == `No matching export in "tfkit" for import "default"` {
			d.Suggestion = `tfkit has named exports only: import { Resource, useRef } from "tfkit", or import * as tfkit from "tfkit"`
		}
		if d.Summary == "TSX syntax error" && d.Subject != nil && d.Suggestion == "" {
			if f := readSourceFile(filepath.Join(dir, filepath.FromSlash(d.Subject.Filename))); f.ok && bracesInJSXText(f, d.Subject.Start.Line-40, d.Subject.Start.Line) {
				d.Suggestion = jsxTextBraceHint
			}
		}
		if d.Summary == "TSX syntax error" && m.Location != nil {
			if h := hclSyntaxHint(m.Text, m.Location); h != "" && (d.Suggestion == "" || strings.HasPrefix(m.Text, "The character ")) {
				d.Suggestion = h
			}
		}
		if d.Summary == "React is not used" && m.Location != nil {
			if hint := reactImportHint(m.Location.LineText); hint != "" {
				d.Suggestion = hint
			}
		}
		if d.Summary == "Top-level await not supported" && d.Suggestion == "" {
			d.Suggestion = "a configuration is rendered synchronously: compute the value without await"
		}
		diags = append(diags, d)
	}
	return diags
}

// reactImportHint says what to write instead of an import from React,
// line, naming what it imports: "" when the line is not a whole import
// statement (one written over several lines), for the general hint.
func reactImportHint(line string) string {
	m := reactImportRE.FindStringSubmatch(line)
	if m == nil {
		return ""
	}
	clause := strings.TrimSpace(m[1])
	var whole string          // a default or namespace import: React, * as React
	var named, specs []string // imported names, and each as written (useRef as ref)
	if i := strings.IndexByte(clause, '{'); i >= 0 {
		j := strings.LastIndexByte(clause, '}')
		if j < i {
			return ""
		}
		for _, spec := range strings.Split(clause[i+1:j], ",") {
			spec = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(spec), "type "))
			name, _, _ := strings.Cut(spec, " as ")
			if name = strings.TrimSpace(name); name != "" {
				named, specs = append(named, name), append(specs, spec)
			}
		}
		whole = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(clause[:i]), ","))
	} else {
		whole = clause
	}
	var keep, none []string
	for i, n := range named {
		switch n {
		case "Fragment", "createElement", "useRef":
			keep = append(keep, specs[i])
		default:
			none = append(none, n)
		}
	}
	var parts []string
	if len(keep) > 0 {
		parts = append(parts, fmt.Sprintf("import { %s } from \"tfkit\" instead", strings.Join(keep, ", ")))
	}
	if whole != "" {
		name := strings.TrimSpace(strings.TrimPrefix(whole, "* as "))
		parts = append(parts, fmt.Sprintf("%s is not needed: JSX needs no import, and %s.createElement is createElement of \"tfkit\"", name, name))
	}
	if len(none) > 0 {
		parts = append(parts, fmt.Sprintf("%s: tfkit has no such API (a configuration is rendered once, so there is no state, effect, context or memo): use plain variables, props and useRef", strings.Join(none, ", ")))
	}
	if len(keep) == 0 {
		parts = append([]string{"remove the import"}, parts...)
	}
	return strings.Join(parts, "; ")
}

// reactImportRE matches an import statement from React on one line; its
// group is the import clause.
var reactImportRE = regexp.MustCompile(`^\s*import\s+(?:type\s+)?(.+?)\s+from\s+["'](?:react|react-dom|react/jsx-runtime|react/jsx-dev-runtime)["']`)

// noteText is an esbuild note as a hint. A note that points somewhere
// ("The opening "Resource" tag is here:") says where: esbuild gives the
// place only as the note's location, which a hint would otherwise lose.
func noteText(n api.Note, dir string) string {
	text := n.Text
	l := n.Location
	if l == nil || l.File == "" || strings.HasPrefix(l.File, runtimeNamespace+":") {
		// A place in the runtime (where the name meant is exported) is
		// not one of the configuration's.
		return text
	}
	at := fmt.Sprintf("%s:%d:%d", displayName(l.File, dir), l.Line, columnOf(l.LineText, l.Column))
	if strings.HasSuffix(text, ":") {
		return text + " " + at
	}
	return text + " (" + at + ")"
}

// caseMismatch explains an import whose file esbuild found by a name
// that differs from the file's in letter case ("./network" for
// Network.tsx): the resolver matches names regardless of case, but the file
// system does not, so reading it fails ("Cannot read file: /abs/network.tsx").
func caseMismatch(d *diag.Diagnostic, path string, loc *api.Location, dir string) {
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		return
	}
	spec := strings.Trim(loc.LineText[min(loc.Column, len(loc.LineText)):min(loc.Column+loc.Length, len(loc.LineText))], "\"'`")
	real, ok := realCase(path)
	if !ok {
		return
	}
	_, frame, _ := strings.Cut(d.Detail, "\n")
	d.Summary = "Import not found"
	d.Detail = fmt.Sprintf("%q names %s, which is not there: the file is %s. The names differ only in letter case, and file names are case-sensitive.\n%s",
		spec, displayName(path, dir), displayName(real, dir), frame)
	// The import with each path step spelt as on disk: replace as many of
	// its last steps as differ.
	specSteps := strings.Split(spec, "/")
	realSteps := strings.Split(filepath.ToSlash(real), "/")
	pathSteps := strings.Split(filepath.ToSlash(path), "/")
	for i := 1; i <= len(specSteps) && i <= len(realSteps); i++ {
		s, r, p := specSteps[len(specSteps)-i], realSteps[len(realSteps)-i], pathSteps[len(pathSteps)-i]
		if s == "." || s == ".." {
			break
		}
		if s != p && strings.HasPrefix(p, s) {
			// The import left out the extension.
			r = r[:len(s)]
		} else if s != p {
			// A step the import does not spell itself: the part a
			// tsconfig paths alias ("@/*") stands for.
			break
		}
		specSteps[len(specSteps)-i] = r
	}
	d.Suggestion = fmt.Sprintf("write %q", strings.Join(specSteps, "/"))
}

// realCase finds the file that path names when letter case is ignored in
// each of its steps.
func realCase(path string) (string, bool) {
	path = filepath.Clean(path)
	parent := filepath.Dir(path)
	if parent == path {
		return path, true
	}
	base := filepath.Base(path)
	if _, err := os.Lstat(path); err == nil {
		return path, true
	}
	realParent, ok := realCase(parent)
	if !ok {
		return "", false
	}
	entries, err := os.ReadDir(realParent)
	if err != nil {
		return "", false
	}
	for _, e := range entries {
		if strings.EqualFold(e.Name(), base) {
			return filepath.Join(realParent, e.Name()), true
		}
	}
	return "", false
}

// loaderHint says what to do with an import of a file that is not a
// module (esbuild's "No loader is configured for ".sh" files: init.sh").
func loaderHint(text string) string {
	_, file, _ := strings.Cut(text, ": ")
	file = filepath.ToSlash(file)
	read := fmt.Sprintf("tf.fn(%q, %q)", "file", file)
	switch strings.ToLower(filepath.Ext(file)) {
	case ".yaml", ".yml":
		read = fmt.Sprintf("tf.fn(%q, %s)", "yamldecode", read)
	}
	return fmt.Sprintf("the file is not a module (.ts, .tsx, .js) or JSON: let Terraform read it, %s (or tf.asset), or convert it to JSON before the build", read)
}

// bundleSummary gives the summary of an esbuild message; the message
// itself becomes the detail.
func bundleSummary(text string) string {
	switch {
	case strings.HasPrefix(text, "require("), strings.HasPrefix(text, "import("):
		return "Unsupported module loading"
	case strings.Contains(text, "Node built-in module"):
		return "Node module not available"
	case strings.Contains(text, "is React's, which tfkit does not use"):
		return "React is not used"
	case strings.HasPrefix(text, "Could not resolve"):
		return "Import not found"
	case strings.HasPrefix(text, `"import.meta" is not available`):
		return "import.meta not available"
	case strings.HasPrefix(text, "No loader is configured"):
		return "Unsupported import"
	case strings.HasPrefix(text, "No matching export"):
		return "Missing export"
	case strings.Contains(text, "Top-level await"):
		return "Top-level await not supported"
	}
	return "TSX syntax error"
}

// hclSyntaxHint says how to write in TSX what a syntax error shows was
// written as in HCL: Terraform's var.name (var is a keyword of
// JavaScript), and an object's key = value (JavaScript's is key: value).
func hclSyntaxHint(text string, l *api.Location) string {
	switch text {
	case `Unexpected "var"`:
		return `var is a JavaScript keyword, not Terraform's var: read a variable with tf.var("name"); inside a template literal write \${var.name}, in JSX text {"${"}var.name{"}"}`
	case `Unexpected "="`:
		if l.Column <= len(l.LineText) && hclObjectKeyRE.MatchString(l.LineText[:l.Column]) {
			return `a JavaScript object takes a colon after each key, { Name: "main" }, where HCL writes =`
		}
	case `Expected identifier but found "<"`, `The character ">" is not valid inside a JSX element`:
		// HCL's heredoc (<<EOT) or a comparison in JSX text, where < and
		// > are JSX's.
		if strings.Contains(l.LineText, "<<") || hclArgumentLineRE.MatchString(l.LineText) {
			return "in JSX text < and > belong to elements: write a body that holds a heredoc (<<EOT) or a comparison as a template literal, {`...`}"
		}
	}
	return ""
}

// hclArgumentLineRE matches a line that sets an HCL argument: count = ...
var hclArgumentLineRE = regexp.MustCompile(`^\s*[A-Za-z_][\w-]*\s*=[^=>]`)

// hclObjectKeyRE matches the text before an "=" that follows a key of an
// object: {{ Name or , "team".
var hclObjectKeyRE = regexp.MustCompile(`[{,]\s*("[^"]*"|[A-Za-z_$][\w$-]*)\s*$`)

// displayName names a file in diagnostics: relative to dir when inside it.
func displayName(path, dir string) string {
	path = strings.TrimPrefix(path, "file://")
	if !filepath.IsAbs(path) {
		return filepath.ToSlash(path)
	}
	if rel, err := filepath.Rel(dir, path); err == nil && !strings.HasPrefix(rel, "..") {
		return filepath.ToSlash(rel)
	}
	return filepath.ToSlash(path)
}

// resolveHint says what to do about an import that cannot be found: a
// relative one names a file that is not there (perhaps misspelt), a bare
// one a package that is not installed.
func resolveHint(spec string, loc *api.Location, dir string) string {
	if strings.HasPrefix(spec, "./") || strings.HasPrefix(spec, "../") || strings.HasPrefix(spec, "/") {
		hint := "check the path: it is relative to the importing file, and may leave out .tsx, .ts, .js or .json"
		if loc != nil && loc.File != "" && !strings.HasPrefix(spec, "/") {
			from := loc.File
			if !filepath.IsAbs(from) {
				from = filepath.Join(dir, from)
			}
			target := filepath.Join(filepath.Dir(from), filepath.FromSlash(spec))
			if dym := closeModule(spec, filepath.Dir(target)); dym != "" {
				hint = dym + " (" + hint + ")"
			}
		}
		return hint
	}
	if h, ok := aliasHint(spec, loc, dir); ok {
		return h
	}
	pkg := spec
	if parts := strings.SplitN(spec, "/", 3); strings.HasPrefix(spec, "@") && len(parts) >= 2 {
		pkg = parts[0] + "/" + parts[1]
	} else {
		pkg = parts[0]
	}
	return fmt.Sprintf("install the package into the project's node_modules (npm install %s); tfkit bundles every import, so each must be found", pkg)
}

// importable returns how an import may name the entry e of dir: a module
// file without its extension, or a directory with an index module or a
// package.json. Other entries (hidden ones, the synth output, lock files)
// are not suggested for a misspelt import.
func importable(dir string, e os.DirEntry) (string, bool) {
	name := e.Name()
	if strings.HasPrefix(name, ".") {
		return "", false
	}
	if e.IsDir() {
		for _, index := range []string{"package.json", "index.tsx", "index.ts", "index.jsx", "index.js", "index.mjs", "index.json"} {
			if _, err := os.Stat(filepath.Join(dir, name, index)); err == nil {
				return name, true
			}
		}
		return "", false
	}
	switch ext := filepath.Ext(name); ext {
	case ".tsx", ".ts", ".jsx", ".js", ".mjs", ".json":
		return strings.TrimSuffix(name, ext), true
	}
	return "", false
}

// checkEntryModule reports an entry without a single import or export
// (an empty file, say): esbuild would treat it as a script whose default
// export is an empty object, and rendering that would say nothing useful.
func checkEntryModule(metafile, entry, dir string) diag.Diagnostics {
	inputs, ok := metaInputs(metafile)
	if !ok {
		return nil
	}
	for _, in := range inputs {
		path := in.path
		if strings.Contains(path, ":") {
			continue
		}
		if !filepath.IsAbs(path) {
			path = filepath.Join(dir, filepath.FromSlash(path))
		}
		if path != entry || in.format != "" {
			continue
		}
		name := displayName(entry, dir)
		r := rangeAt(name, 1, 1)
		return diag.Diagnostics{{
			Severity:   diag.Error,
			Summary:    "No default export",
			Detail:     fmt.Sprintf("%s has no export at all (it is empty, or holds no export statement), so there is nothing to render.", name),
			Subject:    &r,
			Suggestion: "end it with export default function App() { return <>...</>; } or export default <...>",
		}}
	}
	return nil
}

// closeModule is "did you mean ..." for spec, an import whose last step
// names no module in dir, with the importable modules of dir, or "".
func closeModule(spec, dir string) string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return ""
	}
	var names []string
	prefix := spec[:strings.LastIndex(spec, "/")+1]
	for _, e := range entries {
		if name, ok := importable(dir, e); ok {
			names = append(names, prefix+name)
		}
	}
	return diag.DidYouMean(spec, names)
}
