package load

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/internal/refactorcases"
	"github.com/tfkit/tfkit/tffile"
)

// importArguments are import blocks Terraform refuses at their to
// argument, from its name to its value's end: a comment between the name
// and the value, the value on a line of its own in JSON, and spaces.
var importArguments = map[string]map[string]string{
	"native syntax": {"main.tf": refactorcases.RemoteState("b") + `import {
  to = /* read, not managed */ data.terraform_remote_state.b
  id = "x"
}
module "m" {
  source = "./m"
}
import {
  id = "y"
  to    =   module.m
}
`, "m/main.tf": `resource "terraform_data" "x" {}
`, "empty-state.json": refactorcases.EmptyState},
	"JSON": {"main.tf.json": `{
  "data": {"terraform_remote_state": {"b": {"backend": "local", "config": {"path": "${path.module}/empty-state.json"}, "defaults": {}}}},
  "import": [
    {
      "id": "x",
      "to"   :
        "data.terraform_remote_state.b"
    }
  ]
}
`, "empty-state.json": refactorcases.EmptyState},
}

// importArgumentRanges are the ranges where Terraform reports the
// mistakes of importArguments (terraform validate -json), as
// rangeLines writes them.
var importArgumentRanges = map[string][]string{
	"native syntax": {
		"Invalid address main.tf:15:13-15:21",
		"Invalid import address main.tf:15:3-15:21",
		"Invalid import address main.tf:7:3-7:61",
	},
	"JSON": {
		"Invalid import address main.tf.json:6:7-7:40",
	},
}

// rangeLines are the summaries of the errors ds holds, each with its
// range (file:line:column-line:column, the file relative to dir), sorted.
func rangeLines(dir string, ds diag.Diagnostics) []string {
	var out []string
	for _, d := range ds {
		if d.Severity != diag.Error || d.Subject == nil {
			continue
		}
		r := d.Subject
		out = append(out, fmt.Sprintf("%s %s:%d:%d-%d:%d", d.Summary, strings.TrimPrefix(r.Filename, dir+"/"), r.Start.Line, r.Start.Column, r.End.Line, r.End.Column))
	}
	sort.Strings(out)
	return out
}

// TestImportArgumentRange: eval reports an import's to argument that
// Terraform refuses (a data source or a module call where a managed
// resource is needed) where Terraform does, from the argument's name to
// its value's end, whatever is written between the two (a comment, a line
// break, spaces), in native syntax and in JSON.
func TestImportArgumentRange(t *testing.T) {
	for name, files := range importArguments {
		t.Run(name, func(t *testing.T) {
			dir := writeFiles(t, files)
			_, ds := Dir(dir, Options{})
			if got, want := rangeLines(dir, ds), importArgumentRanges[name]; strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}

// engineExec runs the engine in w for refactorcases.EngineErrors.
func engineExec(w *enginetest.Workdir) refactorcases.Exec {
	return func(args ...string) (string, string) {
		r := w.Exec(args...)
		return r.Stdout, r.Output
	}
}

// TestImportArgumentRangeMatchesEngine: importArgumentRanges are
// Terraform's ranges.
func TestImportArgumentRangeMatchesEngine(t *testing.T) {
	enginetest.SkipShort(t)
	for name, files := range importArguments {
		t.Run(name, func(t *testing.T) {
			enginetest.ForEachEngine(t, func(t *testing.T, engine string) {
				if tffile.EngineOf(engine) != tffile.Terraform {
					t.Skip("OpenTofu reports these at the address or the block")
				}
				w := enginetest.Workspace(t, files)
				w.Exec("init", "-input=false", "-no-color")
				var got []string
				for _, d := range refactorcases.EngineErrors(t, engineExec(w)) {
					if g := d.Range; g != nil {
						got = append(got, fmt.Sprintf("%s %s:%d:%d-%d:%d", d.Summary, g.Filename, g.Start.Line, g.Start.Column, g.End.Line, g.End.Column))
					}
				}
				sort.Strings(got)
				if want := importArgumentRanges[name]; strings.Join(got, "\n") != strings.Join(want, "\n") {
					t.Errorf("engine:\n%s\neval:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
				}
			})
		})
	}
}
