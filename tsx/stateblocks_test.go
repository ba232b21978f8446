package tsx

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/internal/golden"
)

// TestStateBlocksSynth synthesizes a configuration using <Moved>, <Import>,
// <Removed>, <Check> and <Ephemeral> in both output formats and compares
// main.tf and main.tf.json with their goldens: moved, import and removed
// addresses are bare references in HCL and reference strings in JSON.
func TestStateBlocksSynth(t *testing.T) {
	dir := filepath.Join("testdata", "state_blocks")
	for _, tc := range []struct{ format, file, golden string }{
		{FormatHCL, "main.tf", "want.tf"},
		{FormatJSON, "main.tf.json", "want.tf.json"},
	} {
		t.Run(tc.format, func(t *testing.T) {
			out := t.TempDir()
			diags, err := Synth(context.Background(), "main.tsx", out, tc.format, Options{Dir: dir})
			if err != nil || len(diags) != 0 {
				t.Fatalf("Synth: %v %v", err, diags)
			}
			got, err := os.ReadFile(filepath.Join(out, tc.file))
			if err != nil {
				t.Fatal(err)
			}
			golden.Check(t, filepath.Join(dir, tc.golden), got)
		})
	}
}

// TestStateBlocksJSONValidate runs terraform validate on the JSON golden:
// Terraform reads the addresses of moved, import and removed from strings.
func TestStateBlocksJSONValidate(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "state_blocks", "want.tf.json"))
	if err != nil {
		t.Fatal(err)
	}
	w := enginetest.Workspace(t, map[string]string{"main.tf.json": string(data)})
	w.Init()
	w.Validate()
}
