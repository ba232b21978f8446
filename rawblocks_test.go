package tfkit_test

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/render"
)

func TestRawBlocks(t *testing.T) {
	app := tfkit.NewApp(tfkit.WithOutdir(filepath.Join(t.TempDir(), "out")))
	st := tfkit.NewStack(app, "s")
	web := tfkit.NewResource(st, "terraform_data", "web", nil)
	tfkit.NewRawBlocks(st, `
removed {
  from = terraform_data.old
  lifecycle {
    destroy = false
  }
}

check "web" {
  assert {
    condition     = terraform_data.web.id != ""
    error_message = "no id"
  }
}
`)
	tfkit.NewOutput(st, "id", tfkit.OutputConfig{Value: web.Ref("id")})
	if ds := app.Validate(); len(ds) > 0 {
		t.Fatal(ds)
	}
	text, err := render.HCL(st.Config())
	if err != nil {
		t.Fatal(err)
	}
	got := string(text)
	want := `resource "terraform_data" "web" {}

removed {
  from = terraform_data.old

  lifecycle {
    destroy = false
  }
}

check "web" {
  assert {
    condition     = terraform_data.web.id != ""
    error_message = "no id"
  }
}

output "id" {
  value = terraform_data.web.id
}
`
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// TestRawBlocksDiagnostics: a syntax error points into the text and at the
// Go line; a block that clashes with another is reported at the Go line.
func TestRawBlocksDiagnostics(t *testing.T) {
	app := tfkit.NewApp()
	st := tfkit.NewStack(app, "s")
	tfkit.NewRawBlocks(st, "check \"x\" {\n  assert {\n    condition = \n  }\n}\n")
	ds := app.Validate()
	if !ds.HasErrors() || !strings.Contains(ds.Error(), "<raw HCL from ") || !strings.Contains(ds.Error(), "rawblocks_test.go:") {
		t.Fatalf("syntax error: %s", ds)
	}

	app = tfkit.NewApp()
	st = tfkit.NewStack(app, "s")
	tfkit.NewResource(st, "terraform_data", "a", nil)
	tfkit.NewRawBlocks(st, "resource \"terraform_data\" \"a\" {}\n")
	err := app.Synth()
	var dd diag.Diagnostics
	if !errors.As(err, &dd) || !strings.Contains(dd.Error(), `Duplicate resource "terraform_data.a"`) || !strings.Contains(dd.Error(), "rawblocks_test.go:") {
		t.Fatalf("duplicate: %v", err)
	}
}
