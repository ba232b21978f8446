package tfkit_test

import (
	"strings"
	"testing"

	"github.com/tfkit/tfkit"
)

// TestRemovedOrMovedStillDeclared: a removed or moved block whose from
// names an element the stack still declares (as a handle or as text) is
// refused at the Go line that gave it, naming the declaration, as the
// engines refuse it when they plan; a move within one resource is fine.
func TestRemovedOrMovedStillDeclared(t *testing.T) {
	app := tfkit.NewApp()
	s := tfkit.NewStack(app, "dev")
	declP := here() + 1
	p := tfkit.NewResource(s, "terraform_data", "p", nil)
	q := tfkit.NewResource(s, "terraform_data", "q", tfkit.Attrs{"input": p.Ref("id")}).Count(2)
	net := tfkit.NewModule(s, "net", tfkit.ModuleConfig{Source: "hashicorp/consul/aws"})
	atRemoved := here() + 1
	tfkit.NewRemoved(s, p, false)
	atMoved := here() + 1
	tfkit.NewMoved(s, "terraform_data.q", "terraform_data.r")
	tfkit.NewRemoved(s, net, true)
	// Fine: a move within one resource, from an instance, and what is no
	// longer declared.
	tfkit.NewMoved(s, "terraform_data.q", q.Ref().Index(0))
	tfkit.NewMoved(s, "terraform_data.q[0]", "terraform_data.s")
	tfkit.NewRemoved(s, "terraform_data.gone", false)
	tfkit.NewMoved(s, "terraform_data.old", "terraform_data.p")

	ds := app.Validate()
	var got []string
	for _, d := range ds {
		got = append(got, d.Summary)
	}
	if strings.Join(got, "|") != "Removed resource still exists|Moved object still exists|Removed module call still exists" {
		t.Fatalf("diagnostics: %s", ds)
	}
	rm, mv := ds[0], ds[1]
	if rm.Subject == nil || rm.Subject.Start.Line != atRemoved || rm.Path != "removed.from" ||
		len(rm.Related) != 1 || rm.Related[0].Range.Start.Line != declP ||
		!strings.Contains(rm.Detail, "terraform_data.p, which the stack still declares") {
		t.Errorf("removed: %s (related %v)", rm, rm.Related)
	}
	if mv.Subject == nil || mv.Subject.Start.Line != atMoved ||
		!strings.Contains(mv.Detail, "moves terraform_data.q to terraform_data.r, but the stack still declares terraform_data.q") {
		t.Errorf("moved: %s", mv)
	}
}
