package synth_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/internal/refactorcases"
	"github.com/tfkit/tfkit/tsx"
)

// frontEndMoves are moved blocks as both front ends declare them (each
// move from and to an address as text), with the resources declared
// beside them, and the summaries of the errors both engines give for
// them, sorted: one for each problem.
var frontEndMoves = []struct {
	name      string
	resources []string // terraform_data names
	moves     [][2]string
	want      []string
}{
	{"ambiguous moves of instances", []string{"b", "c"}, [][2]string{
		{"terraform_data.a[0]", "terraform_data.b[0]"},
		{"terraform_data.a[0]", "terraform_data.c[0]"},
		{"terraform_data.d[1]", "terraform_data.c[0]"},
	}, []string{"Ambiguous move statements", "Ambiguous move statements"}},
	{"ambiguous moves of resources and of instances", []string{"c", "d"}, [][2]string{
		{"terraform_data.x", "terraform_data.c"},
		{"terraform_data.x", "terraform_data.d"},
		{"terraform_data.a[0]", "terraform_data.b[0]"},
		{"terraform_data.a[0]", "terraform_data.e[0]"},
	}, []string{"Ambiguous move statements", "Ambiguous move statements"}},
	{"a cycle of instances", []string{"z"}, [][2]string{
		{"terraform_data.a[0]", `terraform_data.b["k"]`},
		{`terraform_data.b["k"]`, "terraform_data.a[0]"},
	}, []string{"Cyclic dependency in move statements"}},
	{"a cycle of resources", []string{"z"}, [][2]string{
		{"terraform_data.a", "terraform_data.b"},
		{"terraform_data.b", "terraform_data.a"},
	}, []string{"Cyclic dependency in move statements"}},
	{"a cycle of instances beside a move from what is still declared", []string{"a"}, [][2]string{
		{"terraform_data.a", "terraform_data.b"},
		{"terraform_data.x[0]", "terraform_data.y[0]"},
		{"terraform_data.y[0]", "terraform_data.x[0]"},
	}, []string{"Moved object still exists"}},
	{"a cycle of instances beside a redundant move", []string{"a"}, [][2]string{
		{"terraform_data.a", "terraform_data.a"},
		{"terraform_data.x[0]", "terraform_data.y[0]"},
		{"terraform_data.y[0]", "terraform_data.x[0]"},
	}, []string{"Redundant move statement"}},
	{"a resource moved to a module call beside a cycle of instances", []string{"a"}, [][2]string{
		{"terraform_data.q", "module.m"},
		{"terraform_data.x[0]", "terraform_data.y[0]"},
		{"terraform_data.y[0]", "terraform_data.x[0]"},
	}, []string{`Invalid "moved" addresses`}},
}

// errorSummaries are the summaries of the errors of ds, sorted.
func errorSummaries(ds diag.Diagnostics) []string {
	var out []string
	for _, d := range ds {
		if d.Severity == diag.Error {
			out = append(out, d.Summary)
		}
	}
	sort.Strings(out)
	return out
}

// TestMovesOncePerFrontEnd: the TSX front end (tsx.Synth) and the Go API
// (App.Validate) report each problem of frontEndMoves once, in the
// engines' words, at the line of the element that declares the moved
// block, and nothing the engines do not report.
func TestMovesOncePerFrontEnd(t *testing.T) {
	for _, tc := range frontEndMoves {
		t.Run(tc.name, func(t *testing.T) {
			want := strings.Join(tc.want, "\n")
			check := func(front string, ds diag.Diagnostics, file string) {
				t.Helper()
				if got := strings.Join(errorSummaries(ds), "\n"); got != want {
					t.Errorf("%s: got:\n%s\nwant:\n%s\n%v", front, got, want, ds)
				}
				for _, d := range ds {
					if d.Severity == diag.Error && (d.Subject == nil || filepath.Base(d.Subject.Filename) != file || d.Path == "") {
						t.Errorf("%s: %s at %v, path %q", front, d.Summary, d.Subject, d.Path)
					}
				}
			}

			app := tfkit.NewApp(tfkit.WithGetenv(func(string) string { return "" }))
			s := tfkit.NewStack(app, "main")
			for _, r := range tc.resources {
				tfkit.NewResource(s, "terraform_data", r, nil)
			}
			for _, m := range tc.moves {
				if strings.HasPrefix(m[1], "module.") {
					tfkit.NewModule(s, strings.TrimPrefix(m[1], "module."), tfkit.ModuleConfig{Source: "./m"})
				}
				tfkit.NewMoved(s, m[0], m[1])
			}
			check("Go", app.Validate(), "moves_frontends_test.go")

			var src strings.Builder
			src.WriteString("import { Module, Moved, Resource } from \"tfkit\";\nexport default function App() {\n  return <>\n")
			for _, r := range tc.resources {
				fmt.Fprintf(&src, "    <Resource type=\"terraform_data\" name=%q />\n", r)
			}
			for _, m := range tc.moves {
				if strings.HasPrefix(m[1], "module.") {
					fmt.Fprintf(&src, "    <Module name=%q source=\"./m\" />\n", strings.TrimPrefix(m[1], "module."))
				}
				fmt.Fprintf(&src, "    <Moved from=%s to=%s />\n", jsString(m[0]), jsString(m[1]))
			}
			src.WriteString("  </>;\n}\n")
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "main.tsx"), []byte(src.String()), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.MkdirAll(filepath.Join(dir, "m"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "m", "main.tf"), []byte("\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			ds, err := tsx.Synth(context.Background(), "main.tsx", "out", tsx.FormatHCL, tsx.Options{Dir: dir})
			if _, isDiags := err.(diag.Diagnostics); err != nil && !isDiags {
				t.Fatal(err)
			}
			check("TSX", ds, "main.tsx")
		})
	}
}

// jsString is s as a JSX attribute string: in braces, as a JavaScript
// string, when it holds quotes.
func jsString(s string) string {
	if strings.Contains(s, `"`) {
		return "{'" + s + "'}"
	}
	return `"` + s + `"`
}

// TestFrontEndMovesMatchEngine: both engines give the errors of
// frontEndMoves (terraform validate, or plan where validate accepts the
// configuration).
func TestFrontEndMovesMatchEngine(t *testing.T) {
	enginetest.SkipShort(t)
	for _, tc := range frontEndMoves {
		t.Run(tc.name, func(t *testing.T) {
			var main strings.Builder
			for _, r := range tc.resources {
				fmt.Fprintf(&main, "resource \"terraform_data\" %q {}\n", r)
			}
			for _, m := range tc.moves {
				if strings.HasPrefix(m[1], "module.") {
					fmt.Fprintf(&main, "module %q {\n  source = \"./m\"\n}\n", strings.TrimPrefix(m[1], "module."))
				}
				fmt.Fprintf(&main, "moved {\n  from = %s\n  to   = %s\n}\n", m[0], m[1])
			}
			enginetest.ForEachEngine(t, func(t *testing.T, engine string) {
				w := enginetest.Workspace(t, map[string]string{"main.tf": main.String(), "m/main.tf": "\n"})
				w.Exec("init", "-input=false", "-no-color")
				var got []string
				for _, d := range refactorcases.EngineErrors(t, func(args ...string) (string, string) {
					r := w.Exec(args...)
					return r.Stdout, r.Output
				}) {
					got = append(got, d.Summary)
				}
				sort.Strings(got)
				if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
					t.Errorf("engine:\n%s\nsynth:\n%s\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"), main.String())
				}
			})
		})
	}
}
