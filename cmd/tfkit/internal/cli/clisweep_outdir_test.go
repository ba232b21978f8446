package cli

import (
	"os"
	"path/filepath"
	"testing"
)

// TestMisspeltOutNamesTheOutput: a command that reads the synth output,
// given an --out that does not exist beside one of a close name that is
// synth output, names that one; otherwise it says to synthesize.
func TestMisspeltOutNamesTheOutput(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "tfkit.json"), []byte(`{"app": "true"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, out := range []string{"tfkit.out", filepath.Join("envs", "prod")} {
		if err := os.MkdirAll(filepath.Join(dir, out), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, out, "manifest.json"), []byte(`{"version": 1, "stacks": []}`+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"list", "--out", "tfkit.ou"}, "Error: tfkit.ou has no manifest.json\n  hint: did you mean --out tfkit.out? Else run 'tfkit synth --out tfkit.ou' first\n"},
		{[]string{"output", "--out", "envs/prd"}, "Error: envs/prd has no manifest.json\n  hint: did you mean --out envs/prod? Else run 'tfkit synth --out envs/prd' first\n"},
		{[]string{"deploy", "--skip-synth", "--out", "staging"}, "Error: staging has no manifest.json\n  hint: run 'tfkit synth --out staging' first\n"},
	} {
		res := runCLI(t, dir, []string{"TFKIT_TERRAFORM=" + os.Args[0]}, tc.args...)
		if res.code != ExitFailure || res.stderr != tc.want {
			t.Errorf("tfkit %q: want exit 1 and %q\n%s", tc.args, tc.want, res)
		}
	}
}
