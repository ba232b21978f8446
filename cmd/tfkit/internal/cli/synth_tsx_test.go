package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestSynthTSXTimeout runs a TSX configuration that never finishes
// through the command line: --timeout reaches the evaluator, the error
// points at the loop in main.tsx, and the previous output stays.
func TestSynthTSXTimeout(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "main.tsx", `import { Resource } from "tfkit";

export default function App() {
  while (true) {}
  return <Resource type="terraform_data" name="never" />;
}
`)
	write(t, dir, "gen/main.tf", "# previous\n")
	write(t, dir, "gen/manifest.json", "{}\n")
	res := runCLI(t, dir, nil, "synth", "main.tsx", "--timeout", "1s", "--out", "gen")
	if res.code != ExitFailure {
		t.Fatalf("want exit %d: %s", ExitFailure, res)
	}
	for _, want := range []string{
		"main.tsx:4:3: Error: Configuration timed out; The configuration did not finish within 1s and was stopped in this loop, which never ends.",
		"  4 |   while (true) {}\n    |   ^\n",
		"    at App (main.tsx:4:3)",
		"hint: look for a loop that never ends; if the configuration is just slow, raise the timeout (--timeout)",
	} {
		if !strings.Contains(res.stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, res.stderr)
		}
	}
	if got := tree(t, filepath.Join(dir, "gen")); got["main.tf"] != "# previous\n" || len(got) != 2 {
		t.Errorf("previous output changed: %v", got)
	}
	if res.stdout != "" {
		t.Errorf("stdout: %q", res.stdout)
	}

	// The flag also applies to an entry named in tfkit.json.
	write(t, dir, "tfkit.json", `{"app": "main.tsx", "output": "gen"}`)
	res = runCLI(t, dir, nil, "synth", "--timeout", "500ms")
	if res.code != ExitFailure || !strings.Contains(res.stderr, "did not finish within 500ms") {
		t.Fatalf("tfkit.json app: %s", res)
	}
}
