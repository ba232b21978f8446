package pipeline

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/internal/golden"
	"github.com/tfkit/tfkit/jet/config"
	"github.com/tfkit/tfkit/schema"
)

// TestMain fails a full run on golden files no test compares.
func TestMain(m *testing.M) {
	golden.Main(m, "testdata/golden/...")
}

func readSchema(t testing.TB, path string) *schema.Provider {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ps, err := schema.ReadProviders(f)
	if err != nil {
		t.Fatal(err)
	}
	return ps[0]
}

// flagsProvider configures testdata/providers/flags.json: every flag
// combination, sensitive inputs and outputs, name collisions, references
// (of a string, a list, and in nested blocks),
// the provider's version.
func flagsProvider(t testing.TB) *config.Provider {
	p := &config.Provider{
		ModulePath: "example.com/provider-jet",
		RootGroup:  "jet.example.org",
		GroupKind:  config.GroupFromProviderName,
		Schemas:    []*schema.Provider{readSchema(t, "testdata/providers/flags.json")},
		// Recorded in every registration of zz_setup.go.
		ProviderVersions: map[string]string{"jet": "1.2.3"},
	}
	p.AddConfigurator(func(r *config.Resource) error {
		// Provider-wide: every thing_id refers to a Thing.
		if a := r.Schema.Block.Attribute("thing_id"); a != nil {
			r.References["thing_id"] = config.Reference{TerraformType: "jet_thing"}
		}
		return nil
	})
	// A list reference, and references in nested blocks: a set of
	// blocks, a list of blocks in it.
	p.AddResourceConfigurator("jet_other", func(r *config.Resource) error {
		r.References["rule.name"] = config.Reference{TerraformType: "jet_thing", Extract: "spec.forProvider.comment"}
		r.References["rule.action.kind"] = config.Reference{TerraformType: "jet_rule"}
		return nil
	})
	p.AddResourceConfigurator("jet_thing", func(r *config.Resource) error {
		r.References["tags"] = config.Reference{TerraformType: "jet_rule"}
		r.ExternalName = config.NameAsIdentifier("name")
		r.Sensitive.Fields = []string{"extra_secret"}
		r.LateInitializer.IgnoredFields = []string{"size"}
		return nil
	})
	return p
}

// TestGolden generates each case and compares every file with
// testdata/golden/<case>/; a golden file no longer generated fails too.
func TestGolden(t *testing.T) {
	cases := map[string]func(testing.TB) *config.Provider{"flags": flagsProvider}
	for name, mk := range cases {
		t.Run(name, func(t *testing.T) {
			files, err := Generate(mk(t))
			if err != nil {
				t.Fatal(err)
			}
			want := map[string][]byte{}
			for _, f := range files {
				want[f.Path+".golden"] = f.Data
			}
			golden.CheckTree(t, filepath.Join("testdata", "golden", name), want)
		})
	}
}

// TestDeterministic generates the same configuration twice.
func TestDeterministic(t *testing.T) {
	a, err := Generate(flagsProvider(t))
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		b, err := Generate(flagsProvider(t))
		if err != nil {
			t.Fatal(err)
		}
		if len(a) != len(b) {
			t.Fatalf("%d files, then %d", len(a), len(b))
		}
		for i := range a {
			if a[i].Path != b[i].Path || !bytes.Equal(a[i].Data, b[i].Data) {
				t.Fatalf("%s differs between two runs", a[i].Path)
			}
		}
	}
}

// TestRun writes into a directory with a hand-written file and a stale
// generated one: the first stays, the second goes.
func TestRun(t *testing.T) {
	dir := t.TempDir()
	own := filepath.Join(dir, "apis", "jet", "v1alpha1", "handwritten.go")
	stale := filepath.Join(dir, "apis", "jet", "v1alpha1", "zz_gone_types.go")
	for _, f := range []string{own, stale} {
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, []byte("package v1alpha1\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := Run(flagsProvider(t), dir); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(own); err != nil {
		t.Errorf("hand-written file removed: %v", err)
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("stale generated file kept: %v", err)
	}
	var got []string
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, path)
			got = append(got, filepath.ToSlash(rel))
		}
		return err
	})
	sort.Strings(got)
	files, _ := Generate(flagsProvider(t))
	if len(got) != len(files)+1 {
		t.Errorf("wrote %d files, want %d generated + 1 hand-written:\n%s", len(got), len(files), strings.Join(got, "\n"))
	}
}

// TestRunBadConfig: a configuration mistake writes nothing and names the
// resource and attribute.
func TestRunBadConfig(t *testing.T) {
	p := flagsProvider(t)
	p.AddResourceConfigurator("jet_other", func(r *config.Resource) error {
		r.References["thing_idd"] = config.Reference{TerraformType: "jet_thing"}
		return nil
	})
	dir := t.TempDir()
	err := Run(p, dir)
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{"jet_other.thing_idd", "must be on a string argument or a list or set of strings", `did you mean "thing_id"?`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not contain %q", err, want)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("wrote %d entries on failure", len(entries))
	}
}

// TestRunModulePath: generating into a module directory whose import path
// is not Provider.ModulePath writes nothing and says which path fits; the
// right path, in a subdirectory of the module, is accepted.
func TestRunModulePath(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte("// the provider\nmodule \"example.com/prov\" // generated below\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(root, "gen", "api")
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	p := flagsProvider(t)
	p.ModulePath = "example.com/prov"
	err := Run(p, out)
	if err == nil {
		t.Fatal("no error for a ModulePath that is not the output directory's import path")
	}
	for _, want := range []string{`Provider.ModulePath is "example.com/prov"`, `set ModulePath to "example.com/prov/gen/api"`, filepath.Join(root, "go.mod")} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not contain %q", err, want)
		}
	}
	if entries, _ := os.ReadDir(out); len(entries) != 0 {
		t.Errorf("wrote %d entries on failure", len(entries))
	}

	p = flagsProvider(t)
	p.ModulePath = "example.com/prov/gen/api"
	if err := Run(p, out); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(out, "apis", "zz_register.go")); err != nil {
		t.Error(err)
	}
}
