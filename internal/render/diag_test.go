package render

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
)

// TestDiagnostics checks that models the renderers cannot write faithfully
// are refused with a located diagnostic and a hint, by the renderer(s)
// concerned, and that the other renderer accepts what it can write.
func TestDiagnostics(t *testing.T) {
	webRange := hcl.Range{Filename: "main.go", Start: hcl.Pos{Line: 12, Column: 3}}
	web := func(items ...config.Item) *config.Config {
		b := blk("resource", lbl("aws_instance", "web"), items...)
		b.DeclRange = webRange
		return cfgOf(b)
	}
	attrAt := func(name string, e config.Expr, line int) *config.Attribute {
		return &config.Attribute{Name: name, Expr: e, Range: hcl.Range{Filename: "main.go", Start: hcl.Pos{Line: line, Column: 5}}}
	}
	const both, hclOnly, jsonOnly = "both", "hcl", "json"
	cases := []struct {
		name    string
		cfg     *config.Config
		fails   string // which renderer refuses the model
		path    string
		summary string
		line    int // expected Subject line; 0: the block's
	}{
		{"depends_on string that is no reference", web(attrAt("depends_on", tup(str("not a reference!")), 14)),
			both, "aws_instance.web.depends_on", "Invalid depends_on", 14},
		{"provider string that is no reference", web(at("provider", str("aws west"))),
			both, "aws_instance.web.provider", "Invalid provider", 0},
		{"ignore_changes string that is no path", web(blk("lifecycle", nil, at("ignore_changes", tup(str("tags["))))),
			both, "aws_instance.web.lifecycle.ignore_changes", "Invalid ignore_changes", 0},
		{"provisioner when that is no keyword", web(blk("provisioner", lbl("local-exec"), at("when", str("on destroy")))),
			both, "aws_instance.web.provisioner.local-exec.when", "Invalid when", 0},
		{"module providers key that is no reference", cfgOf(blk("module", lbl("m"), at("source", str("./m")), at("providers", obj("aws west", ref("aws"))))),
			both, "module.m.providers", "Invalid providers", 0},
		{"variable type that does not parse", cfgOf(blk("variable", lbl("v"), at("type", str("list(")))),
			both, "var.v.type", "Invalid type", 0},
		{"unknown value", web(at("ami", lit(cty.UnknownVal(cty.String)))),
			both, "aws_instance.web.ami", "Unknown value", 0},
		{"infinite number", web(at("count", lit(cty.NumberFloatVal(math.Inf(1))))),
			both, "aws_instance.web.count", "Infinite number", 0},
		{"marked value", web(at("password", lit(cty.StringVal("x").Mark("sensitive")))),
			both, "aws_instance.web.password", "Marked value", 0},
		{"raw text that does not parse", web(at("ami", raw("var.a +"))),
			both, "aws_instance.web.ami", "Invalid raw expression", 0},
		{"raw text nested 100,000 levels deep", web(at("ami", raw(strings.Repeat("(", 100000)+"1"+strings.Repeat(")", 100000)))),
			both, "aws_instance.web.ami", "Invalid raw expression", 0},
		{"unknown binary operator", web(at("count", bin(num(1), "^", num(2)))),
			both, "aws_instance.web.count", "Unknown operator", 0},
		{"missing expression", web(at("ami", nil)),
			both, "aws_instance.web.ami", "Missing expression", 0},
		{"reference root that is no name", web(at("ami", &config.Reference{Traversal: hcl.Traversal{hcl.TraverseRoot{Name: "1x"}}})),
			both, "aws_instance.web.ami", "Invalid reference", 0},
		{"function name that is no name", web(at("ami", call("no such"))),
			both, "aws_instance.web.ami", "Invalid function name", 0},
		{"grouping in a tuple for", web(at("x", &config.For{ValVar: "v", Collection: ref("var.l"), Value: ref("v"), Group: true})),
			both, "aws_instance.web.x", "Invalid for expression", 0},
		{"argument name that is no name", web(at("not a name", num(1))),
			hclOnly, "aws_instance.web.not a name", "Invalid argument name", 0},
		{"block type that is no name", cfgOf(blk("bad type", nil)),
			hclOnly, "bad type", "Invalid block type", 0},
		{"block label with a dollar", cfgOf(blk("resource", lbl("aws_instance", "a$b"))),
			hclOnly, "aws_instance.a$b", "Invalid block label", 0},
		{"block label that is not UTF-8", cfgOf(blk("resource", lbl("aws_instance", "w\xe9b"))),
			both, "aws_instance.w\xe9b", "Invalid text", 0},
		{"nested block label that is not UTF-8", web(blk("provisioner", lbl("local\xe9"))),
			both, "aws_instance.web.provisioner.local\xe9", "Invalid text", 0},
		{"expression in a variable default", cfgOf(blk("variable", lbl("v"), at("default", ref("var.other")))),
			jsonOnly, "var.v.default", "Expression in a literal argument", 0},
		// A template of variables and locals alone is written: OpenTofu
		// evaluates it early (TestEarlyEvaluationGolden); one that reads
		// anything else has no JSON form.
		{"template in a module source", cfgOf(blk("module", lbl("m"), at("source", tpl(str("./"), ref("aws_vpc.main.id"))))),
			jsonOnly, "module.m.source", "Expression in a literal argument", 0},
		{"variable and resource in a module source", cfgOf(blk("module", lbl("m"), at("source", tpl(ref("var.dir"), ref("aws_vpc.main.id"))))),
			jsonOnly, "module.m.source", "Expression in a literal argument", 0},
		{"depends_on that is no list", web(at("depends_on", ref("local.deps"))),
			jsonOnly, "aws_instance.web.depends_on", "Invalid depends_on", 0},
		{"providers that is no map", cfgOf(blk("module", lbl("m"), at("providers", ref("local.p")))),
			jsonOnly, "module.m.providers", "Invalid providers", 0},
		{"blocks of one type with different label counts", cfgOf(blk("resource", lbl("a", "b")), blk("resource", lbl("a"))),
			jsonOnly, "a.b", "Inconsistent block labels", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, hclErr := HCL(c.cfg)
			_, jsonErr := JSON(c.cfg)
			for _, r := range []struct {
				name  string
				err   error
				fails bool
			}{
				{"HCL", hclErr, c.fails != jsonOnly},
				{"JSON", jsonErr, c.fails != hclOnly},
			} {
				if !r.fails {
					if r.err != nil {
						t.Errorf("%s refused the model: %v", r.name, r.err)
					}
					continue
				}
				d := firstDiagnostic(t, r.name, r.err)
				if d == nil {
					continue
				}
				if d.Summary != c.summary {
					t.Errorf("%s: summary %q, want %q", r.name, d.Summary, c.summary)
				}
				if d.Path != c.path {
					t.Errorf("%s: path %q, want %q", r.name, d.Path, c.path)
				}
				if d.Detail == "" {
					t.Errorf("%s: no detail", r.name)
				}
				if c.line != 0 && (d.Subject == nil || d.Subject.Start.Line != c.line) {
					t.Errorf("%s: subject %v, want line %d", r.name, d.Subject, c.line)
				}
				if c.line == 0 && c.cfg.Blocks[0].DeclRange == webRange && (d.Subject == nil || *d.Subject != webRange) {
					t.Errorf("%s: subject %v, want the block's %v", r.name, d.Subject, webRange)
				}
			}
		})
	}
}

func firstDiagnostic(t *testing.T, renderer string, err error) *diag.Diagnostic {
	t.Helper()
	if err == nil {
		t.Errorf("%s accepted a model it cannot write", renderer)
		return nil
	}
	var ds diag.Diagnostics
	if !errors.As(err, &ds) || len(ds) == 0 {
		t.Errorf("%s: error is not diagnostics: %v", renderer, err)
		return nil
	}
	return ds[0]
}

// TestDiagnosticText checks what a user reads: where, what, and the hint.
func TestDiagnosticText(t *testing.T) {
	b := blk("resource", lbl("aws_instance", "web"), &config.Attribute{
		Name:  "depends_on",
		Expr:  tup(str("aws vpc")),
		Range: hcl.Range{Filename: "stack.go", Start: hcl.Pos{Line: 7, Column: 2}},
	})
	_, err := HCL(cfgOf(b))
	if err == nil {
		t.Fatal("no error")
	}
	want := []string{"stack.go:7:2", "Invalid depends_on", "aws_instance.web.depends_on", `"aws vpc" is not one`, "hint: write references such as [aws_vpc.main"}
	for _, w := range want {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error text lacks %q:\n%s", w, err)
		}
	}
}

// TestDiagnosticsCollectAll checks that one run reports every problem, not
// only the first.
func TestDiagnosticsCollectAll(t *testing.T) {
	cfg := cfgOf(
		blk("resource", lbl("a", "b"), at("provider", str("x y"))),
		blk("resource", lbl("a", "c"), at("depends_on", tup(str("1 2"), str("3 4")))),
	)
	_, err := HCL(cfg)
	var ds diag.Diagnostics
	if !errors.As(err, &ds) || len(ds) != 3 {
		t.Fatalf("want 3 diagnostics, got %v", err)
	}
}
