package load

import (
	"encoding/json"
	"sort"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/tffile"
)

// movedInModuleInstances are moved blocks in modules called with count or
// for_each, which both engines check in each instance of the module and
// report once for each, with the instance's addresses (module.m[0].),
// and not at all in a module called with count = 0.
var movedInModuleInstances = []mistake{
	{name: "moved from a resource still declared, module with count", files: map[string]string{"main.tf": `module "m" {
  source = "./m"
  count  = 2
}
`, "m/main.tf": `resource "terraform_data" "x" {}
resource "terraform_data" "y" {}
moved {
  from = terraform_data.x
  to   = terraform_data.y
}
`}, want: []string{
		`m/main.tf:3:1: Error: Moved object still exists; This statement declares a move from module.m[0].terraform_data.x, but that resource is still declared at m/main.tf:1,1. Change your configuration so that this resource will be declared as module.m[0].terraform_data.y instead.`,
		`m/main.tf:3:1: Error: Moved object still exists; This statement declares a move from module.m[1].terraform_data.x, but that resource is still declared at m/main.tf:1,1. Change your configuration so that this resource will be declared as module.m[1].terraform_data.y instead.`,
	}},
	{name: "moved from a module call still declared, module with for_each (OpenTofu)", engine: tffile.OpenTofu, files: map[string]string{"main.tf": `module "n" {
  source   = "./n"
  for_each = toset(["a"])
}
`, "n/main.tf": `module "k" {
  source = "../k"
}
moved {
  from = module.k
  to   = module.j
}
`, "k/main.tf": `resource "terraform_data" "z" {}
`}, want: []string{
		`n/main.tf:4:1: Error: Moved object still exists; This statement declares a move from module.n["a"].module.k, but that module call is still declared at n/main.tf:1,1. Change your configuration so that this call will be declared as module.n["a"].module.j instead.`,
	}},
	{name: "redundant move, module with for_each", files: map[string]string{"main.tf": `module "n" {
  source   = "./n"
  for_each = toset(["a", "b"])
}
`, "n/main.tf": `resource "terraform_data" "z" {}
moved {
  from = terraform_data.z
  to   = terraform_data.z
}
`}, want: []string{
		`n/main.tf:2:1: Error: Redundant move statement; This statement declares a move from module.n["a"].terraform_data.z to the same address, which is the same as not declaring this move at all.`,
		`n/main.tf:2:1: Error: Redundant move statement; This statement declares a move from module.n["b"].terraform_data.z to the same address, which is the same as not declaring this move at all.`,
	}},
	{name: "moved from a resource still declared, module with count = 0", files: map[string]string{"main.tf": `module "m" {
  source = "./m"
  count  = 0
}
`, "m/main.tf": `resource "terraform_data" "x" {}
resource "terraform_data" "y" {}
moved {
  from = terraform_data.x
  to   = terraform_data.y
}
`}},
}

// TestMovedInModuleInstances: eval's diagnostics for each of
// movedInModuleInstances, which TestMovedInModuleInstancesMatchEngine
// compares with the engine's.
func TestMovedInModuleInstances(t *testing.T) {
	for _, m := range movedInModuleInstances {
		t.Run(m.name, func(t *testing.T) {
			dir := writeFiles(t, m.files)
			_, ds := Dir(dir, Options{Engine: m.engine})
			var got []string
			for _, d := range ds {
				got = append(got, mistakeLine(dir, d))
				if d.Path == "" || !strings.HasPrefix(d.Path, "module.") {
					t.Errorf("%s: path %q", d.Summary, d.Path)
				}
			}
			sort.Strings(got)
			if strings.Join(got, "\n") != strings.Join(m.want, "\n") {
				t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(m.want, "\n"))
			}
		})
	}
}

// TestMovedInModuleUnknownCount: the moved blocks of a module whose count
// eval does not know are reported once, with the module's addresses as
// declared.
func TestMovedInModuleUnknownCount(t *testing.T) {
	dir := writeFiles(t, map[string]string{"main.tf": `resource "terraform_data" "n" {
  input = 2
}
module "m" {
  source = "./m"
  count  = terraform_data.n.output
}
`, "m/main.tf": `resource "terraform_data" "x" {}
resource "terraform_data" "y" {}
moved {
  from = terraform_data.x
  to   = terraform_data.y
}
`})
	_, ds := Dir(dir, Options{})
	var got []string
	for _, d := range ds {
		if d.Summary == "Moved object still exists" {
			got = append(got, mistakeLine(dir, d))
		}
	}
	want := `m/main.tf:3:1: Error: Moved object still exists; This statement declares a move from module.m.terraform_data.x, but that resource is still declared at m/main.tf:1,1. Change your configuration so that this resource will be declared as module.m.terraform_data.y instead.`
	if strings.Join(got, "\n") != want {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), want)
	}
}

// TestMovedInModuleInstancesMatchEngine plans each of
// movedInModuleInstances with the engine eval follows there: the engine
// reports exactly eval's errors, one for each module instance (which
// matchEngine, keyed by position and summary, cannot tell apart).
func TestMovedInModuleInstancesMatchEngine(t *testing.T) {
	onTheEngineEvalFollows(t, movedInModuleInstances, func(t *testing.T, m mistake) {
		w := enginetest.Workspace(t, m.files)
		w.Exec("init", "-input=false", "-no-color")
		var got []string
		for _, line := range strings.Split(w.Exec("plan", "-json", "-refresh=false", "-input=false", "-no-color").Stdout, "\n") {
			var msg struct {
				Type       string     `json:"type"`
				Diagnostic engineDiag `json:"diagnostic"`
			}
			if json.Unmarshal([]byte(line), &msg) == nil && msg.Type == "diagnostic" && msg.Diagnostic.Severity == "error" {
				got = append(got, msg.Diagnostic.head()+"; "+strings.Join(strings.Fields(msg.Diagnostic.Detail), " "))
			}
		}
		sort.Strings(got)
		if strings.Join(got, "\n") != strings.Join(m.want, "\n") {
			t.Errorf("engine:\n%s\neval:\n%s", strings.Join(got, "\n"), strings.Join(m.want, "\n"))
		}
	})
}
