package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/internal/enginetest"
)

// perEngineFiles is a directory that Terraform and OpenTofu read
// differently: OpenTofu reads main.tofu instead of main.tf, and only.tofu.
var perEngineFiles = map[string]string{
	"main.tf":   "output \"engine\" {\n  value = \"terraform\"\n}\n",
	"main.tofu": "output \"engine\" {\n  value = \"opentofu\"\n}\n",
	"only.tofu": "output \"extra\" {\n  value = 1\n}\n",
}

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for n, s := range files {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// evalOutputs runs tfkit eval with args and returns its outputs' values.
func evalOutputs(t *testing.T, dir string, env []string, args ...string) map[string]any {
	t.Helper()
	res := runCLI(t, dir, env, append([]string{"eval"}, args...)...)
	if res.code != ExitOK {
		t.Fatalf("tfkit eval %s:\n%s", strings.Join(args, " "), res)
	}
	var view struct {
		Outputs map[string]struct {
			Value any `json:"value"`
		} `json:"outputs"`
	}
	if err := json.Unmarshal([]byte(res.stdout), &view); err != nil {
		t.Fatalf("eval output: %v\n%s", err, res.stdout)
	}
	out := map[string]any{}
	for n, o := range view.Outputs {
		out[n] = o.Value
	}
	return out
}

// TestReadersFollowTheEngine: eval, convert and validate read the files
// of the engine --engine names, else of the engine deploy would run.
func TestReadersFollowTheEngine(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, perEngineFiles)
	noEngine := []string{"PATH=" + t.TempDir(), "TFKIT_TERRAFORM="}
	for _, tc := range []struct {
		args []string
		env  []string
		want string
	}{
		{nil, noEngine, `map[engine:terraform]`},
		{[]string{"--engine", "terraform"}, noEngine, `map[engine:terraform]`},
		{[]string{"--engine", "tofu"}, noEngine, `map[engine:opentofu extra:1]`},
		{[]string{"--engine", "/opt/bin/tofu"}, noEngine, `map[engine:opentofu extra:1]`},
	} {
		if got := fmtMap(evalOutputs(t, dir, tc.env, tc.args...)); got != tc.want {
			t.Errorf("eval %v: %s, want %s", tc.args, got, tc.want)
		}
	}
	// Detected: the engine deploy would run is a tofu.
	bin := t.TempDir()
	tofu := filepath.Join(bin, "tofu")
	if err := os.WriteFile(tofu, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, env := range [][]string{{"PATH=" + bin, "TFKIT_TERRAFORM="}, {"PATH=" + t.TempDir(), "TFKIT_TERRAFORM=" + tofu}} {
		if got := fmtMap(evalOutputs(t, dir, env)); got != `map[engine:opentofu extra:1]` {
			t.Errorf("eval with %v: %s", env, got)
		}
	}

	res := runCLI(t, dir, noEngine, "convert", "--to", "tsx", "--engine", "tofu", ".")
	if res.code != ExitOK || !strings.Contains(res.stdout, `value="opentofu"`) || !strings.Contains(res.stdout, `name="extra"`) {
		t.Errorf("convert --engine tofu:\n%s", res)
	}
	res = runCLI(t, dir, noEngine, "convert", "--to", "tsx", ".")
	if res.code != ExitOK || !strings.Contains(res.stdout, `value="terraform"`) || strings.Contains(res.stdout, `name="extra"`) {
		t.Errorf("convert for terraform:\n%s", res)
	}

	// validate reads .tofu files for OpenTofu only: a directory of them
	// alone has no configuration for terraform.
	only := t.TempDir()
	writeFiles(t, only, map[string]string{"main.tofu": perEngineFiles["main.tofu"], "schemas.json": `{"format_version": "1.0"}`})
	res = runCLI(t, only, noEngine, "validate", "--schema", "schemas.json", "--engine", "terraform", ".")
	if res.code != ExitFailure || !strings.Contains(res.stderr, "No configuration files") {
		t.Errorf("validate --engine terraform of .tofu files:\n%s", res)
	}
	res = runCLI(t, only, noEngine, "validate", "--schema", "schemas.json", "--engine", "tofu", ".")
	if res.code != ExitOK {
		t.Errorf("validate --engine tofu of .tofu files:\n%s", res)
	}
}

func fmtMap(m map[string]any) string {
	b, _ := json.Marshal(m)
	s := strings.NewReplacer(`{`, `map[`, `}`, `]`, `"`, ``, `,`, ` `).Replace(string(b))
	return s
}

// TestPerEngineFilesAsEnginesApply: each engine applies the directory of
// main.tf and main.tofu to the outputs tfkit eval --engine gives for it.
func TestPerEngineFilesAsEnginesApply(t *testing.T) {
	enginetest.ForEachEngine(t, func(t *testing.T, engine string) {
		w := enginetest.Workspace(t, perEngineFiles)
		w.Init()
		w.Apply()
		got := map[string]any{}
		for n, o := range w.Outputs() {
			var v any
			if err := json.Unmarshal(o.Value, &v); err != nil {
				t.Fatal(err)
			}
			got[n] = v
		}
		want := evalOutputs(t, w.Dir, nil, "--engine", engine)
		if fmtMap(got) != fmtMap(want) {
			t.Errorf("%s applied %s; tfkit eval --engine %s gives %s", enginetest.Describe(engine), fmtMap(got), engine, fmtMap(want))
		}
	})
}

// openTofuTSX uses OpenTofu's encryption block (line 5) and a provider with
// for_each (line 10).
const openTofuTSX = `import { Terraform, Provider, tf } from "tfkit";

export default function App() {
  return (
    <><Terraform encryption={{
        key_provider: { pbkdf2: { main: { passphrase: "correct-horse-battery-staple" } } },
        method: { aes_gcm: { main: { keys: tf.raw("key_provider.pbkdf2.main") } } },
        state: { method: tf.raw("method.aes_gcm.main") },
      }} />
      <Provider type="random" alias="each" for_each={tf.fn("toset", ["a"])} />
    </>
  );
}
`

// TestDeployRefusesOpenTofuOnlyForTerraform: deploying a TSX app that
// uses what only OpenTofu accepts with terraform fails at synthesis, at
// the .tsx lines, before the engine runs; with tofu the app synthesizes.
func TestDeployRefusesOpenTofuOnlyForTerraform(t *testing.T) {
	for _, name := range []string{"terraform", "tofu"} {
		t.Run(name, func(t *testing.T) {
			version := `{"terraform_version":"1.11.4","terraform_outdated":false}`
			if name == "tofu" {
				version = `{"terraform_version":"1.12.6"}` // OpenTofu's answer has no terraform_outdated
			}
			p, log := fakeEngineProject(t, version)
			engine := strings.TrimPrefix(p.env[0], "TFKIT_TERRAFORM=")
			if name == "tofu" {
				tofu := filepath.Join(filepath.Dir(engine), "tofu")
				if err := os.Rename(engine, tofu); err != nil {
					t.Fatal(err)
				}
				p.env[0] = "TFKIT_TERRAFORM=" + tofu
			}
			writeFiles(t, p.dir, map[string]string{"tfkit.json": `{"app": "main.tsx"}` + "\n", "main.tsx": openTofuTSX})
			res := p.tfkit("", "deploy", "--auto-approve")
			refused := strings.Contains(res.stderr, "Not supported by Terraform")
			if name == "tofu" {
				if refused {
					t.Errorf("refused for OpenTofu:\n%s", res)
				}
				return
			}
			if res.code != ExitFailure || !refused {
				t.Fatalf("want the synthesis refused:\n%s", res)
			}
			for _, want := range []string{"main.tsx:5", "encryption blocks", "main.tsx:10", "provider blocks with for_each", "deploy with OpenTofu"} {
				if !strings.Contains(res.stderr, want) {
					t.Errorf("stderr does not say %q:\n%s", want, res.stderr)
				}
			}
			if data, err := os.ReadFile(log); err == nil {
				t.Errorf("the engine ran:\n%s", data)
			}
		})
	}
}

// TestDeployExcludeOpenTofu: deploy --exclude with OpenTofu leaves the
// excluded resource, and what depends on it, out of the stack; the next
// deploy without it adds them.
func TestDeployExcludeOpenTofu(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the Terraform engine")
	}
	p := newStackProjectWith(t, enginetest.OpenTofu(t))
	p.write(testStack{name: "a", tf: `resource "terraform_data" "kept" {}

resource "terraform_data" "left_out" {}

resource "terraform_data" "dependant" {
  input = terraform_data.left_out.id
}
`})
	res := p.tfkit("", "deploy", "--auto-approve", "--exclude", "terraform_data.left_out")
	if res.code != ExitOK || summary(res.stdout, "Deploy") != "  a  deployed (1 added, 0 changed, 0 destroyed)\n" {
		t.Fatalf("deploy --exclude:\n%s", res)
	}
	res = p.tfkit("", "deploy", "--auto-approve")
	if res.code != ExitOK || summary(res.stdout, "Deploy") != "  a  deployed (2 added, 0 changed, 0 destroyed)\n" {
		t.Fatalf("deploy after the excluded one:\n%s", res)
	}
	if res := p.tfkit("", "destroy", "--auto-approve"); res.code != ExitOK {
		t.Errorf("destroy:\n%s", res)
	}
}

// TestEngineValueRefused: an --engine (or $TFKIT_TERRAFORM) that names no
// engine is refused with the value and what is accepted, never read as
// Terraform; names with a version (tofu-1.12) are read by name, and a
// binary of another name by its version's answer.
func TestEngineValueRefused(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, perEngineFiles)
	noEngine := []string{"PATH=" + t.TempDir(), "TFKIT_TERRAFORM="}
	for _, args := range [][]string{
		{"eval", "--engine", "bogus", "."},
		{"validate", "--engine", "bogus", "--schema", "none.json", "."},
		{"convert", "--to", "go", "--engine", "bogus", "."},
	} {
		res := runCLI(t, dir, noEngine, args...)
		if res.code != ExitUsage || !strings.Contains(res.stderr, "--engine bogus: no such engine") ||
			!strings.Contains(res.stderr, "takes terraform or tofu") || res.stdout != "" {
			t.Errorf("%v:\n%s", args, res)
		}
	}
	res := runCLI(t, dir, []string{"PATH=" + t.TempDir(), "TFKIT_TERRAFORM=bogus"}, "eval", ".")
	if res.code != ExitFailure || !strings.Contains(res.stderr, "TFKIT_TERRAFORM bogus: no such engine") || res.stdout != "" {
		t.Errorf("eval with TFKIT_TERRAFORM=bogus:\n%s", res)
	}
	for _, name := range []string{"tofu-1.12", "/opt/tofu_1.12.6/bin/tofu", "OpenTofu.exe"} {
		if got := fmtMap(evalOutputs(t, dir, noEngine, "--engine", name)); got != `map[engine:opentofu extra:1]` {
			t.Errorf("eval --engine %s: %s", name, got)
		}
	}
	// A binary named otherwise is asked its version.
	bin := t.TempDir()
	for name, answer := range map[string]string{"tf-a": `{"terraform_version":"1.12.6"}`, "tf-b": `{"terraform_version":"1.11.4","terraform_outdated":false}`, "notanengine": `hello`} {
		script := "#!/bin/sh\necho '" + answer + "'\n"
		if err := os.WriteFile(filepath.Join(bin, name), []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if got := fmtMap(evalOutputs(t, dir, noEngine, "--engine", filepath.Join(bin, "tf-a"))); got != `map[engine:opentofu extra:1]` {
		t.Errorf("eval --engine tf-a (OpenTofu): %s", got)
	}
	if got := fmtMap(evalOutputs(t, dir, noEngine, "--engine", filepath.Join(bin, "tf-b"))); got != `map[engine:terraform]` {
		t.Errorf("eval --engine tf-b (Terraform): %s", got)
	}
	res = runCLI(t, dir, noEngine, "eval", "--engine", filepath.Join(bin, "notanengine"), ".")
	if res.code != ExitUsage || !strings.Contains(res.stderr, "not terraform or tofu") {
		t.Errorf("eval --engine notanengine:\n%s", res)
	}
}

// TestDeployEngineRefusedBeforeSynth: deploy, diff and destroy with an
// --engine that is not there stop before the app runs, naming the value
// and what --engine takes.
func TestDeployEngineRefusedBeforeSynth(t *testing.T) {
	p, _ := fakeEngineProject(t, `{"terraform_version":"1.11.4","terraform_outdated":false}`)
	writeFiles(t, p.dir, map[string]string{"tfkit.json": `{"app": "touch app-ran; exit 1"}` + "\n"})
	for _, cmd := range []string{"diff", "deploy", "destroy"} {
		res := p.tfkit("", cmd, "--auto-approve", "--engine", "bogus")
		if cmd == "diff" {
			res = p.tfkit("", cmd, "--engine", "bogus")
		}
		if res.code != ExitFailure || !strings.Contains(res.stderr, "--engine bogus: not found on PATH") ||
			!strings.Contains(res.stderr, "--engine takes terraform or tofu") {
			t.Errorf("%s --engine bogus:\n%s", cmd, res)
		}
		if _, err := os.Stat(filepath.Join(p.dir, "app-ran")); err == nil {
			t.Fatalf("%s --engine bogus ran the app", cmd)
		}
	}
}
