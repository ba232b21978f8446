package tffile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/zclconf/go-cty/cty"
)

func TestReadModule(t *testing.T) {
	mod, diags := ReadModule(filepath.Join("testdata", "modules", "net"))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	var names []string
	for _, in := range mod.Inputs {
		names = append(names, in.Name)
	}
	if got := strings.Join(names, ","); got != "name,subnets,enabled,secret" {
		t.Fatalf("inputs %s", got)
	}
	name, subnets, enabled, secret := mod.Inputs[0], mod.Inputs[1], mod.Inputs[2], mod.Inputs[3]
	if !name.Required() || name.Type != cty.String || name.Description != "Name prefix for every resource." {
		t.Errorf("name: %+v", name)
	}
	if got := typeexpr.TypeString(subnets.Type); got != "list(object({cidr=string,tags=map(string),zone=string}))" {
		t.Errorf("subnets type %s", got)
	}
	if elem := subnets.Type.ElementType(); !elem.AttributeOptional("zone") || !elem.AttributeOptional("tags") || elem.AttributeOptional("cidr") {
		t.Errorf("optional attributes lost: %#v", elem)
	}
	if subnets.Required() || subnets.Defaults == nil {
		t.Fatalf("subnets: %+v", subnets)
	}
	zone := subnets.Default.Index(cty.NumberIntVal(0)).GetAttr("zone")
	if zone != cty.StringVal("a") {
		t.Errorf("optional default not applied: zone = %#v", zone)
	}
	if enabled.Nullable || enabled.Default != cty.True {
		t.Errorf("enabled: %+v", enabled)
	}
	if !secret.Sensitive || secret.Type != cty.DynamicPseudoType || secret.Required() {
		t.Errorf("secret: %+v", secret)
	}
	if len(mod.Outputs) != 2 || mod.Outputs[0].Name != "id" || mod.Outputs[0].Description != "The network id." || !mod.Outputs[1].Sensitive {
		t.Errorf("outputs: %+v", mod.Outputs)
	}
}

// TestReadModuleErrors: a default its type does not accept is the error
// eval gives, in the engines' words, with the type as the hint.
func TestReadModuleErrors(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "main.tf"), []byte("variable \"x\" {\n  type    = number\n  default = \"nope\"\n}\n"), 0o644)
	_, diags := ReadModule(dir)
	if !diags.HasErrors() || !strings.Contains(diags.Error(), "main.tf:3:") {
		t.Fatalf("got %v", diags)
	}
	d := diags[0]
	if d.Summary != "Invalid default value for variable" ||
		d.Detail != "This default value is not compatible with the variable's type constraint: a number is required." ||
		d.Suggestion != "give a default of type number, or change the type" || d.Path != "var.x.default" {
		t.Errorf("got %q; %q; hint %q; at %q", d.Summary, d.Detail, d.Suggestion, d.Path)
	}
}

// TestReadModuleOverrides: override files are merged as Terraform merges
// them before the interface is read: an override of the default keeps the
// base's type, an override of the type converts the base's default to it,
// and JSON overrides apply to native-syntax blocks.
func TestReadModuleOverrides(t *testing.T) {
	mod, diags := ReadModule(filepath.Join("testdata", "modules", "override"))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if len(mod.Inputs) != 3 || len(mod.Outputs) != 1 {
		t.Fatalf("inputs %+v outputs %+v", mod.Inputs, mod.Outputs)
	}
	size, zones, name := mod.Inputs[0], mod.Inputs[1], mod.Inputs[2]
	if size.Name != "size" || size.Type != cty.Number || !size.Default.RawEquals(cty.NumberIntVal(3)) {
		t.Errorf("size: type %#v default %#v", size.Type, size.Default)
	}
	if want := cty.SetVal([]cty.Value{cty.StringVal("a")}); zones.Name != "zones" || !zones.Type.Equals(cty.Set(cty.String)) || !zones.Default.RawEquals(want) {
		t.Errorf("zones: type %#v default %#v", zones.Type, zones.Default)
	}
	if name.Name != "name" || !name.Sensitive || name.Description != "Name prefix." || !name.Required() {
		t.Errorf("name: %+v", name)
	}
	if out := mod.Outputs[0]; out.Name != "id" || out.Description != "The id, overridden." {
		t.Errorf("output: %+v", out)
	}
}

// TestReadModuleOverrideErrors: an override that makes the default invalid,
// and an override of a variable no primary file declares, are errors, as
// in Terraform.
func TestReadModuleOverrideErrors(t *testing.T) {
	for name, tc := range map[string]struct{ over, want string }{
		"type":    {"variable \"x\" {\n  type = number\n}\n", "not compatible with the variable's type constraint: a number is required"},
		"no base": {"variable \"y\" {}\n", "Missing base variable for override"},
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte("variable \"x\" {\n  default = \"nope\"\n}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "override.tf"), []byte(tc.over), 0o644); err != nil {
			t.Fatal(err)
		}
		_, diags := ReadModule(dir)
		if !diags.HasErrors() || !strings.Contains(diags.Error(), tc.want) {
			t.Errorf("%s: got %v", name, diags)
		}
	}
}

// TestReadModuleEmpty: a directory without configuration files is a module
// without inputs or outputs, and a missing directory is an error.
func TestReadModuleEmpty(t *testing.T) {
	mod, diags := ReadModule(t.TempDir())
	if diags.HasErrors() || mod == nil || len(mod.Inputs)+len(mod.Outputs) != 0 {
		t.Errorf("empty directory: %+v %v", mod, diags)
	}
	if _, diags := ReadModule(filepath.Join(t.TempDir(), "missing")); !diags.HasErrors() || !strings.Contains(diags.Error(), "Cannot read module directory") {
		t.Errorf("missing directory: %v", diags)
	}
}

// TestReadModuleForEngine: with OpenTofu a module's .tofu files count and
// variables.tofu hides variables.tf; Terraform reads variables.tf alone.
func TestReadModuleForEngine(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "variables.tf"), []byte("variable \"cidr\" {\n  type = string\n}\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "variables.tofu"), []byte("variable \"region\" {\n  type = string\n}\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "outputs.tofu"), []byte("output \"id\" {\n  value = var.region\n}\n"), 0o644)
	for _, tc := range []struct {
		e            Engine
		inputs, outs string
	}{{Terraform, "cidr", ""}, {OpenTofu, "region", "id"}} {
		mod, diags := ReadModuleFor(dir, tc.e)
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		var ins, outs []string
		for _, in := range mod.Inputs {
			ins = append(ins, in.Name)
		}
		for _, o := range mod.Outputs {
			outs = append(outs, o.Name)
		}
		if strings.Join(ins, ",") != tc.inputs || strings.Join(outs, ",") != tc.outs {
			t.Errorf("%s: inputs %v outputs %v, want %s and %s", tc.e, ins, outs, tc.inputs, tc.outs)
		}
	}
	if mod, _ := ReadModule(dir); len(mod.Inputs) != 1 || mod.Inputs[0].Name != "cidr" {
		t.Errorf("ReadModule reads as Terraform: %+v", mod.Inputs)
	}
}
