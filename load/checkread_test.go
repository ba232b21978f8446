package load

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/tffile"
)

// planSays checks that the engine's plan of dir reports each of ds, with
// its severity and summary, at its line.
func planSays(t *testing.T, dir string, engine tffile.Engine, ds diag.Diagnostics) {
	t.Helper()
	w := enginetest.WorkspaceFrom(t, dir)
	if engine == tffile.OpenTofu {
		w.Engine = enginetest.OpenTofu(t)
	}
	w.Init()
	r := w.Exec("plan", "-no-color", "-input=false")
	out := strings.Join(strings.Fields(r.Output), " ")
	for _, d := range ds {
		severity := "Error"
		if d.Severity == diag.Warning {
			severity = "Warning"
		}
		on := regexp.MustCompile(fmt.Sprintf(`%s: %s (with \S+, )?on %s line %d[,:]`,
			severity, regexp.QuoteMeta(d.Summary), regexp.QuoteMeta(d.Subject.Filename), d.Subject.Start.Line))
		if !on.MatchString(out) {
			t.Errorf("the engine's plan does not say %s: %s at %s:%d:\n%s", severity, d.Summary, d.Subject.Filename, d.Subject.Start.Line, r.Output)
		}
	}
}

// TestCheckReadFailure: a check block's scoped data source that cannot be
// read (testdata/cases/checkread) is a warning, and the check's asserts
// are skipped; another check's failed assert is still a warning. Both
// engines' plans say the same at the same lines.
func TestCheckReadFailure(t *testing.T) {
	dir := filepath.Join("testdata", "cases", "checkread")
	for _, engine := range []tffile.Engine{tffile.Terraform, tffile.OpenTofu} {
		t.Run(engine.String(), func(t *testing.T) {
			_, ds := Dir(dir, Options{Engine: engine})
			var got []string
			for _, d := range ds {
				got = append(got, fmt.Sprintf("%s:%d %s: %s", d.Subject.Filename, d.Subject.Start.Line, d.Severity, d.Summary))
			}
			want := "main.tf:10 Warning: Unable to find remote state\nmain.tf:28 Warning: Check block assertion failed"
			if strings.Join(got, "\n") != want {
				t.Fatalf("diagnostics:\n%s\nwant:\n%s", strings.Join(got, "\n"), want)
			}
			planSays(t, dir, engine, ds)
		})
	}
}
