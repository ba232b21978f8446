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

func TestReadModuleErrors(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "main.tf"), []byte("variable \"x\" {\n  type    = number\n  default = \"nope\"\n}\n"), 0o644)
	_, diags := ReadModule(dir)
	if !diags.HasErrors() || !strings.Contains(diags.Error(), "main.tf:3:") || !strings.Contains(diags.Error(), "does not match its type number") {
		t.Fatalf("got %v", diags)
	}
}
