package synth

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/manifest"
	"github.com/tfkit/tfkit/schema"
)

func oneResource() *config.Config {
	cfg := &config.Config{}
	b := config.NewBlock("resource", "terraform_data", "x")
	b.Body.Set("input", config.String("hi"))
	cfg.Add(b)
	return cfg
}

// An unknown format is the same diagnostic for every front end, with the
// front end's suggestion.
func TestUnknownFormatIsADiagnostic(t *testing.T) {
	_, err := Files(OneStack("main", oneResource()), Options{Format: "yaml", FormatSuggestion: "say hcl"})
	var ds diag.Diagnostics
	if !errors.As(err, &ds) || len(ds) != 1 || ds[0].Summary != "Unknown output format" ||
		!strings.Contains(ds[0].Detail, `"yaml"`) || ds[0].Suggestion != "say hcl" {
		t.Fatalf("err = %v", err)
	}
}

// A one-stack app (TSX) is written at the output's root, its manifest
// naming the directory ".".
func TestOneStackAtRoot(t *testing.T) {
	files, err := Files(OneStack("main", oneResource()), Options{Format: FormatJSON})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := files["main.tf.json"]; !ok || len(files) != 2 {
		t.Fatalf("files %v", keys(files))
	}
	m, err := manifest.Parse(files[manifest.Name])
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Stacks) != 1 || m.Stacks[0].Directory != "." || m.Stacks[0].Files[0].Path != "main.tf.json" || m.Format != "json" {
		t.Fatalf("manifest %+v", m)
	}
}

// The schema check applies to every front end's stacks; in warning mode
// its findings reach Warn and the output is written.
func TestSchemaCheck(t *testing.T) {
	providers := []*schema.Provider{{
		Source: "registry.terraform.io/hashicorp/terraform",
		Resources: []*schema.Resource{{Type: "terraform_data", Block: &schema.Block{
			Attributes: []*schema.Attribute{{Name: "triggers_replace", Optional: true}},
		}}},
	}}
	o := Options{Format: FormatHCL, Schemas: func() ([]*schema.Provider, diag.Diagnostics) { return providers, nil }}
	_, err := Files(OneStack("main", oneResource()), o)
	var ds diag.Diagnostics
	if !errors.As(err, &ds) || !ds.HasErrors() || !strings.Contains(ds.Error(), "input") {
		t.Fatalf("err = %v", err)
	}
	var warned diag.Diagnostics
	o.SchemaWarnings = true
	o.Warn = func(ds diag.Diagnostics) { warned = append(warned, ds...) }
	if _, err := Files(OneStack("main", oneResource()), o); err != nil {
		t.Fatal(err)
	}
	if len(warned) == 0 || warned.HasErrors() {
		t.Fatalf("warned %v", warned)
	}
}

// A stack the front end validated is not validated again; one it did not
// is.
func TestValidated(t *testing.T) {
	cfg := &config.Config{}
	cfg.Add(config.NewBlock("output", "o")) // no value
	a := OneStack("main", cfg)
	if ds := NewPlan(a, nil).Validate(); len(ds) != 0 {
		t.Fatalf("validated stack: %v", ds)
	}
	a.Stacks[0].Validated = false
	if ds := NewPlan(a, nil).Validate(); !ds.HasErrors() {
		t.Fatal("want the missing value reported")
	}
}

// RewriteExpr replaces references to elements, not iterators.
func TestRewriteExprKeepsIterators(t *testing.T) {
	x, ds := config.ParseExpression(`[for v in var.list : v if aws_vpc.main.id != ""]`, "", hcl.InitialPos)
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	var seen []string
	RewriteExpr(x, func(t hcl.Traversal) config.Expr {
		seen = append(seen, config.TraversalString(t))
		return nil
	})
	if strings.Join(seen, " ") != "var.list aws_vpc.main.id" {
		t.Fatalf("seen %q", seen)
	}
}

func keys(m map[string][]byte) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// TestFollowsOn: a mistake config.Validate finds in an argument the front
// end reported at the same place is left out; other mistakes of the block
// are not.
func TestFollowsOn(t *testing.T) {
	at := func(line int) *hcl.Range {
		return &hcl.Range{Filename: "main.go", Start: hcl.Pos{Line: line, Column: 2}, End: hcl.Pos{Line: line, Column: 3}}
	}
	recorded := diag.Diagnostics{
		{Severity: diag.Error, Summary: "Address in another stack", Path: "import.to", Subject: at(10)},
		{Severity: diag.Error, Summary: "Invalid value", Path: "aws_vpc.own.cidr_block", Subject: at(20)},
		{Severity: diag.Warning, Summary: "Deprecated", Path: "aws_vpc.w.x", Subject: at(30)},
	}
	for _, c := range []struct {
		d    *diag.Diagnostic
		want bool
	}{
		{&diag.Diagnostic{Severity: diag.Error, Summary: `Reference to undeclared resource "aws_vpc.main"`, Path: "import.to", Subject: at(10)}, true},
		{&diag.Diagnostic{Severity: diag.Error, Summary: "Missing required argument", Detail: `The argument "to" is required, but no definition was found.`, Path: "import.to", Subject: at(10)}, true},
		{&diag.Diagnostic{Severity: diag.Error, Summary: "Missing required argument", Detail: `The argument "id" is required, but no definition was found.`, Path: "import.id", Subject: at(10)}, false},
		{&diag.Diagnostic{Severity: diag.Error, Summary: "Missing required argument", Detail: `The argument "to" is required, but no definition was found.`, Path: "import.to", Subject: at(11)}, false},
		{&diag.Diagnostic{Severity: diag.Error, Summary: `Reference to undeclared resource "aws_vpc.main"`, Path: "import.to", Subject: at(11)}, false},
		{&diag.Diagnostic{Severity: diag.Error, Summary: `Duplicate resource "aws_vpc.own"`, Path: "aws_vpc.own", Subject: at(20)}, false},
		{&diag.Diagnostic{Severity: diag.Error, Summary: `Reference to undeclared resource "aws_vpc.x"`, Path: "aws_vpc.w.x", Subject: at(30)}, false},
	} {
		if got := followsOn(c.d, recorded); got != c.want {
			t.Errorf("followsOn(%s at %s line %d) = %v, want %v", c.d.Summary, c.d.Path, c.d.Subject.Start.Line, got, c.want)
		}
	}
	// What config.Validate says of the import block the front end left
	// without its to (and without an id): the missing to follows on, the
	// missing id does not.
	b := config.NewBlock("import")
	b.DeclRange = *at(10)
	var got []string
	for _, d := range config.Validate(&config.Config{Blocks: []*config.Block{b}}) {
		got = append(got, fmt.Sprintf("%s %s %v", d.Summary, d.Path, followsOn(d, recorded)))
	}
	want := []string{"Missing required argument import.to true", "Missing required argument import.id false"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("config.Validate of an import without to and id:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
