package tsx

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/internal/golden"
	"github.com/tfkit/tfkit/internal/synth"
	"github.com/tfkit/tfkit/internal/textdiff"
)

// TestOpenTofuSynth synthesizes OpenTofu's language from TSX, in both
// formats: the encryption block with its two-label key providers and
// methods, a provider with for_each and resources on its instances: the
// same text the Go API writes for them (TestOpenTofuGolden in package
// tfkit).
func TestOpenTofuSynth(t *testing.T) {
	dir := filepath.Join("testdata", "opentofu")
	for _, tc := range []struct{ format, file, golden string }{
		{FormatHCL, "main.tf", "want.tf"},
		{FormatJSON, "main.tf.json", "want.tf.json"},
	} {
		t.Run(tc.format, func(t *testing.T) {
			out := t.TempDir()
			diags, err := Synth(context.Background(), "main.tsx", out, tc.format, Options{Dir: dir})
			if err != nil || len(diags) != 0 {
				t.Fatalf("Synth: %v %v", err, diags)
			}
			got, err := os.ReadFile(filepath.Join(out, tc.file))
			if err != nil {
				t.Fatal(err)
			}
			golden.Check(t, filepath.Join(dir, tc.golden), got)
		})
	}
}

// TestOpenTofuEarlySynth: what OpenTofu evaluates early, written in TSX (a
// module source from a local, a module version and backend settings from
// variables, a module's provider instance chosen by a variable), is the
// text the Go API writes for it, byte for byte, in both formats (the
// goldens of TestEarlyEvaluationGolden and TestEarlySettingsGolden in
// package tfkit); a module source in a template literal is a template.
func TestOpenTofuEarlySynth(t *testing.T) {
	for _, tc := range []struct{ dir, want string }{
		{filepath.Join("testdata", "build", "opentofu_early_source"), filepath.Join("..", "testdata", "opentofu", "early")},
		{filepath.Join("testdata", "build", "opentofu_early_settings"), filepath.Join("..", "testdata", "opentofu", "early_settings")},
		{filepath.Join("testdata", "opentofu_source"), filepath.Join("testdata", "opentofu_source", "want")},
	} {
		for _, f := range []struct{ format, file, ext string }{{FormatHCL, "main.tf", ".tf"}, {FormatJSON, "main.tf.json", ".tf.json"}} {
			t.Run(filepath.Base(tc.dir)+"/"+f.format, func(t *testing.T) {
				out := t.TempDir()
				diags, err := Synth(context.Background(), "main.tsx", out, f.format, Options{Dir: tc.dir})
				if err != nil || len(diags) != 0 {
					t.Fatalf("Synth: %v %v", err, diags)
				}
				got, err := os.ReadFile(filepath.Join(out, f.file))
				if err != nil {
					t.Fatal(err)
				}
				if strings.HasPrefix(tc.want, "..") {
					want, err := os.ReadFile(tc.want + f.ext)
					if err != nil {
						t.Fatal(err)
					}
					if !bytes.Equal(got, want) {
						t.Errorf("%s differs from %s, which the Go API writes:\n%s", f.file, tc.want+f.ext, textdiff.Unified("go", "tsx", string(want), string(got), 3))
					}
					return
				}
				golden.Check(t, tc.want+f.ext, got)
			})
		}
	}
}

// TestOpenTofuEarlyRefusedForTerraform: synthesized for terraform, as
// tfkit deploy does, each use of early evaluation is an error at its .tsx
// line; for OpenTofu the same configuration synthesizes.
func TestOpenTofuEarlyRefusedForTerraform(t *testing.T) {
	for _, tc := range []struct {
		dir  string
		want []string
	}{
		{filepath.Join("testdata", "build", "opentofu_early_settings"), []string{
			"main.tsx:14:9: Error: Not supported by Terraform (at terraform.backend.path)",
			"main.tsx:24:9: Error: Not supported by Terraform (at module.greet.version)",
			"main.tsx:19:49: Error: Not supported by Terraform (at provider.random.by_region.for_each)",
		}},
		{filepath.Join("testdata", "build", "opentofu_early_source"), []string{
			"main.tsx:14:26: Error: Not supported by Terraform (at module.app.source)",
			"main.tsx:13:47: Error: Not supported by Terraform (at provider.random.by_name.for_each)",
		}},
		{filepath.Join("testdata", "opentofu_source"), []string{
			"main.tsx:17:36: Error: Not supported by Terraform (at module.app.source)",
			"main.tsx:16:60: Error: Not supported by Terraform (at provider.random.by_region.for_each)",
			"variables and locals in module sources and versions and in backend settings (early evaluation), which Terraform does not support (OpenTofu does from 1.8)",
		}},
	} {
		cfg, ds := Build("main.tsx", Options{Dir: tc.dir})
		if ds.HasErrors() {
			t.Fatal(ds)
		}
		for _, engine := range []string{"terraform", "opentofu"} {
			_, err := synth.Files(synth.OneStack("main", cfg), synth.Options{
				Format: synth.FormatHCL, ProjectDir: tc.dir, Engine: engine,
				Locate: func(ds diag.Diagnostics) diag.Diagnostics { return WithFrames(ds, tc.dir) },
			})
			if engine == "opentofu" {
				if err != nil {
					t.Errorf("%s: opentofu: %v", tc.dir, err)
				}
				continue
			}
			if err == nil {
				t.Errorf("%s: synthesized for terraform", tc.dir)
				continue
			}
			for _, want := range tc.want {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("%s: the error does not say %q:\n%s", tc.dir, want, err)
				}
			}
		}
	}
}

// TestOpenTofuModuleSourceFromVariable: the synthesized stack whose module
// source is built from a variable holds both modules it may name, and
// OpenTofu applies it, from HCL and from JSON, to the module the variable
// chooses: modules/a by default, modules/b with flavor = "b"; the module's
// resource uses the provider instance region chooses.
func TestOpenTofuModuleSourceFromVariable(t *testing.T) {
	tofu := enginetest.OpenTofu(t)
	dir := filepath.Join("testdata", "opentofu_source")
	for _, format := range []string{FormatHCL, FormatJSON} {
		out := t.TempDir()
		if diags, err := Synth(context.Background(), "main.tsx", out, format, Options{Dir: dir}); err != nil || len(diags) != 0 {
			t.Fatalf("Synth: %v %v", err, diags)
		}
		for _, m := range []string{"a", "b"} {
			if _, err := os.Stat(filepath.Join(out, "modules", m, "main.tf")); err != nil {
				t.Errorf("%s: the module the source may name is not in the stack: %v", format, err)
			}
		}
		for _, flavor := range []string{"a", "b"} {
			t.Run(format+"/"+flavor, func(t *testing.T) {
				w := enginetest.WorkspaceFrom(t, out)
				w.Engine = tofu
				if flavor != "a" {
					if err := os.WriteFile(filepath.Join(w.Dir, "terraform.tfvars"), []byte("flavor = \""+flavor+"\"\nregion = \""+flavor+"\"\n"), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				w.Init()
				w.Validate()
				w.Apply()
				if got := w.OutputString("flavor"); got != flavor {
					t.Errorf("output flavor = %q, want %q (the module of modules/%s)", got, flavor, flavor)
				}
				state, err := os.ReadFile(filepath.Join(w.Dir, "terraform.tfstate"))
				if err != nil {
					t.Fatal(err)
				}
				if want := `"provider": "provider[\"registry.opentofu.org/hashicorp/random\"].by_region[\"` + flavor + `\"]"`; !strings.Contains(string(state), want) {
					t.Errorf("the state does not say %s:\n%s", want, state)
				}
				w.Destroy()
			})
		}
	}
}
