package tfkit_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
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
		if err == nil || !strings.Contains(err.Error(), "opentofu_early_test.go:33") || !strings.Contains(err.Error(), "(early evaluation), which Terraform does not support (OpenTofu does from 1.8)") {
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

// buildEarlySettings declares what else OpenTofu evaluates early: the
// local backend's path and a registry module's version built from
// variables, and the module's provider, an instance of a provider with
// for_each, chosen by a variable.
func buildEarlySettings(s *tfkit.Stack) {
	tfkit.NewTerraform(s, tfkit.TerraformConfig{
		RequiredProviders: map[string]tfkit.ProviderRequirement{"random": {Source: "hashicorp/random", Version: "3.9.0"}},
		Backend:           tfkit.Backend("local", tfkit.Attrs{"path": "state/${var.env}.tfstate"}),
	})
	tfkit.NewVariable(s, "env", tfkit.VariableConfig{Type: "string", Default: "dev"})
	tfkit.NewVariable(s, "greet_version", tfkit.VariableConfig{Type: "string", Default: "1.0.0"})
	tfkit.NewVariable(s, "region", tfkit.VariableConfig{Type: "string", Default: "a"})
	pets := tfkit.NewProvider(s, "random", nil).Alias("by_region").ForEach(tfkit.Fn("toset", []string{"a", "b"}))
	greet := tfkit.NewModule(s, "greet", tfkit.ModuleConfig{
		Source:            "example.test/acme/greet/random",
		VersionExpr:       tfkit.Var("greet_version"),
		ProviderInstances: map[string]*tfkit.ProviderInstance{"random": pets.Instance(tfkit.Var("region"))},
	})
	tfkit.NewOutput(s, "name", tfkit.OutputConfig{Value: greet.Output("name")})
}

func renderEarlySettings(t *testing.T) (*tfkit.Stack, []byte, []byte) {
	t.Helper()
	app := tfkit.NewApp()
	s := tfkit.NewStack(app, "settings")
	buildEarlySettings(s)
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

func TestEarlySettingsGolden(t *testing.T) {
	s, hclText, jsonText := renderEarlySettings(t)
	golden.Check(t, filepath.Join("testdata", "opentofu", "early_settings.tf"), hclText)
	golden.Check(t, filepath.Join("testdata", "opentofu", "early_settings.tf.json"), jsonText)
	rendertest.Formatted(t, hclText)
	rendertest.HCLRoundTrip(t, s.Config(), hclText)
	rendertest.JSONRoundTrip(t, s.Config(), jsonText)
}

// TestEarlySettingsRefusedForTerraform: the backend's path and the
// module's version built from variables are refused at their Go lines when
// the output goes to terraform (with the provider with for_each), and
// synthesized for OpenTofu; a version that reads a resource, or set twice,
// is refused for either engine.
func TestEarlySettingsRefusedForTerraform(t *testing.T) {
	for _, engine := range []string{"terraform", "opentofu"} {
		out := t.TempDir()
		env := map[string]string{tfkit.EnvOutdir: out, tfkit.EnvEngine: engine}
		app := tfkit.NewApp(tfkit.WithGetenv(func(k string) string { return env[k] }))
		buildEarlySettings(tfkit.NewStack(app, "settings"))
		err := app.Synth()
		if engine == "opentofu" {
			if err != nil {
				t.Errorf("opentofu: %v", err)
			}
			continue
		}
		if err == nil {
			t.Fatal("terraform: synthesized")
		}
		msg := err.Error()
		for _, want := range []string{
			"opentofu_early_test.go:144: Error: Not supported by Terraform (at terraform.backend.path)",
			"opentofu_early_test.go:152: Error: Not supported by Terraform (at module.greet.version)",
			"variables and locals in module sources and versions and in backend settings (early evaluation), which Terraform does not support (OpenTofu does from 1.8)",
			"opentofu_early_test.go:151: Error: Not supported by Terraform (at provider.random.by_region.for_each)",
		} {
			if !strings.Contains(msg, want) {
				t.Errorf("terraform: the error does not say %q:\n%s", want, msg)
			}
		}
		if _, werr := os.Stat(filepath.Join(out, "manifest.json")); werr == nil {
			t.Error("terraform: output written")
		}
	}
	app := tfkit.NewApp()
	s := tfkit.NewStack(app, "bad")
	pet := tfkit.NewResource(s, "random_pet", "p", nil)
	tfkit.NewModule(s, "m", tfkit.ModuleConfig{Source: "acme/m/aws", VersionExpr: pet.Ref("id")})
	tfkit.NewModule(s, "n", tfkit.ModuleConfig{Source: "acme/n/aws", Version: "1.0.0", VersionExpr: tfkit.Var("v")})
	ds := app.Validate()
	for _, want := range []string{"Invalid module version (at module.m.version)", "Conflicting module version (at module.n.version); Version and VersionExpr are both set."} {
		if !strings.Contains(ds.Error(), want) {
			t.Errorf("the diagnostics do not say %q:\n%s", want, ds)
		}
	}
}

// greetRegistry serves the module acme/greet/random at versions 1.0.0 and
// 2.0.0 under the registry host example.test, through the module registry
// protocol, from directories of the test; each version names a random pet
// with its own prefix ("one", "two"). It returns the CLI config's host
// block that points OpenTofu at it.
func greetRegistry(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	versions := map[string]string{"1.0.0": "one", "2.0.0": "two"}
	for v, prefix := range versions {
		dir := filepath.Join(root, v)
		text := "terraform {\n  required_providers {\n    random = {\n      source = \"hashicorp/random\"\n    }\n  }\n}\n\n" +
			"resource \"random_pet\" \"p\" {\n  prefix = \"" + prefix + "\"\n}\n\noutput \"name\" {\n  value = random_pet.p.id\n}\n"
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const base = "/v1/modules/acme/greet/random/"
	mux := http.NewServeMux()
	mux.HandleFunc(base+"versions", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"modules": []any{map[string]any{"versions": []any{
			map[string]string{"version": "1.0.0"}, map[string]string{"version": "2.0.0"},
		}}}})
	})
	mux.HandleFunc(base+"{version}/download", func(w http.ResponseWriter, r *http.Request) {
		v := r.PathValue("version")
		if _, ok := versions[v]; !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("X-Terraform-Get", "file://"+filepath.ToSlash(filepath.Join(root, v)))
		w.WriteHeader(http.StatusNoContent)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return fmt.Sprintf("host \"example.test\" {\n  services = {\n    \"modules.v1\" = %q\n  }\n}\n", srv.URL+"/v1/modules/")
}

// TestEarlySettingsApplied: OpenTofu applies the stack, from HCL and from
// JSON, once with the variables' defaults and once with others given to
// in terraform.tfvars: the state is where the backend's path built from env
// says, the module is the version greet_version says (its pet's prefix),
// and the module's resources use the provider instance region says.
func TestEarlySettingsApplied(t *testing.T) {
	tofu := enginetest.OpenTofu(t)
	_, hclText, jsonText := renderEarlySettings(t)
	for _, f := range []struct {
		name string
		text []byte
	}{{"main.tf", hclText}, {"main.tf.json", jsonText}} {
		name, text := f.name, f.text
		for _, tc := range []struct {
			tfvars                        string
			state, prefix, providerRegion string
		}{
			{"", "dev", "one", "a"},
			{"env           = \"prod\"\ngreet_version = \"2.0.0\"\nregion        = \"b\"\n", "prod", "two", "b"},
		} {
			t.Run(name+"/"+tc.state, func(t *testing.T) {
				files := map[string]string{name: string(text)}
				if tc.tfvars != "" {
					files["terraform.tfvars"] = tc.tfvars
				}
				w := enginetest.Workspace(t, files)
				w.Engine = tofu
				w.AddCLIConfig(greetRegistry(t))
				w.Init()
				w.Validate()
				w.Apply()
				state, err := os.ReadFile(filepath.Join(w.Dir, "state", tc.state+".tfstate"))
				if err != nil {
					t.Fatalf("no state at the backend's path: %v", err)
				}
				for _, want := range []string{
					`"provider": "provider[\"registry.opentofu.org/hashicorp/random\"].by_region[\"` + tc.providerRegion + `\"]"`,
					`"module": "module.greet"`,
				} {
					if !strings.Contains(string(state), want) {
						t.Errorf("the state does not say %s:\n%s", want, state)
					}
				}
				if _, err := os.Stat(filepath.Join(w.Dir, "terraform.tfstate")); err == nil {
					t.Error("state written to terraform.tfstate, not to the backend's path")
				}
				if got := w.OutputString("name"); !strings.HasPrefix(got, tc.prefix+"-") {
					t.Errorf("module version: the pet is %q, want the prefix %q", got, tc.prefix)
				}
				w.Destroy()
			})
		}
	}
}
