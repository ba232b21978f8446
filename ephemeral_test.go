package tfkit_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/internal/golden"
	"github.com/tfkit/tfkit/internal/render"
	"github.com/tfkit/tfkit/internal/rendertest"
)

// buildEphemeral declares a stack whose ephemeral resources are read by a
// local value, another ephemeral resource and, with registry, a provider
// block (the docker provider's registry_auth, whose password is the
// ephemeral password). It uses every method of Ephemeral that the random
// provider's schema allows.
func buildEphemeral(s *tfkit.Stack, registry bool) {
	tfkit.NewProvider(s, "random", nil).Source("hashicorp/random", "3.9.0")
	alt := tfkit.NewProvider(s, "random", nil).Alias("alt")
	db := tfkit.NewEphemeral(s, "random_password", "db", tfkit.Attrs{"length": 16})
	pet := tfkit.NewResource(s, "random_pet", "name", nil)
	tfkit.NewEphemeral(s, "random_password", "users", tfkit.Attrs{"length": db.Ref("length")}).
		ForEach(tfkit.Fn("toset", []string{"alice", "bob"})).
		Provider(alt).
		DependsOn(db, pet).
		Set("special", false).
		Append(tfkit.Attrs{"min_numeric": 2}).
		Lifecycle(tfkit.Lifecycle{Postconditions: []tfkit.Condition{{
			Condition:    tfkit.Op(tfkit.Fn("length", tfkit.Self("result")), "==", 16),
			ErrorMessage: "Wrong length.",
		}}})
	tfkit.NewEphemeral(s, "random_password", "pins", tfkit.Attrs{"length": 4, "special": false}).Count(2)
	// A resource and a data source may share the ephemeral's type and name.
	tfkit.NewResource(s, "random_password", "db", tfkit.Attrs{"length": 8}).DependsOn(db)
	tfkit.NewLocals(s, tfkit.Attrs{"db_password": db.Ref("result")})
	if registry {
		tfkit.NewProvider(s, "docker", tfkit.Attrs{
			"registry_auth": tfkit.Block(tfkit.Ordered(
				"address", "registry.example.com",
				"username", "admin",
				"password", db.Ref("result"),
			)),
		}).Source("kreuzwerker/docker", "")
	}
}

func renderEphemeral(t *testing.T, registry bool) (hclText, jsonText []byte) {
	t.Helper()
	app := tfkit.NewApp()
	s := tfkit.NewStack(app, "ephemeral")
	buildEphemeral(s, registry)
	if ds := app.Validate(); len(ds) > 0 {
		t.Fatalf("unexpected diagnostics:\n%s", ds)
	}
	var err error
	if hclText, err = render.HCL(s.Config()); err != nil {
		t.Fatalf("render HCL: %v", err)
	}
	if jsonText, err = render.JSON(s.Config()); err != nil {
		t.Fatalf("render JSON: %v", err)
	}
	return hclText, jsonText
}

func TestEphemeralGolden(t *testing.T) {
	hclText, jsonText := renderEphemeral(t, true)
	golden.Check(t, filepath.Join("testdata", "ephemeral", "main.tf"), hclText)
	golden.Check(t, filepath.Join("testdata", "ephemeral", "main.tf.json"), jsonText)
	app := tfkit.NewApp()
	s := tfkit.NewStack(app, "ephemeral")
	buildEphemeral(s, true)
	rendertest.Formatted(t, hclText)
	rendertest.HCLRoundTrip(t, s.Config(), hclText)
	rendertest.JSONRoundTrip(t, s.Config(), jsonText)
}

// TestEphemeralEngineValidate runs terraform validate on the HCL and the
// JSON output. Ephemeral resources need Terraform 1.10 or OpenTofu 1.11;
// the provider-block half needs the optional docker provider in the mirror.
func TestEphemeralEngineValidate(t *testing.T) {
	enginetest.Engine(t)
	// random 3.9.0 is the first with ephemeral random_password.
	enginetest.RequireProvider(t, "hashicorp/random", "3.9.0")
	registry := enginetest.HasProvider(t, "kreuzwerker/docker", "4.6.0")
	if !registry {
		t.Log("docker provider not in the mirror: validating without the provider block")
	}
	hclText, jsonText := renderEphemeral(t, registry)
	for name, text := range map[string][]byte{"main.tf": hclText, "main.tf.json": jsonText} {
		t.Run(name, func(t *testing.T) {
			w := enginetest.Workspace(t, map[string]string{name: string(text)})
			if v := w.Exec("version"); !engineSupportsEphemeral(v.Stdout) {
				t.Skipf("the engine predates ephemeral resources: %s", strings.SplitN(v.Stdout, "\n", 2)[0])
			}
			w.Init()
			w.Validate()
		})
	}
}

// engineSupportsEphemeral reads the first line of `terraform version`
// (Terraform v1.11.4, OpenTofu v1.10.0).
func engineSupportsEphemeral(version string) bool {
	first, _, _ := strings.Cut(version, "\n")
	var major, minor int
	if n, _ := fmt.Sscanf(first, "Terraform v%d.%d", &major, &minor); n == 2 {
		return major > 1 || major == 1 && minor >= 10
	}
	if n, _ := fmt.Sscanf(first, "OpenTofu v%d.%d", &major, &minor); n == 2 {
		return major > 1 || major == 1 && minor >= 11
	}
	return false
}

func TestEphemeralRef(t *testing.T) {
	_, s := newStack(t)
	db := tfkit.NewEphemeral(s, "random_password", "db", nil)
	pins := tfkit.NewEphemeral(s, "random_password", "pins", nil).Count(2)
	tfkit.NewLocals(s, tfkit.Attrs{
		"whole":  db,
		"ref":    db.Ref(),
		"result": db.Ref("result"),
		"first":  pins.Ref("[0]", "result"),
		"all":    pins.Ref("[*].result"),
		"text":   tfkit.Fn("format", "pw=%s", db.Ref("result")),
	})
	got := configText(t, s)
	for _, want := range []string{
		"whole  = ephemeral.random_password.db\n",
		"ref    = ephemeral.random_password.db\n",
		"result = ephemeral.random_password.db.result\n",
		"first  = ephemeral.random_password.pins[0].result\n",
		"all    = ephemeral.random_password.pins[*].result\n",
		`text   = format("pw=%s", ephemeral.random_password.db.result)`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in:\n%s", want, got)
		}
	}
	if ds := s.Validate(); len(ds) > 0 {
		t.Errorf("unexpected diagnostics:\n%s", ds)
	}
}

func TestEphemeralDynamic(t *testing.T) {
	_, s := newStack(t)
	tfkit.NewEphemeral(s, "vault_kv_secret", "s", tfkit.Attrs{"path": "secret/db"}).
		Dynamic("header", tfkit.Dynamic{
			ForEach: tfkit.Var("headers"),
			Content: tfkit.Attrs{"name": tfkit.Ref("header.key")},
		})
	tfkit.NewVariable(s, "headers", tfkit.VariableConfig{})
	got := configText(t, s)
	want := `ephemeral "vault_kv_secret" "s" {
  path = "secret/db"

  dynamic "header" {
    for_each = var.headers

    content {
      name = header.key
    }
  }
}
`
	if !strings.HasPrefix(got, want) {
		t.Errorf("got:\n%s\nwant prefix:\n%s", got, want)
	}
	if ds := s.Validate(); len(ds) > 0 {
		t.Errorf("unexpected diagnostics:\n%s", ds)
	}
}

func TestEphemeralLifecycleRejectsResourceSettings(t *testing.T) {
	_, s := newStack(t)
	line := here() + 1
	tfkit.NewEphemeral(s, "random_password", "p", nil).Lifecycle(tfkit.Lifecycle{
		PreventDestroy: true,
		Preconditions:  []tfkit.Condition{{Condition: tfkit.Op(tfkit.Ref("terraform.workspace"), "!=", ""), ErrorMessage: "never"}},
	})
	checkDiags(t, s.Diagnostics(), want{"Unsupported lifecycle setting", line, "ephemeral.random_password.p.lifecycle"})
	got := configText(t, s)
	if strings.Contains(got, "prevent_destroy") || !strings.Contains(got, "precondition {") {
		t.Errorf("the lifecycle block should keep only the conditions:\n%s", got)
	}
}

func TestEphemeralDuplicate(t *testing.T) {
	app, s := newStack(t)
	first := here() + 1
	tfkit.NewEphemeral(s, "random_password", "db", nil)
	tfkit.NewResource(s, "random_password", "db", nil)
	tfkit.NewDataSource(s, "random_password", "db", nil)
	second := here() + 1
	tfkit.NewEphemeral(s, "random_password", "db", nil)
	ds := app.Validate()
	checkDiags(t, ds, want{`Duplicate ephemeral resource "random_password.db"`, second, "ephemeral.random_password.db"})
	rel := ds.Errs()[0].Related
	if len(rel) != 1 || rel[0].Range.Filename != "ephemeral_test.go" || rel[0].Range.Start.Line != first {
		t.Errorf("related: %+v, want the first declaration at line %d", rel, first)
	}
}

func TestEphemeralUndeclaredReference(t *testing.T) {
	app, s := newStack(t)
	tfkit.NewEphemeral(s, "random_password", "db", nil)
	tfkit.NewResource(s, "random_password", "bd", nil)
	line := here() + 1
	tfkit.NewLocals(s, tfkit.Attrs{"p": tfkit.Ref("ephemeral.random_password.bd.result")})
	ds := app.Validate()
	checkDiags(t, ds, want{`Reference to undeclared resource`, line, "local.p"})
	if sug := ds.Errs()[0].Suggestion; !strings.Contains(sug, `did you mean "random_password.db"?`) {
		t.Errorf("suggestion %q lacks the did-you-mean", sug)
	}
}

func TestEphemeralDependsOn(t *testing.T) {
	_, s := newStack(t)
	db := tfkit.NewEphemeral(s, "random_password", "db", nil)
	p := tfkit.NewProvider(s, "random", nil)
	line := here() + 1
	tfkit.NewResource(s, "null_resource", "x", nil).DependsOn(db, p)
	checkDiags(t, s.Diagnostics(), want{"Invalid dependency", line, ""})
	if d := s.Diagnostics()[0].Detail; !strings.Contains(d, "ephemeral resources") {
		t.Errorf("detail %q does not name ephemeral resources among what may be depended on", d)
	}
	if got := configText(t, s); !strings.Contains(got, "depends_on = [ephemeral.random_password.db]") {
		t.Errorf("depends_on not written:\n%s", got)
	}
}

func TestEphemeralCycle(t *testing.T) {
	app, s := newStack(t)
	db := tfkit.NewEphemeral(s, "random_password", "db", tfkit.Attrs{"length": tfkit.Local("n")})
	tfkit.NewLocals(s, tfkit.Attrs{"n": tfkit.Fn("length", db.Ref("result"))})
	ds := app.Validate()
	errs := ds.Errs()
	if len(errs) != 1 || !strings.Contains(errs[0].Summary, "Dependency cycle: ephemeral.random_password.db → local.n → ephemeral.random_password.db") {
		t.Fatalf("want one cycle error, got:\n%s", ds)
	}
}

// An ephemeral value cannot cross stacks: that would take an output of the
// producing stack, and a root module cannot output an ephemeral value.
func TestEphemeralCrossStack(t *testing.T) {
	app := tfkit.NewApp()
	a := tfkit.NewStack(app, "a")
	b := tfkit.NewStack(app, "b")
	db := tfkit.NewEphemeral(a, "random_password", "db", tfkit.Attrs{"length": 16})
	pet := tfkit.NewResource(a, "random_pet", "p", nil)
	l1 := here() + 1
	tfkit.NewLocals(b, tfkit.Attrs{"pw": db.Ref("result"), "pet": pet.Ref("id")})
	l2 := here() + 1
	tfkit.NewResource(b, "null_resource", "x", nil).DependsOn(db)
	checkDiags(t, app.Validate(),
		want{"Cross-stack reference to an ephemeral resource", l1, "locals"},
		want{"Reference to another stack", l2, "null_resource.x.depends_on"},
	)
	// Neither an output of the ephemeral value nor a reference to it is
	// written; the other reference crosses as usual.
	ta, tb := configText(t, a), configText(t, b)
	if strings.Contains(ta, "ephemeral.random_password.db.result") {
		t.Errorf("stack a exports the ephemeral value:\n%s", ta)
	}
	if strings.Contains(tb, "ephemeral.") || strings.Contains(tb, "tfkit-stack:") {
		t.Errorf("stack b still refers to the ephemeral resource:\n%s", tb)
	}
	if !strings.Contains(tb, "data.terraform_remote_state.a.outputs.") {
		t.Errorf("stack b does not read random_pet.p through remote state:\n%s", tb)
	}
}

// A reference written as text reads another stack's element too; to an
// ephemeral resource it is refused the same way, once, and written as null.
func TestEphemeralCrossStackText(t *testing.T) {
	app := tfkit.NewApp()
	a := tfkit.NewStack(app, "a")
	b := tfkit.NewStack(app, "b")
	decl := here() + 1
	tfkit.NewEphemeral(a, "random_password", "db", tfkit.Attrs{"length": 16})
	line := here() + 1
	tfkit.NewLocals(b, tfkit.Attrs{
		"pw":  tfkit.Ref("ephemeral.random_password.db.result"),
		"len": tfkit.Ref("ephemeral.random_password.db.length"),
	})
	ds := app.Validate()
	checkDiags(t, ds, want{"Cross-stack reference to an ephemeral resource", line, "local.len"})
	d := ds.Errs()[0]
	if !strings.Contains(d.Detail, `refers to ephemeral.random_password.db of stack "a"`) {
		t.Errorf("detail: %s", d.Detail)
	}
	if len(d.Related) != 1 || d.Related[0].Range.Start.Line != decl {
		t.Errorf("related: %+v, want the declaration at line %d", d.Related, decl)
	}
	if ta := configText(t, a); strings.Contains(ta, "output") {
		t.Errorf("stack a exports the ephemeral value:\n%s", ta)
	}
	tb := configText(t, b)
	if strings.Contains(tb, "ephemeral.") || strings.Contains(tb, "terraform_remote_state") || !strings.Contains(tb, "pw  = null") {
		t.Errorf("stack b:\n%s", tb)
	}
}
