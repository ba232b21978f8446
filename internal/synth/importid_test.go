package synth

import (
	"testing"

	"github.com/tfkit/tfkit/diag"
)

// TestImportWithoutIDEngineWords: synth refuses an import block with
// neither id nor identity in the words of the engine the output is for
// (config.ValidateEngine): Terraform's, also when the engine is not
// known, or OpenTofu's, which its validate gives (config's
// TestValidateEngineImportWithoutID runs both engines).
func TestImportWithoutIDEngineWords(t *testing.T) {
	const src = `resource "terraform_data" "a" {}
import {
  to = terraform_data.a
}
`
	for engine, want := range map[string]string{
		"":          "Missing required argument",
		"terraform": "Missing required argument",
		"opentofu":  "Missing required import argument",
	} {
		app := &App{Engine: engine, Stacks: []*Stack{{Name: "main", Dir: ".", Config: refactorConfig(t, src)}}}
		ds := NewPlan(app, nil).Validate()
		if len(ds) != 1 || ds[0].Summary != want || ds[0].Path != "import.id" || ds[0].Subject == nil || ds[0].Subject.Filename != "main.tf" {
			t.Errorf("engine %q: got %v, want one %q at import.id", engine, ds, want)
		}
		// Options.Engine decides for Files.
		if engine != "" {
			app := &App{Stacks: []*Stack{{Name: "main", Dir: ".", Config: refactorConfig(t, src)}}}
			_, err := Files(app, Options{Engine: engine, Format: FormatHCL})
			if err == nil || !containsSummary(err, want) {
				t.Errorf("Files with engine %q: %v, want %q", engine, err, want)
			}
		}
	}
}

// containsSummary reports whether err, diagnostics, holds one whose
// summary is summary.
func containsSummary(err error, summary string) bool {
	ds, ok := err.(diag.Diagnostics)
	if !ok {
		return false
	}
	for _, d := range ds {
		if d.Summary == summary {
			return true
		}
	}
	return false
}
