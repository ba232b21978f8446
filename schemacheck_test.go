package tfkit_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/schema"
)

const randomSchemas = "schema/testdata/providers/random-3.9.0.json"

func readRandomSchemas(t *testing.T) []*schema.Provider {
	t.Helper()
	f, err := os.Open(randomSchemas)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ps, err := schema.ReadProviders(f)
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

// nextLine returns the line after the caller's.
func nextLine() int {
	_, _, l, _ := runtime.Caller(1)
	return l + 1
}

// TestSynthChecksSchemas: with schemas known, Synth refuses a body the
// provider would refuse, pointing at the Go line that set the attribute,
// and writes nothing.
func TestSynthChecksSchemas(t *testing.T) {
	for _, how := range []string{"option", "env"} {
		t.Run(how, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			env := map[string]string{}
			opts := []tfkit.Option{tfkit.WithOutdir(out)}
			if how == "option" {
				opts = append(opts, tfkit.WithSchemas(readRandomSchemas(t)))
			} else {
				env[tfkit.EnvSchemas] = randomSchemas
			}
			app := tfkit.NewApp(append(opts, tfkit.WithGetenv(envOf(env)))...)
			st := tfkit.NewStack(app, "s")
			line := nextLine()
			tfkit.NewResource(st, "random_pet", "p", tfkit.Attrs{"lenght": 3})
			err := app.Synth()
			var ds diag.Diagnostics
			if !errors.As(err, &ds) {
				t.Fatalf("Synth: %v, want diagnostics", err)
			}
			d := ds[0]
			if d.Summary != "Unsupported argument" || d.Path != "random_pet.p.lenght" || !strings.Contains(d.Suggestion, "length") {
				t.Errorf("diagnostic %q at %q (%q), want an unknown argument with a did-you-mean", d.Summary, d.Path, d.Suggestion)
			}
			if d.Subject == nil || filepath.Base(d.Subject.Filename) != "schemacheck_test.go" || d.Subject.Start.Line != line {
				t.Errorf("subject %v, want schemacheck_test.go:%d", d.Subject, line)
			}
			if _, err := os.Stat(out); !os.IsNotExist(err) {
				t.Errorf("output written despite errors: %v", err)
			}
		})
	}
}

// TestSynthSchemasValid: a valid body passes and an unreadable schema file
// is an error that says how to fix it.
func TestSynthSchemasValid(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	app := tfkit.NewApp(tfkit.WithOutdir(out), tfkit.WithSchemas(readRandomSchemas(t)))
	tfkit.NewResource(tfkit.NewStack(app, "s"), "random_pet", "p", tfkit.Attrs{"length": 3})
	if err := app.Synth(); err != nil {
		t.Fatal(err)
	}

	app = tfkit.NewApp(tfkit.WithOutdir(out), tfkit.WithGetenv(envOf(map[string]string{tfkit.EnvSchemas: "no/such.json"})))
	tfkit.NewResource(tfkit.NewStack(app, "s"), "random_pet", "p", nil)
	err := app.Synth()
	var ds diag.Diagnostics
	if !errors.As(err, &ds) || ds[0].Summary != "Cannot read provider schemas" || ds[0].Suggestion == "" {
		t.Fatalf("Synth: %v, want an unreadable schemas diagnostic", err)
	}
}

// TestSynthChecksRawHCL: bodies and blocks written as raw HCL are checked
// against the schemas too. A diagnostic about an attribute points inside
// the text (the file <raw HCL from file.go:line>, then the line and column
// in the text); one about the whole block points at the Go line that
// declared it.
func TestSynthChecksRawHCL(t *testing.T) {
	app := tfkit.NewApp(tfkit.WithOutdir(filepath.Join(t.TempDir(), "out")), tfkit.WithSchemas(readRandomSchemas(t)))
	st := tfkit.NewStack(app, "s")
	bodyLine := nextLine()
	tfkit.NewResource(st, "random_string", "body", tfkit.RawBody(`
		special = true
		lenght  = 8
	`))
	blocksLine := nextLine()
	tfkit.NewRawBlocks(st, `
resource "random_pet" "p" {
  length    = 2
  seperator = "-"
}

resource "random_string" "blocks" {
  length = "eight"
}
`)
	err := app.Synth()
	var ds diag.Diagnostics
	if !errors.As(err, &ds) {
		t.Fatalf("Synth: %v, want diagnostics", err)
	}
	body := fmt.Sprintf("<raw HCL from schemacheck_test.go:%d>", bodyLine)
	blocks := fmt.Sprintf("<raw HCL from schemacheck_test.go:%d>", blocksLine)
	want := []string{
		body + `:3:3: Error: Unsupported argument (at random_string.body.lenght)`,
		fmt.Sprintf(`schemacheck_test.go:%d: Error: Missing required argument (at random_string.body.length)`, bodyLine),
		blocks + `:4:3: Error: Unsupported argument (at random_pet.p.seperator)`,
		blocks + `:8:12: Error: Incorrect attribute value type (at random_string.blocks.length)`,
	}
	if len(ds) != len(want) {
		t.Fatalf("got %d diagnostics, want %d:\n%s", len(ds), len(want), ds)
	}
	for i, w := range want {
		got := ds[i].Error()
		if ds[i].Subject != nil {
			// Only the base name of the Go file, wherever the test runs.
			got = strings.ReplaceAll(got, filepath.Dir(ds[i].Subject.Filename)+string(filepath.Separator), "")
		}
		if !strings.HasPrefix(got, w) {
			t.Errorf("diagnostic %d:\n got %s\nwant %s…", i, got, w)
		}
	}
	if !strings.Contains(ds[0].Suggestion, `"length"`) || !strings.Contains(ds[2].Suggestion, `"separator"`) {
		t.Errorf("no did-you-mean: %q, %q", ds[0].Suggestion, ds[2].Suggestion)
	}
}

// TestSynthSchemaCheckWarn: with TFKIT_SCHEMA_CHECK=warn what the schemas
// do not allow is printed as a warning and the body written as it is.
func TestSynthSchemaCheckWarn(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	var warnings strings.Builder
	app := tfkit.NewApp(tfkit.WithOutdir(out), tfkit.WithWarnings(&warnings),
		tfkit.WithGetenv(envOf(map[string]string{tfkit.EnvSchemas: randomSchemas, tfkit.EnvSchemaCheck: "warn"})))
	st := tfkit.NewStack(app, "s")
	tfkit.NewResource(st, "random_pet", "p", tfkit.Attrs{"lenght": 3})
	if err := app.Synth(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(warnings.String(), `Warning: Unsupported argument (at random_pet.p.lenght)`) {
		t.Errorf("warnings: %q", warnings.String())
	}
	data, err := os.ReadFile(filepath.Join(out, "stacks", "s", "main.tf"))
	if err != nil || !strings.Contains(string(data), "lenght = 3") {
		t.Errorf("main.tf: %q %v", data, err)
	}
}

// TestSynthChecksBuiltinSchema: with provider schemas known (those tfkit
// get keeps hold no built-in provider), a terraform_data argument the
// engines' built-in provider lacks is refused at its Go line, as the
// engines refuse it when they plan; its real arguments, and the
// terraform_remote_state a cross-stack reference reads, are fine.
func TestSynthChecksBuiltinSchema(t *testing.T) {
	app := tfkit.NewApp(tfkit.WithOutdir(filepath.Join(t.TempDir(), "out")),
		tfkit.WithSchemas(readRandomSchemas(t)), tfkit.WithGetenv(envOf(nil)))
	base := tfkit.NewStack(app, "base")
	pet := tfkit.NewResource(base, "random_pet", "p", nil)
	web := tfkit.NewStack(app, "web")
	line := nextLine()
	tfkit.NewResource(web, "terraform_data", "d", tfkit.Attrs{"inptu": pet.Ref("id")})
	tfkit.NewResource(web, "terraform_data", "ok", tfkit.Attrs{"input": pet.Ref("id"), "triggers_replace": []any{pet.Ref("id")}})
	err := app.Synth()
	var ds diag.Diagnostics
	if !errors.As(err, &ds) {
		t.Fatalf("Synth: %v, want diagnostics", err)
	}
	if len(ds) != 1 || ds[0].Summary != "Unsupported argument" || ds[0].Subject == nil ||
		ds[0].Subject.Start.Line != line || ds[0].Path != "terraform_data.d.inptu" {
		t.Fatalf("diagnostics: %s", ds)
	}
}
