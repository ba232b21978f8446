package convert

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/tfkit/tfkit/internal/tsxtest"
)

// TestTypeCheckTSX runs the TypeScript compiler, with the npm package's
// type definitions, over the TSX conversion of every corpus case, golden
// input and module of the shared corpus: generated TSX must type-check as
// users' code does. It skips when node or the compiler cannot be had
// (fails under TFKIT_REQUIRE_ENGINE=1, as in CI).
func TestTypeCheckTSX(t *testing.T) {
	if testing.Short() {
		t.Skip("runs tsc")
	}
	tsc := tsxtest.TypeScript(t, "5.9.3")
	root := t.TempDir()
	pkg := tsxtest.Package(t)
	writeFile(t, filepath.Join(root, "tsconfig.json"), []byte(`{
  "compilerOptions": {
    "strict": true,
    "noEmit": true,
    "jsx": "react-jsx",
    "jsxImportSource": "tfkit",
    "module": "esnext",
    "moduleResolution": "bundler",
    "target": "es2022",
    "lib": ["es2022"],
    "types": []
  },
  "include": ["cases/**/*"]
}
`))
	if err := os.MkdirAll(filepath.Join(root, "node_modules"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(pkg, filepath.Join(root, "node_modules", "tfkit")); err != nil {
		t.Fatal(err)
	}
	for _, c := range corpusCases(t) {
		if _, skip := skipReason[c.name]; skip {
			continue
		}
		out, ds := Dir(c.dir, Options{Target: TSX})
		if ds.HasErrors() {
			t.Fatalf("%s: %v", c.name, ds)
		}
		writeFile(t, filepath.Join(root, "cases", c.name, "main.tsx"), out)
	}
	for _, c := range sharedCases(t) {
		out, ds := Dir(c.dir(), Options{Target: TSX})
		if ds.HasErrors() {
			t.Fatalf("%s: %v", c.name(), ds)
		}
		writeFile(t, filepath.Join(root, "cases", "shared__"+c.name(), "main.tsx"), out)
	}
	cmd := exec.Command(tsc, "-p", ".", "--pretty", "false")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("tsc: %v\n%s", err, out)
	}
}
