package tfkit_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/internal/rendertest"
	"github.com/tfkit/tfkit/render"
)

var update = flag.Bool("update", false, "rewrite golden files and the examples' committed output")

// goldenCase builds one stack; its rendered output is compared with
// testdata/golden/<name>.tf and <name>.tf.json.
type goldenCase struct {
	name  string
	build func(s *tfkit.Stack)
}

func TestGolden(t *testing.T) {
	used := map[string]bool{}
	for _, gc := range goldenCases {
		used[gc.name+".tf"] = true
		used[gc.name+".tf.json"] = true
		t.Run(gc.name, func(t *testing.T) {
			app := tfkit.NewApp()
			s := tfkit.NewStack(app, gc.name)
			gc.build(s)
			if ds := app.Validate(); len(ds) > 0 {
				t.Fatalf("unexpected diagnostics:\n%s", ds)
			}
			hclText, err := render.HCL(s.Config())
			if err != nil {
				t.Fatalf("render HCL: %v", err)
			}
			jsonText, err := render.JSON(s.Config())
			if err != nil {
				t.Fatalf("render JSON: %v", err)
			}
			checkGolden(t, filepath.Join("testdata", "golden", gc.name+".tf"), hclText)
			checkGolden(t, filepath.Join("testdata", "golden", gc.name+".tf.json"), jsonText)
			// What the API builds is held to the renderers' own standard:
			// terraform fmt leaves the HCL alone, and both files read back
			// into the same model.
			rendertest.Formatted(t, hclText)
			rendertest.HCLRoundTrip(t, s.Config(), hclText)
			rendertest.JSONRoundTrip(t, s.Config(), jsonText)
		})
	}
	entries, err := os.ReadDir(filepath.Join("testdata", "golden"))
	if err != nil {
		t.Fatal(err)
	}
	var stale []string
	for _, e := range entries {
		if !used[e.Name()] {
			stale = append(stale, e.Name())
		}
	}
	sort.Strings(stale)
	for _, name := range stale {
		if *update {
			os.Remove(filepath.Join("testdata", "golden", name))
			continue
		}
		t.Errorf("golden file testdata/golden/%s is used by no case (run go test -update to remove it)", name)
	}
}

// checkGolden compares got with the file at path, or rewrites the file
// with -update.
func checkGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (run go test -update to accept):\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}
