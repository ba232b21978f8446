package render

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/internal/rendertest"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// TestGolden renders every case and compares both files with testdata; the
// same run checks each output's properties (fmt-clean, deterministic,
// round-tripping).
func TestGolden(t *testing.T) {
	for _, c := range goldenCases {
		t.Run(c.name, func(t *testing.T) {
			cfg := c.build()
			hclOut, err := HCL(cfg)
			if err != nil {
				t.Fatalf("HCL: %v", err)
			}
			jsonOut, err := JSON(cfg)
			if err != nil {
				t.Fatalf("JSON: %v", err)
			}
			dir := filepath.Join("testdata", c.name)
			checkGolden(t, filepath.Join(dir, "main.tf"), hclOut)
			checkGolden(t, filepath.Join(dir, "main.tf.json"), jsonOut)

			checkDeterministic(t, cfg, hclOut, jsonOut)
			rendertest.Formatted(t, hclOut)
			checkJSONShape(t, jsonOut)
			rendertest.HCLRoundTrip(t, cfg, hclOut)
			rendertest.JSONRoundTrip(t, cfg, jsonOut)
		})
	}
}

// TestGoldenFoldersUsed fails on a testdata folder that no case writes, so
// a renamed or deleted case cannot leave a stale golden behind.
func TestGoldenFoldersUsed(t *testing.T) {
	used := map[string]bool{"fuzz": true}
	for _, c := range goldenCases {
		if used[c.name] {
			t.Errorf("two golden cases are named %q", c.name)
		}
		used[c.name] = true
	}
	entries, err := os.ReadDir("testdata")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !used[e.Name()] {
			t.Errorf("testdata/%s is not used by any golden case: delete it or add the case", e.Name())
			continue
		}
		if !e.IsDir() || e.Name() == "fuzz" {
			continue
		}
		files, err := os.ReadDir(filepath.Join("testdata", e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if f.Name() != "main.tf" && f.Name() != "main.tf.json" {
				t.Errorf("testdata/%s/%s is not a golden file any case writes", e.Name(), f.Name())
			}
		}
	}
}

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
		t.Fatalf("%v (run go test ./render -run TestGolden -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the rendered output (run with -update to accept):\n%s", path, rendertest.LineDiff(string(want), string(got)))
	}
}

func checkDeterministic(t *testing.T, cfg *config.Config, hclOut, jsonOut []byte) {
	t.Helper()
	for i := 0; i < 3; i++ {
		h, _ := HCL(cfg)
		j, _ := JSON(cfg)
		if !bytes.Equal(h, hclOut) || !bytes.Equal(j, jsonOut) {
			t.Fatal("rendering the same model twice gave different bytes")
		}
	}
}

func checkJSONShape(t *testing.T, out []byte) {
	t.Helper()
	if !json.Valid(out) {
		t.Fatalf("not valid JSON:\n%s", out)
	}
	var v any
	if err := json.Unmarshal(out, &v); err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(strings.TrimSuffix(string(out), "\n"), "\n") {
		trimmed := strings.TrimLeft(line, " ")
		if (len(line)-len(trimmed))%2 != 0 {
			t.Errorf("line %d is not indented by a multiple of two spaces: %q", i+1, line)
		}
		if strings.Contains(line, `\u003c`) || strings.Contains(line, `\u0026`) {
			t.Errorf("line %d has HTML escaping: %q", i+1, line)
		}
	}
	if !bytes.HasSuffix(out, []byte("}\n")) {
		t.Error("JSON must end with a final newline")
	}
}
