package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStackNamesDifferingOnlyInCaseAreRefused: a manifest (written by
// other means than the Go API, which refuses them) with stacks "web" and
// "Web" is refused before anything runs, since where names ignore case
// both stacks would use one working directory and one state.
func TestStackNamesDifferingOnlyInCaseAreRefused(t *testing.T) {
	p := newStackProject(t)
	const tf = "resource \"terraform_data\" \"d\" {\n  input = \"v1\"\n}\n"
	p.write(testStack{name: "web", tf: tf}, testStack{name: "Web", tf: tf})
	want := "Error: " + filepath.Join("tfkit.out", "manifest.json") + ": stacks \"web\" and \"Web\" differ only in case; their working directories under .tfkit would be one where names ignore case (macOS, Windows), and with it their state\n" +
		"  hint: give the stacks names that differ in more than case (the Go API refuses such names at NewStack)\n"
	for _, args := range [][]string{{"deploy", "--auto-approve"}, {"destroy", "--auto-approve", "--skip-synth"}, {"list"}} {
		res := p.tfkit("", args...)
		if res.code != ExitFailure || !strings.HasSuffix(res.stderr, want) {
			t.Errorf("%v: want exit 1 and\n%s\ngot %s", args, want, res)
		}
	}
	if _, err := os.Stat(filepath.Join(p.dir, ".tfkit", "tfkit.out", "stacks")); !os.IsNotExist(err) {
		t.Errorf("a working directory was made: %v", err)
	}
}
