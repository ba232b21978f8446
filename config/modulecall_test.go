package config

import (
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
)

// TestModuleCallChecks: a call's arguments against the module's
// variables, and reads of its outputs, in the caller's words.
func TestModuleCallChecks(t *testing.T) {
	at := func(line int) hcl.Range {
		return hcl.Range{Filename: "main.tf", Start: hcl.Pos{Line: line, Column: 1}, End: hcl.Pos{Line: line, Column: 2}}
	}
	m := &ModuleInterface{
		Variables: []ModuleVariable{{Name: "size"}, {Name: "name", Required: true}, {Name: "zone", Required: true}},
		Outputs:   []string{"vpc_id", "id"},
	}
	ds := m.CheckCall(ModuleCall{Address: "module.net", Module: `module "net"`, InputsIn: "the module block module.net", DeclRange: at(1),
		Arguments: []ModuleArgument{{Name: "sise", Range: at(2)}, {Name: "zone", Range: at(3)}}})
	var got []string
	for _, d := range ds {
		got = append(got, d.Subject.String()+" "+d.Summary+" "+d.Path+": "+d.Detail+" ("+d.Suggestion+")")
	}
	want := []string{
		`main.tf:2,1-2 Unsupported argument module.net.sise: An argument named "sise" is not expected here: module "net" has no variable "sise". (did you mean "size"?)`,
		`main.tf:1,1-2 Missing required argument module.net.name: The argument "name" is required, but no definition was found: variable "name" of module "net" has no default. (set name in the module block module.net)`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	cfg, pds := ParseConfig(`resource "terraform_data" "a" {
  input = [module.net.vpc_id, module.net["k"].vcp_id, module.other.x]
  lifecycle {
    precondition {
      condition     = module.net.nope == ""
      error_message = "x"
    }
  }
}
`, "main.tf")
	if pds.HasErrors() {
		t.Fatal(pds)
	}
	b := cfg.Blocks[0]
	ds = CheckOutputReads(b.Body, b.Address(), b.DeclRange, map[string]*ModuleInterface{"net": m})
	got = nil
	for _, d := range ds {
		got = append(got, d.Subject.String()+" "+d.Path+": "+d.Detail+" ("+d.Suggestion+")")
	}
	want = []string{
		`main.tf:2,3-70 terraform_data.a.input: module.net has no output "vcp_id": its module declares no such output. (did you mean "vpc_id"?)`,
		`main.tf:5,7-44 terraform_data.a.lifecycle.precondition.condition: module.net has no output "nope": its module declares no such output. ()`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
