package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func copySchema(t *testing.T, name, dest string) {
	t.Helper()
	data, err := os.ReadFile(schemaFile(t, name))
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Dir(dest), filepath.Base(dest), string(data))
}

// TestSynthChecksTSXAgainstSchemas: with the schemas 'tfkit get' kept, a
// TSX body the provider would refuse stops synth at the .tsx line, and
// nothing is written; without schemas the same app synthesizes.
func TestSynthChecksTSXAgainstSchemas(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "main.tsx", `import { Resource } from "tfkit";
export default () => <>
  <Resource type="random_pet" name="p" lenght={3} />
</>;
`)
	if res := runCLI(t, dir, nil, "synth", "main.tsx", "--out", "gen"); res.code != ExitOK {
		t.Fatalf("without schemas: %s", res)
	}
	copySchema(t, "random-3.9.0.json", filepath.Join(dir, ".gen", getSchemaFile))
	write(t, dir, "gen/main.tf", "# previous\n")
	res := runCLI(t, dir, nil, "synth", "main.tsx", "--out", "gen")
	if res.code != ExitFailure || !strings.Contains(res.stderr, `Unsupported argument (at random_pet.p.lenght)`) ||
		!strings.Contains(res.stderr, "main.tsx:3:") || !strings.Contains(res.stderr, `did you mean "length"?`) {
		t.Fatalf("with schemas: %s", res)
	}
	if got := tree(t, filepath.Join(dir, "gen")); got["main.tf"] != "# previous\n" {
		t.Fatalf("output changed: %v", got)
	}

	// An explicit --schema must exist.
	res = runCLI(t, dir, nil, "synth", "main.tsx", "--out", "gen", "--schema", "none.json")
	if res.code != ExitFailure || !strings.Contains(res.stderr, "--schema") {
		t.Fatalf("missing --schema file: %s", res)
	}
}

// TestSynthPassesSchemasToApp: a Go app learns the schemas to check
// against from TFKIT_SCHEMAS, an absolute path to the file 'tfkit get'
// kept in codeMakerOutput, or to --schema.
func TestSynthPassesSchemasToApp(t *testing.T) {
	dir := newProject(t, `{"app": "echo \"$TFKIT_SCHEMAS\" > seen.txt && sh app.sh", "codeMakerOutput": "bindings"}`, "dev\n")
	seen := func() string {
		t.Helper()
		b, err := os.ReadFile(filepath.Join(dir, "seen.txt"))
		if err != nil {
			t.Fatal(err)
		}
		return strings.TrimSpace(string(b))
	}
	if res := runCLI(t, dir, env(dir), "synth"); res.code != ExitOK {
		t.Fatal(res)
	}
	if got := seen(); got != "" {
		t.Errorf("TFKIT_SCHEMAS without schemas = %q, want empty", got)
	}
	kept := filepath.Join(dir, "bindings", getSchemaFile)
	copySchema(t, "random-3.9.0.json", kept)
	if res := runCLI(t, dir, env(dir), "synth"); res.code != ExitOK {
		t.Fatal(res)
	}
	if got := seen(); got != kept {
		t.Errorf("TFKIT_SCHEMAS = %q, want %q", got, kept)
	}
	copySchema(t, "null-2.1.2.json", filepath.Join(dir, "other.json"))
	if res := runCLI(t, dir, env(dir), "synth", "--schema", "other.json"); res.code != ExitOK {
		t.Fatal(res)
	}
	if got := seen(); got != filepath.Join(dir, "other.json") {
		t.Errorf("TFKIT_SCHEMAS with --schema = %q", got)
	}
}

// TestSynthSchemaNotesAndWarnings: without schemas synth says once that
// provider attributes were not checked (not for terraform_* alone); a
// schema error in TSX comes with a frame of the line; --schema-check warn
// and "schemaCheck": "warn" make it a warning and write the configuration
// as it is, unknown attribute included.
func TestSynthSchemaNotesAndWarnings(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "main.tsx", `import { Resource } from "tfkit";
export default () => <>
  <Resource type="random_pet" name="p" lenght={3} />
</>;
`)
	res := runCLI(t, dir, nil, "synth", "main.tsx", "--out", "gen")
	note := "Note: provider attributes were not checked: there are no provider schemas; run 'tfkit get' (schemas are kept with the bindings) or give --schema FILE.json\n"
	if res.code != ExitOK || strings.Count(res.stderr, note) != 1 {
		t.Fatalf("no note without schemas: %s", res)
	}
	write(t, dir, "builtin.tsx", `import { Resource } from "tfkit";
export default () => <Resource type="terraform_data" name="d" />;
`)
	if res := runCLI(t, dir, nil, "synth", "builtin.tsx", "--out", "gen2"); res.code != ExitOK || strings.Contains(res.stderr, "Note:") {
		t.Fatalf("note for built-in resources only: %s", res)
	}

	copySchema(t, "random-3.9.0.json", filepath.Join(dir, ".gen", getSchemaFile))
	res = runCLI(t, dir, nil, "synth", "main.tsx", "--out", "gen")
	if res.code != ExitFailure || !strings.Contains(res.stderr, "  3 |   <Resource type=\"random_pet\" name=\"p\" lenght={3} />\n") {
		t.Fatalf("schema error without a frame: %s", res)
	}
	for _, args := range [][]string{{"--schema-check", "warn"}, nil} {
		if args == nil {
			write(t, dir, "tfkit.json", `{"app": "main.tsx", "output": "gen", "schemaCheck": "warn"}`)
		}
		res = runCLI(t, dir, nil, append([]string{"synth", "main.tsx", "--out", "gen"}, args...)...)
		if res.code != ExitOK || !strings.Contains(res.stderr, `Warning: Unsupported argument (at random_pet.p.lenght)`) {
			t.Fatalf("%v: %s", args, res)
		}
		if got := tree(t, filepath.Join(dir, "gen")); !strings.Contains(got["main.tf"], "lenght = 3") {
			t.Fatalf("%v: configuration not written as it is: %v", args, got["main.tf"])
		}
	}
	res = runCLI(t, dir, nil, "synth", "main.tsx", "--schema-check", "warm")
	if res.code != ExitUsage || !strings.Contains(res.stderr, `--schema-check must be error or warn, not "warm" (did you mean "warn"?)`) {
		t.Fatalf("bad --schema-check: %s", res)
	}
}
