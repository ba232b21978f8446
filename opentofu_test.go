package tfkit_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/internal/golden"
	"github.com/tfkit/tfkit/internal/render"
	"github.com/tfkit/tfkit/internal/rendertest"
)

// buildOpenTofu declares a stack in OpenTofu's language: state and plan
// encrypted with aes_gcm under a pbkdf2 key (with the unencrypted method as
// the fallback that reads an older state), and a local provider with
// for_each whose two instances write a file each.
func buildOpenTofu(s *tfkit.Stack, dir string) {
	key := tfkit.NewKeyProvider("pbkdf2", "main", tfkit.Attrs{"passphrase": "correct-horse-battery-staple"})
	gcm := tfkit.NewEncryptionMethod("aes_gcm", "main", tfkit.Attrs{"keys": key.Ref()})
	plain := tfkit.NewEncryptionMethod("unencrypted", "migrate", nil)
	tfkit.NewTerraform(s, tfkit.TerraformConfig{
		RequiredProviders: map[string]tfkit.ProviderRequirement{
			"local":  {Source: "hashicorp/local", Version: "2.9.0"},
			"random": {Source: "hashicorp/random", Version: "3.9.0"},
		},
		Encryption: &tfkit.Encryption{
			KeyProviders: []*tfkit.KeyProvider{key},
			Methods:      []*tfkit.EncryptionMethod{gcm, plain},
			State:        &tfkit.EncryptionTarget{Method: gcm, Fallback: plain},
			Plan:         &tfkit.EncryptionTarget{Method: gcm.Ref(), Enforced: true},
		},
	})
	tfkit.NewVariable(s, "names", tfkit.VariableConfig{Type: "set(string)", Default: []string{"a", "b"}})
	files := tfkit.NewProvider(s, "local", nil).Alias("by_name").ForEach(tfkit.Var("names"))
	pets := tfkit.NewProvider(s, "random", nil).Alias("by_name").ForEach(tfkit.Var("names"))
	tfkit.NewResource(s, "random_pet", "a", nil).Provider(pets.Instance("a"))
	tfkit.NewResource(s, "random_pet", "b", nil).Provider(pets.Instance("b"))
	for _, n := range []string{"a", "b"} {
		tfkit.NewResource(s, "local_file", n, tfkit.Attrs{
			"filename": filepath.Join(dir, n+".txt"),
			"content":  tfkit.Ref("random_pet." + n + ".id"),
		}).Provider(files.Instance(n))
	}
}

func renderOpenTofu(t *testing.T, dir string) (*tfkit.Stack, []byte, []byte) {
	t.Helper()
	app := tfkit.NewApp()
	s := tfkit.NewStack(app, "opentofu")
	buildOpenTofu(s, dir)
	if ds := app.Validate(); len(ds) > 0 {
		t.Fatalf("unexpected diagnostics:\n%s", ds)
	}
	hclText, err := render.HCL(s.Config())
	if err != nil {
		t.Fatalf("render HCL: %v", err)
	}
	jsonText, err := render.JSON(s.Config())
	if err != nil {
		t.Fatalf("render JSON: %v", err)
	}
	return s, hclText, jsonText
}

func TestOpenTofuGolden(t *testing.T) {
	s, hclText, jsonText := renderOpenTofu(t, "out")
	golden.Check(t, filepath.Join("testdata", "opentofu", "main.tf"), hclText)
	golden.Check(t, filepath.Join("testdata", "opentofu", "main.tf.json"), jsonText)
	rendertest.Formatted(t, hclText)
	rendertest.HCLRoundTrip(t, s.Config(), hclText)
	rendertest.JSONRoundTrip(t, s.Config(), jsonText)
}

// TestOpenTofuApply applies the stack with OpenTofu, in HCL and in JSON:
// both provider instances write their file, and the state on disk is
// encrypted (no resource attribute in clear text).
func TestOpenTofuApply(t *testing.T) {
	tofu := enginetest.OpenTofu(t)
	for _, name := range []string{"main.tf", "main.tf.json"} {
		t.Run(name, func(t *testing.T) {
			out := t.TempDir()
			_, hclText, jsonText := renderOpenTofu(t, out)
			text := hclText
			if name == "main.tf.json" {
				text = jsonText
			}
			w := enginetest.Workspace(t, map[string]string{name: string(text)})
			if filepath.Base(w.Engine) != "tofu" {
				w.Engine = tofu
			}
			w.Init()
			w.Validate()
			w.Apply()
			var pets []string
			for _, n := range []string{"a", "b"} {
				data, err := os.ReadFile(filepath.Join(out, n+".txt"))
				if err != nil || len(data) == 0 {
					t.Fatalf("provider instance %q wrote no file: %v", n, err)
				}
				pets = append(pets, string(data))
			}
			state, err := os.ReadFile(filepath.Join(w.Dir, "terraform.tfstate"))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(state), `"encrypted_data"`) || !strings.Contains(string(state), `"encryption_version"`) {
				t.Errorf("state is not in OpenTofu's encrypted form:\n%.300s", state)
			}
			for _, clear := range append(pets, "random_pet", "local_file", out) {
				if strings.Contains(string(state), clear) {
					t.Errorf("state on disk holds %q in clear text", clear)
				}
			}
			w.Destroy()
		})
	}
}

// TestOpenTofuRefusedForTerraform: an app whose output goes to terraform
// (TFKIT_ENGINE=terraform, as tfkit deploy sets it) is refused at the Go
// line of each construct only OpenTofu accepts, and nothing is written;
// for OpenTofu, or an unknown engine, it synthesizes.
func TestOpenTofuRefusedForTerraform(t *testing.T) {
	for _, engine := range []string{"terraform", "opentofu", ""} {
		out := t.TempDir()
		env := map[string]string{tfkit.EnvOutdir: out, tfkit.EnvEngine: engine}
		app := tfkit.NewApp(tfkit.WithGetenv(func(k string) string { return env[k] }))
		s := tfkit.NewStack(app, "opentofu")
		buildOpenTofu(s, "out")
		err := app.Synth()
		_, werr := os.Stat(filepath.Join(out, "manifest.json"))
		if engine != "terraform" {
			if err != nil || werr != nil {
				t.Errorf("engine %q: %v (manifest: %v)", engine, err, werr)
			}
			continue
		}
		if err == nil || werr == nil {
			t.Fatalf("engine terraform: synthesized (error %v)", err)
		}
		msg := err.Error()
		for _, want := range []string{
			"opentofu_test.go:24", // tfkit.NewTerraform in buildOpenTofu
			"encryption blocks (state and plan encryption), which Terraform does not support (OpenTofu does from 1.7)",
			"opentofu_test.go:37", // files := ... ForEach
			"opentofu_test.go:38",
			"provider blocks with for_each",
			"deploy with OpenTofu",
		} {
			if !strings.Contains(msg, want) {
				t.Errorf("the error does not say %q:\n%s", want, msg)
			}
		}
	}
}
