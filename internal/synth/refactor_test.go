package synth

import (
	"sort"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/internal/refactorcases"
	"github.com/tfkit/tfkit/tffile"
)

// refactorCases are moved and removed blocks as a front end gives them,
// with the errors both engines give for them, in their words, which synth
// gives too.
var refactorCases = []refactorcases.Case{
	refactorcases.AmbiguousLaterMove,
	refactorcases.AmbiguousInstanceMoves,
	refactorcases.CycleBesideAmbiguous,
	refactorcases.CycleBesideStillDeclared,
	refactorcases.RedundantMove,
	refactorcases.RemovedDataKey,
	refactorcases.MovedDataToModule,
	refactorcases.MovedBetweenLocalData,
	refactorcases.MovedFromLocalDataStillDeclared,
	refactorcases.MovedAcrossTypes,
	refactorcases.AmbiguousAcrossTypes,
	refactorcases.CyclicAcrossTypes,
}

// refactorConfig reads HCL text, as main.tf, into a configuration model.
func refactorConfig(t *testing.T, src string) *config.Config {
	t.Helper()
	body, ds := config.ParseBody(src, "main.tf", hcl.InitialPos)
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	cfg := &config.Config{}
	for _, it := range body.Items {
		b, ok := it.(*config.Block)
		if !ok {
			t.Fatalf("top-level item %T", it)
		}
		cfg.Add(b)
	}
	return cfg
}

// errorLines are the summaries and details of the errors of ds, their
// spaces folded, sorted.
func errorLines(ds diag.Diagnostics) []string {
	var out []string
	for _, d := range ds {
		if d.Severity == diag.Error {
			out = append(out, d.Summary+"; "+strings.Join(strings.Fields(d.Detail), " "))
		}
	}
	sort.Strings(out)
	return out
}

// TestRefactorAddresses: synth refuses each of refactorCases in the words
// of the engine the output is for, once for each error the engines give,
// as the Go front end gives it (synth runs config.Validate) and as the TSX
// front end does (it runs config.Validate itself, and stops at its
// errors), each at the block with its path and a hint.
func TestRefactorAddresses(t *testing.T) {
	for _, tc := range refactorCases {
		for _, engine := range []string{"", "opentofu"} {
			t.Run(tc.Name+"/engine="+engine, func(t *testing.T) {
				want := tc.Words(refactorcases.Terraform)
				if engine == "opentofu" {
					want = tc.Words(refactorcases.OpenTofu)
				}
				check := func(front string, ds diag.Diagnostics) {
					if got := errorLines(ds); strings.Join(got, "\n") != strings.Join(want, "\n") {
						t.Errorf("%s: got:\n%s\nwant:\n%s", front, strings.Join(got, "\n"), strings.Join(want, "\n"))
					}
					for _, d := range ds {
						if d.Severity == diag.Error && (d.Subject == nil || d.Subject.Filename != "main.tf" || d.Path == "" || d.Suggestion == "") {
							t.Errorf("%s: %s: at %v, path %q, hint %q", front, d.Summary, d.Subject, d.Path, d.Suggestion)
						}
					}
				}
				goApp := &App{Engine: engine, Stacks: []*Stack{{Name: "main", Dir: ".", Config: refactorConfig(t, tc.Main())}}}
				check("Go", NewPlan(goApp, nil).Validate())

				cfg := refactorConfig(t, tc.Main())
				ds := config.Validate(cfg)
				if !ds.HasErrors() {
					tsx := OneStack("main", cfg)
					tsx.Engine = engine
					ds = NewPlan(tsx, nil).Validate()
				}
				check("TSX", ds)
			})
		}
	}
}

// TestRefactorAddressesMatchEngine: both engines give the errors of
// refactorCases (terraform validate, or plan where validate accepts the
// configuration).
func TestRefactorAddressesMatchEngine(t *testing.T) {
	enginetest.SkipShort(t)
	for _, tc := range refactorCases {
		t.Run(tc.Name, func(t *testing.T) {
			enginetest.ForEachEngine(t, func(t *testing.T, engine string) {
				want := tc.Words(refactorcases.Terraform)
				if tffile.EngineOf(engine) == tffile.OpenTofu {
					want = tc.Words(refactorcases.OpenTofu)
				}
				w := enginetest.Workspace(t, tc.Files)
				w.Exec("init", "-input=false", "-no-color")
				var got []string
				for _, d := range refactorcases.EngineErrors(t, func(args ...string) (string, string) {
					r := w.Exec(args...)
					return r.Stdout, r.Output
				}) {
					got = append(got, d.Words())
				}
				sort.Strings(got)
				if strings.Join(got, "\n") != strings.Join(want, "\n") {
					t.Errorf("engine:\n%s\nsynth:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
				}
			})
		})
	}
}
