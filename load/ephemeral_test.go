package load

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/tffile"
)

// TestEphemeralRefusals: each place testdata/cases/ephemeral puts an
// ephemeral value where the engines keep values is refused where and as
// the engine refuses it, in Terraform's words and in OpenTofu's; the
// engines' plans say the same at the same lines.
func TestEphemeralRefusals(t *testing.T) {
	dir := filepath.Join("testdata", "cases", "ephemeral")
	for _, c := range []struct {
		engine tffile.Engine
		want   []string // place and summary, in the order of the diagnostics
	}{
		{tffile.Terraform, []string{
			"child/main.tf:16 Ephemeral value not allowed",
			"main.tf:16 Ephemeral value not allowed",
			"main.tf:45 Invalid for_each argument",
			"main.tf:24 Ephemeral output not allowed",
			"main.tf:21 Ephemeral value not allowed",
			"main.tf:40 Invalid count argument",
			"main.tf:30 Invalid use of ephemeral value",
			"main.tf:31 Invalid use of ephemeral value",
		}},
		{tffile.OpenTofu, []string{
			"child/main.tf:16 Output does not allow ephemeral value",
			"main.tf:16 Variable does not allow ephemeral value",
			"main.tf:45 Invalid for_each argument",
			"main.tf:24 Invalid output configuration",
			"main.tf:21 Output does not allow ephemeral value",
			"main.tf:40 Invalid count argument",
			"main.tf:30 Ephemeral value used in non-ephemeral context",
			"main.tf:31 Ephemeral value used in non-ephemeral context",
		}},
	} {
		t.Run(c.engine.String(), func(t *testing.T) {
			_, ds := Dir(dir, Options{Engine: c.engine})
			var got []string
			for _, d := range ds {
				got = append(got, fmt.Sprintf("%s:%d %s", d.Subject.Filename, d.Subject.Start.Line, d.Summary))
			}
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Fatalf("diagnostics:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
			planSays(t, dir, c.engine, ds)
		})
	}
}

// TestEphemeralMessage: a failed check's message built from an ephemeral
// value is not shown (testdata/cases/engine_ephemeral), as both engines'
// plans say.
func TestEphemeralMessage(t *testing.T) {
	dir := filepath.Join("testdata", "cases", "engine_ephemeral")
	for _, engine := range []tffile.Engine{tffile.Terraform, tffile.OpenTofu} {
		t.Run(engine.String(), func(t *testing.T) {
			_, ds := Dir(dir, Options{Engine: engine})
			var got []string
			for _, d := range ds {
				got = append(got, fmt.Sprintf("%s:%d %s: %s", d.Subject.Filename, d.Subject.Start.Line, d.Severity, d.Summary))
			}
			want := "main.tf:60 Warning: Error message refers to ephemeral values\nmain.tf:59 Warning: Check block assertion failed"
			if strings.Join(got, "\n") != want {
				t.Fatalf("diagnostics:\n%s\nwant:\n%s", strings.Join(got, "\n"), want)
			}
			if strings.Contains(ds[1].Detail, "is short") {
				t.Errorf("the message is shown: %s", ds[1].Detail)
			}
			planSays(t, dir, engine, ds)
		})
	}
}
