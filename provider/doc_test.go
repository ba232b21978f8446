package provider_test

import (
	"bufio"
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tfkit/tfkit/provider"
	"github.com/tfkit/tfkit/provider/providertest"
)

// docSection returns the first ```go block after the line that starts
// with heading in docs/provider.md.
func docSection(t *testing.T, heading string) []byte {
	t.Helper()
	doc, err := os.ReadFile("../docs/provider.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)\n" + regexp.QuoteMeta(heading) + ".*?```go\n(.*?)```").FindSubmatch(doc)
	if m == nil {
		t.Fatalf("docs/provider.md has no ```go block under %q", heading)
	}
	return m[1]
}

// docGoBlocks returns every ```go block of docs/provider.md.
func docGoBlocks(t *testing.T) []string {
	t.Helper()
	doc, err := os.ReadFile("../docs/provider.md")
	if err != nil {
		t.Fatal(err)
	}
	var blocks []string
	for _, m := range regexp.MustCompile("(?s)```go\n(.*?)```").FindAllSubmatch(doc, -1) {
		blocks = append(blocks, string(m[1]))
	}
	return blocks
}

// docImports are the packages the test examples of docs/provider.md may
// use, by the name they are used with.
var docImports = map[string]string{
	"context":      "context",
	"filepath":     "path/filepath",
	"os":           "os",
	"provider":     "github.com/tfkit/tfkit/provider",
	"providertest": "github.com/tfkit/tfkit/provider/providertest",
	"regexp":       "regexp",
	"strings":      "strings",
	"testing":      "testing",
	"time":         "time",
}

// docExample writes every Go example of docs/provider.md into a module of
// its own and returns its directory: the provider ("A provider from
// zero") as package main, the tests the page shows for it beside it, with
// the imports they use, its declarations (var ...) the same way, and the
// CustomType interface in a package that holds it to be the provider
// package's. An example of another kind fails the test: each one must be
// compiled.
func docExample(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile("../go.sum")
	if err != nil {
		t.Fatal(err)
	}
	gomod := "module notes\n\ngo 1.26\n\nrequire github.com/tfkit/tfkit v0.0.0\n\nreplace github.com/tfkit/tfkit => " + root + "\n"
	files := map[string]string{"go.mod": gomod, "go.sum": string(sum)}
	var tests, vars []string
	for _, b := range docGoBlocks(t) {
		switch {
		case strings.HasPrefix(b, "package main\n"):
			if _, ok := files["main.go"]; ok {
				t.Fatal("docs/provider.md has two Go examples of package main")
			}
			files["main.go"] = b
		case strings.HasPrefix(b, "func Test"):
			tests = append(tests, b)
		case strings.HasPrefix(b, "var "):
			vars = append(vars, b)
		case strings.HasPrefix(b, "type CustomType interface"):
			files["customtype/customtype.go"] = "package customtype\n\nimport \"github.com/tfkit/tfkit/provider\"\n\ntype Type = provider.Type\n\n" + b +
				"\n// The interface shown has the provider package's methods, signatures and all.\nvar (\n\t_ provider.CustomType = CustomType(nil)\n\t_ CustomType          = provider.CustomType(nil)\n)\n"
		default:
			first, _, _ := strings.Cut(b, "\n")
			t.Fatalf("docs/provider.md has a Go example no test compiles, starting %q: make it a program (package main), a test (func Test...), a declaration (var ...) or teach docExample its kind", first)
		}
	}
	if files["main.go"] == "" || len(tests) == 0 {
		t.Fatalf("docs/provider.md lacks the provider (package main) or its tests (func Test...)")
	}
	files["main_test.go"] = withImports(strings.Join(tests, "\n"))
	if vars != nil {
		files["vars.go"] = withImports(strings.Join(vars, "\n"))
	}
	dir := t.TempDir()
	for name, data := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// withImports makes a file of package main of body, importing the
// docImports it uses.
func withImports(body string) string {
	var imports []string
	for name, path := range docImports {
		if regexp.MustCompile(`\b` + name + `\.`).MatchString(body) {
			imports = append(imports, strconv.Quote(path))
		}
	}
	sort.Strings(imports)
	return "package main\n\nimport (\n\t" + strings.Join(imports, "\n\t") + "\n)\n\n" + body
}

func goCommand(dir string, args ...string) *exec.Cmd {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off")
	return cmd
}

// TestDocProviderFromZero builds the provider of docs/provider.md ("A
// provider from zero") with the tests the page shows for it, and every
// other Go example of the page, and runs those tests against the real
// engine, so the page a provider author copies from cannot drift from the
// API.
func TestDocProviderFromZero(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a Go program and runs the engine")
	}
	dir := docExample(t)
	if out, err := goCommand(dir, "vet", "./...").CombinedOutput(); err != nil {
		t.Fatalf("the examples of docs/provider.md do not compile: %v\n%s", err, out)
	}
	out, err := goCommand(dir, "test", "-count=1", "-v", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("the example of docs/provider.md failed: %v\n%s", err, out)
	}
	for _, name := range []string{"TestNote", "TestNoteImport"} {
		if !strings.Contains(string(out), "--- PASS: "+name+" ") {
			t.Errorf("%s did not pass:\n%s", name, out)
		}
	}
}

// The provider of docs/provider.md started with -debug prints the
// TF_REATTACH_PROVIDERS value that attaches terraform and tofu alike (it
// named the provider under registry.terraform.io only, which OpenTofu
// never looks up), and stops when interrupted.
func TestDocDebugModeAttachesEngines(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a Go program and runs the engine")
	}
	engines, err := providertest.Engines()
	if err != nil {
		if os.Getenv("TFKIT_REQUIRE_ENGINE") == "1" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	dir := docExample(t)
	bin := filepath.Join(t.TempDir(), "terraform-provider-notes")
	if out, err := goCommand(dir, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "-debug")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	reattach := ""
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "TF_REATTACH_PROVIDERS='"); ok {
			reattach = strings.TrimSuffix(v, "'")
			break
		}
	}
	if reattach == "" {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		t.Fatal("-debug printed no TF_REATTACH_PROVIDERS value")
	}
	go func() {
		for sc.Scan() {
		}
	}()
	for _, engine := range engines {
		t.Run(filepath.Base(engine), func(t *testing.T) {
			work := t.TempDir()
			files := map[string]string{
				"cli.tfrc": "provider_installation {\n  direct {\n    exclude = [\"*/*/*\"]\n  }\n}\n",
				"main.tf": "terraform {\n  required_providers {\n    notes = { source = \"example/notes\" }\n  }\n}\n" +
					"provider \"notes\" {\n  dir = \"" + work + "\"\n}\nresource \"notes_note\" \"a\" {\n  name = \"a\"\n  text = \"hi\"\n}\n",
			}
			for name, data := range files {
				if err := os.WriteFile(filepath.Join(work, name), []byte(data), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			env := append(os.Environ(), "TF_CLI_CONFIG_FILE="+filepath.Join(work, "cli.tfrc"), "TF_REATTACH_PROVIDERS="+reattach, "TF_IN_AUTOMATION=1")
			for _, args := range [][]string{{"init", "-no-color", "-input=false"}, {"apply", "-no-color", "-input=false", "-auto-approve"}} {
				run := exec.CommandContext(ctx, engine, args...)
				run.Dir, run.Env = work, env
				out, err := run.CombinedOutput()
				if err != nil {
					t.Fatalf("%s %s with the printed TF_REATTACH_PROVIDERS: %v\n%s", filepath.Base(engine), args[0], err, out)
				}
			}
			if data, err := os.ReadFile(filepath.Join(work, "a.txt")); err != nil || string(data) != "hi" {
				t.Errorf("the note: %q, %v", data, err)
			}
		})
	}
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Errorf("the provider did not stop cleanly when interrupted: %v", err)
	}
}

// The CustomType interface docs/provider.md shows is the package's, method
// for method, and the page counts its methods right.
func TestDocCustomTypeInterface(t *testing.T) {
	src := docSection(t, "**Custom types** implement")
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", "package provider\n\n"+string(src), 0)
	if err != nil {
		t.Fatalf("the CustomType block of docs/provider.md does not parse: %v", err)
	}
	var shown []string
	ast.Inspect(f, func(n ast.Node) bool {
		if it, ok := n.(*ast.InterfaceType); ok {
			for _, m := range it.Methods.List {
				for _, name := range m.Names {
					shown = append(shown, name.Name)
				}
			}
		}
		return true
	})
	sort.Strings(shown)
	var real []string
	it := reflect.TypeFor[provider.CustomType]()
	for i := range it.NumMethod() {
		real = append(real, it.Method(i).Name)
	}
	if !reflect.DeepEqual(shown, real) {
		t.Errorf("docs/provider.md shows CustomType with %v; the interface has %v", shown, real)
	}
	doc, err := os.ReadFile("../docs/provider.md")
	if err != nil {
		t.Fatal(err)
	}
	words := []string{"", "one", "two", "three", "four", "five", "six", "seven", "eight"}
	if want := "implement " + words[len(real)] + " methods"; !strings.Contains(string(doc), want) {
		t.Errorf("docs/provider.md does not say %q", want)
	}
}
