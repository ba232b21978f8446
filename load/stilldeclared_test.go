package load

import (
	"testing"

	"github.com/tfkit/tfkit/tffile"
)

// stillDeclared are moved and removed blocks whose from names what the
// configuration still declares, which both engines refuse when they plan,
// with what eval says of each in the engine's words (config.StillDeclared,
// the words of the Go and TSX synth check too).
var stillDeclaredMistakes = []mistake{
	{name: "moved from a resource still declared", files: map[string]string{"main.tf": `resource "terraform_data" "a" {}
resource "terraform_data" "b" {}
moved {
  from = terraform_data.a
  to   = terraform_data.b
}
`}, want: []string{`main.tf:3:1: Error: Moved object still exists; This statement declares a move from terraform_data.a, but that resource is still declared at main.tf:1,1. Change your configuration so that this resource will be declared as terraform_data.b instead.`}},
	{name: "moved from a module call still declared (OpenTofu)", engine: tffile.OpenTofu, files: map[string]string{"main.tf": `module "a" {
  source = "./m"
}
moved {
  from = module.a
  to   = module.b
}
`, "m/main.tf": "\n"}, want: []string{`main.tf:4:1: Error: Moved object still exists; This statement declares a move from module.a, but that module call is still declared at main.tf:1,1. Change your configuration so that this call will be declared as module.b instead.`}},
	{name: "moved from a resource of a called module still declared", files: map[string]string{"main.tf": `module "m" {
  source = "./m"
}
moved {
  from = module.m.terraform_data.x
  to   = terraform_data.y
}
`, "m/main.tf": `resource "terraform_data" "x" {}
`}, want: []string{`main.tf:4:1: Error: Moved object still exists; This statement declares a move from module.m.terraform_data.x, but that resource is still declared at m/main.tf:1,1. Change your configuration so that this resource will be declared as terraform_data.y instead.`}},
	{name: "moved within one resource when count is added", files: map[string]string{"main.tf": `resource "terraform_data" "a" {
  count = 1
}
moved {
  from = terraform_data.a
  to   = terraform_data.a[0]
}
`}},
	{name: "removed resource still declared (OpenTofu)", engine: tffile.OpenTofu, files: map[string]string{"main.tf": `resource "terraform_data" "a" {}
removed {
  from = terraform_data.a
  lifecycle {
    destroy = false
  }
}
`}, want: []string{`main.tf:2:1: Error: Removed resource block still exists; This statement declares a removal of the resource terraform_data.a, but this resource block still exists in the configuration. Please remove the resource block.`}},
	{name: "removed module still declared", files: map[string]string{"main.tf": `module "m" {
  source = "./m"
}
removed {
  from = module.m
  lifecycle {
    destroy = false
  }
}
`, "m/main.tf": "\n"}, want: []string{`main.tf:1:1: Error: Removed module still exists; This statement declares that module.m was removed, but it is still declared in configuration.`}},
}

// TestStillDeclared: eval's diagnostics for each of stillDeclaredMistakes, which
// TestStillDeclaredMatchesEngine compares with the engine's.
func TestStillDeclared(t *testing.T) {
	evalMistakes(t, stillDeclaredMistakes, "delete")
}

// TestStillDeclaredMatchesEngine runs each of stillDeclaredMistakes with the
// engine eval follows there, as TestMistakesMatchEngine does.
func TestStillDeclaredMatchesEngine(t *testing.T) {
	onTheEngineEvalFollows(t, stillDeclaredMistakes, matchEngine)
}
