package project

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/golden"
)

// TestMain fails a full run on golden files no test compares.
func TestMain(m *testing.M) {
	golden.Main(m, "testdata/load/*/want.txt")
}

// TestLoadGolden loads each testdata/load/<case> directory as a project and
// compares the diagnostics and the resulting settings with <case>/want.txt.
func TestLoadGolden(t *testing.T) {
	root := filepath.Join("testdata", "load")
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !e.IsDir() {
			t.Errorf("%s: stray file; every case is a directory", filepath.Join(root, e.Name()))
			continue
		}
		dir := filepath.Join(root, e.Name())
		t.Run(e.Name(), func(t *testing.T) {
			files, err := os.ReadDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range files {
				switch f.Name() {
				case FileName, CDKTFFileName, "want.txt":
				default:
					t.Errorf("unused file %s", filepath.Join(dir, f.Name()))
				}
			}
			cfg, diags := Load(dir)
			got := describe(cfg, diags)
			golden.CheckString(t, filepath.Join(dir, "want.txt"), got)
		})
	}
}

func describe(cfg *Config, diags diag.Diagnostics) string {
	var b strings.Builder
	for _, d := range diags {
		fmt.Fprintln(&b, d.Error())
	}
	if cfg == nil {
		b.WriteString("config: none\n")
		return b.String()
	}
	fmt.Fprintf(&b, "file: %s\napp: %q\noutput: %q\nlanguage: %q\ncodeMakerOutput: %q\n",
		cfg.File, cfg.App, cfg.Output, cfg.Language, cfg.CodeMakerOutput)
	if cfg.Context != "" {
		fmt.Fprintf(&b, "context: %s\n", cfg.Context)
	}
	for _, d := range cfg.TerraformProviders {
		fmt.Fprintf(&b, "provider: name=%q source=%q version=%q at %s\n", d.Name, d.Source, d.Version, diag.FormatRange(d.Range))
	}
	for _, d := range cfg.TerraformModules {
		fmt.Fprintf(&b, "module: name=%q source=%q version=%q at %s\n", d.Name, d.Source, d.Version, diag.FormatRange(d.Range))
	}
	if d := cfg.RequireApp(); d != nil {
		fmt.Fprintf(&b, "require app: %s\n", d.Error())
	}
	return b.String()
}

func TestOutputDir(t *testing.T) {
	cfg := &Config{Dir: "proj", Output: "out"}
	if got := cfg.OutputDir(); got != filepath.Join("proj", "out") {
		t.Errorf("relative output: got %q", got)
	}
	abs := filepath.Join(t.TempDir(), "out")
	cfg.Output = abs
	if got := cfg.OutputDir(); got != abs {
		t.Errorf("absolute output: got %q", got)
	}
}

func TestSplitConstraint(t *testing.T) {
	cases := []struct{ in, source, version string }{
		{"hashicorp/aws@~> 5.0", "hashicorp/aws", "~> 5.0"},
		{"aws", "aws", ""},
		{" random @ 3.6.0 ", "random", "3.6.0"},
		{"git@github.com:org/mod.git", "git@github.com:org/mod.git", ""},
		{"git::ssh://git@example.com/mod.git@v1.2.0", "git::ssh://git@example.com/mod.git", "v1.2.0"},
	}
	for _, c := range cases {
		s, v := splitConstraint(c.in)
		if s != c.source || v != c.version {
			t.Errorf("splitConstraint(%q) = %q, %q; want %q, %q", c.in, s, v, c.source, c.version)
		}
	}
}

func TestDidYouMean(t *testing.T) {
	cases := map[string]string{
		"ap":                `did you mean "app"?`,
		"App":               `did you mean "app"?`,
		"outptu":            `did you mean "output"?`,
		"terraformProvider": `did you mean "terraformProviders"?`,
		"provider":          `did you mean "providers"?`,
		"module":            `did you mean "modules"?`,
		"codemakeroutput":   `did you mean "codeMakerOutput"?`,
		"zzz":               "",
		"stacks":            "",
	}
	for in, want := range cases {
		if got := diag.DidYouMean(in, keys); got != want {
			t.Errorf("DidYouMean(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzParse checks that no input makes Parse panic, that it returns a config
// exactly when there are no errors, and that every diagnostic points inside
// the file.
func FuzzParse(f *testing.F) {
	f.Add([]byte(Example))
	f.Add([]byte(`{"app": "go run .", "terraformProviders": ["hashicorp/aws@~> 5.0", {"name": "r", "source": "hashicorp/random"}]}`))
	f.Add([]byte("{\n  \"app\": 1,\n  \"ouput\": \"x\"\n}"))
	f.Add([]byte(`{"app": "a", "app": "b"}`))
	f.Add([]byte(`{"providers": ["hashicorp/random@~> 3.0"], "terraformProviders": [], "modules": [{"source": "./m"}]}`))
	f.Add([]byte(`[1, 2`))
	f.Add([]byte("\xff"))
	f.Fuzz(func(t *testing.T, src []byte) {
		cfg, diags := Parse(FileName, src)
		if (cfg == nil) != diags.HasErrors() {
			t.Fatalf("config %v with diagnostics %v", cfg != nil, diags)
		}
		for _, d := range diags {
			if d.Subject == nil {
				continue
			}
			if d.Subject.Start.Byte < 0 || d.Subject.Start.Byte > len(src) || d.Subject.Start.Line < 1 || d.Subject.Start.Column < 1 {
				t.Fatalf("diagnostic outside the file: %s", d.Error())
			}
		}
	})
}

// TestLoadNamesEnclosingProject: run from inside a project, the missing
// project file is found above and named, with the --chdir that reaches it
// from where tfkit was asked to run; tfkit does not switch there itself.
func TestLoadNamesEnclosingProject(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, FileName), []byte(Example), 0o644); err != nil {
		t.Fatal(err)
	}
	deep := filepath.Join(root, "stacks", "web")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	check := func(dir, where, parent string) {
		t.Helper()
		cfg, ds := Load(dir)
		if cfg != nil || len(ds) != 1 {
			t.Fatalf("Load(%q) = %v, %v", dir, cfg, ds)
		}
		d := ds[0]
		for _, want := range []string{
			"No tfkit.json in " + where,
			fmt.Sprintf("The directory %s above it is one (%s): tfkit works in the directory it is given", parent, filepath.Join(parent, FileName)),
			fmt.Sprintf("hint: run tfkit in %[1]s, or give the project directory with --chdir %[1]s before the command (tfkit --chdir %[1]s synth)", parent),
		} {
			if !strings.Contains(d.Error(), want) {
				t.Errorf("Load(%q) lacks %q:\n%s", dir, want, d.Error())
			}
		}
	}
	check(deep, deep, root)
	t.Chdir(deep)
	check("", "the current directory", "../..")
	t.Chdir(root)
	check("stacks/web", "stacks/web", ".")
}
