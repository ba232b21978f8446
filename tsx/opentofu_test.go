package tsx

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/tfkit/tfkit/internal/golden"
)

// TestOpenTofuSynth synthesizes OpenTofu's language from TSX, in both
// formats: the encryption block with its two-label key providers and
// methods, a provider with for_each and resources on its instances: the
// same text the Go API writes for them (TestOpenTofuGolden in package
// tfkit).
func TestOpenTofuSynth(t *testing.T) {
	dir := filepath.Join("testdata", "opentofu")
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
