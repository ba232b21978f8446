package convert

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evanw/esbuild/pkg/api"

	"github.com/tfkit/tfkit/internal/golden"
)

// corpus is the load package's corpus of Terraform configurations.
const corpus = "../../load/testdata/cases"

// TestMain fails a full run on golden files no test compares.
func TestMain(m *testing.M) {
	golden.Main(m, "testdata/golden/*/want.*", "testdata/typed/want.*")
}

// TestGolden converts each directory of testdata/golden to Go and TSX and
// compares with want.go, want.tsx and want.diagnostics.txt.
func TestGolden(t *testing.T) {
	ents, err := os.ReadDir("testdata/golden")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		dir := filepath.Join("testdata/golden", e.Name())
		t.Run(e.Name(), func(t *testing.T) {
			var diags strings.Builder
			for _, target := range []Target{Go, TSX} {
				out, ds := Dir(dir, Options{Target: target})
				if ds.HasErrors() {
					t.Fatalf("%s: %v", target, ds)
				}
				for _, d := range ds {
					diags.WriteString(string(target) + ": " + d.Error() + "\n")
				}
				checkParses(t, target, out)
				golden.CheckOptional(t, filepath.Join(dir, "want."+string(target)), out)
				again, _ := Dir(dir, Options{Target: target})
				if string(again) != string(out) {
					t.Errorf("%s: a second conversion differs", target)
				}
			}
			golden.CheckOptional(t, filepath.Join(dir, "want.diagnostics.txt"), []byte(diags.String()))
		})
	}
}

// checkParses parses Go output with go/parser and TSX output with esbuild.
func checkParses(t *testing.T, target Target, out []byte) {
	t.Helper()
	if err := parses(target, out); err != nil {
		t.Errorf("%s output does not parse: %v\n%s", target, err, out)
	}
}

func parses(target Target, out []byte) error {
	if target == Go {
		_, err := parser.ParseFile(token.NewFileSet(), "main.go", out, parser.ParseComments)
		return err
	}
	res := api.Transform(string(out), api.TransformOptions{Loader: api.LoaderTSX, JSX: api.JSXAutomatic, JSXImportSource: "tfkit"})
	if len(res.Errors) > 0 {
		return &transformError{res.Errors[0].Text}
	}
	return nil
}

type transformError struct{ msg string }

func (e *transformError) Error() string { return e.msg }

// TestConvertErrors checks what cannot be converted: syntax errors at
// their .tf line, JSON and override files.
func TestConvertErrors(t *testing.T) {
	_, ds := Dir(filepath.Join(corpus, "syntax"), Options{Target: Go})
	if !ds.HasErrors() || !strings.Contains(ds.Error(), "main.tf:5:22: Error: Invalid multi-line string") {
		t.Errorf("syntax errors: %v", ds)
	}
	_, ds = Files([]File{{Name: "main.tf.json", Src: []byte(`{"resource": []}`)}}, Options{Target: TSX})
	if !strings.Contains(ds.Error(), "main.tf.json:1:14: Error: Unsupported Terraform JSON; expected an object") {
		t.Errorf("JSON: %v", ds)
	}
	_, ds = Files([]File{{Name: "main.tf.json", Src: []byte(`{"resource": `)}}, Options{Target: TSX})
	if !strings.Contains(ds.Error(), "main.tf.json:1:14: Error: Invalid JSON; The JSON ends before the value does.") {
		t.Errorf("JSON: %v", ds)
	}
	// Every error names the line and column of the value at fault.
	for src, want := range map[string]string{
		"{\n  \"resource\": {\n    \"aws_vpc\": [1, 2]\n  }\n}\n":               "main.tf.json:3:16: Error: Unsupported Terraform JSON; expected an object",
		"{\n  \"resource\": {\n    \"aws_vpc\": {\"a\": {\"count\": }}\n  }\n}": "main.tf.json:3:32: Error: Invalid JSON; invalid character '}' looking for beginning of value.",
		"{\"resource\": {},\n \"output\": {\"o\": 5}}":                          "main.tf.json:2:18: Error: Unsupported Terraform JSON; the body of a output block must be an object",
		"{\"nope\": {}}": "main.tf.json:1:10: Error: Unsupported Terraform JSON; \"nope\" is not a Terraform block type",
		"{\"variable\": {\"x\": {\n  \"type\": 5}}}": "main.tf.json:2:11: Error: Unsupported Terraform JSON; a variable's type is a string holding a type constraint",
	} {
		_, ds = Files([]File{{Name: "main.tf.json", Src: []byte(src)}}, Options{Target: Go})
		if !strings.Contains(ds.Error(), want) {
			t.Errorf("%q:\n got %v\nwant %s", src, ds, want)
		}
	}
	// An override without its base is the loader's error too.
	_, ds = Dir(filepath.Join(corpus, "override"), Options{Target: Go})
	if !strings.Contains(ds.Error(), `override.tf:5:1: Error: Missing base resource for override; an override file declares resource "aws_instance.nobase"`) {
		t.Errorf("override: %v", ds)
	}
	_, ds = Files([]File{{Name: "n.tf", Src: []byte("locals {\n  n = [1e9999]\n  m = var.x[1e-9999]\n}\n")}}, Options{Target: TSX})
	if !strings.Contains(ds.Error(), "n.tf:2:3: Error: Number too large to convert") || !strings.Contains(ds.Error(), "n.tf:3:3:") {
		t.Errorf("huge numbers: %v", ds)
	}
	_, ds = Files([]File{{Name: "n.tf", Src: []byte("locals {\n  n = [1e99999999]\n}\n")}}, Options{Target: Go})
	if !strings.Contains(ds.Error(), "n.tf:2:8: Error: Number exponent too large") {
		t.Errorf("exponent beyond the parse guard's limit: %v", ds)
	}
	_, ds = Files(nil, Options{Target: "rust"})
	if !ds.HasErrors() {
		t.Error("unknown target accepted")
	}
}

// FuzzConvert: random HCL never panics convert, and the output for input
// that parses parses too (Go with go/parser, TSX with esbuild).
func FuzzConvert(f *testing.F) {
	for _, seed := range fuzzSeeds(f) {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, src string) {
		for _, target := range []Target{Go, TSX} {
			out, ds := Files([]File{{Name: "fuzz.tf", Src: []byte(src)}}, Options{Target: target})
			if ds.HasErrors() {
				continue
			}
			if err := parses(target, out); err != nil {
				t.Fatalf("%s output does not parse: %v\n--- input\n%s\n--- output\n%s", target, err, src, out)
			}
		}
	})
}

// fuzzSeeds are the .tf files of the golden tests and of the corpus.
func fuzzSeeds(f *testing.F) []string {
	var seeds []string
	for _, pattern := range []string{"testdata/golden/*/*.tf", corpus + "/*/*.tf", corpus + "/*/*/*.tf"} {
		files, _ := filepath.Glob(pattern)
		for _, p := range files {
			data, err := os.ReadFile(p)
			if err != nil {
				f.Fatal(err)
			}
			seeds = append(seeds, string(data))
		}
	}
	return append(seeds,
		`resource "a" "b" { x = "${"`,
		"locals {\n  x = <<EOT\nhi ${var.y}\nEOT\n}\n",
		`locals { x = "`+"`"+`" }`,
		`resource "a_b" "c" { ref = 1 children = 2 type = "t" }`,
		"locals { x = \"\u2028*/${1}\" } # */ `\n",
		"locals {\n  __proto__ = { __proto__ = 1 }\n}\nresource \"a_b\" \"c\" {\n  lifecycle {\n    ignore_changes = all\n  }\n  provisioner \"x\" {\n    when = destroy\n  }\n}\n",
		objectKeySeed,
		"resource \"a\" \"b\" {\n  dynamic \"x\" {\n    for_each = [1]\n    content {}\n  }\n  x {}\n  dynamic \"x\" {\n    for_each = []\n    iterator = it\n    content {\n      x {}\n      dynamic \"x\" {\n        for_each = [2]\n        content {}\n      }\n    }\n  }\n  y = 1\n}\n",
	)
}

// objectKeySeed has object keys tfkit.Object takes and keys it refuses.
const objectKeySeed = `locals {
  ok    = { (var.k) = 1, "${var.k}-x" = 2, 3 = "three", true = 4 }
  null  = { (null) = 1, (var.k) = 2 }
  list  = { ([var.k]) = 1 }
  twice = { 1 = "a", "1" = "b", (var.k) = 3 }
}
`

// TestObjectKeysKeptRaw: an object whose keys tfkit.Object refuses (null,
// a collection, one key twice), which Terraform refuses too, stays raw HCL
// as written; the others are tfkit.Object.
func TestObjectKeysKeptRaw(t *testing.T) {
	out, ds := Files([]File{{Name: "main.tf", Src: []byte(objectKeySeed)}}, Options{Target: Go})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	for _, want := range []string{
		"\"ok\", tfkit.Object(\n\t\t\ttfkit.Var(\"k\"), 1,\n\t\t\t\"${var.k}-x\", 2,\n\t\t\t3, \"three\",\n\t\t\t\"true\", 4,\n\t\t),",
		"\"null\", tfkit.Raw(`{ (null) = 1, (var.k) = 2 }`),",
		"\"list\", tfkit.Raw(`{ ([var.k]) = 1 }`),",
		"\"twice\", tfkit.Raw(`{ 1 = \"a\", \"1\" = \"b\", (var.k) = 3 }`),",
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("output lacks %s:\n%s", want, out)
		}
	}
	if n := strings.Count(ds.Error(), "an object key that is null, a collection or given twice has no Go form"); n != 3 {
		t.Errorf("%d warnings, want 3: %v", n, ds)
	}
}

// TestUnusedHandle: an output that falls back to raw HCL after its value
// referred to a handle leaves the handle unassigned (Go rejects unused
// variables).
func TestUnusedHandle(t *testing.T) {
	src := `resource "null_resource" "early" {}

output "odd" {
  value           = null_resource.early.id
  unknown_setting = 1
}
`
	out, ds := Files([]File{{Name: "main.tf", Src: []byte(src)}}, Options{Target: Go})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	if strings.Contains(string(out), "early :=") || !strings.Contains(string(out), "tfkit.NewRawBlocks(stack, `\noutput \"odd\" {") {
		t.Errorf("unexpected output:\n%s", out)
	}
	if !strings.Contains(ds.Error(), "main.tf:3:1: Warning: Block kept as raw HCL") {
		t.Errorf("diagnostics: %v", ds)
	}
}

// TestFilesByName: override files, by name, are merged into the primary
// files as Terraform merges them, in both syntaxes.
func TestFilesByName(t *testing.T) {
	primary := File{Name: "main.tf", Src: []byte("# The greeting.\nvariable \"greeting\" {\n  default = \"hi\"\n}\n\noutput \"out\" {\n  value = var.greeting\n}\n")}
	for _, over := range []File{
		{Name: "override.tf.json", Src: []byte(`{"variable": {"greeting": {"default": "hello", "description": "what to say"}}}`)},
		{Name: "dir/override.tf", Src: []byte("variable \"greeting\" {\n  default     = \"hello\"\n  description = \"what to say\"\n}\n")},
		{Name: "x_override.tf", Src: []byte("variable \"greeting\" {\n  description = \"what to say\"\n  default     = \"hello\"\n}\n")},
	} {
		// The override first: it is merged whatever the order.
		out, ds := Files([]File{over, primary}, Options{Target: Go})
		if ds.HasErrors() {
			t.Fatalf("%s: %v", over.Name, ds)
		}
		for _, want := range []string{"// The greeting.\n", `"hello",`, `Description: "what to say"`} {
			if !strings.Contains(string(out), want) {
				t.Errorf("%s: output lacks %s:\n%s", over.Name, want, out)
			}
		}
		if strings.Contains(string(out), `"hi"`) {
			t.Errorf("%s: the overridden default is left:\n%s", over.Name, out)
		}
	}
	_, ds := Files([]File{{Name: "override.tf", Src: []byte("variable \"x\" {}\n")}}, Options{Target: TSX})
	if !strings.Contains(ds.Error(), `override.tf:1:1: Error: Missing base variable for override`) {
		t.Errorf("override without base: %v", ds)
	}
}

// FuzzConvertJSON: random Terraform JSON never panics convert, and the
// output for input it reads parses.
func FuzzConvertJSON(f *testing.F) {
	for _, pattern := range []string{"testdata/golden/*/*.tf.json", corpus + "/*/*.tf.json"} {
		files, _ := filepath.Glob(pattern)
		for _, p := range files {
			data, err := os.ReadFile(p)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(string(data))
		}
	}
	f.Add(`{"resource": {"a_b": {"c": [{"provisioner": [{"x": {"when": "destroy"}}]}]}}}`)
	f.Add(`{"locals": [{"a": 1e99999999}]}`)
	f.Fuzz(func(t *testing.T, src string) {
		for _, target := range []Target{Go, TSX} {
			out, ds := Files([]File{{Name: "fuzz.tf.json", Src: []byte(src)}}, Options{Target: target})
			if ds.HasErrors() {
				continue
			}
			if err := parses(target, out); err != nil {
				t.Fatalf("%s output does not parse: %v\n--- input\n%s\n--- output\n%s", target, err, src, out)
			}
		}
	})
}

// TestBlockWithoutElement: a top-level block Terraform does not accept (an
// unknown type, labels it does not take) is raw HCL in Go and an error for
// TSX, which has no raw form for a block; never a comment, which would
// leave it out of the configuration.
func TestBlockWithoutElement(t *testing.T) {
	src := `resource "null_resource" "a" {}

frob "x" {
  y = 1
}

moved "label" {
  from = null_resource.b
  to   = null_resource.a
}
`
	files := []File{{Name: "main.tf", Src: []byte(src)}}
	out, ds := Files(files, Options{Target: Go})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	for _, want := range []string{"tfkit.NewRawBlocks(stack, `\nfrob \"x\" {", "tfkit.NewRawBlocks(stack, `\nmoved \"label\" {"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("Go output lacks %q:\n%s", want, out)
		}
	}
	for _, want := range []string{
		"main.tf:3:1: Warning: Block kept as raw HCL; frob \"x\" is written with tfkit.NewRawBlocks: the Go API has no constructor for frob blocks, which Terraform does not accept either.",
		"main.tf:7:1: Warning: Block kept as raw HCL; moved \"label\" is written with tfkit.NewRawBlocks: the Go API has no constructor for moved blocks with 1 labels (Terraform gives them 0).",
	} {
		if !strings.Contains(ds.Error(), want) {
			t.Errorf("Go diagnostics lack %q:\n%v", want, ds)
		}
	}
	out, ds = Files(files, Options{Target: TSX})
	if out != nil || !ds.HasErrors() {
		t.Fatalf("TSX: no error:\n%s", out)
	}
	for _, want := range []string{
		"main.tf:3:1: Error: Block not convertible to TSX; frob \"x\" is not converted: the TSX front end has no element for frob blocks",
		"main.tf:7:1: Error: Block not convertible to TSX; moved \"label\" is not converted",
	} {
		if !strings.Contains(ds.Error(), want) {
			t.Errorf("TSX diagnostics lack %q:\n%v", want, ds)
		}
	}
}
