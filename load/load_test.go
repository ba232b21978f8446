package load

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/internal/golden"
	"github.com/tfkit/tfkit/schema"
	"github.com/tfkit/tfkit/tffile"
)

// TestMain fails a full run on golden files no test compares: any file of
// a case whose name starts with "expected" is one.
func TestMain(m *testing.M) {
	golden.Main(m, "testdata/cases/*/expected*", "testdata/checks/*/expected*", "testdata/corpus/*/*")
}

// caseOptions is options.json of a case.
type caseOptions struct {
	Vars      []string `json:"vars"`
	VarFiles  []string `json:"var_files"`
	Env       []string `json:"env"`
	Workspace string   `json:"workspace"`
	// Schemas are provider schema files (terraform providers schema
	// -json), relative to the case directory.
	Schemas []string `json:"schemas"`
	// Strict is Options.Strict.
	Strict bool `json:"strict"`
	// DataValues is a data values file (ReadDataValues), relative to the
	// case directory.
	DataValues string `json:"data_values"`
}

// caseRoots hold the corpus: testdata/cases are configurations that the
// convert package also round-trips through Go and TSX; testdata/checks
// are invalid by design in ways the Go and TSX front ends refuse to build
// (undeclared references, provider configurations, import targets), so
// only this package reads them.
var caseRoots = []string{"testdata/cases", "testdata/checks"}

// TestCases evaluates every folder of the corpus and compares the view
// and the diagnostics with the expected files beside it. A directory named
// dot-terraform becomes .terraform in the copy that is evaluated, so that
// remote modules are laid out as terraform init leaves them.
func TestCases(t *testing.T) {
	for _, root := range caseRoots {
		entries, err := os.ReadDir(root)
		if err != nil {
			t.Fatal(err)
		}
		for _, ent := range entries {
			if !ent.IsDir() {
				continue
			}
			name := ent.Name()
			t.Run(name, func(t *testing.T) { runCase(t, filepath.Join(root, name)) })
		}
	}
}

func runCase(t *testing.T, src string) {
	dir := t.TempDir()
	copyTree(t, src, dir)
	var opts Options
	if data, err := os.ReadFile(filepath.Join(src, "options.json")); err == nil {
		var co caseOptions
		if err := json.Unmarshal(data, &co); err != nil {
			t.Fatal(err)
		}
		opts = Options{Vars: co.Vars, VarFiles: co.VarFiles, Env: co.Env, Workspace: co.Workspace, Strict: co.Strict}
		for _, f := range co.Schemas {
			opts.Providers = append(opts.Providers, readSchema(t, filepath.Join(src, f))...)
		}
		if co.DataValues != "" {
			dv, keys, err := ReadDataValues(filepath.Join(src, co.DataValues), co.DataValues)
			if err != nil {
				t.Fatal(err)
			}
			opts.DataValues, opts.DataValueKeys = dv, keys
		}
	}
	view, ds := Dir(dir, opts)
	got := strings.ReplaceAll(string(view.JSON()), dir, "$ROOT")
	var diags strings.Builder
	for _, d := range ds {
		diags.WriteString(strings.ReplaceAll(d.Error(), dir, "$ROOT"))
		diags.WriteString("\n")
	}
	golden.CheckOptional(t, filepath.Join(src, "expected.view.json"), []byte(got))
	golden.CheckOptional(t, filepath.Join(src, "expected.diagnostics.txt"), []byte(diags.String()))
	if b := bareUnknowns(view); len(b) > 0 {
		t.Errorf("unknowns without a reason: %q", b)
	}
	if !json.Valid([]byte(got)) {
		t.Errorf("view is not valid JSON:\n%s", got)
	}
	// Evaluating twice gives the same bytes.
	view2, _ := Dir(dir, opts)
	if string(view2.JSON()) != string(view.JSON()) {
		t.Errorf("second evaluation differs")
	}
}

func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.Walk(src, func(p string, fi os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		rel = strings.ReplaceAll(rel, "dot-terraform", ".terraform")
		target := filepath.Join(dst, rel)
		if fi.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if strings.HasPrefix(fi.Name(), "expected") || fi.Name() == "options.json" {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func readSchema(t testing.TB, path string) []*schema.Provider {
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
	return ps
}

// TestNoConfigurationFiles: a root directory without configuration files
// is an error, as in terraform plan, named as the caller named it; for
// OpenTofu the message names its files too. A missing directory is one.
func TestNoConfigurationFiles(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "README.md"), []byte("# docs\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	view, ds := Dir(dir, Options{})
	if !ds.HasErrors() || ds[0].Summary != "No configuration files" || !strings.Contains(ds[0].Detail, dir+" holds no .tf or .tf.json files") {
		t.Errorf("terraform: %v", ds)
	}
	if len(view.Resources)+len(view.Outputs) != 0 {
		t.Errorf("view of nothing: %+v", view)
	}
	if _, ds := Dir(dir, Options{Engine: tffile.OpenTofu}); !ds.HasErrors() || !strings.Contains(ds[0].Detail, ".tofu or .tofu.json") {
		t.Errorf("tofu: %v", ds)
	}
	if err := os.WriteFile(filepath.Join(dir, "main.tofu"), []byte("output \"x\" {\n  value = 1\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, ds := Dir(dir, Options{}); !ds.HasErrors() {
		t.Error("terraform read a .tofu file")
	}
	if view, ds := Dir(dir, Options{Engine: tffile.OpenTofu}); ds.HasErrors() || view.Outputs["x"] == nil {
		t.Errorf("tofu with main.tofu: %v", ds)
	}
	if _, ds := Dir(filepath.Join(dir, "nope"), Options{}); !ds.HasErrors() || !strings.Contains(ds.Error(), "Not a directory") {
		t.Errorf("missing directory: %v", ds)
	}
}
