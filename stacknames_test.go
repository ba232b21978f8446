package tfkit_test

import (
	"strings"
	"testing"

	"github.com/tfkit/tfkit"
)

// TestStackNamesDifferingInCase: stack names that differ only in case are
// one directory where names ignore case (macOS, Windows), so the second
// is a duplicate at its line, naming the first.
func TestStackNamesDifferingInCase(t *testing.T) {
	app := tfkit.NewApp()
	first := here() + 1
	tfkit.NewResource(tfkit.NewStack(app, "dev"), "terraform_data", "a", nil)
	line := here() + 1
	tfkit.NewResource(tfkit.NewStack(app, "Dev"), "terraform_data", "a", nil)
	ds := app.Validate()
	if len(ds) != 1 || ds[0].Summary != "Duplicate stack" {
		t.Fatalf("want one Duplicate stack, got:\n%s", ds)
	}
	d := ds[0]
	if d.Subject == nil || d.Subject.Start.Line != line {
		t.Errorf("subject %v, want line %d", d.Subject, line)
	}
	if len(d.Related) != 1 || d.Related[0].Range.Start.Line != first {
		t.Errorf("related %+v, want line %d", d.Related, first)
	}
	if !strings.Contains(d.Detail, `"Dev" differs from it only in case`) || d.Suggestion == "" {
		t.Errorf("detail %q, hint %q", d.Detail, d.Suggestion)
	}
	if _, err := app.Files(); err == nil {
		t.Error("Files succeeded")
	}
}

// TestStackNameTooLong: a stack name becomes a directory name, which file
// systems limit to 255 bytes; a longer one is reported at its line instead
// of failing the write.
func TestStackNameTooLong(t *testing.T) {
	app := tfkit.NewApp()
	tfkit.NewResource(tfkit.NewStack(app, strings.Repeat("s", 255)), "terraform_data", "a", nil)
	line := here() + 1
	tfkit.NewResource(tfkit.NewStack(app, strings.Repeat("l", 256)), "terraform_data", "a", nil)
	ds := app.Validate()
	if len(ds) != 1 || ds[0].Summary != "Invalid stack name" {
		t.Fatalf("want one Invalid stack name, got:\n%s", ds)
	}
	if d := ds[0]; d.Subject == nil || d.Subject.Start.Line != line || !strings.Contains(d.Detail, "256 characters long") {
		t.Errorf("diagnostic at %v: %s", d.Subject, d.Detail)
	}
	if _, err := app.Files(); err == nil || !strings.Contains(err.Error(), "Invalid stack name") {
		t.Errorf("Files: %v", err)
	}
}

// TestImportEmptyID: an import whose id is the empty string is refused at
// its line in Terraform's words (terraform validate refuses it; OpenTofu
// plans to create the resource instead of importing it).
func TestImportEmptyID(t *testing.T) {
	for _, id := range []any{"", tfkit.String(""), tfkit.Literal("")} {
		app := tfkit.NewApp()
		s := tfkit.NewStack(app, "dev")
		w := tfkit.NewResource(s, "terraform_data", "w", nil)
		line := here() + 1
		tfkit.NewImport(s, w, id)
		ds := s.Validate()
		if len(ds) != 1 || ds[0].Summary != "Invalid import id argument" {
			t.Fatalf("id %#v: want one Invalid import id argument, got:\n%s", id, ds)
		}
		if d := ds[0]; d.Subject == nil || d.Subject.Start.Line != line || d.Path != "import.id" || d.Suggestion == "" {
			t.Errorf("id %#v: diagnostic at %v, path %q, hint %q", id, d.Subject, d.Path, d.Suggestion)
		}
	}
	// A non-empty id, and one that is an expression, are fine.
	for _, id := range []any{"i-1", tfkit.Var("id")} {
		_, s := newStack(t)
		tfkit.NewVariable(s, "id", tfkit.VariableConfig{Type: "string"})
		w := tfkit.NewResource(s, "terraform_data", "w", nil)
		tfkit.NewImport(s, w, id)
		if ds := s.Validate(); ds.HasErrors() {
			t.Errorf("id %#v: %s", id, ds)
		}
	}
}
