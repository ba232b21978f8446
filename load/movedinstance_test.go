package load

import (
	"sort"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/tffile"
)

// movedInstanceMistakes are moved blocks whose from names an instance
// (with its key) that count or for_each still declares, which both
// engines refuse when they plan, pointing at that count or for_each, with
// what eval says of each; and moves from instances no longer declared,
// which are fine.
var movedInstanceMistakes = []mistake{
	{name: "moved from an instance count still declares", files: map[string]string{"main.tf": `variable "n" {
  default = 2
}
resource "terraform_data" "a" {
  count = var.n
}
resource "terraform_data" "b" {}
moved {
  from = terraform_data.a[1]
  to   = terraform_data.b
}
moved {
  from = terraform_data.a[0]
  to   = terraform_data.a[1]
}
`}, want: []string{
		`main.tf:12:1: Error: Moved object still exists; This statement declares a move from terraform_data.a[0], but that resource instance is still declared at main.tf:5,11. Change your configuration so that this instance will be declared as terraform_data.a[1] instead.`,
		`main.tf:8:1: Error: Moved object still exists; This statement declares a move from terraform_data.a[1], but that resource instance is still declared at main.tf:5,11. Change your configuration so that this instance will be declared as terraform_data.b instead.`,
	}},
	{name: "moved from an instance for_each still declares (OpenTofu)", engine: tffile.OpenTofu, files: map[string]string{"main.tf": `resource "terraform_data" "c" {
  for_each = toset(["x", "y"])
}
resource "terraform_data" "d" {}
moved {
  from = terraform_data.c["y"]
  to   = terraform_data.d
}
`}, want: []string{`main.tf:5:1: Error: Moved object still exists; This statement declares a move from terraform_data.c["y"], but that resource instance is still declared at main.tf:2,14. Change your configuration so that this instance will be declared as terraform_data.d instead.`}},
	{name: "moved from a module instance and from an instance in a called module", files: map[string]string{"main.tf": `module "m" {
  source = "./m"
  count  = 2
}
module "n" {
  source = "./m"
}
moved {
  from = module.m[1]
  to   = module.n
}
moved {
  from = module.n.terraform_data.x[0]
  to   = terraform_data.h
}
moved {
  from = module.m[0].terraform_data.x
  to   = terraform_data.z
}
resource "terraform_data" "h" {}
`, "m/main.tf": `resource "terraform_data" "x" {
  count = 1
}
`}, want: []string{
		`main.tf:12:1: Error: Moved object still exists; This statement declares a move from module.n.terraform_data.x[0], but that resource instance is still declared at m/main.tf:2,11. Change your configuration so that this instance will be declared as terraform_data.h instead.`,
		`main.tf:16:1: Error: Moved object still exists; This statement declares a move from module.m[0].terraform_data.x, but that resource is still declared at m/main.tf:1,1. Change your configuration so that this resource will be declared as terraform_data.z instead.`,
		`main.tf:8:1: Error: Moved object still exists; This statement declares a move from module.m[1], but that module instance is still declared at main.tf:3,12. Change your configuration so that this instance will be declared as module.n instead.`,
	}},
	{name: "moved from instances no longer declared", files: map[string]string{"main.tf": `resource "terraform_data" "a" {
  count = 2
}
resource "terraform_data" "c" {
  for_each = toset(["x"])
}
resource "terraform_data" "f" {}
moved {
  from = terraform_data.a[2]
  to   = terraform_data.e
}
moved {
  from = terraform_data.c["gone"]
  to   = terraform_data.g
}
moved {
  from = terraform_data.f[0]
  to   = terraform_data.h
}
resource "terraform_data" "e" {}
resource "terraform_data" "g" {}
resource "terraform_data" "h" {}
`}},
}

// removedKeyMistakes are removed blocks whose from has an instance key,
// which both engines refuse as they read the configuration.
var removedKeyMistakes = []mistake{
	{name: "removed from a resource instance", files: map[string]string{"main.tf": `resource "terraform_data" "ids" {
  for_each = toset(["a", "b"])
}
removed {
  from = terraform_data.ids["b"]
  lifecycle {
    destroy = false
  }
}
`}, want: []string{`main.tf:5:28: Error: Resource instance keys not allowed; Resource address must be a resource (e.g. "test_instance.foo"), not a resource instance (e.g. "test_instance.foo[1]").`}},
	{name: "removed from a resource instance (OpenTofu)", engine: tffile.OpenTofu, files: map[string]string{"main.tf": `removed {
  from = terraform_data.gone[0]
  lifecycle {
    destroy = false
  }
}
`}, want: []string{`main.tf:2:29: Error: Resource instance address with keys is not allowed; Resource address cannot be a resource instance (e.g. "null_resource.a[0]"), it must be a resource instead (e.g. "null_resource.a").`}},
	{name: "removed from a module instance", files: map[string]string{"main.tf": `removed {
  from = module.m["a"].terraform_data.x
  lifecycle {
    destroy = false
  }
}
`}, want: []string{`main.tf:2:18: Error: Module instance keys not allowed; Module address must be a module (e.g. "module.foo"), not a module instance (e.g. "module.foo[1]").`}},
	{name: "removed from a module instance (OpenTofu)", engine: tffile.OpenTofu, files: map[string]string{"main.tf": `removed {
  from = module.m[0]
  lifecycle {
    destroy = false
  }
}
`}, want: []string{`main.tf:2:18: Error: Module instance address with keys is not allowed; Module address cannot be a module instance (e.g. "module.a[0]"), it must be a module instead (e.g. "module.a").`}},
}

// TestRemovedInstanceKey: eval's diagnostics for each of
// removedKeyMistakes, which TestRemovedInstanceKeyMatchesEngine compares
// with the engine's.
func TestRemovedInstanceKey(t *testing.T) {
	evalMistakes(t, removedKeyMistakes, "without the key")
}

// TestRemovedInstanceKeyMatchesEngine runs each of removedKeyMistakes
// with the engine eval follows there.
func TestRemovedInstanceKeyMatchesEngine(t *testing.T) {
	onTheEngineEvalFollows(t, removedKeyMistakes, matchEngine)
}

// TestMovedFromInstance: eval's diagnostics for each of
// movedInstanceMistakes, which TestMovedFromInstanceMatchesEngine compares
// with the engine's.
func TestMovedFromInstance(t *testing.T) {
	evalMistakes(t, movedInstanceMistakes, "delete the moved block")
}

// TestMovedFromInstanceInEachModuleInstance: a moved block in a module
// called with count is checked in each instance of it, and reported once
// for each, with the instance's addresses, as the engines do.
func TestMovedFromInstanceInEachModuleInstance(t *testing.T) {
	dir := writeFiles(t, map[string]string{"main.tf": `module "m" {
  source = "./m"
  count  = 2
}
`, "m/main.tf": `resource "terraform_data" "x" {
  count = 2
}
resource "terraform_data" "y" {}
moved {
  from = terraform_data.x[0]
  to   = terraform_data.y
}
`})
	_, ds := Dir(dir, Options{})
	var got []string
	for _, d := range ds {
		got = append(got, mistakeLine(dir, d))
	}
	want := []string{
		`m/main.tf:5:1: Error: Moved object still exists; This statement declares a move from module.m[0].terraform_data.x[0], but that resource instance is still declared at m/main.tf:2,11. Change your configuration so that this instance will be declared as module.m[0].terraform_data.y instead.`,
		`m/main.tf:5:1: Error: Moved object still exists; This statement declares a move from module.m[1].terraform_data.x[0], but that resource instance is still declared at m/main.tf:2,11. Change your configuration so that this instance will be declared as module.m[1].terraform_data.y instead.`,
	}
	sort.Strings(got)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestMovedFromInstanceMatchesEngine runs each of movedInstanceMistakes
// with the engine eval follows there, as TestStillDeclaredMatchesEngine
// does.
func TestMovedFromInstanceMatchesEngine(t *testing.T) {
	onTheEngineEvalFollows(t, movedInstanceMistakes, matchEngine)
}
