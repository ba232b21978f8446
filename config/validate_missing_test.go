package config

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/internal/enginetest"
)

// missingArguments are blocks that lack an argument the engines require,
// with the path Validate reports, which names the argument.
var missingArguments = []struct {
	name, src, arg, path string
	line                 int
	provider             string // a provider (at 4.6.0) whose schema the engine needs, if any
}{
	{"output without value", `output "o" {
  description = "d"
  sensitive   = false
}
`, "value", "output.o.value", 1, ""},
	{"module without source", `module "m" {
  version = "1.0.0"
}
`, "source", "module.m.source", 1, ""},
	{"import without id", `resource "terraform_data" "a" {}
import {
  to = terraform_data.a
}
`, "id", "import.id", 2, ""},
	{"moved without from", `resource "terraform_data" "a" {}
moved {
  to = terraform_data.a
}
`, "from", "moved.from", 2, ""},
	{"moved without to", `moved {
  from = terraform_data.a
}
`, "to", "moved.to", 1, ""},
	{"removed without from", `removed {
  lifecycle {
    destroy = false
  }
}
`, "from", "removed.from", 1, ""},
	{"dynamic without for_each", `terraform {
  required_providers {
    docker = {
      source = "kreuzwerker/docker"
    }
  }
}
resource "docker_container" "c" {
  name  = "c"
  image = "nginx"
  dynamic "ports" {
    content {
      internal = 80
    }
  }
}
`, "for_each", "docker_container.c.dynamic[0].for_each", 11, "kreuzwerker/docker"},
}

// TestValidateMissingArgument: a missing required argument is reported in
// the engines' words, the argument named in the detail and the path, at
// the block's line.
func TestValidateMissingArgument(t *testing.T) {
	for _, tc := range missingArguments {
		t.Run(tc.name, func(t *testing.T) {
			d := wantOne(t, Validate(mustParse(t, tc.src)))
			want := fmt.Sprintf("The argument %q is required, but no definition was found.", tc.arg)
			if d.Summary != "Missing required argument" || d.Detail != want || d.Path != tc.path {
				t.Errorf("got %q: %q at %s, want %q: %q at %s", d.Summary, d.Detail, d.Path, "Missing required argument", want, tc.path)
			}
			if d.Subject == nil || d.Subject.Start.Line != tc.line {
				t.Errorf("reported at %v, want line %d", d.Subject, tc.line)
			}
			if d.Suggestion == "" {
				t.Error("no suggestion")
			}
		})
	}
}

// TestValidateMissingArgumentMatchesEngine: terraform validate refuses
// each case with the summary and detail Validate gives, on the same line.
func TestValidateMissingArgumentMatchesEngine(t *testing.T) {
	enginetest.SkipShort(t)
	for _, tc := range missingArguments {
		t.Run(tc.name, func(t *testing.T) {
			w := enginetest.Workspace(t, map[string]string{"main.tf": tc.src})
			if tc.provider != "" {
				// The engine checks a dynamic block against the schema;
				// init refuses the other cases as validate does.
				enginetest.RequireProvider(t, tc.provider, "4.6.0")
				w.Init("-backend=false")
			}
			r := w.Exec("validate", "-json")
			var out struct {
				Diagnostics []struct {
					Summary, Detail string
					Range           struct{ Start struct{ Line int } }
				}
			}
			if err := json.Unmarshal([]byte(r.Output), &out); err != nil {
				t.Fatalf("%v:\n%s", err, r.Output)
			}
			ours := wantOne(t, Validate(mustParse(t, tc.src)))
			var seen []string
			for _, d := range out.Diagnostics {
				if d.Summary == ours.Summary && d.Detail == ours.Detail && d.Range.Start.Line == ours.Subject.Start.Line {
					return
				}
				seen = append(seen, fmt.Sprintf("%d: %s: %s", d.Range.Start.Line, d.Summary, d.Detail))
			}
			t.Fatalf("engine says:\n%s\nValidate: %d: %s: %s", strings.Join(seen, "\n"), ours.Subject.Start.Line, ours.Summary, ours.Detail)
		})
	}
}

// importWithoutID is an import block with neither id nor identity.
const importWithoutID = `resource "terraform_data" "a" {}
import {
  to = terraform_data.a
}
`

// TestValidateEngineImportWithoutID: an import block without id is
// refused in the words of the engine the configuration is for, where
// that engine reports it: Terraform's "Missing required argument" at the
// body's opening brace (Validate's too), OpenTofu's "Missing required
// import argument" at the block's keyword; both with the path import.id
// and a hint. Each engine's validate says the same, at the same place.
func TestValidateEngineImportWithoutID(t *testing.T) {
	type words struct {
		summary, detail string
		line, column    int
	}
	want := map[bool]words{
		false: {"Missing required argument", `The argument "id" is required, but no definition was found.`, 2, 8},
		true:  {"Missing required import argument", "One of 'id' or 'identity' must be specified in an import block to identify the resource instance to import.", 2, 1},
	}
	ours := func(t *testing.T, tofu bool) words {
		t.Helper()
		d := wantOne(t, ValidateEngine(mustParse(t, importWithoutID), tofu))
		if d.Path != "import.id" || d.Suggestion == "" || d.Subject == nil {
			t.Fatalf("%s at %v, path %q, hint %q", d.Summary, d.Subject, d.Path, d.Suggestion)
		}
		return words{d.Summary, d.Detail, d.Subject.Start.Line, d.Subject.Start.Column}
	}
	for _, tofu := range []bool{false, true} {
		if got := ours(t, tofu); got != want[tofu] {
			t.Errorf("tofu=%v: got %+v, want %+v", tofu, got, want[tofu])
		}
	}
	if d := wantOne(t, Validate(mustParse(t, importWithoutID))); d.Summary != want[false].summary {
		t.Errorf("Validate: %s, want Terraform's words", d.Summary)
	}
	enginetest.SkipShort(t)
	enginetest.ForEachEngine(t, func(t *testing.T, engine string) {
		tofu := filepath.Base(engine) == "tofu"
		w := enginetest.Workspace(t, map[string]string{"main.tf": importWithoutID})
		r := w.Exec("validate", "-json", "-no-color")
		var out struct {
			Diagnostics []struct {
				Summary, Detail string
				Range           struct{ Start struct{ Line, Column int } }
			}
		}
		if err := json.Unmarshal([]byte(r.Stdout), &out); err != nil {
			t.Fatalf("%v:\n%s", err, r.Output)
		}
		var got []words
		for _, d := range out.Diagnostics {
			got = append(got, words{d.Summary, d.Detail, d.Range.Start.Line, d.Range.Start.Column})
		}
		if len(got) != 1 || got[0] != ours(t, tofu) {
			t.Errorf("the engine: %+v\nValidateEngine(tofu=%v): %+v", got, tofu, ours(t, tofu))
		}
	})
}

// TestValidateImportEmptyID: an import id that is the empty string is
// Terraform's "Invalid import id argument" at the id, compared with
// terraform validate; OpenTofu reports nothing and plans to create the
// resource, so it is an error for both.
func TestValidateImportEmptyID(t *testing.T) {
	const src = "resource \"terraform_data\" \"a\" {}\nimport {\n  to = terraform_data.a\n  id = \"\"\n}\n"
	for _, tofu := range []bool{false, true} {
		d := wantOne(t, ValidateEngine(mustParse(t, src), tofu))
		if d.Summary != "Invalid import id argument" || d.Path != "import.id" || d.Subject == nil || d.Subject.Start.Line != 4 || d.Suggestion == "" {
			t.Errorf("tofu=%v: %s at %v, path %q", tofu, d.Summary, d.Subject, d.Path)
		}
	}
	if ds := Validate(mustParse(t, strings.Replace(src, `id = ""`, `id = "i-1"`, 1))); len(ds) != 0 {
		t.Errorf("a non-empty id: %s", ds)
	}
	enginetest.SkipShort(t)
	enginetest.ForEachEngine(t, func(t *testing.T, engine string) {
		if filepath.Base(engine) == "tofu" {
			return // OpenTofu accepts it (and plans a create)
		}
		w := enginetest.Workspace(t, map[string]string{"main.tf": src})
		r := w.Exec("validate", "-json", "-no-color")
		var out struct {
			Diagnostics []struct {
				Summary string
				Range   struct{ Start struct{ Line int } }
			}
		}
		if err := json.Unmarshal([]byte(r.Stdout), &out); err != nil {
			t.Fatalf("%v:\n%s", err, r.Output)
		}
		if len(out.Diagnostics) != 1 || out.Diagnostics[0].Summary != "Invalid import id argument" || out.Diagnostics[0].Range.Start.Line != 4 {
			t.Errorf("terraform validate: %+v", out.Diagnostics)
		}
	})
}
