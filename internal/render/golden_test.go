package render

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/internal/golden"
	"github.com/tfkit/tfkit/internal/rendertest"
)

// TestMain fails a full run on files under testdata/<case> that no golden
// case writes (the fuzz corpus under testdata/fuzz is one level deeper).
func TestMain(m *testing.M) {
	golden.Main(m, "testdata/*", "testdata/*/*")
}

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
			golden.Check(t, filepath.Join(dir, "main.tf"), hclOut)
			golden.Check(t, filepath.Join(dir, "main.tf.json"), jsonOut)

			checkDeterministic(t, cfg, hclOut, jsonOut)
			rendertest.Formatted(t, hclOut)
			checkJSONShape(t, jsonOut)
			rendertest.HCLRoundTrip(t, cfg, hclOut)
			rendertest.JSONRoundTrip(t, cfg, jsonOut)
		})
	}
}

// TestGoldenCaseNames: each case writes its own folder (TestMain fails on a
// folder no case writes).
func TestGoldenCaseNames(t *testing.T) {
	used := map[string]bool{"fuzz": true}
	for _, c := range goldenCases {
		if used[c.name] {
			t.Errorf("two golden cases are named %q", c.name)
		}
		used[c.name] = true
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
