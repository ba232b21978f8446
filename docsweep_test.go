package tfkit_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// goAPIExample is a ```go block of docs/go-api.md.
type goAPIExample struct {
	line  int    // the line of its first statement
	text  string // what is between the fences
	after string // the text after it, to the next ```go block
	end   int    // the index of the line after its closing fence
}

// goAPIExamples returns the ```go blocks of docs/go-api.md.
func goAPIExamples(t *testing.T) []goAPIExample {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("docs", "go-api.md"))
	if err != nil {
		t.Fatal(err)
	}
	var out []goAPIExample
	lines := strings.Split(string(data), "\n")
	for i := 0; i < len(lines); i++ {
		if strings.TrimSpace(lines[i]) != "```go" {
			continue
		}
		j := i + 1
		for j < len(lines) && !strings.HasPrefix(lines[j], "```") {
			j++
		}
		if len(out) > 0 {
			out[len(out)-1].after = strings.Join(lines[out[len(out)-1].end:i], "\n")
		}
		out = append(out, goAPIExample{line: i + 2, text: strings.Join(lines[i+1:j], "\n") + "\n", end: j + 1})
		i = j
	}
	if len(out) > 0 {
		out[len(out)-1].after = strings.Join(lines[out[len(out)-1].end:], "\n")
	}
	return out
}

// exampleGiven are what the fragments of docs/go-api.md use without
// declaring it, as the surrounding text describes it, in the order they
// are declared (each after what it uses).
var exampleGiven = []struct{ name, decl string }{
	{"schemas", `schemas, _ := schema.ReadProvidersFile(awsSchemaFile)`},
	{"environments", `environments := map[string]struct{ cidr, instanceType string }{"dev": {"10.0.0.0/16", "t3.micro"}}`},
	{"app", `app := tfkit.NewApp()`},
	{"stack", `stack := tfkit.NewStack(app, "dev")`},
	{"attrs", `attrs := tfkit.Attrs{"ami": "ami-0abc", "instance_type": "t3.micro"}`},
	{"virginia", `virginia := tfkit.NewProvider(stack, "aws", tfkit.Attrs{"region": "us-east-1"}).Alias("virginia")`},
	{"provider", `provider := tfkit.NewProvider(stack, "aws", tfkit.Attrs{"region": "us-east-1"}).Alias("virginia")`},
	{"vpc", `vpc := tfkit.NewResource(stack, "aws_vpc", "main", tfkit.Attrs{"cidr_block": "10.0.0.0/16"})`},
	{"ami", `ami := tfkit.NewDataSource(stack, "aws_ami", "ubuntu", tfkit.Attrs{"most_recent": true, "owners": []string{"099720109477"}})`},
	{"web", `web := tfkit.NewResource(stack, "aws_instance", "web", attrs)`},
	{"bucket", `bucket := tfkit.NewResource(stack, "aws_s3_bucket", "logs", nil)`},
	{"module", `module := tfkit.NewModule(stack, "net", tfkit.ModuleConfig{Source: "terraform-aws-modules/vpc/aws", Version: "5.1.0"})`},
	{"variable", `variable := tfkit.NewVariable(stack, "region", tfkit.VariableConfig{Type: "string"})`},
	{"locals", `locals := tfkit.NewLocals(stack, tfkit.Attrs{"tags": map[string]any{"Name": "web"}})`},
}

// exampleNeeds are the names given that a given name uses.
var exampleNeeds = map[string][]string{
	"stack": {"app"}, "virginia": {"stack"}, "provider": {"stack"}, "vpc": {"stack"}, "ami": {"stack"},
	"web": {"stack", "attrs"}, "bucket": {"stack"}, "module": {"stack"}, "variable": {"stack"}, "locals": {"stack"},
}

// exampleVarRef finds the variables a fragment reads (tfkit.Var("x"),
// var.x in text); exampleVarDecl those it declares.
var (
	exampleVarRef  = regexp.MustCompile(`tfkit\.Var\("(\w+)"\)|\bvar\.(\w+)`)
	exampleVarDecl = regexp.MustCompile(`tfkit\.NewVariable\(\w+, "(\w+)"`)
	exampleComment = regexp.MustCompile(`(?m)\s// .*$`)
)

// exampleImports are the packages the fragments may use.
var exampleImports = map[string]string{
	"fmt": "fmt", "os": "os", "strings": "strings",
	"tfkit": "github.com/tfkit/tfkit", "schema": "github.com/tfkit/tfkit/schema",
}

// freeNames parses a fragment of statements and returns the names it uses
// at its top level without declaring them, those it declares at its top
// level, and the package names it selects from that no one declares.
func freeNames(src string) (free, declared, packages map[string]bool, err error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", "package p\nfunc _() {\n"+src+"\n}\n", 0)
	if err != nil {
		return nil, nil, nil, err
	}
	body := f.Decls[0].(*ast.FuncDecl).Body
	declared = map[string]bool{}
	for _, st := range body.List {
		switch st := st.(type) {
		case *ast.AssignStmt:
			if st.Tok == token.DEFINE {
				for _, l := range st.Lhs {
					if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
						declared[id.Name] = true
					}
				}
			}
		case *ast.DeclStmt:
			if g, ok := st.Decl.(*ast.GenDecl); ok {
				for _, s := range g.Specs {
					if vs, ok := s.(*ast.ValueSpec); ok {
						for _, id := range vs.Names {
							declared[id.Name] = true
						}
					}
				}
			}
		}
	}
	free, packages = map[string]bool{}, map[string]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if id, ok := n.X.(*ast.Ident); ok && id.Obj == nil && !declared[id.Name] {
				if _, known := exampleImports[id.Name]; !known && !isGiven(id.Name) {
					packages[id.Name] = true
				}
			}
		case *ast.Ident:
			if !declared[n.Name] && isGiven(n.Name) {
				free[n.Name] = true
			}
		}
		return true
	})
	return free, declared, packages, nil
}

func isGiven(name string) bool {
	for _, g := range exampleGiven {
		if g.name == name {
			return true
		}
	}
	return false
}

// TestDocsweepGoAPIExamples builds every ```go block of docs/go-api.md in
// a module of its own that requires this one, as a reader would type it,
// and runs it: the whole program (which must write the main.tf the text
// shows after it), the test file (go test, which writes and then compares
// its snapshot), and each fragment inside a function that first declares
// what the fragment uses without declaring it (the app, the stack, the vpc
// and the other handles the text names). A fragment's app must validate,
// except the aspect example's, whose naming rule refuses
// aws_route_table.rt as the text shows, the lines it names as far apart
// as the text's. Compile errors and diagnostics name the lines of
// docs/go-api.md. Fragments that use bindings tfkit get generates
// (docker., nest., net.) are only listed.
func TestDocsweepGoAPIExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("builds Go programs")
	}
	root, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile("go.sum")
	if err != nil {
		t.Fatal(err)
	}
	// The schemas of the aspect example; without them its tagging aspect
	// finds no schema and tags nothing.
	awsSchema := filepath.Join(root, "..", "shared", "schemas", "aws-3.3.0.json")
	module := func(dir string, files map[string]string) {
		t.Helper()
		files["go.mod"] = "module example.com/app\n\ngo 1.26\n\nrequire github.com/tfkit/tfkit v0.0.0\n\nreplace github.com/tfkit/tfkit => " + root + "\n"
		files["go.sum"] = string(sum)
		for name, data := range files {
			p := filepath.Join(dir, name)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	goCmd := func(dir string, args ...string) (string, error) {
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "TFKIT_OUTDIR=", "TFKIT_FORMAT=", "TFKIT_SCHEMAS=", "TFKIT_ENGINE=")
		out, err := cmd.CombinedOutput()
		return string(out), err
	}

	var funcs, decls []string
	var calls []string
	var skipped []string
	programs, tests := 0, 0
	for _, ex := range goAPIExamples(t) {
		where := fmt.Sprintf("docs/go-api.md:%d", ex.line)
		directive := fmt.Sprintf("//line %s\n", where)
		switch {
		case strings.HasPrefix(ex.text, "package main\n"):
			programs++
			dir := t.TempDir()
			module(dir, map[string]string{"main.go": directive + ex.text})
			out, err := goCmd(dir, "run", ".")
			if err != nil {
				t.Errorf("%s: go run: %v\n%s", where, err, out)
				continue
			}
			// What it writes is the HCL the text shows after it.
			m := regexp.MustCompile("(?s)`(tfkit\\.out/stacks/[^`]+/main\\.tf)`:\n\n```hcl\n(.*?)```").FindStringSubmatch(ex.after)
			if m == nil {
				t.Errorf("%s: the text after the program shows no main.tf it writes", where)
				continue
			}
			got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(m[1])))
			if err != nil {
				t.Errorf("%s: go run: %v\n%s", where, err, out)
			} else if string(got) != m[2] {
				t.Errorf("%s: go run wrote %s:\n%s\nthe text shows:\n%s", where, m[1], got, m[2])
			}
		case strings.HasPrefix(ex.text, "package "):
			tests++
			dir := t.TempDir()
			module(dir, map[string]string{"infra_test.go": directive + ex.text})
			// The first run writes the snapshot, as the text says; the
			// second compares with it.
			if out, err := goCmd(dir, "test", ".", "-tfkit.update"); err != nil {
				t.Errorf("%s: go test -tfkit.update: %v\n%s", where, err, out)
				continue
			}
			if out, err := goCmd(dir, "test", "-count=1", "."); err != nil {
				t.Errorf("%s: go test: %v\n%s", where, err, out)
			}
		case strings.HasPrefix(ex.text, "type ") || strings.HasPrefix(ex.text, "func "):
			decls = append(decls, directive+ex.text)
		case strings.HasPrefix(ex.text, "import ("):
			if !strings.Contains(ex.text, `"example.com/app/gen/`) {
				t.Errorf("%s: an import block that names no generated bindings", where)
			}
			skipped = append(skipped, where+" (imports example.com/app/gen)")
		default:
			free, declared, packages, err := freeNames(ex.text)
			if err != nil {
				t.Errorf("%s: not Go statements: %v", where, err)
				continue
			}
			if len(packages) > 0 {
				skipped = append(skipped, fmt.Sprintf("%s (uses %s)", where, strings.Join(sortedNames(packages), ", ")))
				continue
			}
			need := map[string]bool{}
			var add func(string)
			add = func(n string) {
				if need[n] {
					return
				}
				need[n] = true
				for _, m := range exampleNeeds[n] {
					add(m)
				}
			}
			for n := range free {
				add(n)
			}
			var b strings.Builder
			name := fmt.Sprintf("example%d", ex.line)
			fmt.Fprintf(&b, "func %s() *tfkit.App {\n", name)
			for _, g := range exampleGiven {
				if need[g.name] {
					fmt.Fprintf(&b, "\t%s\n\t_ = %s\n", g.decl, g.name)
				}
			}
			if need["stack"] {
				// The variables the fragment reads and does not
				// declare.
				vars := map[string]bool{}
				code := exampleComment.ReplaceAllString(ex.text, "")
				for _, m := range exampleVarRef.FindAllStringSubmatch(code, -1) {
					vars[m[1]+m[2]] = true
				}
				for _, m := range exampleVarDecl.FindAllStringSubmatch(ex.text, -1) {
					delete(vars, m[1])
				}
				for _, v := range sortedNames(vars) {
					fmt.Fprintf(&b, "\ttfkit.NewVariable(stack, %q, tfkit.VariableConfig{})\n", v)
				}
			}
			b.WriteString("\t{\n" + directive + ex.text)
			for _, n := range sortedNames(declared) {
				fmt.Fprintf(&b, "\t_ = %s\n", n)
			}
			switch {
			case (declared["app"] || need["app"]) && (declared["stack"] || need["stack"] || strings.Contains(ex.text, "tfkit.NewStack(")):
				b.WriteString("\treturn app\n")
			default:
				b.WriteString("\treturn nil\n")
			}
			b.WriteString("\t}\n}\n")
			funcs = append(funcs, b.String())
			calls = append(calls, fmt.Sprintf("\t{%q, %s},\n", where, name))
		}
	}
	if programs != 1 || tests != 1 || len(decls) == 0 || len(funcs) < 20 {
		t.Fatalf("found %d programs, %d test files, %d declarations and %d fragments in docs/go-api.md", programs, tests, len(decls), len(funcs))
	}
	for _, s := range skipped {
		t.Logf("not built (uses bindings tfkit get generates): %s", s)
	}

	var imports []string
	for name, path := range exampleImports {
		imports = append(imports, fmt.Sprintf("\t%s %q\n", name, path))
	}
	sort.Strings(imports)
	main := "package main\n\nimport (\n" + strings.Join(imports, "") + ")\n\n" +
		"var awsSchemaFile = " + strconv.Quote(awsSchema) + "\n\n" +
		"var _, _, _, _ = fmt.Sprint, os.Getenv, strings.HasPrefix, schema.ReadProvidersFile\n\n" +
		"func main() {\n" +
		"\tfor _, ex := range []struct {\n\t\twhere string\n\t\trun   func() *tfkit.App\n\t}{\n" + strings.Join(calls, "") + "\t} {\n" +
		"\t\tapp := ex.run()\n" +
		"\t\tif app == nil {\n\t\t\tcontinue\n\t\t}\n" +
		"\t\tfor _, d := range app.Validate() {\n" +
		"\t\t\tfmt.Printf(\"%s\\t%s\\t%s\\n\", ex.where, d.Severity, strings.ReplaceAll(d.Error(), \"\\n\", \" | \"))\n" +
		"\t\t}\n\t}\n}\n\n" + strings.Join(funcs, "\n") + "\n" + strings.Join(decls, "\n")
	// The project's files the asset example reads.
	dir := t.TempDir()
	module(dir, map[string]string{"main.go": main, "lambda/index.js": "exports.handler = async () => 'ok'\n", "templates/motd.tftpl": "Hello, ${name}\n"})
	out, err := goCmd(dir, "run", ".")
	if err != nil {
		t.Fatalf("the fragments of docs/go-api.md: %v\n%s", err, out)
	}
	var errs []string
	refused := ""
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		f := strings.SplitN(l, "\t", 3)
		if len(f) != 3 || f[1] != "Error" {
			continue
		}
		if strings.Contains(f[2], ": Error: Refused by an aspect ") {
			refused = f[2]
			continue
		}
		errs = append(errs, f[0]+": "+f[2])
	}
	if len(errs) > 0 {
		t.Errorf("the apps of the fragments of docs/go-api.md are not valid:\n%s", strings.Join(errs, "\n"))
	}
	// The aspect example's error, as the text shows it after the example
	// in a main.go, names the element's line and the aspect's as the
	// example places them.
	docs, err := os.ReadFile(filepath.Join("docs", "go-api.md"))
	if err != nil {
		t.Fatal(err)
	}
	lines := regexp.MustCompile(`:(\d+): Error: Refused by an aspect .*?aspect added here: [^:]+:(\d+)`)
	got := lines.FindStringSubmatch(refused)
	want := lines.FindStringSubmatch(strings.ReplaceAll(string(docs), "\n", " | "))
	if got == nil || want == nil {
		t.Fatalf("the aspect example's naming rule: refused %q; the text shows %q", refused, want)
	}
	gotApart, _ := strconv.Atoi(got[1])
	wantApart, _ := strconv.Atoi(want[1])
	aspect, _ := strconv.Atoi(got[2])
	wantAspect, _ := strconv.Atoi(want[2])
	if gotApart-aspect != wantApart-wantAspect {
		t.Errorf("the aspect example's error is %d lines after the aspect's line (%s), the text's %d (main.go:%s and main.go:%s)",
			gotApart-aspect, refused, wantApart-wantAspect, want[1], want[2])
	}
}

func sortedNames(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
