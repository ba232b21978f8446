package tsx

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evanw/esbuild/pkg/api"
)

// TestResolveHintSuggestsModules: a misspelt relative import is matched
// against what an import can name (module files, directories with an
// index or package.json), not against the synth output, hidden files or
// lock files beside it.
func TestResolveHintSuggestsModules(t *testing.T) {
	dir := t.TempDir()
	for _, p := range []string{"main.tsx", "util.ts", "lib/index.ts", "out/main.tf", ".out.lock", "notes.txt"} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, p), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	loc := &api.Location{File: "main.tsx"}
	for spec, want := range map[string]string{
		"./utl":   `did you mean "./util"?`,
		"./lb":    `did you mean "./lib"?`,
		"./nope":  "",
		"./ot":    "",
		"./.out":  "",
		"./notes": "",
	} {
		got := resolveHint(spec, loc, dir)
		if want == "" && strings.Contains(got, "did you mean") || want != "" && !strings.HasPrefix(got, want) {
			t.Errorf("%s: %s", spec, got)
		}
	}
}
