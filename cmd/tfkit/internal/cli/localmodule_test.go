package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/internal/enginetest"
)

// greetModule is a local module of the project, with its own nested
// directory and something a test run of it left behind.
var greetModule = map[string]string{
	"modules/greet/main.tf": `variable "who" {
  type = string
}

resource "terraform_data" "greeting" {
  input = "hello ${var.who}"
}

output "text" {
  value = terraform_data.greeting.output
}
`,
	"modules/greet/templates/note.txt":   "kept with the module\n",
	"modules/greet/terraform.tfstate":    "{}",
	"modules/greet/.terraform/junk.json": "{}",
}

// TestLocalModuleGoAppDeploys: a Go app calling NewModule with a local
// source synthesizes a stack that carries the module: terraform init and
// validate work in the stack directory, and tfkit deploy (which runs in
// .tfkit/) applies it.
func TestLocalModuleGoAppDeploys(t *testing.T) {
	if testing.Short() {
		t.Skip("runs terraform")
	}
	p := newStackProject(t)
	for name, content := range greetModule {
		write(t, p.dir, name, content)
	}
	// The app runs in the project directory, as tfkit synth runs it; its
	// output is what the project's app command copies.
	t.Chdir(p.dir)
	app := tfkit.NewApp(tfkit.WithOutdir(filepath.Join(p.dir, "src")), tfkit.WithGetenv(func(string) string { return "" }))
	stack := tfkit.NewStack(app, "web")
	greet := tfkit.NewModule(stack, "greet", tfkit.ModuleConfig{Source: "./modules/greet", Inputs: tfkit.Attrs{"who": "world"}})
	tfkit.NewModule(stack, "again", tfkit.ModuleConfig{Source: "./modules/../modules/greet", Inputs: tfkit.Attrs{"who": "again"}})
	tfkit.NewOutput(stack, "greeting", tfkit.OutputConfig{Value: greet.Output("text")})
	// A module outside the project is copied under tfkit-modules/.
	write(t, filepath.Dir(p.dir), "shared/greet/main.tf", greetModule["modules/greet/main.tf"])
	far := tfkit.NewModule(stack, "far", tfkit.ModuleConfig{Source: "../shared/greet", Inputs: tfkit.Attrs{"who": "far"}})
	tfkit.NewOutput(stack, "far", tfkit.OutputConfig{Value: far.Output("text")})
	if err := app.Synth(); err != nil {
		t.Fatal(err)
	}
	if res := p.tfkit("", "synth"); res.code != ExitOK {
		t.Fatalf("synth: %s", res)
	}
	stackDir := filepath.Join(p.dir, "tfkit.out", "stacks", "web")
	main, err := os.ReadFile(filepath.Join(stackDir, "main.tf"))
	if err != nil {
		t.Fatal(err)
	}
	// Inside the project, the module keeps its path and its source.
	if !strings.Contains(string(main), `source = "./modules/greet"`) || !strings.Contains(string(main), `source = "./modules/../modules/greet"`) {
		t.Errorf("sources changed:\n%s", main)
	}
	if !strings.Contains(string(main), `source = "./tfkit-modules/greet"`) {
		t.Errorf("the source outside the project is not rewritten:\n%s", main)
	}
	got := tree(t, filepath.Join(stackDir, "modules"))
	if len(got) != 2 || got["greet/main.tf"] != greetModule["modules/greet/main.tf"] || got["greet/templates/note.txt"] == "" {
		t.Errorf("module copy: %v", keysOf(got))
	}
	if got := tree(t, filepath.Join(stackDir, "tfkit-modules")); len(got) != 1 || got["greet/main.tf"] == "" {
		t.Errorf("copy of the module outside the project: %v", keysOf(got))
	}

	w := enginetest.WorkspaceFrom(t, stackDir)
	w.Init()
	w.Validate()

	res := p.tfkit("", "deploy", "--auto-approve")
	if res.code != ExitOK {
		t.Fatalf("deploy: %s", res)
	}
	res = p.tfkit("", "output", "--json")
	var outs map[string]map[string]string
	if err := json.Unmarshal([]byte(res.stdout), &outs); err != nil || outs["web"]["greeting"] != "hello world" || outs["web"]["far"] != "hello far" {
		t.Fatalf("outputs: %v %s", err, res)
	}
	if res := p.tfkit("", "destroy", "--auto-approve"); res.code != ExitOK {
		t.Fatalf("destroy: %s", res)
	}
}

// TestLocalModuleTSXDeploys is the same for <Module source="./modules/greet">
// in a TSX entry: init, validate and apply in the output directory, and
// tfkit deploy.
func TestLocalModuleTSXDeploys(t *testing.T) {
	if testing.Short() {
		t.Skip("runs terraform")
	}
	p := newStackProject(t)
	for name, content := range greetModule {
		write(t, p.dir, name, content)
	}
	write(t, p.dir, "tfkit.json", `{"app": "main.tsx", "output": "out"}`)
	write(t, p.dir, "main.tsx", `import { Module, Output, useRef } from "tfkit";

export default function App() {
  const greet = useRef();
  return (
    <>
      <Module name="greet" ref={greet} source="./modules/greet" who="world" />
      <Output name="greeting" value={greet.text} />
    </>
  );
}
`)
	res := p.tfkit("", "synth")
	if res.code != ExitOK {
		t.Fatalf("synth: %s", res)
	}
	out := filepath.Join(p.dir, "out")
	w := enginetest.WorkspaceAt(t, out)
	w.Init()
	w.Validate()
	w.Apply()
	if got := w.OutputString("greeting"); got != "hello world" {
		t.Errorf("greeting = %q", got)
	}
	res = p.tfkit("", "deploy", "--auto-approve")
	if res.code != ExitOK {
		t.Fatalf("deploy: %s", res)
	}
}

// TestLocalModuleMissing: a local source that is no directory fails synth
// at the line that set it, with nothing written.
func TestLocalModuleMissing(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "main.tsx", `import { Module } from "tfkit";

export default function App() {
  return <Module name="greet" source="./modules/gret" />;
}
`)
	res := runCLI(t, dir, nil, "synth", "main.tsx", "--out", "out")
	if res.code != ExitFailure {
		t.Fatalf("want failure: %s", res)
	}
	for _, want := range []string{"main.tsx:4:", "Local module not found", `The module source "./modules/gret" names`} {
		if !strings.Contains(res.stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, res.stderr)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "out")); !os.IsNotExist(err) {
		t.Errorf("output written: %v", err)
	}
}

func keysOf(m map[string]string) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}
