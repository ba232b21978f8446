package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/internal/codegen/golang"
	"github.com/tfkit/tfkit/schema"
)

const convertInput = `# The pet.
resource "random_pet" "p" {
  length = 2
}

output "name" {
  value = random_pet.p.id
}

ephemeral "random_password" "db" {
  length = 16
}

provider "postgresql" {
  password = ephemeral.random_password.db.result
}
`

func TestConvert(t *testing.T) {
	dir := t.TempDir()
	tf := filepath.Join(dir, "infra")
	writeTestFile(t, filepath.Join(tf, "main.tf"), convertInput)

	// Go to stdout; the ephemeral resource has its constructor, and the
	// provider reads it through its handle.
	res := runCLI(t, dir, nil, "convert", "--to", "go", "infra")
	if res.code != ExitOK {
		t.Fatalf("convert: %s", res)
	}
	for _, want := range []string{`stack := tfkit.NewStack(app, "infra")`, "// The pet.", `p := tfkit.NewResource(stack, "random_pet", "p"`, `p.Ref("id")`,
		`db := tfkit.NewEphemeral(stack, "random_password", "db", tfkit.Ordered(`, `"password", db.Ref("result")`} {
		if !strings.Contains(res.stdout, want) {
			t.Errorf("Go output lacks %q:\n%s", want, res.stdout)
		}
	}
	if strings.Contains(res.stdout, "NewRawBlocks") || res.stderr != "" {
		t.Errorf("a block kept raw, or warnings: %s", res)
	}

	// TSX into a directory; --to from nothing is a usage error.
	out := filepath.Join(dir, "app")
	if err := os.Mkdir(out, 0o755); err != nil {
		t.Fatal(err)
	}
	res = runCLI(t, dir, nil, "convert", "--to", "tsx", "--out", "app", "infra/main.tf")
	if res.code != ExitOK || res.stdout != "" {
		t.Fatalf("convert --out: %s", res)
	}
	data, err := os.ReadFile(filepath.Join(out, "main.tsx"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<Resource type="random_pet" name="p" ref={p}`, `<Ephemeral type="random_password" name="db" ref={db}`, `password={db.result}`} {
		if !strings.Contains(string(data), want) {
			t.Errorf("main.tsx lacks %q:\n%s", want, data)
		}
	}
	if res.stderr != "" {
		t.Errorf("warnings: %s", res.stderr)
	}
	res = runCLI(t, dir, nil, "convert", "--out", "prog/main.go", "infra")
	if res.code != ExitOK {
		t.Fatalf("--to from --out: %s", res)
	}
	if _, err := os.Stat(filepath.Join(dir, "prog", "main.go")); err != nil {
		t.Error(err)
	}

	// Errors carry the .tf line and write nothing.
	writeTestFile(t, filepath.Join(dir, "bad", "main.tf"), "locals {\n  x = = 1\n}\n")
	res = runCLI(t, dir, nil, "convert", "--to", "go", "--out", "bad.go", "bad")
	if res.code != ExitFailure || !strings.Contains(res.stderr, "main.tf:2:7: Error: Invalid expression") {
		t.Errorf("bad input: %s", res)
	}
	if _, err := os.Stat(filepath.Join(dir, "bad.go")); err == nil {
		t.Error("bad.go written despite errors")
	}

	for _, args := range [][]string{
		{"convert", "infra"},
		{"convert", "--to", "rust", "infra"},
		{"convert", "--to", "go"},
		{"convert", "--to", "tsx", "--bindings", "gen", "infra"},
		{"convert", "--to", "go", "--stack", "a b", "infra"},
		// A TSX program in a .go file (or Go in a .tsx one) is a mistake.
		{"convert", "--to", "tsx", "--out", "wrong.go", "infra"},
		{"convert", "--to", "go", "--out", "wrong.tsx", "infra"},
	} {
		if res := runCLI(t, dir, nil, args...); res.code != ExitUsage {
			t.Errorf("tfkit %v: %s", args, res)
		}
	}
	for _, f := range []string{"wrong.go", "wrong.tsx"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
			t.Errorf("%s written", f)
		}
	}
	if res := runCLI(t, dir, nil, "convert", "--to", "go", "--bindings", "nowhere", "infra"); res.code != ExitFailure || !strings.Contains(res.stderr, "typed bindings") {
		t.Errorf("missing bindings: %s", res)
	}
}

func writeTestFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestConvertProjectBindings: without --bindings, the codeMakerOutput of
// tfkit.json gives the typed bindings.
func TestConvertProjectBindings(t *testing.T) {
	dir := t.TempDir()
	writeTestFile(t, filepath.Join(dir, "go.mod"), "module example.com/app\n\ngo 1.26\n")
	writeTestFile(t, filepath.Join(dir, "tfkit.json"), `{"app": "go run .", "codeMakerOutput": "gen"}`)
	f, err := os.Open("../../../../schema/testdata/providers/random-3.9.0.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ps, err := schema.ReadProviders(f)
	if err != nil {
		t.Fatal(err)
	}
	files, err := golang.Generate(ps[0], golang.Options{Package: "random", Version: "3.9.0"})
	if err != nil {
		t.Fatal(err)
	}
	for _, gf := range files {
		writeTestFile(t, filepath.Join(dir, "gen", "random", gf.Path), string(gf.Data))
	}
	writeTestFile(t, filepath.Join(dir, "infra", "main.tf"), convertInput)
	res := runCLI(t, dir, nil, "convert", "--to", "go", "infra")
	if res.code != ExitOK || !strings.Contains(res.stdout, `random.NewPet(stack, "p", random.PetConfig{`) ||
		!strings.Contains(res.stdout, `"example.com/app/gen/random"`) {
		t.Errorf("typed conversion: %s", res)
	}
}
