package config

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/enginetest"
)

// sweepErrors parses a case's main.tf and returns the errors
// ValidateEngine reports for it, as "LINE:COLUMN Summary", and the
// diagnostics themselves; a syntax error is reported as Validate's.
func sweepErrors(t *testing.T, src string, tofu bool) ([]string, diag.Diagnostics) {
	t.Helper()
	cfg, ds := ParseConfig(src, "main.tf")
	if !ds.HasErrors() {
		ds = ValidateEngine(cfg, tofu)
	}
	var out []string
	for _, d := range ds.Errs() {
		if d.Subject == nil {
			t.Fatalf("%s: no place", d.Summary)
		}
		out = append(out, fmt.Sprintf("%d:%d %s", d.Subject.Start.Line, d.Subject.Start.Column, d.Summary))
	}
	return out, ds
}

// TestValidateSweep: each configuration of the sweep gets the errors it
// should, with either engine's words, at its place, each with a detail
// and, but for syntax errors, a path; the correct ones none.
func TestValidateSweep(t *testing.T) {
	for _, tc := range sweepCases {
		t.Run(tc.name, func(t *testing.T) {
			for _, tofu := range []bool{false, true} {
				got, ds := sweepErrors(t, tc.src, tofu)
				if !slices.Equal(got, tc.want) {
					t.Errorf("tofu=%v: got %q, want %q:\n%s", tofu, got, tc.want, ds)
				}
				for _, d := range ds.Errs() {
					if d.Detail == "" {
						t.Errorf("%s: no detail", d.Summary)
					}
				}
			}
		})
	}
}

// TestValidateSweepMatchesEngines: each engine's validate (after init,
// with the providers of the mirror, where the configuration needs a
// provider or a module) refuses a configuration of the sweep exactly when
// ValidateEngine does, on the line of ValidateEngine's first error,
// except where the case says why they differ.
func TestValidateSweepMatchesEngines(t *testing.T) {
	enginetest.SkipShort(t)
	enginetest.ForEachEngine(t, func(t *testing.T, engine string) {
		tofu := filepath.Base(engine) == "tofu"
		if strings.Contains(strings.Join(sweepSources(), ""), "null_resource") {
			enginetest.RequireProvider(t, "hashicorp/null", "2.1.2")
		}
		for _, tc := range sweepCases {
			t.Run(tc.name, func(t *testing.T) {
				t.Parallel()
				files := map[string]string{"main.tf": tc.src}
				for name, src := range tc.files {
					files[name] = src
				}
				w := enginetest.Workspace(t, files)
				if len(tc.files) > 0 || strings.Contains(tc.src, "null") || strings.Contains(tc.src, "required_providers") {
					// Init reports some mistakes itself; validate reports
					// them again.
					w.Exec("init", "-backend=false", "-input=false", "-no-color")
				}
				said, out := w.ValidateSays()
				var lines []string
				refused := false
				for _, s := range said {
					if s.Severity != "error" {
						continue
					}
					refused = true
					if s.Place != "" {
						lines = append(lines, strings.Split(strings.TrimPrefix(s.Place, "main.tf:"), ":")[0])
					}
				}
				ours, ds := sweepErrors(t, tc.src, tofu)
				if tc.differs != "" {
					if refused == (len(ours) > 0) {
						t.Errorf("the engine and ValidateEngine agree now (refused: %v); the case says they differ: %s\n%s", refused, tc.differs, out)
					}
					return
				}
				if refused != (len(ours) > 0) {
					t.Fatalf("the engine refuses it: %v, ValidateEngine: %q\n%s\n%s", refused, ours, out, ds)
				}
				if len(ours) == 0 || tc.elsewhere || len(lines) == 0 {
					return
				}
				if line := strings.Split(ours[0], ":")[0]; !slices.Contains(lines, line) {
					t.Errorf("ValidateEngine: %q, the engine on lines %q:\n%s", ours, lines, out)
				}
			})
		}
	})
}

func sweepSources() []string {
	var out []string
	for _, tc := range sweepCases {
		out = append(out, tc.src)
	}
	return out
}
