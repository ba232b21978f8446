package tfkit_test

import (
	"errors"
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
			if d.Summary != `Unsupported argument "lenght"` || d.Path != "random_pet.p.lenght" || !strings.Contains(d.Suggestion, "length") {
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
