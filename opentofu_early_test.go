package tfkit_test

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/internal/golden"
	"github.com/tfkit/tfkit/internal/render"
	"github.com/tfkit/tfkit/internal/rendertest"
	"github.com/tfkit/tfkit/load"
	"github.com/tfkit/tfkit/tffile"
)

// buildEarly declares a module whose source is built from a variable
// through a local (OpenTofu's early evaluation), given one instance of a
// random provider with for_each.
func buildEarly(s *tfkit.Stack) {
	tfkit.NewTerraform(s, tfkit.TerraformConfig{
		RequiredProviders: map[string]tfkit.ProviderRequirement{"random": {Source: "hashicorp/random", Version: "3.9.0"}},
	})
	tfkit.NewVariable(s, "flavor", tfkit.VariableConfig{Type: "string", Default: "a"})
	tfkit.NewLocals(s, tfkit.Attrs{"dir": tfkit.Fn("format", "./modules/%s", tfkit.Var("flavor"))})
	pets := tfkit.NewProvider(s, "random", nil).Alias("by_name").ForEach(tfkit.Fn("toset", []string{"a", "b"}))
	tfkit.NewModule(s, "app", tfkit.ModuleConfig{
		SourceExpr:        tfkit.Local("dir"),
		ProviderInstances: map[string]*tfkit.ProviderInstance{"random": pets.Instance("b")},
	})
}

func renderEarly(t *testing.T) (*tfkit.Stack, []byte, []byte) {
	t.Helper()
	app := tfkit.NewApp()
	s := tfkit.NewStack(app, "early")
	buildEarly(s)
	if ds := app.Validate(); len(ds) > 0 {
		t.Fatalf("unexpected diagnostics:\n%s", ds)
	}
	hclText, err := render.HCL(s.Config())
	if err != nil {
		t.Fatal(err)
	}
	jsonText, err := render.JSON(s.Config())
	if err != nil {
		t.Fatal(err)
	}
	return s, hclText, jsonText
}

func TestEarlyEvaluationGolden(t *testing.T) {
	s, hclText, jsonText := renderEarly(t)
	golden.Check(t, filepath.Join("testdata", "opentofu", "early.tf"), hclText)
	golden.Check(t, filepath.Join("testdata", "opentofu", "early.tf.json"), jsonText)
	rendertest.Formatted(t, hclText)
	rendertest.HCLRoundTrip(t, s.Config(), hclText)
	rendertest.JSONRoundTrip(t, s.Config(), jsonText)
}

// TestEarlyEvaluationRefusedForTerraform: the module source built from a
// variable is refused at its Go line when the output goes to terraform,
// and a source that reads anything else is refused for either engine.
func TestEarlyEvaluationRefusedForTerraform(t *testing.T) {
	for _, engine := range []string{"terraform", "opentofu"} {
		out := t.TempDir()
		env := map[string]string{tfkit.EnvOutdir: out, tfkit.EnvEngine: engine}
		app := tfkit.NewApp(tfkit.WithGetenv(func(k string) string { return env[k] }))
		buildEarly(tfkit.NewStack(app, "early"))
		err := app.Synth()
		if engine == "opentofu" {
			if err != nil {
				t.Errorf("opentofu: %v", err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), "opentofu_early_test.go:29") || !strings.Contains(err.Error(), "(early evaluation), which Terraform does not support (OpenTofu does from 1.8)") {
			t.Errorf("terraform: %v", err)
		}
		if _, werr := os.Stat(filepath.Join(out, "manifest.json")); werr == nil {
			t.Error("terraform: output written")
		}
	}
	app := tfkit.NewApp()
	s := tfkit.NewStack(app, "bad")
	pet := tfkit.NewResource(s, "random_pet", "p", nil)
	tfkit.NewModule(s, "m", tfkit.ModuleConfig{SourceExpr: pet.Ref("id")})
	if ds := app.Validate(); !strings.Contains(ds.Error(), "Invalid module source") {
		t.Errorf("source from a resource: %v", ds)
	}
}

// TestEarlyEvaluationPlanned: OpenTofu validates and plans the stack, and
// tfkit eval --engine tofu gives the instances and provider instances its
// state names after apply.
func TestEarlyEvaluationPlanned(t *testing.T) {
	tofu := enginetest.OpenTofu(t)
	_, hclText, jsonText := renderEarly(t)
	for name, text := range map[string][]byte{"main.tf": hclText, "main.tf.json": jsonText} {
		t.Run(name, func(t *testing.T) {
			w := enginetest.Workspace(t, map[string]string{
				name:                string(text),
				"modules/a/main.tf": "terraform {\n  required_providers {\n    random = {\n      source = \"hashicorp/random\"\n    }\n  }\n}\n\nresource \"random_pet\" \"p\" {\n  prefix = \"a\"\n}\n",
			})
			w.Engine = tofu
			w.Init()
			w.Validate()
			w.Apply()
			state, err := os.ReadFile(filepath.Join(w.Dir, "terraform.tfstate"))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(state), `"provider": "provider[\"registry.opentofu.org/hashicorp/random\"].by_name[\"b\"]"`) {
				t.Errorf("state does not name the provider instance:\n%s", state)
			}
			v, ds := load.Dir(w.Dir, load.Options{Engine: tffile.OpenTofu})
			if ds.HasErrors() {
				t.Fatal(ds)
			}
			var got []string
			for _, r := range v.Resources {
				got = append(got, r.Address+" "+r.Provider)
			}
			sort.Strings(got)
			if want := `module.app.random_pet.p provider["registry.terraform.io/hashicorp/random"].by_name["b"]`; strings.Join(got, "\n") != want {
				t.Errorf("eval: %s\nwant %s", strings.Join(got, "\n"), want)
			}
			w.Destroy()
		})
	}
}
