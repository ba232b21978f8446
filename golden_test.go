package tfkit_test

import (
	"path/filepath"
	"testing"

	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/internal/golden"
	"github.com/tfkit/tfkit/internal/render"
	"github.com/tfkit/tfkit/internal/rendertest"
)

// goldenCase builds one stack; its rendered output is compared with
// testdata/golden/<name>.tf and <name>.tf.json.
type goldenCase struct {
	name  string
	build func(s *tfkit.Stack)
}

// TestMain fails a full run on golden files no test compares.
func TestMain(m *testing.M) {
	golden.Main(m, "testdata/golden/*", "testdata/crossstack/*/*", "testdata/ephemeral/*")
}

func TestGolden(t *testing.T) {
	for _, gc := range goldenCases {
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
			golden.Check(t, filepath.Join("testdata", "golden", gc.name+".tf"), hclText)
			golden.Check(t, filepath.Join("testdata", "golden", gc.name+".tf.json"), jsonText)
			// What the API builds is held to the renderers' own standard:
			// terraform fmt leaves the HCL alone, and both files read back
			// into the same model.
			rendertest.Formatted(t, hclText)
			rendertest.HCLRoundTrip(t, s.Config(), hclText)
			rendertest.JSONRoundTrip(t, s.Config(), jsonText)
		})
	}
}
