package synth

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/enginetest"
)

// movedDataBefore declares the data source whose state the moves below
// start from.
const movedDataBefore = `data "local_file" "x" {
  filename = "${path.module}/motd.txt"
}
`

// movedDataCases move a data source of the state: to one the stack does
// not declare, and to one it does.
var movedDataCases = []struct{ name, src string }{
	{"to an undeclared data source", `moved {
  from = data.local_file.x
  to   = data.local_file.y
}
`},
	{"to a declared data source", `data "local_file" "y" {
  filename = "${path.module}/motd.txt"
}
moved {
  from = data.local_file.x
  to   = data.local_file.y
}
`},
}

// TestMovedToDataSource: a move to a data source is no warning, declared
// or not, since nothing is destroyed (TestMovedToDataSourceEngine); a move
// of a resource to an undeclared address still is.
func TestMovedToDataSource(t *testing.T) {
	for _, tc := range movedDataCases {
		t.Run(tc.name, func(t *testing.T) {
			app := &App{Stacks: []*Stack{{Name: "main", Dir: ".", Config: refactorConfig(t, tc.src)}}}
			if ds := NewPlan(app, nil).Validate(); len(ds) != 0 {
				t.Errorf("diagnostics:\n%s", ds)
			}
		})
	}
	src := `moved {
  from = terraform_data.x
  to   = terraform_data.y
}
`
	app := &App{Stacks: []*Stack{{Name: "main", Dir: ".", Config: refactorConfig(t, src)}}}
	ds := NewPlan(app, nil).Validate()
	if len(ds) != 1 || ds[0].Severity != diag.Warning || ds[0].Summary != "Moved to an address not in the configuration" {
		t.Errorf("a resource moved out of the configuration: %s", ds)
	}
}

// TestMovedToDataSourceEngine: both engines accept each move of a data
// source in the state, plan no change for it (nothing is destroyed) and,
// when they apply, leave the moved data source out of the state.
func TestMovedToDataSourceEngine(t *testing.T) {
	enginetest.SkipShort(t)
	enginetest.RequireProvider(t, "hashicorp/local", "2.9.0")
	for _, tc := range movedDataCases {
		t.Run(tc.name, func(t *testing.T) {
			enginetest.ForEachEngine(t, func(t *testing.T, engine string) {
				w := enginetest.Workspace(t, map[string]string{"main.tf": movedDataBefore, "motd.txt": "hello\n"})
				w.Init()
				w.Apply()
				if err := os.WriteFile(filepath.Join(w.Dir, "main.tf"), []byte(tc.src), 0o644); err != nil {
					t.Fatal(err)
				}
				if p := w.Plan(); p.Changes || strings.Contains(p.Output, "destroy") {
					t.Fatalf("plan:\n%s", p.Output)
				}
				w.Apply()
				if r := w.Run("state", "list"); strings.Contains(r.Stdout, "data.local_file.x") {
					t.Errorf("state still holds data.local_file.x:\n%s", r.Stdout)
				}
			})
		})
	}
}
