package load

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfkit/tfkit/config"
)

func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for n, s := range files {
		mustWrite(t, filepath.Join(dir, n), s)
	}
	return dir
}

// TestValidationFailure: a validation that reads its own variable is no
// dependency cycle; its failure is an error at the value's source, and the
// variable keeps its value.
func TestValidationFailure(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"main.tf": `variable "size" {
  type    = number
  default = 3
  validation {
    condition     = var.size <= 10
    error_message = "size must be at most 10"
  }
}
`,
		"terraform.tfvars": "size = 12\n",
	})
	view, ds := Dir(dir, Options{})
	if len(ds) != 1 {
		t.Fatalf("want one diagnostic, got %v", ds)
	}
	d := ds[0]
	// The engines' detail names the validation rule.
	if d.Summary != "Invalid value for variable" || d.Detail != "size must be at most 10\n\nThis was checked by the validation rule at main.tf:4,3-13." || d.Path != "var.size" {
		t.Errorf("diagnostic %v", d)
	}
	if d.Subject == nil || d.Subject.Filename != "terraform.tfvars" || d.Subject.Start.Line != 1 || d.Subject.Start.Column != 8 {
		t.Errorf("reported at %v, want terraform.tfvars:1:8", d.Subject)
	}
	if got := valueJSON(view.Variables["size"].Value); got != "12" {
		t.Errorf("var.size = %s, want 12", got)
	}
}

// TestConditionsNeverPassSilently: an unknown condition is a warning that
// says why; a null or non-bool one is an error.
func TestConditionsNeverPassSilently(t *testing.T) {
	dir := writeFiles(t, map[string]string{"main.tf": `variable "v" {
  default = "x"
  validation {
    condition     = timestamp() != var.v
    error_message = "never"
  }
}
resource "null_resource" "r" {
  lifecycle {
    precondition {
      condition     = null
      error_message = "null"
    }
    postcondition {
      condition     = self.id
      error_message = "unknown"
    }
  }
}
check "c" {
  assert {
    condition     = "maybe"
    error_message = "not a bool"
  }
}
`})
	_, ds := Dir(dir, Options{})
	var got []string
	for _, d := range ds {
		got = append(got, d.Error())
	}
	all := strings.Join(got, "\n")
	for _, want := range []string{
		"main.tf:4:21: Warning: Condition not evaluated (at var.v.validation[0]); the validation condition of var.v was not checked: it depends on values that are not known until apply: timestamp() changes on every run",
		"main.tf:11:23: Error: Invalid condition result (at null_resource.r.lifecycle.precondition[0]); Condition expression must return either true or false, not null.",
		"main.tf:15:23: Warning: Condition not evaluated (at null_resource.r.lifecycle.postcondition[0]); the postcondition condition of null_resource.r was not checked: it depends on values that are not known until apply: null_resource.r.id is computed by the provider",
		"main.tf:22:21: Error: Invalid condition result (at check.c.assert[0]); Invalid condition result value: a bool is required.",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("missing diagnostic\n%s\ngot:\n%s", want, all)
		}
	}
}

// TestJSONDynamic: the dynamic case written in JSON evaluates to the same
// attributes as in HCL.
func TestJSONDynamic(t *testing.T) {
	attrs := func(c string) map[string]string {
		dir, _ := filepath.Abs(filepath.Join("testdata/cases", c))
		view, ds := Dir(dir, Options{})
		if len(ds) > 0 {
			t.Fatalf("%s: %v", c, ds)
		}
		out := map[string]string{}
		for _, r := range view.Resources {
			out[r.Address] = valueJSON(r.Attributes)
		}
		return out
	}
	hcl, json := attrs("dynamic"), attrs("jsondynamic")
	if len(hcl) != 3 {
		t.Fatalf("dynamic case has %d instances", len(hcl))
	}
	for a, v := range hcl {
		if json[a] != v {
			t.Errorf("%s:\nHCL  %s\nJSON %s", a, v, json[a])
		}
	}
}

// TestWalkEverything visits provider blocks, meta-arguments, conditions
// and the check, import, moved and removed blocks.
func TestWalkEverything(t *testing.T) {
	var names []string
	for _, c := range []string{"checks/undeclared", "cases/conditions"} {
		dir, _ := filepath.Abs(filepath.Join("testdata", c))
		root, ds := LoadTree(dir)
		if ds.HasErrors() {
			t.Fatal(ds)
		}
		root.Walk(func(name string, _ hcl.Expression) { names = append(names, name) })
	}
	got := "\n" + strings.Join(names, "\n") + "\n"
	for _, want := range []string{
		"provider.aws.region",
		"provider.aws.default_tags[0].tags",
		"provider.aws.west.profile",
		"aws_vpc.main.depends_on",
		"aws_vpc.main.lifecycle.replace_triggered_by",
		"aws_vpc.main.lifecycle.ignore_changes",
		"aws_vpc.main.provisioner[0].command",
		"aws_vpc.main.connection.host",
		"aws_instance.east.provider",
		"module.app.providers",
		"module.app.aws_instance.in_app.provider",
		"output.needs.depends_on",
		"import[0].to",
		"import[0].id",
		"moved[0].from",
		"moved[0].to",
		"removed[0].from",
		"removed[0].lifecycle[0].destroy",
		"var.size.validation[0].condition",
		"var.max.validation[1].error_message",
		"null_resource.web.lifecycle.precondition[0].condition",
		"null_resource.web.lifecycle.postcondition[1].condition",
		"output.span.precondition[0].error_message",
		"check.health.assert[1].condition",
		"data.http.site.url",
	} {
		if !strings.Contains(got, "\n"+want+"\n") {
			t.Errorf("Walk did not visit %s", want)
		}
	}
	if t.Failed() {
		t.Log(got)
	}
}

// TestMissingModuleArgumentPerCall: a required variable a call leaves out
// is reported once per call, with the call's path below its module, even
// when the call has no instances, as terraform validate does.
func TestMissingModuleArgumentPerCall(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"main.tf": `module "a" {
  source = "./a"
  count  = 2
}
`,
		"a/main.tf": `module "b" {
  source = "../b"
  count  = 0
}
module "c" {
  source = "../b"
  nedded = 1
}
`,
		"b/main.tf": `variable "needed" {}
`,
	})
	_, ds := Dir(dir, Options{})
	var got []string
	for _, d := range ds {
		got = append(got, mistakeLine(dir, d)+" ("+d.Path+"; "+d.Suggestion+")")
	}
	want := []string{
		`a/main.tf:1:12: Error: Missing required argument; The argument "needed" is required, but no definition was found: variable "needed" of module "b" has no default. (module.a.module.b.needed; set needed in the module block module.a.module.b)`,
		`a/main.tf:7:3: Error: Unsupported argument; An argument named "nedded" is not expected here: module "c" has no variable "nedded". (module.a.module.c.nedded; did you mean "needed"?)`,
		`a/main.tf:5:12: Error: Missing required argument; The argument "needed" is required, but no definition was found: variable "needed" of module "c" has no default. (module.a.module.c.needed; set needed in the module block module.a.module.c)`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestMissingInstanceKeySameAsValidate: eval reports an attribute read
// from a counted or for_each resource without a key in the words config's
// Validate gives the Go and TSX front ends, suggestion included.
func TestMissingInstanceKeySameAsValidate(t *testing.T) {
	dir := writeFiles(t, map[string]string{"main.tf": `resource "terraform_data" "p" {
  count = 2
}
data "aws_ami" "q" {
  for_each = toset(["a"])
}
output "p" {
  value = terraform_data.p.id
}
output "q" {
  value = data.aws_ami.q.image_id
}
`})
	_, ds := Dir(dir, Options{})
	want := []struct {
		addr, arg, attr, path string
		line, col             int
	}{
		{"terraform_data.p", "count", "id", "output.p", 8, 11},
		{"data.aws_ami.q", "for_each", "image_id", "output.q", 11, 11},
	}
	if len(ds) != len(want) {
		t.Fatalf("want %d diagnostics, got %v", len(want), ds)
	}
	for i, w := range want {
		d, c := ds[i], config.MissingInstanceKey(w.addr, w.arg, w.attr)
		if d.Severity != c.Severity || d.Summary != c.Summary || d.Detail != c.Detail || d.Suggestion != c.Suggestion || d.Path != w.path {
			t.Errorf("diagnostic %d: got %q %q %q at %s, want %q %q %q at %s", i, d.Summary, d.Detail, d.Suggestion, d.Path, c.Summary, c.Detail, c.Suggestion, w.path)
		}
		if d.Subject == nil || d.Subject.Start.Line != w.line || d.Subject.Start.Column != w.col {
			t.Errorf("diagnostic %d at %v, want main.tf:%d:%d", i, d.Subject, w.line, w.col)
		}
	}
	if s := ds[0].Suggestion; s != "read one instance, such as terraform_data.p[0].id, or all of them, such as terraform_data.p[*].id" {
		t.Errorf("suggestion %q", s)
	}
}

// TestBuiltinPlannedValues: what the engines plan for the built-in
// provider's attributes that a configuration leaves unset is known: an
// argument is null, and terraform_data's output is null while its input is
// (terraform plan's after_unknown lists only id then). Only id, and output
// beside an input, are unknown.
func TestBuiltinPlannedValues(t *testing.T) {
	dir := writeFiles(t, map[string]string{"main.tf": `resource "terraform_data" "u" {}
resource "terraform_data" "v" {
  input = "x"
}
variable "n" {
  default = null
}
resource "terraform_data" "w" {
  input = var.n
}
output "o" {
  value = {
    u_out = terraform_data.u.output, u_in = terraform_data.u.input, u_tr = terraform_data.u.triggers_replace,
    v_out = terraform_data.v.output, w_out = terraform_data.w.output, u_id = terraform_data.u.id,
  }
}
`})
	view, ds := Dir(dir, Options{})
	if len(ds) != 0 {
		t.Fatalf("diagnostics: %v", ds)
	}
	o := view.Outputs["o"].Value
	if got, want := valueJSON(o), `{"u_id": null, "u_in": null, "u_out": null, "u_tr": null, "v_out": null, "w_out": null}`; got != want {
		t.Errorf("o = %s, want %s", got, want)
	}
	got := unknowns(o)
	if len(got) != 2 || got["u_id"] == nil || got["v_out"] == nil {
		t.Errorf("unknown: %v, want u_id and v_out only", got)
	}
}
