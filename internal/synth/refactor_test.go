package synth

import (
	"encoding/json"
	"sort"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/tffile"
)

// refactorCases are moved and removed blocks as a front end gives them,
// with the errors both engines give for them, in their words (tofu, when
// set, OpenTofu's instead), which synth gives too.
var refactorCases = []struct {
	name, src  string
	want, tofu []string
}{
	{name: "a later move ambiguous with two earlier ones", src: `resource "terraform_data" "c" {}
resource "terraform_data" "d" {}
moved {
  from = terraform_data.a
  to   = terraform_data.c
}
moved {
  from = terraform_data.b
  to   = terraform_data.d
}
moved {
  from = terraform_data.a
  to   = terraform_data.d
}
`, want: []string{
		"Ambiguous move statements; A statement at main.tf:3,1 declared that terraform_data.a moved to terraform_data.c, but this statement instead declares that it moved to terraform_data.d. Each resource can move to only one destination resource.",
		"Ambiguous move statements; A statement at main.tf:7,1 declared that terraform_data.b moved to terraform_data.d, but this statement instead declares that terraform_data.a moved there. Each resource can have moved from only one source resource.",
	}},
	{name: "ambiguous moves of instances", src: `resource "terraform_data" "b" {
  count = 1
}
resource "terraform_data" "c" {
  for_each = toset(["k"])
}
moved {
  from = terraform_data.a[0]
  to   = terraform_data.b[0]
}
moved {
  from = terraform_data.a[0]
  to   = terraform_data.c["k"]
}
moved {
  from = terraform_data.d[1]
  to   = terraform_data.c["k"]
}
`, want: []string{
		`Ambiguous move statements; A statement at main.tf:11,1 declared that terraform_data.a[0] moved to terraform_data.c["k"], but this statement instead declares that terraform_data.d[1] moved there. Each resource instance can have moved from only one source instance.`,
		`Ambiguous move statements; A statement at main.tf:7,1 declared that terraform_data.a[0] moved to terraform_data.b[0], but this statement instead declares that it moved to terraform_data.c["k"]. Each resource instance can move to only one destination instance.`,
	}},
	// The engines look for cycles only when no moved block has another
	// error.
	{name: "a cycle of instances beside ambiguous moves", src: `resource "terraform_data" "c" {}
resource "terraform_data" "d" {}
moved {
  from = terraform_data.x
  to   = terraform_data.c
}
moved {
  from = terraform_data.x
  to   = terraform_data.d
}
moved {
  from = terraform_data.a[0]
  to   = terraform_data.b[0]
}
moved {
  from = terraform_data.b[0]
  to   = terraform_data.a[0]
}
`, want: []string{
		"Ambiguous move statements; A statement at main.tf:3,1 declared that terraform_data.x moved to terraform_data.c, but this statement instead declares that it moved to terraform_data.d. Each resource can move to only one destination resource.",
	}},
	{name: "a cycle beside a move from what is still declared", src: `resource "terraform_data" "a" {}
moved {
  from = terraform_data.a
  to   = terraform_data.b
}
moved {
  from = terraform_data.x
  to   = terraform_data.y
}
moved {
  from = terraform_data.y
  to   = terraform_data.x
}
`, want: []string{
		"Moved object still exists; This statement declares a move from terraform_data.a, but that resource is still declared at main.tf:1,1. Change your configuration so that this resource will be declared as terraform_data.b instead.",
	}},
	{name: "a move to the same address", src: `resource "terraform_data" "a" {}
moved {
  from = terraform_data.a
  to   = terraform_data.a
}
`, want: []string{
		"Redundant move statement; This statement declares a move from terraform_data.a to the same address, which is the same as not declaring this move at all.",
	}},
	{name: "a removed data source instance", src: `removed {
  from = data.terraform_remote_state.a[0]
  lifecycle {
    destroy = false
  }
}
`, want: []string{
		`Resource instance keys not allowed; Resource address must be a resource (e.g. "test_instance.foo"), not a resource instance (e.g. "test_instance.foo[1]").`,
	}, tofu: []string{
		`Resource instance address with keys is not allowed; Resource address cannot be a resource instance (e.g. "null_resource.a[0]"), it must be a resource instead (e.g. "null_resource.a").`,
	}},
	{name: "a data source moved to a module call", src: `module "m" {
  source = "./m"
}
moved {
  from = data.terraform_remote_state.a
  to   = module.m
}
`, want: []string{
		`Invalid "moved" addresses; The "from" and "to" addresses must either both refer to resources or both refer to modules.`,
	}},
	// Moves between data sources are accepted (a data source is read
	// again, whatever the state holds), but not from one still declared.
	{name: "moves between data sources", src: `data "local_file" "b" {
  filename = "${path.module}/main.tf"
}
moved {
  from = data.local_file.a
  to   = data.local_file.b
}
moved {
  from = data.local_file.c
  to   = data.local_file.d
}
`},
	{name: "a data source moved from what is still declared", src: `data "local_file" "a" {
  filename = "${path.module}/main.tf"
}
data "local_file" "b" {
  count    = 2
  filename = "${path.module}/main.tf"
}
moved {
  from = data.local_file.a
  to   = data.local_file.c
}
moved {
  from = data.local_file.b[1]
  to   = data.local_file.e
}
`, want: []string{
		"Moved object still exists; This statement declares a move from data.local_file.a, but that resource is still declared at main.tf:1,1. Change your configuration so that this resource will be declared as data.local_file.c instead.",
		"Moved object still exists; This statement declares a move from data.local_file.b[1], but that resource instance is still declared at main.tf:5,14. Change your configuration so that this instance will be declared as data.local_file.e instead.",
	}},
	// Terraform 1.8 and later and OpenTofu accept moves between resource
	// types (the destination's provider moves the object, or refuses to,
	// when the state holds one), and compare them with other moves.
	{name: "moves between resources of different types", src: `resource "null_resource" "b" {}
resource "terraform_data" "d" {}
moved {
  from = terraform_data.a
  to   = null_resource.b
}
moved {
  from = null_resource.c
  to   = terraform_data.d
}
moved {
  from = terraform_data.x[0]
  to   = null_resource.y
}
`},
	{name: "ambiguous moves between resources of different types", src: `resource "null_resource" "b" {}
resource "terraform_data" "c" {}
moved {
  from = terraform_data.a
  to   = null_resource.b
}
moved {
  from = terraform_data.a
  to   = terraform_data.c
}
moved {
  from = null_resource.z
  to   = terraform_data.c
}
`, want: []string{
		"Ambiguous move statements; A statement at main.tf:3,1 declared that terraform_data.a moved to null_resource.b, but this statement instead declares that it moved to terraform_data.c. Each resource can move to only one destination resource.",
		"Ambiguous move statements; A statement at main.tf:7,1 declared that terraform_data.a moved to terraform_data.c, but this statement instead declares that null_resource.z moved there. Each resource can have moved from only one source resource.",
	}},
	{name: "cyclic moves between resources of different types", src: `moved {
  from = terraform_data.a
  to   = null_resource.a
}
moved {
  from = null_resource.a
  to   = terraform_data.a
}
`, want: []string{
		"Cyclic dependency in move statements; The following chained move statements form a cycle, and so there is no final location to move objects to: - main.tf:1,1: terraform_data.a[*] → null_resource.a[*] - main.tf:5,1: null_resource.a[*] → terraform_data.a[*] A chain of move statements must end with an address that doesn't appear in any other statements, and which typically also refers to an object still declared in the configuration.",
	}},
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
			t.Run(tc.name+"/engine="+engine, func(t *testing.T) {
				want := tc.want
				if engine == "opentofu" && tc.tofu != nil {
					want = tc.tofu
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
				goApp := &App{Engine: engine, Stacks: []*Stack{{Name: "main", Dir: ".", Config: refactorConfig(t, tc.src)}}}
				check("Go", NewPlan(goApp, nil).Validate())

				cfg := refactorConfig(t, tc.src)
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
		t.Run(tc.name, func(t *testing.T) {
			enginetest.ForEachEngine(t, func(t *testing.T, engine string) {
				want := tc.want
				if tffile.EngineOf(engine) == tffile.OpenTofu && tc.tofu != nil {
					want = tc.tofu
				}
				w := enginetest.Workspace(t, map[string]string{"main.tf": tc.src, "m/main.tf": "\n"})
				w.Exec("init", "-input=false", "-no-color")
				type engineDiag struct{ Severity, Summary, Detail string }
				var v struct {
					Valid       bool
					Diagnostics []engineDiag
				}
				r := w.Exec("validate", "-json", "-no-color")
				if err := json.Unmarshal([]byte(r.Stdout), &v); err != nil {
					t.Fatalf("validate: %v\n%s", err, r.Output)
				}
				ds := v.Diagnostics
				if v.Valid {
					for _, line := range strings.Split(w.Exec("plan", "-json", "-refresh=false", "-input=false", "-no-color").Stdout, "\n") {
						var msg struct {
							Type       string
							Diagnostic engineDiag
						}
						if json.Unmarshal([]byte(line), &msg) == nil && msg.Type == "diagnostic" {
							ds = append(ds, msg.Diagnostic)
						}
					}
				}
				var got []string
				for _, d := range ds {
					if d.Severity == "error" {
						got = append(got, d.Summary+"; "+strings.Join(strings.Fields(d.Detail), " "))
					}
				}
				sort.Strings(got)
				if strings.Join(got, "\n") != strings.Join(want, "\n") {
					t.Errorf("engine:\n%s\nsynth:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
				}
			})
		})
	}
}
