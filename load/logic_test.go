package load

import (
	"testing"

	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/tffile"
)

// TestLogicOperandsOpenTofu: OpenTofu skips the operand of && and || that
// does not decide, as Terraform does from 1.12 (before, both: the mistake
// "|| guarding a null"), so with --engine tofu a null guarded by || is no
// error; nor with a Terraform release not known.
func TestLogicOperandsOpenTofu(t *testing.T) {
	files := map[string]string{"main.tf": `variable "name" {
  type    = string
  default = null
}

resource "terraform_data" "id" {}

output "named" {
  value = var.name == null || length(var.name) > 0
}

output "and_false" {
  value = terraform_data.id.id == "x" && false
}

output "true_or" {
  value = true || terraform_data.id.id == "x"
}
`}
	view, ds := Dir(writeFiles(t, files), Options{Engine: tffile.OpenTofu})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	for name, want := range map[string]string{"named": "true", "and_false": "false", "true_or": "true"} {
		if got := valueJSON(view.Outputs[name].Value); got != want {
			t.Errorf("output %s: %s, want %s", name, got, want)
		}
	}
	if _, ds := Dir(writeFiles(t, files), Options{EngineVersion: "1.11.4"}); !ds.HasErrors() {
		t.Errorf("for Terraform 1.11, the null guarded by || is no error")
	}
	for _, o := range []Options{{}, {EngineVersion: "1.12.0"}, {Engine: tffile.OpenTofu, EngineVersion: "1.10.0"}} {
		if _, ds := Dir(writeFiles(t, files), o); ds.HasErrors() {
			t.Errorf("%s %q: %s", o.Engine, o.EngineVersion, ds)
		}
	}
	w := enginetest.Workspace(t, files)
	w.Engine = enginetest.OpenTofu(t)
	crossCheckWith(t, w, Options{Engine: tffile.OpenTofu})
}

// TestBothOperands: the releases that evaluate both operands of && and ||.
func TestBothOperands(t *testing.T) {
	for _, c := range []struct {
		engine  tffile.Engine
		version string
		want    bool
	}{
		{tffile.Terraform, "1.11.4", true},
		{tffile.Terraform, "v1.5.7", true},
		{tffile.Terraform, "1.12.0", false},
		{tffile.Terraform, "1.12.0-beta1", false},
		{tffile.Terraform, "1.14.2", false},
		{tffile.Terraform, "", false},
		{tffile.Terraform, "not a version", false},
		{tffile.OpenTofu, "1.9.4", true},
		{tffile.OpenTofu, "1.10.0", false},
		{tffile.OpenTofu, "1.12.6", false},
	} {
		if got := bothOperands(c.engine, c.version); got != c.want {
			t.Errorf("%s %q: %v, want %v", c.engine, c.version, got, c.want)
		}
	}
}

// TestLogicOperandsJSON: && and || in the templates of .tf.json files
// skip the operand that does not decide as they do in native syntax,
// where the engine's release does (the mistake "|| guarding a null in
// JSON" is a release that does not), and give the decided value beside an
// unknown operand either way.
func TestLogicOperandsJSON(t *testing.T) {
	files := map[string]string{"main.tf.json": `{
  "variable": {"x": {"type": "object({a = number})", "default": null}},
  "resource": {"terraform_data": {"id": {}}},
  "output": {
    "checked": {"value": "${var.x != null && var.x.a == 1}"},
    "listed": {"value": ["${var.x == null || var.x.a == 1}"]},
    "keyed": {"value": {"${var.x == null || var.x.a == 1}": "${false && terraform_data.id.id == \"x\"}"}}
  }
}
`}
	want := map[string]string{"checked": "false", "listed": `[true]`, "keyed": `{"true": false}`}
	set := map[string]string{"checked": "true", "listed": `[true]`, "keyed": `{"true": false}`}
	for _, c := range []struct {
		o    Options
		want map[string]string
	}{
		{Options{}, want},
		{Options{EngineVersion: "1.12.0"}, want},
		{Options{Engine: tffile.OpenTofu}, want},
		{Options{Engine: tffile.OpenTofu, EngineVersion: "1.12.6"}, want},
		{Options{EngineVersion: "1.11.4", Vars: []string{"x={a=1}"}}, set},
		{Options{Engine: tffile.OpenTofu, EngineVersion: "1.9.4", Vars: []string{"x={a=1}"}}, set},
	} {
		view, ds := Dir(writeFiles(t, files), c.o)
		if ds.HasErrors() {
			t.Errorf("%s %q: %s", c.o.Engine, c.o.EngineVersion, ds)
			continue
		}
		for name, w := range c.want {
			if got := valueJSON(view.Outputs[name].Value); got != w {
				t.Errorf("%s %q: output %s: %s, want %s", c.o.Engine, c.o.EngineVersion, name, got, w)
			}
		}
	}
	_, ds := Dir(writeFiles(t, files), Options{EngineVersion: "1.11.4"})
	if n := len(ds.Errs()); n != 3 {
		t.Errorf("for Terraform 1.11, %d errors, want one for each null guarded: %s", n, ds)
	}
	w := enginetest.Workspace(t, files)
	w.Engine = enginetest.OpenTofu(t)
	crossCheckWith(t, w, Options{Engine: tffile.OpenTofu})
}
