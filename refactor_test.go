package tfkit_test

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/enginetest"
)

// TestRemovedOrMovedStillDeclared: a removed or moved block whose from
// names an element the stack still declares (as a handle or as text) is
// refused at the Go line that gave it, naming the declaration, as the
// engines refuse it when they plan; a move within one resource is fine.
func TestRemovedOrMovedStillDeclared(t *testing.T) {
	app := tfkit.NewApp()
	s := tfkit.NewStack(app, "dev")
	declP := here() + 1
	p := tfkit.NewResource(s, "terraform_data", "p", nil)
	q := tfkit.NewResource(s, "terraform_data", "q", tfkit.Attrs{"input": p.Ref("id")}).Count(2)
	net := tfkit.NewModule(s, "net", tfkit.ModuleConfig{Source: "hashicorp/consul/aws"})
	atRemoved := here() + 1
	tfkit.NewRemoved(s, p, false)
	atMoved := here() + 1
	tfkit.NewMoved(s, "terraform_data.q", "terraform_data.r")
	tfkit.NewRemoved(s, net, true)
	// Fine: a move within one resource, from an instance count no longer
	// declares, and what is no longer declared.
	tfkit.NewMoved(s, "terraform_data.q", q.Ref().Index(0))
	tfkit.NewMoved(s, "terraform_data.q[2]", "terraform_data.s")
	tfkit.NewRemoved(s, "terraform_data.gone", false)
	tfkit.NewMoved(s, "terraform_data.old", "terraform_data.p")

	ds := app.Validate()
	var got []string
	for _, d := range ds {
		got = append(got, d.Summary)
	}
	if strings.Join(got, "|") != "Removed resource still exists|Moved object still exists|Removed module still exists" {
		t.Fatalf("diagnostics: %s", ds)
	}
	rm, mv := ds[0], ds[1]
	if rm.Subject == nil || rm.Subject.Start.Line != atRemoved || rm.Path != "removed.from" ||
		len(rm.Related) != 1 || rm.Related[0].Range.Start.Line != declP ||
		rm.Detail != "This statement declares that terraform_data.p was removed, but it is still declared in configuration." {
		t.Errorf("removed: %s (related %v)", rm, rm.Related)
	}
	if mv.Subject == nil || mv.Subject.Start.Line != atMoved || len(mv.Related) != 1 ||
		!strings.HasPrefix(mv.Detail, "This statement declares a move from terraform_data.q, but that resource is still declared at ") ||
		!strings.HasSuffix(mv.Detail, "Change your configuration so that this resource will be declared as terraform_data.r instead.") {
		t.Errorf("moved: %s", mv)
	}
	// The words are those tfkit eval gives (config.StillDeclared).
	for _, d := range ds {
		block, to := "removed", ""
		if d.Summary == "Moved object still exists" {
			block, to = "moved", "terraform_data.r"
		}
		from := strings.TrimSuffix(d.Related[0].Message, " declared here")
		w, _ := config.StillDeclared(block, strings.HasPrefix(from, "module."), false, from, to, d.Related[0].Range, false)
		if d.Summary != w.Summary || d.Detail != w.Detail || d.Suggestion != w.Suggestion || d.Suggestion == "" {
			t.Errorf("%s: not the words of config.StillDeclared: %s", d.Summary, w)
		}
	}
}

// TestMovedFromInstanceStillDeclared: a moved block whose from is one
// instance of a resource or module call that count or for_each still
// declares is refused at the NewMoved line, related to the Count or ForEach
// line, in the engines' words; an instance they no longer declare, and a
// count only evaluation knows, are not.
func TestMovedFromInstanceStillDeclared(t *testing.T) {
	app := tfkit.NewApp(tfkit.WithGetenv(func(string) string { return "" }))
	s := tfkit.NewStack(app, "dev")
	atCount := here() + 1
	a := tfkit.NewResource(s, "terraform_data", "a", nil).Count(2)
	atForEach := here() + 1
	c := tfkit.NewResource(s, "terraform_data", "c", nil).ForEach(tfkit.Fn("toset", []string{"x", "y"}))
	atMap := here() + 1
	tfkit.NewModule(s, "m", tfkit.ModuleConfig{Source: "./m"}).ForEach(map[string]any{"one": 1})
	tfkit.NewResource(s, "terraform_data", "b", nil)
	n := tfkit.NewVariable(s, "n", tfkit.VariableConfig{Type: "number", Default: 1})
	tfkit.NewResource(s, "terraform_data", "v", nil).Count(n.Ref())
	atA := here() + 1
	tfkit.NewMoved(s, a.Ref().Index(1), "terraform_data.b")
	atC := here() + 1
	tfkit.NewMoved(s, c.Ref().Index("y"), "terraform_data.d")
	atM := here() + 1
	tfkit.NewMoved(s, `module.m["one"]`, "module.n")
	// Fine: no longer declared, or only the engines know.
	tfkit.NewMoved(s, "terraform_data.a[2]", "terraform_data.e")
	tfkit.NewMoved(s, `terraform_data.c["z"]`, "terraform_data.f")
	tfkit.NewMoved(s, "terraform_data.v[0]", "terraform_data.g")
	tfkit.NewMoved(s, "terraform_data.b[0]", "terraform_data.h")

	var got []string
	for _, d := range app.Validate() {
		if d.Summary != "Moved object still exists" {
			continue
		}
		line, rel := 0, 0
		if d.Subject != nil {
			line = d.Subject.Start.Line
		}
		if len(d.Related) == 1 {
			rel = d.Related[0].Range.Start.Line
		}
		got = append(got, fmt.Sprintf("%d %d %s", line, rel, strings.ReplaceAll(d.Detail, d.Related[0].Range.Filename, "F")))
		from := strings.TrimSuffix(d.Related[0].Message, " declared here")
		to := strings.TrimSuffix(d.Detail[strings.LastIndex(d.Detail, " as ")+4:], " instead.")
		w, _ := config.StillDeclared("moved", strings.HasPrefix(from, "module."), true, from, to, d.Related[0].Range, false)
		if d.Detail != w.Detail || d.Suggestion != w.Suggestion || !strings.Contains(d.Suggestion, "count or for_each") {
			t.Errorf("%s: not the words of config.StillDeclared: %s", from, w)
		}
	}
	pos := func(line int) string { return fmt.Sprintf("F:%d.", line) }
	want := []string{
		fmt.Sprintf("%d %d This statement declares a move from terraform_data.a[1], but that resource instance is still declared at %s", atA, atCount, pos(atCount)),
		fmt.Sprintf("%d %d This statement declares a move from terraform_data.c[\"y\"], but that resource instance is still declared at %s", atC, atForEach, pos(atForEach)),
		fmt.Sprintf("%d %d This statement declares a move from module.m[\"one\"], but that module instance is still declared at %s", atM, atMap, pos(atMap)),
	}
	if len(got) != len(want) {
		t.Fatalf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("got:\n%s\nwant prefix:\n%s", got[i], want[i])
		}
	}
}

// TestRemovedStillDeclaredOpenTofu: for output that goes to OpenTofu, a
// removed block naming what the stack still declares is in OpenTofu's
// words, still at the Go line of the removed block.
func TestRemovedStillDeclaredOpenTofu(t *testing.T) {
	app := tfkit.NewApp(tfkit.WithGetenv(func(k string) string {
		if k == tfkit.EnvEngine {
			return "tofu"
		}
		return ""
	}))
	s := tfkit.NewStack(app, "dev")
	p := tfkit.NewResource(s, "terraform_data", "p", nil)
	net := tfkit.NewModule(s, "net", tfkit.ModuleConfig{Source: "hashicorp/consul/aws"})
	atRemoved := here() + 1
	tfkit.NewRemoved(s, p, false)
	tfkit.NewRemoved(s, net, true)
	ds := app.Validate()
	if len(ds) != 2 || ds[0].Summary != "Removed resource block still exists" || ds[1].Summary != "Removed module block still exists" {
		t.Fatalf("diagnostics: %s", ds)
	}
	if ds[0].Subject == nil || ds[0].Subject.Start.Line != atRemoved ||
		ds[0].Detail != "This statement declares a removal of the resource terraform_data.p, but this resource block still exists in the configuration. Please remove the resource block." {
		t.Errorf("removed: %s", ds[0])
	}
	if _, err := app.Files(); err == nil || !strings.Contains(err.Error(), "Removed module block still exists") {
		t.Errorf("Files: %v", err)
	}
}

// TestMovedOutOfConfig: a moved block whose to names a resource or module
// call the stack does not declare is a warning at the NewMoved line (the
// engines accept it, and their plans move the object there and destroy
// it); synth still writes the stack. A chain of moves, a removal of the
// new address, a to inside a declared module call and a to that is
// declared are fine.
func TestMovedOutOfConfig(t *testing.T) {
	var warnings strings.Builder
	app := tfkit.NewApp(tfkit.WithWarnings(&warnings), tfkit.WithGetenv(func(string) string { return "" }))
	s := tfkit.NewStack(app, "dev")
	web := tfkit.NewResource(s, "terraform_data", "webserver", nil)
	tfkit.NewModule(s, "net", tfkit.ModuleConfig{Source: "hashicorp/consul/aws"})
	atTypo := here() + 1
	tfkit.NewMoved(s, "terraform_data.old", "terraform_data.websrever")
	atModule := here() + 1
	tfkit.NewMoved(s, "module.old", "module.gone")
	// Fine.
	tfkit.NewMoved(s, "terraform_data.a", "terraform_data.b")
	tfkit.NewMoved(s, "terraform_data.b", web)
	tfkit.NewMoved(s, "terraform_data.c", "terraform_data.d")
	tfkit.NewRemoved(s, "terraform_data.d", false)
	tfkit.NewMoved(s, "terraform_data.e", "module.net.terraform_data.e")
	tfkit.NewMoved(s, "terraform_data.f", web.Ref().Index(0))

	ds := app.Validate()
	if ds.HasErrors() || len(ds) != 2 {
		t.Fatalf("diagnostics: %s", ds)
	}
	typo, mod := ds[0], ds[1]
	if typo.Severity != diag.Warning || typo.Summary != "Moved to an address not in the configuration" ||
		typo.Subject == nil || filepath.Base(typo.Subject.Filename) != "refactor_test.go" || typo.Subject.Start.Line != atTypo ||
		typo.Path != "moved.to" ||
		!strings.Contains(typo.Detail, `stack "dev" moves terraform_data.old to terraform_data.websrever, but the stack declares no resource terraform_data.websrever`) ||
		!strings.Contains(typo.Detail, "destroy") ||
		!strings.Contains(typo.Suggestion, "did you mean terraform_data.webserver?") ||
		!strings.Contains(typo.Suggestion, "removed block for terraform_data.old") {
		t.Errorf("typo: %s", typo)
	}
	if mod.Subject == nil || mod.Subject.Start.Line != atModule ||
		!strings.Contains(mod.Detail, "declares no module call module.gone") || strings.Contains(mod.Suggestion, "did you mean") {
		t.Errorf("module: %s", mod)
	}
	files, err := app.Files()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(files["stacks/dev/main.tf"]), "terraform_data.websrever") {
		t.Errorf("the moved block was not written:\n%s", files["stacks/dev/main.tf"])
	}
	if !strings.Contains(warnings.String(), "Moved to an address not in the configuration") {
		t.Errorf("warnings: %q", warnings.String())
	}
}

// TestMovedOutOfConfigEngineDestroys: what the warning of a moved block
// to an undeclared address says is what both engines do: plan accepts the
// stack, moves the object there and plans to destroy it.
func TestMovedOutOfConfigEngineDestroys(t *testing.T) {
	enginetest.SkipShort(t)
	enginetest.ForEachEngine(t, func(t *testing.T, engine string) {
		app := tfkit.NewApp(tfkit.WithGetenv(func(string) string { return "" }), tfkit.WithWarnings(io.Discard))
		s := tfkit.NewStack(app, "dev")
		tfkit.NewResource(s, "terraform_data", "a", nil)
		files, err := app.Files()
		if err != nil {
			t.Fatal(err)
		}
		w := enginetest.Workspace(t, map[string]string{"main.tf": string(files["stacks/dev/main.tf"])})
		w.Init()
		w.Apply()

		app = tfkit.NewApp(tfkit.WithGetenv(func(string) string { return "" }), tfkit.WithWarnings(io.Discard))
		s = tfkit.NewStack(app, "dev")
		tfkit.NewResource(s, "terraform_data", "c", nil)
		tfkit.NewMoved(s, "terraform_data.a", "terraform_data.b")
		if ds := app.Validate(); ds.HasErrors() || len(ds) != 1 || ds[0].Summary != "Moved to an address not in the configuration" {
			t.Fatalf("diagnostics: %s", ds)
		}
		files, err = app.Files()
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(w.Dir, "main.tf"), files["stacks/dev/main.tf"], 0o644); err != nil {
			t.Fatal(err)
		}
		p := w.Plan()
		if !strings.Contains(p.Output, "terraform_data.b will be destroyed") ||
			!strings.Contains(p.Output, "because terraform_data.a was moved to terraform_data.b, which is not in configuration") {
			t.Errorf("plan:\n%s", p.Output)
		}
	})
}

// TestRemovedInstanceKey: a removed block whose from has an instance key
// (of a resource or of a module call) is refused at the NewRemoved line in
// the engines' words (config.RemovedInstanceKey), OpenTofu's for output
// that goes to it.
func TestRemovedInstanceKey(t *testing.T) {
	for _, engine := range []string{"", "tofu"} {
		t.Run("engine="+engine, func(t *testing.T) {
			app := tfkit.NewApp(tfkit.WithGetenv(envOf(map[string]string{tfkit.EnvEngine: engine})))
			s := tfkit.NewStack(app, "dev")
			ids := tfkit.NewResource(s, "terraform_data", "ids", nil).ForEach(tfkit.Fn("toset", []string{"a", "b"}))
			atResource := here() + 1
			tfkit.NewRemoved(s, ids.Ref().Index("b"), false)
			atModule := here() + 1
			tfkit.NewRemoved(s, `module.net["a"].terraform_data.x`, false)
			ds := app.Validate()
			tofu := engine == "tofu"
			want := []*diag.Diagnostic{config.RemovedInstanceKey(false, tofu), config.RemovedInstanceKey(true, tofu)}
			if len(ds) != 2 {
				t.Fatalf("diagnostics: %s", ds)
			}
			for i, line := range []int{atResource, atModule} {
				d := ds[i]
				if d.Summary != want[i].Summary || d.Detail != want[i].Detail || d.Suggestion == "" ||
					d.Subject == nil || d.Subject.Start.Line != line || d.Path != "removed.from" {
					t.Errorf("removed %d: %s", i, d)
				}
			}
		})
	}
}
