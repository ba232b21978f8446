package tsx

import (
	"path/filepath"
	"testing"

	"github.com/tfkit/tfkit/internal/golden"
	"github.com/tfkit/tfkit/internal/render"
)

// TestProjectTsconfig builds the projects under testdata/tsconfig, whose
// tsconfig.json settings (paths, baseUrl, extends, experimentalDecorators)
// the build follows as tsc does. They are not build cases: the npm
// package's TypeScript check compiles those under one tsconfig of its own.
// Each has want.tf, and want.warnings when the build warns.
func TestProjectTsconfig(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join("testdata", "tsconfig", "*"))
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no cases: %v", err)
	}
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			entry, opts := readCase(t, dir)
			cfg, diags := Build(entry, opts)
			if diags.HasErrors() {
				t.Fatalf("build: %s", formatDiags(diags))
			}
			out, err := render.HCL(cfg)
			if err != nil {
				t.Fatalf("render: %v", err)
			}
			golden.CheckOptional(t, filepath.Join(dir, goldenWarnings), []byte(formatDiags(diags)))
			golden.Check(t, filepath.Join(dir, goldenTF), out)
		})
	}
}
