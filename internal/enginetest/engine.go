package enginetest

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// Environment variables read here; scripts/test.sh sets all of them and
// docs/development.md describes them.
const (
	EnvCache          = "TFKIT_CACHE"           // cache root, default ~/.cache/tfkit
	EnvTerraform      = "TFKIT_TERRAFORM"       // engine binary, overrides PATH
	EnvProviderMirror = "TFKIT_PROVIDER_MIRROR" // provider mirror, default $TFKIT_CACHE/mirror
	EnvRequireEngine  = "TFKIT_REQUIRE_ENGINE"  // "1": fail instead of skip when missing
	EnvOpenTofu       = "TFKIT_OPENTOFU"        // OpenTofu binary to test with besides the engine
)

// OpenTofuVersion is the OpenTofu release scripts/install-engine.sh builds
// and caches (TFKIT_OPENTOFU_VERSION in scripts/lib.sh); keep the two
// equal.
const OpenTofuVersion = "1.12.6"

const installHint = "run scripts/install-engine.sh and scripts/install-providers.sh (scripts/test.sh runs both)"

// Engine returns the path of the Terraform engine to test with:
// $TFKIT_TERRAFORM, else terraform on PATH, else tofu on PATH, else the
// OpenTofu that scripts/install-engine.sh built into the cache. Without one
// the test is skipped, or failed when TFKIT_REQUIRE_ENGINE=1.
func Engine(t testing.TB) string {
	t.Helper()
	SkipShort(t)
	path, err := findEngine()
	if err != nil {
		unavailable(t, "%v", err)
	}
	return path
}

// Mirror returns the provider mirror directory: $TFKIT_PROVIDER_MIRROR, else
// $TFKIT_CACHE/mirror. Without one the test is skipped, or failed when
// TFKIT_REQUIRE_ENGINE=1.
func Mirror(t testing.TB) string {
	t.Helper()
	SkipShort(t)
	dir, err := findMirror()
	if err != nil {
		unavailable(t, "%v", err)
	}
	return dir
}

// SkipShort skips t under -short. Every test that runs the engine or a
// provider of the mirror goes through Engine or Mirror, so go test -short
// ./..., the fast inner loop, runs none; the full suite (scripts/test.sh,
// CI) runs them all.
func SkipShort(t testing.TB) {
	t.Helper()
	if shortSkips && testing.Short() {
		t.Skip("runs the Terraform engine or a mirrored provider; skipped with -short")
	}
}

// shortSkips is false while this package's own tests run the helpers
// against a stand-in engine script, which is as fast as any unit test.
var shortSkips = true

// unavailable skips t, or fails it when the environment requires an engine:
// in CI a missing install step must not pass as a skipped test.
func unavailable(t testing.TB, format string, args ...any) {
	t.Helper()
	unavailableHint(t, installHint, format, args...)
}

func unavailableHint(t testing.TB, hint, format string, args ...any) {
	t.Helper()
	msg := fmt.Sprintf(format, args...)
	if os.Getenv(EnvRequireEngine) == "1" {
		t.Fatalf("%s (%s=1: %s)", msg, EnvRequireEngine, hint)
	}
	t.Skipf("%s; %s", msg, hint)
}

func findEngine() (string, error) {
	if p := os.Getenv(EnvTerraform); p != "" {
		if !isExecutable(p) {
			return "", fmt.Errorf("%s=%s is not an executable file", EnvTerraform, p)
		}
		return p, nil
	}
	for _, name := range []string{"terraform", "tofu"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	if c := cacheDir(); c != "" {
		p := filepath.Join(c, "engine", "opentofu-"+OpenTofuVersion, "tofu")
		if isExecutable(p) {
			return p, nil
		}
	}
	return "", errors.New("no Terraform engine: " + EnvTerraform + " is unset, neither terraform nor tofu is on PATH, and no OpenTofu was built into the cache")
}

func findMirror() (string, error) {
	dir := os.Getenv(EnvProviderMirror)
	if dir == "" {
		c := cacheDir()
		if c == "" {
			return "", errors.New("no provider mirror: " + EnvProviderMirror + " is unset and there is no home directory")
		}
		dir = filepath.Join(c, "mirror")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("provider mirror %s: %w", dir, err)
	}
	if fi, err := os.Stat(filepath.Join(abs, "registry.terraform.io")); err != nil || !fi.IsDir() {
		return "", fmt.Errorf("no provider mirror at %s", abs)
	}
	return abs, nil
}

func cacheDir() string {
	if d := os.Getenv(EnvCache); d != "" {
		return d
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return ""
	}
	return filepath.Join(home, ".cache", "tfkit")
}

func isExecutable(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0
}

// CLIConfig returns the text of a Terraform CLI config file that installs
// the hashicorp and kreuzwerker providers, and tfkit's own example
// providers, from mirror and nothing else from the network. Both registry hosts are listed because OpenTofu resolves
// "hashicorp/null" on registry.opentofu.org.
func CLIConfig(mirror string) string {
	var patterns strings.Builder
	for _, host := range []string{"registry.terraform.io", "registry.opentofu.org"} {
		for _, ns := range []string{"hashicorp", "kreuzwerker", "tfkit"} {
			fmt.Fprintf(&patterns, "      %q,\n", host+"/"+ns+"/*")
		}
	}
	p := patterns.String()
	return fmt.Sprintf(`provider_installation {
  filesystem_mirror {
    path    = %q
    include = [
%s    ]
  }
  direct {
    exclude = [
%s    ]
  }
}
`, mirror, p, p)
}

// engineEnv is the environment of every engine command: the test's own,
// less any TF_/TOFU_ setting that would make the run depend on the machine
// (only logging is kept), plus the CLI config and no interactive prompts.
func engineEnv(environ []string, cliConfig string) []string {
	env := make([]string, 0, len(environ)+4)
	for _, kv := range environ {
		name, _, _ := strings.Cut(kv, "=")
		switch {
		case strings.HasPrefix(name, "TF_LOG"), strings.HasPrefix(name, "TOFU_LOG"):
		case strings.HasPrefix(name, "TF_"), strings.HasPrefix(name, "TOFU_"), name == "CHECKPOINT_DISABLE":
			continue
		}
		env = append(env, kv)
	}
	return append(env,
		"TF_CLI_CONFIG_FILE="+cliConfig,
		"TF_IN_AUTOMATION=1",
		"TF_INPUT=0",
		"CHECKPOINT_DISABLE=1", // no version check over the network
	)
}

// HasProvider reports whether the mirror holds the provider source (such as
// "kreuzwerker/docker") at version for this platform, for tests that use a
// provider when it is there and do without it otherwise. A test that needs
// the provider calls RequireProvider.
func HasProvider(t testing.TB, source, version string) bool {
	t.Helper()
	dir := filepath.Join(Mirror(t), "registry.terraform.io", filepath.FromSlash(source), version, runtime.GOOS+"_"+runtime.GOARCH)
	fi, err := os.Stat(dir)
	return err == nil && fi.IsDir()
}

// RequireProvider skips t unless the mirror holds the provider source at
// version, or fails it when TFKIT_REQUIRE_ENGINE=1: scripts/test.sh
// installs the optional providers too (install-providers.sh --docker
// --aws), so in CI a missing one is a failed install, not a reason to skip.
func RequireProvider(t testing.TB, source, version string) {
	t.Helper()
	if HasProvider(t, source, version) {
		return
	}
	hint := "run scripts/install-providers.sh"
	switch source {
	case "kreuzwerker/docker":
		hint += " --docker"
	case "hashicorp/aws":
		hint += " --aws"
	}
	unavailableHint(t, hint, "%s %s is not in the provider mirror", source, version)
}

// Engines returns the engine to test with (Engine) and, when there is one
// besides it, an OpenTofu: $TFKIT_OPENTOFU, else tofu on PATH, else the one
// scripts/install-engine.sh built into the cache. Tests that depend on the
// engine run with both engines so. When OpenTofu is missing the test log
// says so, since the test then passes with one engine only; with
// TFKIT_REQUIRE_ENGINE=1 (CI, which installs both) the test fails instead.
func Engines(t testing.TB) []string {
	t.Helper()
	first := Engine(t)
	if filepath.Base(first) == "tofu" {
		t.Logf("testing with OpenTofu (%s) only: %s names it", first, EnvTerraform)
		return []string{first}
	}
	var tofus []string
	if p := os.Getenv(EnvOpenTofu); p != "" {
		if !isExecutable(p) {
			unavailable(t, "%s=%s is not an executable file", EnvOpenTofu, p)
			return []string{first}
		}
		tofus = append(tofus, p)
	}
	if p, err := exec.LookPath("tofu"); err == nil {
		tofus = append(tofus, p)
	}
	if c := cacheDir(); c != "" {
		built, _ := filepath.Glob(filepath.Join(c, "engine", "opentofu-*", "tofu"))
		tofus = append(tofus, built...)
	}
	for _, p := range tofus {
		if p != first && isExecutable(p) {
			return []string{first, p}
		}
	}
	msg := fmt.Sprintf("OpenTofu is not installed (%s is unset, no tofu on PATH, none built into %s)",
		EnvOpenTofu, filepath.Join(cacheDir(), "engine"))
	if os.Getenv(EnvRequireEngine) == "1" {
		t.Fatalf("%s: the engine tests run under both engines (%s=1: run scripts/install-engine.sh --opentofu)", msg, EnvRequireEngine)
	}
	t.Logf("%s: testing with %s only; scripts/install-engine.sh --opentofu builds it", msg, first)
	return []string{first}
}

// ForEachEngine runs test once per engine of Engines, each as a subtest
// named after the binary ("terraform", "tofu"). Workspaces made with the
// subtest's t run that subtest's engine.
func ForEachEngine(t *testing.T, test func(t *testing.T, engine string)) {
	t.Helper()
	for _, e := range Engines(t) {
		t.Run(filepath.Base(e), func(t *testing.T) {
			subtestEngines.Store(t, e)
			t.Cleanup(func() { subtestEngines.Delete(t) })
			test(t, e)
		})
	}
}

// OpenTofu returns the OpenTofu to test with, for tests of what only
// OpenTofu accepts: the engine when it is OpenTofu, else the OpenTofu of
// Engines. Without one the test is skipped, or failed when
// TFKIT_REQUIRE_ENGINE=1.
func OpenTofu(t testing.TB) string {
	t.Helper()
	for _, e := range Engines(t) {
		if filepath.Base(e) == "tofu" {
			return e
		}
	}
	unavailable(t, "this test needs OpenTofu, and it is not installed")
	return ""
}

// subtestEngines maps the subtests of ForEachEngine to their engine.
var subtestEngines sync.Map // testing.TB → engine path

// engineOf is the engine of t's workspaces: its ForEachEngine engine, else
// Engine.
func engineOf(t testing.TB) string {
	t.Helper()
	if e, ok := subtestEngines.Load(t); ok {
		SkipShort(t)
		return e.(string)
	}
	return Engine(t)
}

// versions caches Describe by engine path.
var versions sync.Map // path → string

// Describe names an engine and its version for failure messages:
// "terraform (Terraform v1.11.4)", "tofu (OpenTofu v1.12.6)". The version is
// asked of the engine once per test binary; an engine that cannot say is
// named by its path alone.
func Describe(engine string) string {
	if v, ok := versions.Load(engine); ok {
		return v.(string)
	}
	d := filepath.Base(engine)
	cmd := exec.Command(engine, "version")
	cmd.Env = append(os.Environ(), "CHECKPOINT_DISABLE=1", "TF_CLI_CONFIG_FILE=/dev/null")
	if out, err := cmd.Output(); err == nil {
		line, _, _ := strings.Cut(string(out), "\n")
		if line = strings.TrimSpace(line); line != "" {
			d += " (" + line + ")"
		}
	}
	versions.Store(engine, d)
	return d
}

// Environ returns the environment the engine tests' commands run in, for
// tests that run the engine through other code (the runner) rather than a
// Workdir: the test's own, less the TF_ and TOFU_ settings of the machine,
// with a CLI config that installs providers from the mirror only. It skips
// or fails the test as Mirror does when the mirror is missing.
func Environ(t testing.TB) []string {
	t.Helper()
	rc := filepath.Join(t.TempDir(), "terraformrc")
	if err := os.WriteFile(rc, []byte(CLIConfig(Mirror(t))), 0o644); err != nil {
		t.Fatal(err)
	}
	return engineEnv(os.Environ(), rc)
}
