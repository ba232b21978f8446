package cli

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/internal/enginetest"
)

// engineFiles are what terraform init and apply leave in the directory they
// run in; synth must keep every one of them.
var engineFiles = []string{"terraform.tfstate", ".terraform", ".terraform.lock.hcl"}

func requireEngineFiles(t *testing.T, dir string, names ...string) {
	t.Helper()
	for _, n := range names {
		if _, err := os.Stat(filepath.Join(dir, n)); err != nil {
			t.Errorf("%s: %v", n, err)
		}
	}
}

// TestResynthTSXKeepsTerraformState follows the TSX workflow: synth into
// out/, terraform init and apply there, synth again. The state, its
// backup, .terraform and the lock file stay, and the plan is empty.
func TestResynthTSXKeepsTerraformState(t *testing.T) {
	if testing.Short() {
		t.Skip("runs terraform")
	}
	enginetest.RequireProvider(t, "hashicorp/random", "3.9.0")
	dir := t.TempDir()
	app := func(length int) string {
		return `import { Output, Resource, useRef } from "tfkit";

export default function App() {
  const pet = useRef();
  return (
    <>
      <Resource type="random_pet" name="name" ref={pet} length={` + string(rune('0'+length)) + `} />
      <Output name="pet" value={pet.id} />
    </>
  );
}
`
	}
	write(t, dir, "main.tsx", app(2))
	if res := runCLI(t, dir, nil, "synth", "main.tsx", "--out", "out"); res.code != ExitOK {
		t.Fatalf("first synth: %s", res)
	}
	out := filepath.Join(dir, "out")
	w := enginetest.WorkspaceAt(t, out)
	w.Init()
	w.Apply()
	pet := w.OutputString("pet")

	// Synthesized again unchanged: nothing to do.
	if res := runCLI(t, dir, nil, "synth", "main.tsx", "--out", "out"); res.code != ExitOK {
		t.Fatalf("second synth: %s", res)
	}
	requireEngineFiles(t, out, engineFiles...)
	if p := w.Plan(); p.Changes {
		t.Fatalf("plan after re-synth has changes:\n%s", p.Output)
	}

	// A changed app: the change is planned against the kept state, and a
	// second apply leaves a backup that the next synth keeps too.
	write(t, dir, "main.tsx", app(3))
	if res := runCLI(t, dir, nil, "synth", "main.tsx", "--out", "out"); res.code != ExitOK {
		t.Fatalf("third synth: %s", res)
	}
	w.Apply()
	if w.OutputString("pet") == pet {
		t.Fatalf("the change was not applied")
	}
	if res := runCLI(t, dir, nil, "synth", "main.tsx", "--out", "out"); res.code != ExitOK {
		t.Fatalf("fourth synth: %s", res)
	}
	requireEngineFiles(t, out, append(engineFiles, "terraform.tfstate.backup")...)
	if p := w.Plan(); p.Changes {
		t.Fatalf("plan after re-synth has changes:\n%s", p.Output)
	}
}

// TestResynthAppKeepsTerraformState does the same for an app run by the
// CLI (the path Go apps take), with terraform run in a stack directory; a
// stack the app no longer writes keeps its directory while it holds state.
func TestResynthAppKeepsTerraformState(t *testing.T) {
	if testing.Short() {
		t.Skip("runs terraform")
	}
	p := newStackProject(t)
	p.write(testStack{name: "a", tf: stackA},
		testStack{name: "b", tf: "resource \"terraform_data\" \"y\" {}\n"})
	if res := p.tfkit("", "synth"); res.code != ExitOK {
		t.Fatalf("synth: %s", res)
	}
	dirA := filepath.Join(p.dir, "tfkit.out", "stacks", "a")
	dirB := filepath.Join(p.dir, "tfkit.out", "stacks", "b")
	w := enginetest.WorkspaceAt(t, dirA)
	w.Init()
	w.Apply()
	wb := enginetest.WorkspaceAt(t, dirB)
	wb.Init()
	wb.Apply()

	// Stack b is dropped from the app: its main.tf goes, its state stays.
	p.write(testStack{name: "a", tf: stackA})
	res := p.tfkit("", "synth")
	if res.code != ExitOK {
		t.Fatalf("re-synth: %s", res)
	}
	requireEngineFiles(t, dirA, engineFiles...)
	if plan := w.Plan(); plan.Changes {
		t.Fatalf("plan after re-synth has changes:\n%s", plan.Output)
	}
	requireEngineFiles(t, dirB, "terraform.tfstate")
	if _, err := os.Stat(filepath.Join(dirB, "main.tf")); !os.IsNotExist(err) {
		t.Errorf("stack b's main.tf was kept: %v", err)
	}
}

// TestSynthOwnFilesOnly: without an engine, the rules the engine tests
// rely on. Files tfkit did not write stay and do not count for --check; a
// stack no longer written loses its main.tf; a hand edit to a file of
// tfkit's is overwritten with a warning; a file of someone else's where
// the app writes one stops synth with nothing changed; crashed runs'
// staging directories are cleaned.
func TestSynthOwnFilesOnly(t *testing.T) {
	dir := newProject(t, `{"app": "sh app.sh"}`, "a\nb\n")
	if res := runCLI(t, dir, env(dir), "synth"); res.code != ExitOK {
		t.Fatalf("synth: %s", res)
	}
	write(t, dir, "tfkit.out/stacks/a/terraform.tfstate", "state")
	write(t, dir, "tfkit.out/stacks/a/.terraform/terraform.tfstate", "backend")
	write(t, dir, "tfkit.out/README", "notes")
	if res := runCLI(t, dir, env(dir), "synth", "--check"); res.code != ExitOK {
		t.Fatalf("--check counts files tfkit did not write: %s", res)
	}

	write(t, dir, "tfkit.out/stacks/a/main.tf", "# edited\n")
	write(t, dir, ".tfkit.out.new-12345/manifest.json", "left by a crashed run")
	write(t, dir, "stacks.txt", "a\n")
	res := runCLI(t, dir, env(dir), "synth")
	if res.code != ExitOK {
		t.Fatalf("re-synth: %s", res)
	}
	if !strings.Contains(res.stderr, "tfkit.out/stacks/a/main.tf had been edited since the last synth; the edit was overwritten") {
		t.Errorf("no warning about the edit: %s", res)
	}
	got := tree(t, filepath.Join(dir, "tfkit.out"))
	for name, want := range map[string]string{
		"stacks/a/terraform.tfstate":            "state",
		"stacks/a/.terraform/terraform.tfstate": "backend",
		"README":                                "notes",
	} {
		if got[name] != want {
			t.Errorf("%s = %q, want %q", name, got[name], want)
		}
	}
	if strings.HasPrefix(got["stacks/a/main.tf"], "# edited") {
		t.Errorf("the edit stays")
	}
	if _, ok := got["stacks/b/main.tf"]; ok {
		t.Errorf("stack b's main.tf stays")
	}
	if _, err := os.Stat(filepath.Join(dir, "tfkit.out", "stacks", "b")); !os.IsNotExist(err) {
		t.Errorf("the empty directory of stack b stays: %v", err)
	}
	noStaging(t, dir)

	// Someone else's file where the app now writes stack b.
	write(t, dir, "tfkit.out/stacks/b/main.tf", "# mine\n")
	write(t, dir, "stacks.txt", "a\nb\n")
	before := tree(t, filepath.Join(dir, "tfkit.out"))
	res = runCLI(t, dir, env(dir), "synth")
	if res.code != ExitFailure || !strings.Contains(res.stderr, "a file that tfkit did not write is there; move it away or rename it") {
		t.Fatalf("foreign file overwritten? %s", res)
	}
	if after := tree(t, filepath.Join(dir, "tfkit.out")); !reflect.DeepEqual(before, after) {
		t.Errorf("output changed")
	}
	noStaging(t, dir)
}

// TestSynthConcurrent: synths into one output directory at once all
// succeed, one after the other, and leave one complete output.
func TestSynthConcurrent(t *testing.T) {
	dir := newProject(t, `{"app": "sh app.sh"}`, "a\nb\n")
	results := make(chan result, 4)
	for range 4 {
		go func() { results <- runCLI(t, dir, env(dir), "synth") }()
	}
	for range 4 {
		if res := <-results; res.code != ExitOK {
			t.Errorf("%s", res)
		}
	}
	got := tree(t, filepath.Join(dir, "tfkit.out"))
	if len(got) != 3 || got["stacks/a/main.tf"] == "" || got["stacks/b/main.tf"] == "" {
		t.Errorf("output: %v", keysOf(got))
	}
	noStaging(t, dir)
}
