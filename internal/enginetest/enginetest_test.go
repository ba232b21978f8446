package enginetest

import (
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// recorder stands in for a test whose failure is the expected outcome: it
// records Fatal, Error and Skip instead of failing the real test, and
// delegates everything else (TempDir, Cleanup, Logf) to it.
type recorder struct {
	testing.TB
	mu      sync.Mutex
	failed  bool
	skipped bool
	msgs    []string
}

func (r *recorder) record(failed bool, msg string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if failed {
		r.failed = true
	} else {
		r.skipped = true
	}
	r.msgs = append(r.msgs, msg)
}

func (r *recorder) Error(args ...any)                 { r.record(true, fmt.Sprint(args...)) }
func (r *recorder) Errorf(format string, args ...any) { r.record(true, fmt.Sprintf(format, args...)) }
func (r *recorder) Fatal(args ...any)                 { r.Error(args...); runtime.Goexit() }
func (r *recorder) Fatalf(format string, args ...any) { r.Errorf(format, args...); runtime.Goexit() }
func (r *recorder) Skip(args ...any)                  { r.record(false, fmt.Sprint(args...)); runtime.Goexit() }
func (r *recorder) Skipf(format string, args ...any) {
	r.record(false, fmt.Sprintf(format, args...))
	runtime.Goexit()
}

func (r *recorder) text() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return strings.Join(r.msgs, "\n")
}

// capture runs f on its own goroutine, as the testing package runs a test,
// so that Fatal and Skip end f and nothing else.
func capture(t *testing.T, f func(tb testing.TB)) *recorder {
	r := &recorder{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		f(r)
	}()
	<-done
	return r
}

// fakeEngine installs a shell script as the engine and an empty mirror, so
// the harness itself can be tested without Terraform. The script echoes its
// arguments, its CLI config and environment, writes to stderr and exits 3
// for "fail"; it answers "validate" with the JSON in validate.json when
// there is one.
func fakeEngine(t *testing.T) (mirror string) {
	t.Helper()
	withoutShortSkips(t)
	dir := t.TempDir()
	script := `#!/bin/sh
if [ "$1" = validate ] && [ -f validate.json ]; then
  cat validate.json
  echo "to stderr" >&2
  exit 0
fi
echo "fake $*"
echo "config=$TF_CLI_CONFIG_FILE"
env | grep -E '^(TF|TOFU)_' | sort
echo "to stderr" >&2
case "$1" in
fail) exit 3 ;;
esac
exit 0
`
	engine := filepath.Join(dir, "terraform")
	if err := os.WriteFile(engine, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	mirror = filepath.Join(dir, "mirror")
	if err := os.MkdirAll(filepath.Join(mirror, "registry.terraform.io"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv(EnvTerraform, engine)
	t.Setenv(EnvProviderMirror, mirror)
	return mirror
}

func TestWorkspaceWritesFilesAndDropsEngineState(t *testing.T) {
	fakeEngine(t)
	w := Workspace(t, map[string]string{
		"main.tf":                  "# main\n",
		"modules/net/main.tf":      "# net\n",
		".terraform.lock.hcl":      "# registry hashes\n",
		"terraform.tfstate":        "{}",
		"modules/net/.keep.tfvars": "a = 1\n",
	})
	for name, want := range map[string]bool{
		"main.tf": true, "modules/net/main.tf": true, "modules/net/.keep.tfvars": true,
		".terraform.lock.hcl": false, "terraform.tfstate": false,
	} {
		_, err := os.Stat(filepath.Join(w.Dir, filepath.FromSlash(name)))
		if got := err == nil; got != want {
			t.Errorf("%s present = %v, want %v", name, got, want)
		}
	}
}

func TestWorkspaceRejectsPathsOutside(t *testing.T) {
	fakeEngine(t)
	for _, name := range []string{"../main.tf", "/etc/main.tf", "a/../../b.tf", "."} {
		r := capture(t, func(tb testing.TB) { Workspace(tb, map[string]string{name: ""}) })
		if !r.failed || !strings.Contains(r.text(), "relative slash-separated path") {
			t.Errorf("Workspace with %q: failed=%v %q", name, r.failed, r.text())
		}
	}
}

func TestWorkspaceFromCopiesConfigurationOnly(t *testing.T) {
	fakeEngine(t)
	src := t.TempDir()
	for name, content := range map[string]string{
		"main.tf":                      "# main\n",
		"stacks/a/main.tf.json":        "{}",
		".terraform/providers/x":       "binary",
		"stacks/a/.terraform.lock.hcl": "# hashes",
		"terraform.tfstate.backup":     "{}",
	} {
		p := filepath.Join(src, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	w := WorkspaceFrom(t, src)
	var got []string
	err := filepath.WalkDir(w.Dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(w.Dir, path)
			got = append(got, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"main.tf", "stacks/a/main.tf.json"}; !slices.Equal(got, want) {
		t.Errorf("copied %q, want %q", got, want)
	}
}

func TestRunReportsCommandAndAllOutput(t *testing.T) {
	mirror := fakeEngine(t)
	t.Setenv("TF_VAR_region", "mars")
	t.Setenv("TF_LOG", "")
	w := Workspace(t, map[string]string{"main.tf": ""})

	r := w.Exec("fail", "now")
	if r.ExitCode != 3 || r.Err == nil {
		t.Fatalf("Exec(fail): exit %d, err %v", r.ExitCode, r.Err)
	}
	for _, want := range []string{"fake fail now", "to stderr", "TF_CLI_CONFIG_FILE=", "TF_IN_AUTOMATION=1"} {
		if !strings.Contains(r.Output, want) {
			t.Errorf("output lacks %q:\n%s", want, r.Output)
		}
	}
	if strings.Contains(r.Output, "TF_VAR_region") {
		t.Errorf("the machine's TF_VAR_ settings leak into the engine:\n%s", r.Output)
	}
	if !strings.Contains(r.Output, "TF_LOG=") {
		t.Errorf("TF_LOG is not passed on:\n%s", r.Output)
	}
	if strings.Contains(r.Stdout, "to stderr") {
		t.Errorf("Stdout holds standard error:\n%s", r.Stdout)
	}

	// The CLI config the engine was given points at the mirror.
	var rc string
	for _, line := range strings.Split(r.Stdout, "\n") {
		if v, ok := strings.CutPrefix(line, "config="); ok {
			rc = v
		}
	}
	data, err := os.ReadFile(rc)
	if err != nil {
		t.Fatalf("reading the engine's CLI config: %v", err)
	}
	if !strings.Contains(string(data), fmt.Sprintf("%q", mirror)) {
		t.Errorf("CLI config does not name the mirror %s:\n%s", mirror, data)
	}

	rec := capture(t, func(tb testing.TB) {
		w.t = tb
		w.Run("fail", "now")
	})
	w.t = t
	msg := rec.text()
	if !rec.failed || !strings.Contains(msg, "terraform fail now (in "+w.Dir+", engine terraform (fake version)) failed: exit status 3") ||
		!strings.Contains(msg, "to stderr") || !strings.Contains(msg, "fake fail now") {
		t.Errorf("Run(fail) failure message:\n%s", msg)
	}
}

func TestValidateFailsOnWarnings(t *testing.T) {
	fakeEngine(t)
	for _, tc := range []struct {
		name, json, want string
	}{
		{"clean", `{"format_version":"1.0","valid":true,"error_count":0,"warning_count":0,"diagnostics":[]}`, ""},
		{"warning", `{"format_version":"1.0","valid":true,"error_count":0,"warning_count":1,"diagnostics":[
			{"severity":"warning","summary":"Deprecated attribute","detail":"Use x.\nNow.",
			 "range":{"filename":"main.tf","start":{"line":3,"column":5}}}]}`,
			"main.tf:3:5: warning: Deprecated attribute: Use x. Now."},
		{"error", `{"format_version":"1.0","valid":false,"error_count":1,"warning_count":0,"diagnostics":[
			{"severity":"error","summary":"Unsupported block type"}]}`, "error: Unsupported block type"},
		{"not json", `Error: something`, "reading validate -json output"},
		{"unknown format", `{"format_version":"2.0","valid":true}`, `unsupported format_version "2.0"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := Workspace(t, map[string]string{"validate.json": tc.json})
			r := capture(t, func(tb testing.TB) {
				w.t = tb
				w.Validate()
			})
			if got := r.text(); tc.want == "" && r.failed || tc.want != "" && !strings.Contains(got, tc.want) {
				t.Errorf("Validate: failed=%v, message:\n%s\nwant it to contain %q", r.failed, got, tc.want)
			}
		})
	}
}

// TestValidateCatchesRealWarning runs the real engine: a deprecated
// attribute is only a warning, and Validate must still fail on it.
func TestValidateCatchesRealWarning(t *testing.T) {
	w := Workspace(t, map[string]string{"main.tf": `terraform {
  required_providers {
    random = {
      source  = "hashicorp/random"
      version = "3.9.0"
    }
  }
}

resource "random_string" "s" {
  length = 4
  number = true
}
`})
	w.Init()
	r := capture(t, func(tb testing.TB) {
		w.t = tb
		w.Validate()
	})
	w.t = t
	if want := "main.tf:12:12: warning: Attribute Deprecated"; !r.failed || !strings.Contains(r.text(), want) {
		t.Errorf("Validate: failed=%v, message:\n%s\nwant it to contain %q", r.failed, r.text(), want)
	}
}

// withoutShortSkips lets the helpers run under -short for the rest of t:
// the engine they find is a stand-in script, or none.
func withoutShortSkips(t *testing.T) {
	shortSkips = false
	t.Cleanup(func() { shortSkips = true })
}

// TestShortSkips: under -short the helpers skip before they look for an
// engine or a mirror, even where a missing one would fail the test.
func TestShortSkips(t *testing.T) {
	if !testing.Short() {
		t.Skip("checks what -short does")
	}
	t.Setenv(EnvRequireEngine, "1")
	t.Setenv(EnvTerraform, filepath.Join(t.TempDir(), "no-such-terraform"))
	for name, f := range map[string]func(testing.TB){
		"Engine":    func(tb testing.TB) { Engine(tb) },
		"Mirror":    func(tb testing.TB) { Mirror(tb) },
		"Workspace": func(tb testing.TB) { Workspace(tb, nil) },
	} {
		if r := capture(t, f); r.failed || !r.skipped || !strings.Contains(r.text(), "-short") {
			t.Errorf("%s: failed=%v skipped=%v: %s", name, r.failed, r.skipped, r.text())
		}
	}
}

func TestMissingEngineSkipsOrFails(t *testing.T) {
	withoutShortSkips(t)
	t.Setenv(EnvTerraform, filepath.Join(t.TempDir(), "no-such-terraform"))
	for _, tc := range []struct {
		require    string
		fail, skip bool
	}{{"", false, true}, {"1", true, false}} {
		t.Setenv(EnvRequireEngine, tc.require)
		r := capture(t, func(tb testing.TB) { Engine(tb) })
		if r.failed != tc.fail || r.skipped != tc.skip || !strings.Contains(r.text(), "install-engine.sh") {
			t.Errorf("%s=%q: failed=%v skipped=%v: %s", EnvRequireEngine, tc.require, r.failed, r.skipped, r.text())
		}
	}
}

func TestMissingMirrorSkipsOrFails(t *testing.T) {
	withoutShortSkips(t)
	t.Setenv(EnvProviderMirror, t.TempDir()) // exists, but holds no registry tree
	t.Setenv(EnvRequireEngine, "1")
	r := capture(t, func(tb testing.TB) { Mirror(tb) })
	if !r.failed || !strings.Contains(r.text(), "no provider mirror") {
		t.Errorf("failed=%v: %s", r.failed, r.text())
	}
}

// TestMissingProviderSkipsOrFails: a test that needs an optional provider
// (docker, aws) skips without it, and fails under TFKIT_REQUIRE_ENGINE=1,
// where scripts/test.sh has installed them.
func TestMissingProviderSkipsOrFails(t *testing.T) {
	withoutShortSkips(t)
	mirror := t.TempDir()
	platform := runtime.GOOS + "_" + runtime.GOARCH
	if err := os.MkdirAll(filepath.Join(mirror, "registry.terraform.io", "hashicorp", "null", "2.1.2", platform), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv(EnvProviderMirror, mirror)
	for _, tc := range []struct {
		require    string
		fail, skip bool
	}{{"", false, true}, {"1", true, false}} {
		t.Setenv(EnvRequireEngine, tc.require)
		r := capture(t, func(tb testing.TB) { RequireProvider(tb, "kreuzwerker/docker", "4.6.0") })
		if r.failed != tc.fail || r.skipped != tc.skip || !strings.Contains(r.text(), "kreuzwerker/docker 4.6.0 is not in the provider mirror") ||
			!strings.Contains(r.text(), "install-providers.sh --docker") {
			t.Errorf("%s=%q: failed=%v skipped=%v: %s", EnvRequireEngine, tc.require, r.failed, r.skipped, r.text())
		}
		r = capture(t, func(tb testing.TB) { RequireProvider(tb, "hashicorp/null", "2.1.2") })
		if r.failed || r.skipped {
			t.Errorf("%s=%q: a provider in the mirror: failed=%v skipped=%v: %s", EnvRequireEngine, tc.require, r.failed, r.skipped, r.text())
		}
	}
}

func TestCLIConfigIsHCL(t *testing.T) {
	text := CLIConfig(`/tmp/a "quoted" mirror`)
	f, diags := hclsyntax.ParseConfig([]byte(text), "terraformrc", hcl.InitialPos)
	if diags.HasErrors() {
		t.Fatalf("CLI config does not parse: %v\n%s", diags, text)
	}
	body := f.Body.(*hclsyntax.Body)
	if len(body.Blocks) != 1 || body.Blocks[0].Type != "provider_installation" {
		t.Fatalf("want one provider_installation block:\n%s", text)
	}
	for _, want := range []string{`"/tmp/a \"quoted\" mirror"`, `"registry.opentofu.org/hashicorp/*"`, `"registry.terraform.io/kreuzwerker/*"`} {
		if !strings.Contains(text, want) {
			t.Errorf("CLI config lacks %s:\n%s", want, text)
		}
	}
}

// TestOnlyTestsImport keeps this package, and internal/golden (which
// defines the -update flag of whatever imports it), out of the library and
// the CLI.
func TestOnlyTestsImport(t *testing.T) {
	root, module := moduleRoot(t)
	support := []string{module + "/internal/enginetest", module + "/internal/golden"}
	offenders := map[string][]string{}
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		imports, err := goImports(path)
		if err != nil {
			return err
		}
		for _, pkg := range support {
			if slices.Contains(imports, pkg) {
				rel, _ := filepath.Rel(root, path)
				offenders[pkg] = append(offenders[pkg], rel)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, pkg := range support {
		if files := offenders[pkg]; len(files) > 0 {
			t.Errorf("%s is test support, but these non-test files import it: %s", pkg, strings.Join(files, ", "))
		}
	}
}

// moduleRoot walks up from the package directory to go.mod and returns its
// directory and module path.
func moduleRoot(t *testing.T) (dir, module string) {
	t.Helper()
	dir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	for {
		data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil {
			for _, line := range strings.Split(string(data), "\n") {
				if m, ok := strings.CutPrefix(strings.TrimSpace(line), "module "); ok {
					return dir, strings.Trim(strings.TrimSpace(m), `"`)
				}
			}
			t.Fatalf("%s/go.mod has no module line", dir)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the package directory")
		}
		dir = parent
	}
}

func goImports(path string) ([]string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
	if err != nil {
		return nil, err
	}
	var imports []string
	for _, spec := range f.Imports {
		p, err := strconv.Unquote(spec.Path.Value)
		if err != nil {
			return nil, err
		}
		imports = append(imports, p)
	}
	return imports, nil
}

// TestEnginesAddsOpenTofu: Engines adds an OpenTofu found on PATH or in the
// cache to the engine tests run with, and only one.
func TestEnginesAddsOpenTofu(t *testing.T) {
	withoutShortSkips(t)
	exe := func(path string) string {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		return path
	}
	dir := t.TempDir()
	terraform := exe(filepath.Join(dir, "bin1", "terraform"))
	t.Setenv(EnvTerraform, terraform)
	t.Setenv(EnvCache, filepath.Join(dir, "cache"))
	t.Setenv(EnvOpenTofu, "")
	t.Setenv(EnvRequireEngine, "")
	t.Setenv("PATH", filepath.Join(dir, "bin2"))
	if got := Engines(t); !reflect.DeepEqual(got, []string{terraform}) {
		t.Errorf("without OpenTofu: %v", got)
	}
	// CI installs both engines: a missing OpenTofu fails the test there.
	t.Setenv(EnvRequireEngine, "1")
	if r := capture(t, func(tb testing.TB) { Engines(tb) }); !r.failed || !strings.Contains(r.text(), "install-engine.sh --opentofu") {
		t.Errorf("without OpenTofu, %s=1: failed=%v, %q", EnvRequireEngine, r.failed, r.text())
	}
	t.Setenv(EnvRequireEngine, "")
	built := exe(filepath.Join(dir, "cache", "engine", "opentofu-1.12.6", "tofu"))
	if got := Engines(t); !reflect.DeepEqual(got, []string{terraform, built}) {
		t.Errorf("with a built OpenTofu: %v", got)
	}
	onPath := exe(filepath.Join(dir, "bin2", "tofu"))
	if got := Engines(t); !reflect.DeepEqual(got, []string{terraform, onPath}) {
		t.Errorf("with tofu on PATH: %v", got)
	}
	named := exe(filepath.Join(dir, "bin3", "tofu"))
	t.Setenv(EnvOpenTofu, named)
	if got := Engines(t); !reflect.DeepEqual(got, []string{terraform, named}) {
		t.Errorf("with %s: %v", EnvOpenTofu, got)
	}
	t.Setenv(EnvOpenTofu, "")
	t.Setenv(EnvTerraform, onPath)
	if got := Engines(t); !reflect.DeepEqual(got, []string{onPath}) {
		t.Errorf("with OpenTofu as the engine: %v", got)
	}
}

// TestForEachEngineWorkspaces: a workspace made in a subtest of
// ForEachEngine runs that subtest's engine, and a failing command names the
// engine and the version it reports.
func TestForEachEngineWorkspaces(t *testing.T) {
	withoutShortSkips(t)
	dir := t.TempDir()
	mirror := filepath.Join(dir, "mirror")
	if err := os.MkdirAll(filepath.Join(mirror, "registry.terraform.io"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv(EnvProviderMirror, mirror)
	t.Setenv(EnvCache, filepath.Join(dir, "cache"))
	t.Setenv("PATH", filepath.Join(dir, "none"))
	engine := func(name, version string) string {
		p := filepath.Join(dir, name+"-bin", name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		script := "#!/bin/sh\nif [ \"$1\" = version ]; then echo '" + version + "'; exit 0; fi\necho broken >&2\nexit 1\n"
		if err := os.WriteFile(p, []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	t.Setenv(EnvTerraform, engine("terraform", "Terraform v9.1.0"))
	t.Setenv(EnvOpenTofu, engine("tofu", "OpenTofu v9.2.0"))
	var ran []string
	ForEachEngine(t, func(t *testing.T, e string) {
		w := Workspace(t, map[string]string{"main.tf": ""})
		if w.Engine != e {
			t.Errorf("workspace engine %s, want %s", w.Engine, e)
		}
		msg := w.Exec("plan").failure()
		want := map[string]string{"terraform": "engine terraform (Terraform v9.1.0)", "tofu": "engine tofu (OpenTofu v9.2.0)"}[filepath.Base(e)]
		if !strings.Contains(msg, want) {
			t.Errorf("failure %q does not name %q", msg, want)
		}
		ran = append(ran, t.Name())
	})
	if want := []string{t.Name() + "/terraform", t.Name() + "/tofu"}; !reflect.DeepEqual(ran, want) {
		t.Errorf("subtests %v, want %v", ran, want)
	}
}
