package refactorcases

import (
	"encoding/json"
	"strings"
	"testing"
)

// Diagnostic is one diagnostic of an engine's -json output.
type Diagnostic struct {
	Severity, Summary, Detail string
	Range                     *Range
}

// Range is where an engine reports a diagnostic: the file relative to the
// workspace, and lines and columns from 1.
type Range struct {
	Filename   string
	Start, End struct{ Line, Column int }
}

// Words is the diagnostic's summary and detail, the detail's spaces
// folded, as Error.Words writes a case's.
func (d Diagnostic) Words() string {
	return d.Summary + "; " + strings.Join(strings.Fields(d.Detail), " ")
}

// Exec runs the engine in a workspace with args and returns its standard
// output and all it wrote (enginetest's Workdir.Exec, which this package,
// imported by the tests of the packages enginetest must stay out of, does
// not call itself).
type Exec func(args ...string) (stdout, output string)

// EngineErrors runs validate -json with exec and, where validate passes,
// plan -json: the errors they report, in their order.
func EngineErrors(t testing.TB, exec Exec) []Diagnostic {
	t.Helper()
	var v struct {
		Valid       bool
		Diagnostics []Diagnostic
	}
	stdout, output := exec("validate", "-json", "-no-color")
	if err := json.Unmarshal([]byte(stdout), &v); err != nil {
		t.Fatalf("validate: %v\n%s", err, output)
	}
	ds := v.Diagnostics
	if v.Valid {
		stdout, _ = exec("plan", "-json", "-refresh=false", "-input=false", "-no-color")
		for _, line := range strings.Split(stdout, "\n") {
			var msg struct {
				Type       string
				Diagnostic Diagnostic
			}
			if json.Unmarshal([]byte(line), &msg) == nil && msg.Type == "diagnostic" {
				ds = append(ds, msg.Diagnostic)
			}
		}
	}
	var out []Diagnostic
	for _, d := range ds {
		if d.Severity == "error" {
			out = append(out, d)
		}
	}
	return out
}
