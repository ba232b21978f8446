package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestQuickStartSynth runs the README's first quick-start command, the
// synth of examples/local, as written there, with --check added so that
// it compares with the committed examples/local/tfkit.out instead of
// writing it: the command works, and its committed output is current.
func TestQuickStartSynth(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the example program")
	}
	root, err := filepath.Abs(filepath.Join("..", "..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^# 1\. .*\n(go run \./cmd/tfkit .*)$`).FindSubmatch(readme)
	if m == nil {
		t.Fatal("README.md has no quick-start command 1 (`# 1. ...` followed by `go run ./cmd/tfkit ...`)")
	}
	args := strings.Fields(strings.TrimPrefix(string(m[1]), "go run ./cmd/tfkit "))
	if len(args) == 0 || args[len(args)-1] != "synth" {
		t.Fatalf("quick-start command 1 is %q; this test expects it to end with synth", m[1])
	}
	res := runCLI(t, root, nil, append(args, "--check")...)
	if res.code != ExitOK || !strings.HasSuffix(res.stdout, "tfkit.out is up to date.\n") {
		t.Fatalf("%s: %s", m[1], res)
	}
}
