package tfkit_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/diag"
)

// TestEmptyStackWarns: a stack that declares nothing is a warning at its
// NewStack line, naming it and saying how to fix it; synth still writes
// it, and a stack that declares anything (a required provider alone) is
// not warned of.
func TestEmptyStackWarns(t *testing.T) {
	var warnings strings.Builder
	app := tfkit.NewApp(tfkit.WithWarnings(&warnings), tfkit.WithGetenv(func(string) string { return "" }))
	tfkit.NewResource(tfkit.NewStack(app, "full"), "terraform_data", "a", nil)
	tfkit.NewStack(app, "required").RequireProvider("random", "hashicorp/random", "3.9.0")
	at := here() + 1
	tfkit.NewStack(app, "forgotten")

	ds := app.Validate()
	if len(ds) != 1 {
		t.Fatalf("diagnostics: %s", ds)
	}
	d := ds[0]
	if d.Severity != diag.Warning || d.Summary != "Empty stack" ||
		d.Subject == nil || filepath.Base(d.Subject.Filename) != "emptystack_test.go" || d.Subject.Start.Line != at ||
		!strings.Contains(d.Detail, `Stack "forgotten" declares nothing`) ||
		!strings.Contains(d.Suggestion, "declare") || !strings.Contains(d.Suggestion, "remove the stack") {
		t.Errorf("warning: %s", d)
	}
	files, err := app.Files()
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := files["stacks/forgotten/main.tf"]; !ok {
		t.Errorf("the empty stack was not written: %v", files)
	}
	if !strings.Contains(warnings.String(), "Empty stack") || !strings.Contains(warnings.String(), "emptystack_test.go") {
		t.Errorf("warnings: %q", warnings.String())
	}
}
