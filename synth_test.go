package tfkit_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/diag"
)

// env returns a getenv reading only the given variables.
func envOf(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

// twoStacks builds an app with a network stack and an app stack that
// depends on it.
func twoStacks(opts ...tfkit.Option) *tfkit.App {
	app := tfkit.NewApp(opts...)
	net := tfkit.NewStack(app, "network")
	tfkit.NewResource(net, "terraform_data", "vpc", tfkit.Attrs{"input": "10.0.0.0/16"})
	tfkit.NewOutput(net, "cidr", tfkit.OutputConfig{Value: tfkit.Ref("terraform_data.vpc.output")})
	web := tfkit.NewStack(app, "web").DependsOn(net)
	tfkit.NewResource(web, "terraform_data", "app", nil)
	return app
}

// readTree returns the files under dir, by slash path.
func readTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = string(data)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func keys(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func TestSynthWritesStacksAndManifest(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	app := twoStacks(tfkit.WithOutdir(out), tfkit.WithGetenv(envOf(nil)))
	if err := app.Synth(); err != nil {
		t.Fatal(err)
	}
	files := readTree(t, out)
	wantFiles := []string{"manifest.json", "stacks/network/main.tf", "stacks/web/main.tf"}
	if got := keys(files); !reflect.DeepEqual(got, wantFiles) {
		t.Fatalf("files %v, want %v", got, wantFiles)
	}
	if !strings.Contains(files["stacks/network/main.tf"], `resource "terraform_data" "vpc"`) {
		t.Errorf("network main.tf:\n%s", files["stacks/network/main.tf"])
	}
	m, err := tfkit.ReadManifest(out)
	if err != nil {
		t.Fatal(err)
	}
	if m.Version != 1 || m.Format != string(tfkit.FormatHCL) || len(m.Stacks) != 2 {
		t.Fatalf("manifest %+v", m)
	}
	for i, want := range []struct {
		name string
		deps []string
	}{{"network", []string{}}, {"web", []string{"network"}}} {
		st := m.Stacks[i]
		if st.Name != want.name || st.Directory != "stacks/"+want.name || !reflect.DeepEqual(st.Dependencies, want.deps) {
			t.Errorf("stack %d: %+v", i, st)
		}
		if len(st.Files) != 1 || st.Files[0].Path != "stacks/"+want.name+"/main.tf" {
			t.Fatalf("stack %d files: %+v", i, st.Files)
		}
		sum := sha256.Sum256([]byte(files[st.Files[0].Path]))
		if st.Files[0].SHA256 != hex.EncodeToString(sum[:]) {
			t.Errorf("stack %d: sha256 does not match the file", i)
		}
	}
	// Exactly the documented layout, byte for byte.
	wantManifest := `{
  "version": 1,
  "format": "hcl",
  "stacks": [
    {
      "name": "network",
      "directory": "stacks/network",
      "files": [
        {
          "path": "stacks/network/main.tf",
          "sha256": "` + m.Stacks[0].Files[0].SHA256 + `"
        }
      ],
      "dependencies": []
    },
    {
      "name": "web",
      "directory": "stacks/web",
      "files": [
        {
          "path": "stacks/web/main.tf",
          "sha256": "` + m.Stacks[1].Files[0].SHA256 + `"
        }
      ],
      "dependencies": [
        "network"
      ]
    }
  ]
}
`
	if files["manifest.json"] != wantManifest {
		t.Errorf("manifest.json:\n%s\nwant\n%s", files["manifest.json"], wantManifest)
	}
	// No staging directories are left beside the output.
	entries, _ := os.ReadDir(filepath.Dir(out))
	if len(entries) != 1 {
		t.Errorf("left beside the output: %v", entries)
	}
}

func TestSynthJSONFormat(t *testing.T) {
	for name, opts := range map[string][]tfkit.Option{
		"env":    {tfkit.WithGetenv(envOf(map[string]string{"TFKIT_FORMAT": "json"}))},
		"option": {tfkit.WithGetenv(envOf(nil)), tfkit.WithFormat(tfkit.FormatJSON)},
	} {
		t.Run(name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			app := twoStacks(append(opts, tfkit.WithOutdir(out))...)
			if err := app.Synth(); err != nil {
				t.Fatal(err)
			}
			files := readTree(t, out)
			if _, ok := files["stacks/web/main.tf.json"]; !ok {
				t.Fatalf("files %v", keys(files))
			}
			m, err := tfkit.ReadManifest(out)
			if err != nil || m.Format != string(tfkit.FormatJSON) || m.Stacks[0].Files[0].Path != "stacks/network/main.tf.json" {
				t.Errorf("manifest %+v, %v", m, err)
			}
		})
	}
}

func TestSynthEnvironmentOverridesOptions(t *testing.T) {
	dir := t.TempDir()
	staging := filepath.Join(dir, "staging")
	app := twoStacks(
		tfkit.WithOutdir(filepath.Join(dir, "configured")),
		tfkit.WithFormat(tfkit.FormatJSON),
		tfkit.WithGetenv(envOf(map[string]string{"TFKIT_OUTDIR": staging, "TFKIT_FORMAT": "hcl"})),
	)
	if err := app.Synth(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "configured")); !errors.Is(err, os.ErrNotExist) {
		t.Error("WithOutdir should be ignored when TFKIT_OUTDIR is set")
	}
	if got := keys(readTree(t, staging)); !reflect.DeepEqual(got, []string{"manifest.json", "stacks/network/main.tf", "stacks/web/main.tf"}) {
		t.Errorf("staging files %v", got)
	}
	// Written directly: nothing was staged beside it.
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("entries beside the staging directory: %v", entries)
	}
}

func TestSynthUnknownFormat(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	app := twoStacks(tfkit.WithOutdir(out), tfkit.WithGetenv(envOf(map[string]string{"TFKIT_FORMAT": "yaml"})))
	err := app.Synth()
	var ds diag.Diagnostics
	if !errors.As(err, &ds) || ds[0].Summary != "Unknown output format" {
		t.Fatalf("err = %v", err)
	}
	if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
		t.Error("nothing should be written")
	}
}

func TestFailedSynthLeavesPreviousOutput(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	if err := twoStacks(tfkit.WithOutdir(out), tfkit.WithGetenv(envOf(nil))).Synth(); err != nil {
		t.Fatal(err)
	}
	before := readTree(t, out)

	bad := tfkit.NewApp(tfkit.WithOutdir(out), tfkit.WithGetenv(envOf(nil)))
	s := tfkit.NewStack(bad, "network")
	line := here() + 1
	tfkit.NewResource(s, "terraform_data", "x", tfkit.Attrs{"input": notConvertible{}})
	err := bad.Synth()
	var ds diag.Diagnostics
	if !errors.As(err, &ds) || len(ds.Errs()) != 1 || ds[0].Subject.Start.Line != line {
		t.Fatalf("err = %v", err)
	}
	if after := readTree(t, out); !reflect.DeepEqual(after, before) {
		t.Error("a failed synth changed the previous output")
	}
	entries, _ := os.ReadDir(filepath.Dir(out))
	if len(entries) != 1 {
		t.Errorf("left beside the output: %v", entries)
	}
}

func TestSynthReplacesWholeOutput(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	if err := twoStacks(tfkit.WithOutdir(out), tfkit.WithGetenv(envOf(nil))).Synth(); err != nil {
		t.Fatal(err)
	}
	app := tfkit.NewApp(tfkit.WithOutdir(out), tfkit.WithGetenv(envOf(nil)))
	tfkit.NewResource(tfkit.NewStack(app, "only"), "terraform_data", "x", nil)
	if err := app.Synth(); err != nil {
		t.Fatal(err)
	}
	if got := keys(readTree(t, out)); !reflect.DeepEqual(got, []string{"manifest.json", "stacks/only/main.tf"}) {
		t.Errorf("stale stacks were kept: %v", got)
	}
}

func TestSynthDefaultOutdir(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if err := twoStacks(tfkit.WithGetenv(envOf(nil))).Synth(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "tfkit.out", "manifest.json")); err != nil {
		t.Error(err)
	}
}

func TestSynthPrintsWarnings(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	var warnings bytes.Buffer
	app := tfkit.NewApp(tfkit.WithOutdir(out), tfkit.WithGetenv(envOf(nil)), tfkit.WithWarnings(&warnings))
	s := tfkit.NewStack(app, "s")
	tfkit.NewTerraform(s, tfkit.TerraformConfig{RequiredProviders: map[string]tfkit.ProviderRequirement{
		"null": {Source: "hashicorp/null", Version: "2.1.2"},
	}})
	tfkit.NewProvider(s, "null", nil).Source("hashicorp/null", "3.0.0")
	if err := app.Synth(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(warnings.String(), "Warning: Differing provider versions") {
		t.Errorf("warnings: %q", warnings.String())
	}
}

func TestSynthIsDeterministic(t *testing.T) {
	var first map[string]string
	project := projectWithModules(t)
	for i := range 5 {
		out := filepath.Join(t.TempDir(), "out")
		app := tfkit.NewApp(tfkit.WithOutdir(out), tfkit.WithGetenv(envOf(nil)), tfkit.WithProjectDir(project))
		for _, gc := range goldenCases {
			gc.build(tfkit.NewStack(app, gc.name))
		}
		if err := app.Synth(); err != nil {
			t.Fatal(err)
		}
		files := readTree(t, out)
		if i == 0 {
			first = files
			continue
		}
		if !reflect.DeepEqual(files, first) {
			t.Fatalf("run %d differs from the first", i)
		}
	}
}

func TestParseManifestIsStrict(t *testing.T) {
	for name, text := range map[string]string{
		"unknown field": `{"version": 1, "format": "hcl", "stacks": [], "extra": true}`,
		"version":       `{"version": 2, "format": "hcl", "stacks": []}`,
		"trailing":      `{"version": 1, "format": "hcl", "stacks": []} {}`,
		"not json":      `version: 1`,
	} {
		if _, err := tfkit.ParseManifest([]byte(text)); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	m, err := tfkit.ParseManifest([]byte(`{"version": 1, "format": "json", "stacks": [{"name": "a", "directory": "stacks/a", "files": [], "dependencies": []}]}`))
	if err != nil || m.Stacks[0].Name != "a" {
		t.Errorf("%+v %v", m, err)
	}
	if _, err := tfkit.ReadManifest(t.TempDir()); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing manifest: %v", err)
	}
}

// TestSynthKeepsFilesItDidNotWrite: Synth replaces only the files its
// previous manifest lists, so terraform's files in a stack directory stay.
func TestSynthKeepsFilesItDidNotWrite(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	var warnings bytes.Buffer
	if err := twoStacks(tfkit.WithOutdir(out), tfkit.WithGetenv(envOf(nil))).Synth(); err != nil {
		t.Fatal(err)
	}
	state := filepath.Join(out, "stacks", "network", "terraform.tfstate")
	lock := filepath.Join(out, "stacks", "web", ".terraform.lock.hcl")
	for _, p := range []string{state, lock} {
		if err := os.WriteFile(p, []byte("kept"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(out, "stacks", "web", "main.tf"), []byte("# edited\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	app := tfkit.NewApp(tfkit.WithOutdir(out), tfkit.WithGetenv(envOf(nil)), tfkit.WithWarnings(&warnings))
	tfkit.NewResource(tfkit.NewStack(app, "network"), "terraform_data", "vpc", nil)
	if err := app.Synth(); err != nil {
		t.Fatal(err)
	}
	got := readTree(t, out)
	if got["stacks/network/terraform.tfstate"] != "kept" || got["stacks/web/.terraform.lock.hcl"] != "kept" {
		t.Fatalf("engine files lost: %v", keys(got))
	}
	if _, ok := got["stacks/web/main.tf"]; ok {
		t.Errorf("the stack no longer synthesized keeps its main.tf")
	}
	if !strings.Contains(warnings.String(), "stacks/web/main.tf had been edited since the last synth") {
		t.Errorf("warnings: %q", warnings.String())
	}
}

// TestSynthRefusesUnknownFunctionsAndNegativeCount: calls Terraform would
// refuse and a negative count stop synth at the Go line.
func TestSynthRefusesUnknownFunctionsAndNegativeCount(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	app := tfkit.NewApp(tfkit.WithOutdir(out), tfkit.WithGetenv(envOf(nil)))
	s := tfkit.NewStack(app, "s")
	tfkit.NewResource(s, "terraform_data", "a", tfkit.Attrs{"input": tfkit.Fn("uper", "x")})
	tfkit.NewResource(s, "terraform_data", "b", nil).Count(-1)
	err := app.Synth()
	var ds diag.Diagnostics
	if !errors.As(err, &ds) || len(ds) != 2 {
		t.Fatalf("err = %v", err)
	}
	for i, want := range []string{
		`synth_test.go:`, `Error: Call to unknown function "uper"`,
	} {
		if !strings.Contains(ds[0].Error(), want) {
			t.Errorf("diagnostic 0 lacks %q (%d): %s", want, i, ds[0].Error())
		}
	}
	if !strings.Contains(ds[0].Error(), `did you mean "upper"?`) || !strings.Contains(ds[1].Error(), "synth_test.go:") ||
		!strings.Contains(ds[1].Error(), "Invalid count argument") {
		t.Errorf("diagnostics: %s", ds)
	}
	if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("output written: %v", err)
	}
}

// TestNilScopeIsDiagnosedAtTheCall: a nil *Stack or *App is an error of
// the app, at the Go line of the call, naming the call and what to pass;
// nothing panics.
func TestNilScopeIsDiagnosedAtTheCall(t *testing.T) {
	var s *tfkit.Stack
	var a *tfkit.App
	for want, call := range map[string]func() diag.Diagnostics{
		"tfkit.NewStack was given a nil *tfkit.App":                       func() diag.Diagnostics { tfkit.NewStack(a, "x"); return nil },
		"tfkit.NewResource was given a nil *tfkit.Stack":                  func() diag.Diagnostics { tfkit.NewResource(s, "a", "b", nil); return nil },
		"tfkit.NewRawBlocks was given a nil *tfkit.Stack":                 func() diag.Diagnostics { tfkit.NewRawBlocks(s, ""); return nil },
		"tfkit.NewModule was given a nil *tfkit.Stack":                    func() diag.Diagnostics { tfkit.NewModule(s, "m", tfkit.ModuleConfig{}); return nil },
		"tfkit.NewProvider was given a nil *tfkit.Stack":                  func() diag.Diagnostics { tfkit.NewProvider(s, "aws", nil); return nil },
		"(*tfkit.App).Synth was called on a nil *tfkit.App":               func() diag.Diagnostics { return a.Synth().(diag.Diagnostics) },
		"(*tfkit.App).Validate was called on a nil *tfkit.App":            func() diag.Diagnostics { return a.Validate() },
		"(*tfkit.App).Stacks was called on a nil *tfkit.App":              func() diag.Diagnostics { a.Stacks(); return nil },
		"(*tfkit.Stack).Validate was called on a nil *tfkit.Stack":        func() diag.Diagnostics { return s.Validate() },
		"(*tfkit.Stack).DependsOn was called on a nil *tfkit.Stack":       func() diag.Diagnostics { s.DependsOn(); return nil },
		"(*tfkit.Stack).Config was called on a nil *tfkit.Stack":          func() diag.Diagnostics { s.Config(); return nil },
		"(*tfkit.Stack).Name was called on a nil *tfkit.Stack":            func() diag.Diagnostics { s.Name(); return nil },
		"(*tfkit.Stack).RequireProvider was called on a nil *tfkit.Stack": func() diag.Diagnostics { s.RequireProvider("aws", "hashicorp/aws", ""); return nil },
		"(*tfkit.Stack).Dependencies was called on a nil *tfkit.Stack":    func() diag.Diagnostics { s.Dependencies(); return nil },
		"(*tfkit.Stack).Diagnostics was called on a nil *tfkit.Stack":     func() diag.Diagnostics { return s.Diagnostics() },
		"tfkit.NewResource was given a nil *tfkit.Stack.":                 func() diag.Diagnostics { newImage(s, "x", nil); return nil },
	} {
		app := tfkit.NewApp()
		tfkit.NewStack(app, "ok")
		var ds diag.Diagnostics
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s: panic %v", want, r)
				}
			}()
			ds = call()
		}()
		if ds == nil {
			ds = app.Validate()
		}
		checkMisuse(t, ds, want)
	}
}

// checkMisuse checks that ds is one error, naming want, at a line of this
// package's tests that makes the call want names.
func checkMisuse(t *testing.T, ds diag.Diagnostics, want string) {
	t.Helper()
	if len(ds) != 1 || ds[0].Severity != diag.Error || !strings.Contains(ds[0].Detail, want) || ds[0].Suggestion == "" {
		t.Errorf("%s: diagnostics %v", want, ds)
		return
	}
	sub := ds[0].Subject
	if sub == nil || !strings.HasSuffix(sub.Filename, "_test.go") || sub.Start.Line == 0 {
		t.Errorf("%s: at %v, want a line of the test", want, sub)
		return
	}
	src, err := os.ReadFile(filepath.FromSlash(sub.Filename))
	if err != nil {
		t.Fatal(err)
	}
	line := strings.Split(string(src), "\n")[sub.Start.Line-1]
	call := want[strings.LastIndexAny(want[:strings.Index(want, " ")], ".)")+1 : strings.Index(want, " ")]
	if call == "NewResource" && strings.Contains(line, "newImage") {
		call = "newImage"
	}
	if !strings.Contains(line, call) {
		t.Errorf("%s: at %s:%d, which does not call %s: %s", want, sub.Filename, sub.Start.Line, call, strings.TrimSpace(line))
	}
}
