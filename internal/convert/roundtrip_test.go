package convert

import (
	"encoding/json"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/internal/render"
	"github.com/tfkit/tfkit/load"
	"github.com/tfkit/tfkit/schema"
	"github.com/tfkit/tfkit/tffile"
	"github.com/tfkit/tfkit/tsx"
)

// roundTripCase is one corpus case copied into a temporary directory.
type roundTripCase struct {
	name string
	dir  string // the copy, with dot-terraform renamed .terraform
	src  string // the original, where the local modules it calls are
	opts load.Options
}

// caseOptions is options.json of a corpus case (see load's tests).
type caseOptions struct {
	Vars      []string `json:"vars"`
	VarFiles  []string `json:"var_files"`
	Env       []string `json:"env"`
	Workspace string   `json:"workspace"`
	Schemas   []string `json:"schemas"`
	// Engine is load's Options.Engine ("opentofu" evaluates module
	// sources built from variables).
	Engine tffile.Engine `json:"engine"`
}

// exampleOutputs are the committed outputs of the examples: real
// configurations written by the Go API and the TSX front end.
var exampleOutputs = map[string]string{
	"example_aws_vpc_network": "../../examples/aws-vpc/tfkit.out/stacks/network",
	"example_aws_vpc_web":     "../../examples/aws-vpc/tfkit.out/stacks/web",
	"example_docker":          "../../examples/docker/tfkit.out/stacks/docker",
	"example_local":           "../../examples/local/tfkit.out/stacks/local",
	"example_tsx_network":     "../../examples/tsx-network/out",
	"example_tsx_local":       "../../examples/tsx-local/out",
	"example_tsx_env_prod":    "../../examples/tsx-environment/out/prod",
}

// corpusCases are the corpus cases, the golden test inputs of this package
// (golden_<name>) and the examples' outputs.
func corpusCases(t *testing.T) []roundTripCase {
	t.Helper()
	var out []roundTripCase
	names := make([]string, 0, len(exampleOutputs))
	for n := range exampleOutputs {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if _, err := os.Stat(exampleOutputs[n]); err == nil {
			out = append(out, readCase(t, n, exampleOutputs[n]))
		}
	}
	for _, root := range []string{corpus, "testdata/golden"} {
		ents, err := os.ReadDir(root)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range ents {
			if !e.IsDir() {
				continue
			}
			name := e.Name()
			if root != corpus {
				name = "golden_" + name
			}
			out = append(out, readCase(t, name, filepath.Join(root, e.Name())))
			if root == corpus {
				out = append(out, childModules(t, name, filepath.Join(root, e.Name()))...)
			}
		}
	}
	return out
}

// childModules are the module directories below a corpus case, each
// converted as a root module of its own (named case__path__to__dir).
func childModules(t *testing.T, name, src string) []roundTripCase {
	t.Helper()
	var out []roundTripCase
	err := filepath.Walk(src, func(p string, fi os.FileInfo, err error) error {
		if err != nil || !fi.IsDir() || p == src {
			return err
		}
		tfs, _ := filepath.Glob(filepath.Join(p, "*.tf"))
		if len(tfs) == 0 {
			return nil
		}
		rel, _ := filepath.Rel(src, p)
		sub := name + "__" + strings.NewReplacer(string(filepath.Separator), "__", "-", "_", ".", "_").Replace(rel)
		out = append(out, readCase(t, sub, p))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func readCase(t *testing.T, name, src string) roundTripCase {
	t.Helper()
	c := roundTripCase{name: name, dir: filepath.Join(t.TempDir(), name), src: src}
	copyTree(t, src, c.dir, nil)
	if data, err := os.ReadFile(filepath.Join(src, "options.json")); err == nil {
		var co caseOptions
		if err := json.Unmarshal(data, &co); err != nil {
			t.Fatal(err)
		}
		c.opts = load.Options{Vars: co.Vars, VarFiles: co.VarFiles, Env: co.Env, Workspace: co.Workspace, Engine: co.Engine}
		for _, f := range co.Schemas {
			c.opts.Providers = append(c.opts.Providers, readSchema(t, filepath.Join(src, f))...)
		}
	}
	return c
}

// copyTree copies src to dst, without golden files and options.json;
// skip drops files of the root directory it matches.
func copyTree(t *testing.T, src, dst string, skip func(name string) bool) {
	t.Helper()
	err := filepath.Walk(src, func(p string, fi os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		rel = strings.ReplaceAll(rel, "dot-terraform", ".terraform")
		target := filepath.Join(dst, rel)
		if fi.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if strings.HasPrefix(fi.Name(), "expected") || strings.HasPrefix(fi.Name(), "want.") || fi.Name() == "options.json" {
			return nil
		}
		if skip != nil && filepath.Dir(rel) == "." && skip(fi.Name()) {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func readSchema(t testing.TB, path string) []*schema.Provider {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ps, err := schema.ReadProviders(f)
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

// isConfigFile tells the root module's configuration files, which the
// synthesized main.tf replaces.
func isConfigFile(name string) bool {
	return strings.HasSuffix(name, ".tf") || strings.HasSuffix(name, ".tf.json")
}

// viewOf evaluates dir and returns its view without source ranges (they
// differ by construction) as generic JSON, with the diagnostics' text.
func viewOf(t *testing.T, dir string, opts load.Options) (any, []string) {
	t.Helper()
	view, ds := load.Dir(dir, opts)
	var v any
	if err := json.Unmarshal(view.JSON(), &v); err != nil {
		t.Fatal(err)
	}
	var msgs []string
	for _, d := range ds {
		if d.Summary == "Quoted references are deprecated" || d.Summary == "Quoted keywords are deprecated" {
			continue // Terraform 0.11's forms, which convert writes bare
		}
		msgs = append(msgs, d.Severity.String()+": "+d.Summary)
	}
	return stripRanges(v), msgs
}

var positionText = regexp.MustCompile(`[^\s"]*\.tf:\d+(:\d+)?`)

func stripRanges(v any) any {
	switch v := v.(type) {
	case map[string]any:
		delete(v, "range")
		for k, x := range v {
			v[k] = stripRanges(x)
		}
	case []any:
		for i, x := range v {
			v[i] = stripRanges(x)
		}
	case string:
		return positionText.ReplaceAllString(v, "<pos>")
	}
	return v
}

// synthDir is a copy of the case with the root module's .tf files
// replaced by the synthesized main.tf.
func synthDir(t *testing.T, c roundTripCase, mainTF []byte) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), c.name)
	copyTree(t, c.dir, dir, isConfigFile)
	if err := os.WriteFile(filepath.Join(dir, "main.tf"), mainTF, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func compareViews(t *testing.T, c roundTripCase, mainTF []byte) {
	t.Helper()
	want, wantDiags := viewOf(t, c.dir, c.opts)
	synth := synthDir(t, c, mainTF)
	got, gotDiags := viewOf(t, synth, c.opts)
	if !reflect.DeepEqual(got, want) {
		g, _ := json.MarshalIndent(got, "", "  ")
		w, _ := json.MarshalIndent(want, "", "  ")
		t.Errorf("view of the round trip differs\n--- main.tf\n%s\n--- got\n%s\n--- want\n%s", mainTF, g, w)
	}
	if !reflect.DeepEqual(gotDiags, wantDiags) {
		t.Errorf("diagnostics of the round trip differ\n--- got\n%s\n--- want\n%s", strings.Join(gotDiags, "\n"), strings.Join(wantDiags, "\n"))
	}
	wantBlocks := unviewedBlocks(t, c.dir)
	gotBlocks := unviewedBlocks(t, synth)
	if !reflect.DeepEqual(gotBlocks, wantBlocks) {
		t.Errorf("moved, import, removed, check or ephemeral blocks of the round trip differ\n--- got\n%s\n--- want\n%s",
			strings.Join(gotBlocks, "\n"), strings.Join(wantBlocks, "\n"))
	}
}

// unviewedBlocks are the top-level blocks of dir's root module that the
// evaluated view leaves out (moved, import, removed, check, ephemeral),
// each rendered with the attributes of every body sorted and its blocks
// grouped by type, and sorted: a round trip that drops or changes one
// shows, one that only reorders does not.
func unviewedBlocks(t *testing.T, dir string) []string {
	t.Helper()
	// Files that cannot be read are left out: the view's diagnostics
	// compare those.
	m, _ := tffile.Dir(dir, tffile.Options{})
	var out []string
	for _, b := range m.Config.Blocks {
		switch b.Type {
		case "moved", "import", "removed", "check", "ephemeral":
			sortBody(b.Body)
			text, err := render.HCL(&config.Config{Blocks: []*config.Block{b}})
			if err != nil {
				t.Fatalf("%s: %v", b.DeclRange.Filename, err)
			}
			out = append(out, string(text))
		}
	}
	sort.Strings(out)
	return out
}

// sortBody puts attributes first, by name, then blocks grouped by type in
// their order, recursively.
func sortBody(b *config.Body) {
	key := func(it config.Item) string {
		if a, ok := it.(*config.Attribute); ok {
			return "0" + a.Name
		}
		return "1" + it.(*config.Block).Type
	}
	sort.SliceStable(b.Items, func(i, j int) bool { return key(b.Items[i]) < key(b.Items[j]) })
	for _, it := range b.Items {
		if nb, ok := it.(*config.Block); ok {
			sortBody(nb.Body)
		}
	}
}

// skipReason is why a corpus case is not round-tripped: it cannot be
// converted by design.
var skipReason = map[string]string{
	"override": "an override without its base is an error by design (the mergeable overrides are the case overrides)",
	"syntax":   "the original has syntax errors by design; convert reports them (TestConvertErrors)",
}

// TestRoundTripTSX converts every corpus case to TSX, builds it with the
// TSX front end and compares the evaluated views.
func TestRoundTripTSX(t *testing.T) {
	for _, c := range corpusCases(t) {
		t.Run(c.name, func(t *testing.T) {
			if why, ok := skipReason[c.name]; ok {
				t.Skip(why)
			}
			out, ds := Dir(c.dir, Options{Target: TSX})
			if ds.HasErrors() {
				t.Fatalf("convert: %v", ds)
			}
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "main.tsx"), out, 0o644); err != nil {
				t.Fatal(err)
			}
			cfg, ds := tsx.Build("main.tsx", tsx.Options{Dir: dir})
			if wantErr, ok := buildErrors[c.name]; ok {
				checkBuildErrors(t, wantErr, ds.Error())
				return
			}
			if ds.HasErrors() {
				t.Fatalf("tsx build:\n%v\n--- main.tsx\n%s", ds, out)
			}
			mainTF, err := render.HCL(cfg)
			if err != nil {
				t.Fatal(err)
			}
			compareViews(t, c, mainTF)
		})
	}
}

// synthErrors are cases that the Go program's Synth refuses when it
// copies local modules into the stack (the TSX test builds without
// writing): module recursion through the project directory, which holds
// the app and its output, and, for the subdirectory run alone, a directory
// above it without configuration.
var synthErrors = map[string][]string{
	"selfcall":      {`Error: Module source is the project directory; The module "./sub" calls the local module "../"`},
	"selfcall__sub": {`Error: Local module without configuration; The module source "../`},
	// A root output of a sensitive value not marked sensitive, which
	// synth refuses as terraform validate does.
	"sensitive": {`Output refers to sensitive values (at output.leak.value); Output "leak" holds var.password`},
}

// buildErrors are cases whose original has errors by design that the
// program's own checks (config.Validate) report when it is built: the
// converted program reports the same problem instead of producing output.
var buildErrors = map[string][]string{
	// A call Terraform refuses: a function that does not exist.
	"functions": {`Call to unknown function "unknownfunc"`},
	"badinput": {
		`Reference to undeclared input variable (at local.missing); An input variable with the name "nope" has not been declared.`,
		`Reference to undeclared local value`,
		`Reference to undeclared resource`,
		`Reference to undeclared module`,
		`Reference to "count" in non-counted context`,
	},
	"cycle": {
		"Dependency cycle: local.a → local.b → local.c → local.a",
		"Dependency cycle: null_resource.p → null_resource.q → null_resource.p",
		`Self-referential block "null_resource.selfish"`,
	},
}

func checkBuildErrors(t *testing.T, want []string, got string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("build errors do not mention %q:\n%s", w, got)
		}
	}
}

// TestRoundTripGo converts every corpus case (and testdata/typed, with
// typed bindings of the random provider) to a Go program, builds all
// programs with one go build in a temporary module that uses this
// repository, runs each, and compares the evaluated views.
func TestRoundTripGo(t *testing.T) {
	if testing.Short() {
		t.Skip("builds Go programs")
	}
	mod := programModule(t)
	// Typed bindings of the random provider and of the module
	// ./modules/net, as tfkit get lays them out, for the typed case.
	writeTypedBindings(t, mod)
	bindings, err := ReadBindings(filepath.Join(mod, "gen"))
	if err != nil {
		t.Fatal(err)
	}
	cases := append(corpusCases(t), readCase(t, "typed", "testdata/typed"))
	converted := map[string]bool{}
	for _, c := range cases {
		if _, skip := skipReason[c.name]; skip {
			continue
		}
		opts := Options{Target: Go, Stack: "main"}
		if c.name == "typed" {
			opts.Bindings = bindings
		}
		out, ds := Dir(c.dir, opts)
		if ds.HasErrors() {
			t.Errorf("%s: convert: %v", c.name, ds)
			continue
		}
		writeFile(t, filepath.Join(mod, "cases", c.name, "main.go"), out)
		converted[c.name] = true
	}
	bin := buildPrograms(t, mod)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if why, ok := skipReason[c.name]; ok {
				t.Skip(why)
			}
			if !converted[c.name] {
				t.Fatal("not converted")
			}
			outDir := filepath.Join(t.TempDir(), "tfkit.out")
			run := exec.Command(filepath.Join(bin, c.name))
			run.Dir = moduleProject(t, c)
			run.Env = append(os.Environ(), "TFKIT_OUTDIR="+outDir, "TFKIT_FORMAT=hcl")
			out, err := run.CombinedOutput()
			wantErr, ok := buildErrors[c.name]
			if !ok {
				wantErr, ok = synthErrors[c.name]
			}
			if ok {
				if err == nil {
					t.Fatalf("the program of a case with errors by design ran without error")
				}
				checkBuildErrors(t, wantErr, string(out))
				return
			}
			if err != nil {
				src, _ := os.ReadFile(filepath.Join(mod, "cases", c.name, "main.go"))
				t.Fatalf("program: %v\n%s\n--- main.go\n%s", err, out, src)
			}
			mainTF, err := os.ReadFile(filepath.Join(outDir, "stacks", "main", "main.tf"))
			if err != nil {
				t.Fatal(err)
			}
			compareViews(t, c, mainTF)
			compareOrder(t, c, mainTF)
		})
	}
}

// programModule makes a Go module that uses this repository, for the
// converted programs (under cases/NAME/main.go).
func programModule(t *testing.T) string {
	t.Helper()
	// TFKIT_MODULE_ROOT builds the programs against another copy of the
	// module (a clean checkout while the working tree is being edited).
	root := os.Getenv("TFKIT_MODULE_ROOT")
	if root == "" {
		var err error
		if root, err = filepath.Abs("../.."); err != nil {
			t.Fatal(err)
		}
	}
	mod := t.TempDir()
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	goMod := "module tfkit.test/roundtrip\n\ngo 1.26\n\nrequire github.com/tfkit/tfkit v0.0.0\n\nreplace github.com/tfkit/tfkit => " + root + "\n"
	writeFile(t, filepath.Join(mod, "go.mod"), []byte(goMod))
	writeFile(t, filepath.Join(mod, "go.sum"), sum)
	return mod
}

// buildPrograms builds every program of mod with one go build and returns
// the directory of the binaries, one per case, named after it.
func buildPrograms(t *testing.T, mod string) string {
	t.Helper()
	bin := filepath.Join(mod, "bin")
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool on PATH")
	}
	build := exec.Command(goTool, "build", "-o", bin+string(filepath.Separator), "./cases/...")
	build.Dir = mod
	build.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// compareOrder checks that the program writes the items of every
// resource, data source, ephemeral resource and module call in the order
// of the original, nested blocks included: the meta-arguments written
// with the API's methods land where they were.
func compareOrder(t *testing.T, c roundTripCase, mainTF []byte) {
	t.Helper()
	want := itemOrder(c.dir)
	got := itemOrder(synthDir(t, c, mainTF))
	for addr, w := range want {
		if g, ok := got[addr]; ok && g != w {
			t.Errorf("%s: items in the order\n  %s\nwant\n  %s\n--- main.tf\n%s", addr, g, w, mainTF)
		}
	}
}

// itemOrder lists, per element (by address), the names of its body's
// items in order, nested bodies in brackets.
func itemOrder(dir string) map[string]string {
	m, _ := tffile.Dir(dir, tffile.Options{})
	out := map[string]string{}
	if m == nil || m.Config == nil {
		return out
	}
	var names func(b *config.Body) string
	names = func(b *config.Body) string {
		var parts []string
		for _, it := range b.Items {
			switch it := it.(type) {
			case *config.Attribute:
				parts = append(parts, it.Name)
			case *config.Block:
				parts = append(parts, it.Type+strings.Join(it.Labels, ".")+"["+names(it.Body)+"]")
			}
		}
		return strings.Join(parts, " ")
	}
	for _, b := range m.Config.Blocks {
		switch b.Type {
		case "resource", "data", "ephemeral", "module":
			out[b.Address()] = names(b.Body)
		}
	}
	return out
}

// localSource finds the local module sources of a case's files.
var localSource = regexp.MustCompile(`"?source"?\s*[=:]\s*"(\.\.?/[^"]*)"`)

// moduleProject returns a directory to run a case's program in, as an
// app runs in its project directory: a copy of the case with every local
// module its files call, from beside the original, as Synth copies them
// into the stack (a module the case lacks becomes an empty one, which its
// view reports as missing either way).
func moduleProject(t *testing.T, c roundTripCase) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "up", "up", "project")
	copyTree(t, c.dir, dir, nil)
	copyLocalModules(t, c.src, dir)
	return dir
}

// copyLocalModules copies the local modules the configuration files of
// from call, and those they call, to the same paths relative to to.
func copyLocalModules(t *testing.T, from, to string) {
	t.Helper()
	ents, err := os.ReadDir(from)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if e.IsDir() || !isConfigFile(e.Name()) {
			continue
		}
		src, err := os.ReadFile(filepath.Join(from, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range localSource.FindAllStringSubmatch(string(src), -1) {
			if strings.Trim(path.Clean(m[1]), "./") == "" {
				continue // an ancestor: the case run alone has none above it
			}
			mod := filepath.Join(to, filepath.FromSlash(m[1]))
			if _, err := os.Stat(filepath.Join(mod, "main.tf")); err == nil {
				continue
			}
			if orig := filepath.Join(from, filepath.FromSlash(m[1])); isDir(orig) {
				copyTree(t, orig, mod, nil)
				copyLocalModules(t, orig, mod)
				continue
			}
			writeFile(t, filepath.Join(mod, "main.tf"), nil)
		}
	}
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestVariablesFilesDefaults: the stack a program writes has none of the
// directory's variables files, so their values are the variables'
// defaults: the TSX of testdata/golden/tfvars, synthesized alone in a
// directory without them, evaluates as the original with them (null-label's
// examples/complete gave its id as "" instead of "CP~UW2~PRD~NULL-LABEL").
func TestVariablesFilesDefaults(t *testing.T) {
	const src = "testdata/golden/tfvars"
	out, ds := Dir(src, Options{Target: TSX})
	if ds.HasErrors() {
		t.Fatalf("convert: %v", ds)
	}
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "main.tsx"), out)
	cfg, ds := tsx.Build("main.tsx", tsx.Options{Dir: dir})
	if ds.HasErrors() {
		t.Fatalf("tsx build:\n%v\n--- main.tsx\n%s", ds, out)
	}
	mainTF, err := render.HCL(cfg)
	if err != nil {
		t.Fatal(err)
	}
	stack := t.TempDir()
	writeFile(t, filepath.Join(stack, "main.tf"), mainTF)
	want, wantDiags := viewOf(t, src, load.Options{})
	got, gotDiags := viewOf(t, stack, load.Options{})
	if !reflect.DeepEqual(got, want) {
		g, _ := json.MarshalIndent(got, "", "  ")
		w, _ := json.MarshalIndent(want, "", "  ")
		t.Errorf("view of the stack without variables files differs\n--- main.tf\n%s\n--- got\n%s\n--- want\n%s", mainTF, g, w)
	}
	// The value for an undeclared variable, which the original's
	// evaluation warns of, is the converter's warning instead.
	var kept []string
	for _, d := range wantDiags {
		if d != "Warning: Value for undeclared variable" {
			kept = append(kept, d)
		}
	}
	if !reflect.DeepEqual(gotDiags, kept) {
		t.Errorf("diagnostics differ\n--- got\n%s\n--- want\n%s", strings.Join(gotDiags, "\n"), strings.Join(kept, "\n"))
	}
	if id := got.(map[string]any)["outputs"].(map[string]any)["id"].(map[string]any)["value"]; id != "CP~PRD~KEPT" {
		t.Errorf("output id = %v, want CP~PRD~KEPT", id)
	}
}

// TestVariablesFilesNotConverted: a variables file that does not read, or
// a value that is not a constant, is a warning at its position, and the
// rest converts.
func TestVariablesFilesNotConverted(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "main.tf"), []byte("variable \"a\" {}\nvariable \"b\" {}\nvariable \"pw\" {\n  sensitive = true\n}\n"))
	writeFile(t, filepath.Join(dir, "terraform.tfvars"), []byte("a = \"one\"\nb = upper(\"x\")\npw = \"hunter2\"\n"))
	writeFile(t, filepath.Join(dir, "x.auto.tfvars"), []byte("a = \n"))
	out, ds := Dir(dir, Options{Target: Go})
	if ds.HasErrors() {
		t.Fatalf("convert: %v", ds)
	}
	text := ds.Error()
	for _, want := range []string{
		"terraform.tfvars:2:5: Warning: Variables file not converted; terraform.tfvars: the value of b is not a constant",
		"x.auto.tfvars:1:5: Warning: Variables file not converted; x.auto.tfvars: the file does not read (Invalid expression:",
		"terraform.tfvars:3:1: Warning: Sensitive value not converted; terraform.tfvars sets pw, a sensitive variable",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("diagnostics do not hold %q:\n%s", want, text)
		}
	}
	if !strings.Contains(string(out), `Default: "one"`) {
		t.Errorf("the constant value is not a default:\n%s", out)
	}
	if strings.Contains(string(out), "hunter2") {
		t.Errorf("the value of a sensitive variable is in the program:\n%s", out)
	}
}
