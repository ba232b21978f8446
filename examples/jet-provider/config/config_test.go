package config_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/examples/jet-provider/config"
	"github.com/tfkit/tfkit/jet/pipeline"
)

// TestGeneratedUpToDate regenerates the example in memory and compares it
// with the committed files: run `go run ./examples/jet-provider/generate`
// after changing the configuration or jet.
func TestGeneratedUpToDate(t *testing.T) {
	p, err := config.Provider()
	if err != nil {
		t.Fatal(err)
	}
	files, err := pipeline.Generate(p)
	if err != nil {
		t.Fatal(err)
	}
	root := ".."
	want := map[string]bool{}
	for _, f := range files {
		want[f.Path] = true
		got, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(f.Path)))
		if err != nil {
			t.Errorf("%v (run go run ./examples/jet-provider/generate)", err)
			continue
		}
		if !bytes.Equal(got, f.Data) {
			t.Errorf("%s is out of date (run go run ./examples/jet-provider/generate)", f.Path)
		}
	}
	filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if pipeline.Owned(rel) && !want[rel] {
			t.Errorf("%s is no longer generated (run go run ./examples/jet-provider/generate)", rel)
		}
		return nil
	})
}

// TestKinds checks the kinds and groups the configuration names.
func TestKinds(t *testing.T) {
	p, err := config.Provider()
	if err != nil {
		t.Fatal(err)
	}
	rs, ds := p.Build()
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	got := map[string]string{}
	for _, r := range rs {
		got[r.TerraformType] = r.Group(p) + "/" + r.Version + " " + r.Kind
	}
	for typ, want := range map[string]string{
		"random_password":      "random.jet.tfkit.dev/v1alpha1 Password",
		"random_pet":           "random.jet.tfkit.dev/v1alpha1 Pet",
		"random_string":        "random.jet.tfkit.dev/v1alpha1 String",
		"random_id":            "random.jet.tfkit.dev/v1alpha1 ID",
		"random_integer":       "random.jet.tfkit.dev/v1alpha1 Integer",
		"random_uuid":          "random.jet.tfkit.dev/v1alpha1 UUID",
		"local_file":           "local.jet.tfkit.dev/v1alpha1 File",
		"local_sensitive_file": "local.jet.tfkit.dev/v1alpha1 SensitiveFile",
		"time_static":          "time.jet.tfkit.dev/v1alpha1 Static",
		"time_sleep":           "time.jet.tfkit.dev/v1alpha1 Sleep",
		"time_rotating":        "time.jet.tfkit.dev/v1alpha1 Rotating",
		"time_offset":          "time.jet.tfkit.dev/v1alpha1 Offset",
		"null_resource":        "null.jet.tfkit.dev/v1alpha1 Resource",
	} {
		if got[typ] != want {
			t.Errorf("%s: %q, want %q", typ, got[typ], want)
		}
	}
	// random_bytes has no id and no identity that is not a secret: it is
	// left out.
	if k, ok := got["random_bytes"]; ok {
		t.Errorf("random_bytes is generated as %s; it must be excluded", k)
	}
}

// TestProviderVersionsPinned: every kind records the version of the
// provider its schema was read from, so that its workspaces require it.
func TestProviderVersionsPinned(t *testing.T) {
	p, err := config.Provider()
	if err != nil {
		t.Fatal(err)
	}
	rs, ds := p.Build()
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	want := map[string]string{"random": "3.9.0", "local": "2.9.0", "time": "0.14.2", "null": "2.1.2"}
	for _, r := range rs {
		prefix, _, _ := strings.Cut(r.TerraformType, "_")
		if r.ProviderVersion != want[prefix] {
			t.Errorf("%s: provider version %q, want %q", r.TerraformType, r.ProviderVersion, want[prefix])
		}
	}
	for _, ps := range p.Schemas {
		name := ps.Source[strings.LastIndex(ps.Source, "/")+1:]
		if _, err := os.Stat(filepath.Join("schemas", name+"-"+want[name]+".json")); err != nil {
			t.Errorf("%s: %v", ps.Source, err)
		}
	}
}
