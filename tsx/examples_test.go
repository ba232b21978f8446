package tsx

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/internal/golden"
)

// exampleRun is one synthesis of an example under examples/: the output it
// writes is committed, and checked to be current.
type exampleRun struct {
	dir string // under examples/
	env map[string]string
	out string // output directory, relative to the example
}

var exampleRuns = []exampleRun{
	{dir: "tsx-local", out: "out"},
	{dir: "tsx-network", out: "out"},
	{dir: "tsx-environment", env: map[string]string{"ENV": "dev"}, out: "out/dev"},
	{dir: "tsx-environment", env: map[string]string{"ENV": "prod"}, out: "out/prod"},
}

func examplePath(parts ...string) string {
	return filepath.Join(append([]string{"..", "examples"}, parts...)...)
}

// TestExamplesUpToDate synthesizes every example and compares the result
// with the committed output directory (run with -update to rewrite it).
func TestExamplesUpToDate(t *testing.T) {
	for _, run := range exampleRuns {
		t.Run(run.dir+"/"+run.out, func(t *testing.T) {
			files := synthExample(t, run)
			golden.CheckTree(t, examplePath(run.dir, run.out), files)
		})
	}
}

func synthExample(t *testing.T, run exampleRun) map[string][]byte {
	t.Helper()
	cfg, diags := Build("main.tsx", Options{Dir: examplePath(run.dir), Env: run.env})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	files, err := Files(cfg, FormatHCL, "main", "")
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestExamplesCovered fails on a TSX example that no run synthesizes.
func TestExamplesCovered(t *testing.T) {
	dirs, err := filepath.Glob(examplePath("tsx-*"))
	if err != nil {
		t.Fatal(err)
	}
	covered := map[string]bool{}
	for _, r := range exampleRuns {
		covered[r.dir] = true
	}
	for _, d := range dirs {
		if !covered[filepath.Base(d)] {
			t.Errorf("%s has no entry in exampleRuns", d)
		}
	}
}

// localTypes are the resource types the provider mirror can validate.
var localPrefixes = []string{"null_", "random_", "local_", "time_", "terraform_data"}

// onlyLocalProviders reports whether a configuration uses only providers
// that scripts/install-providers.sh puts in the mirror.
func onlyLocalProviders(t *testing.T, mainTF []byte) bool {
	t.Helper()
	cfg, diags := config.ParseConfig(string(mainTF), "main.tf")
	if diags.HasErrors() {
		t.Fatalf("parse main.tf: %v", diags)
	}
	for _, b := range cfg.Blocks {
		switch b.Type {
		case "resource", "data", "ephemeral":
			ok := false
			for _, p := range localPrefixes {
				if strings.HasPrefix(b.Labels[0], p) {
					ok = true
				}
			}
			if !ok {
				return false
			}
		case "provider":
			switch b.Labels[0] {
			case "null", "random", "local", "time":
			default:
				return false
			}
		case "module":
			return false
		case "terraform":
			if rp := b.Body.Blocks("required_providers"); len(rp) > 0 {
				for _, a := range rp[0].Body.Attributes() {
					switch a.Name {
					case "null", "random", "local", "time":
					default:
						return false
					}
				}
			}
			if len(b.Body.Blocks("backend")) > 0 {
				return false
			}
		}
	}
	return true
}

// TestExamplesValidate runs `terraform validate` (or tofu) on the outputs
// that use only the null, random, local and time providers: they must be
// valid with no warnings.
func TestExamplesValidate(t *testing.T) {
	for _, run := range exampleRuns {
		dir := examplePath(run.dir, run.out)
		main, err := os.ReadFile(filepath.Join(dir, "main.tf"))
		if err != nil {
			t.Fatal(err)
		}
		if !onlyLocalProviders(t, main) {
			continue
		}
		t.Run(run.dir+"/"+run.out, func(t *testing.T) {
			t.Parallel()
			w := enginetest.Workspace(t, map[string]string{"main.tf": string(main)})
			w.Init()
			w.Validate()
		})
	}
}

// TestBuildCasesValidate runs `terraform validate` on the golden main.tf of
// every build case that uses only the mirror's providers.
func TestBuildCasesValidate(t *testing.T) {
	for _, name := range buildCases(t) {
		main, err := os.ReadFile(filepath.Join("testdata", "build", name, goldenTF))
		if err != nil || !onlyLocalProviders(t, main) {
			continue
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			w := enginetest.Workspace(t, map[string]string{"main.tf": string(main)})
			w.Init()
			w.Validate()
		})
	}
}

// TestGoldenTerraformFmt runs `terraform fmt -check` over every golden
// main.tf and every example output: what the TSX front end writes is what
// terraform fmt would leave.
func TestGoldenTerraformFmt(t *testing.T) {
	files := map[string]string{}
	for _, name := range buildCases(t) {
		if data, err := os.ReadFile(filepath.Join("testdata", "build", name, goldenTF)); err == nil {
			files["build/"+name+"/main.tf"] = string(data)
		}
	}
	for _, run := range exampleRuns {
		data, err := os.ReadFile(filepath.Join(examplePath(run.dir, run.out), "main.tf"))
		if err != nil {
			t.Fatal(err)
		}
		files["examples/"+run.dir+"/"+filepath.ToSlash(run.out)+"/main.tf"] = string(data)
	}
	w := enginetest.Workspace(t, files)
	if r := w.Exec("fmt", "-check", "-recursive", "-diff", "-no-color"); r.Err != nil {
		t.Fatalf("terraform fmt -check: %v\n%s", r.Err, r.Output)
	}
}
