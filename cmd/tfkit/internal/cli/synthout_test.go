package cli

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/internal/render"
	"github.com/tfkit/tfkit/tsx"
)

// TestModelContentIsTheFiles: the summary of a TSX build counts resources
// and lists types from the configuration model; for every configuration
// the TSX build cases make, that is what parsing the rendered main.tf and
// main.tf.json gives, as the summary of a Go app's stack reads it (types
// compared as a set, which is all the note about schemas asks of them).
func TestModelContentIsTheFiles(t *testing.T) {
	root := filepath.Join("..", "..", "..", "..", "tsx", "testdata", "build")
	cases, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	built := 0
	for _, c := range cases {
		dir := filepath.Join(root, c.Name())
		if strings.HasPrefix(c.Name(), "err_") {
			continue
		}
		if _, err := os.Stat(filepath.Join(dir, "main.tsx")); err != nil {
			continue
		}
		cfg, diags := tsx.Build("main.tsx", tsx.Options{Dir: dir})
		if diags.HasErrors() {
			continue // a case that needs its environment
		}
		built++
		want := modelContent(cfg)
		hcl, err := render.HCL(cfg)
		if err != nil {
			t.Fatal(err)
		}
		json, err := render.JSON(cfg)
		if err != nil {
			t.Fatal(err)
		}
		for _, got := range []stackContent{
			fileContent(hcl, "main.tf"),
			fileContent(json, "main.tf.json"),
		} {
			// Types as a set: Terraform JSON lists each type once.
			got.types = slices.Compact(slices.Sorted(slices.Values(got.types)))
			w := stackContent{resources: want.resources, types: slices.Compact(slices.Sorted(slices.Values(want.types)))}
			if got.resources != w.resources || !slices.Equal(got.types, w.types) {
				t.Errorf("%s: the model gives %d resources and types %v, the file %d and %v", c.Name(), w.resources, w.types, got.resources, got.types)
			}
		}
	}
	t.Logf("%d build cases", built)
	if built < 10 {
		t.Fatalf("only %d build cases built", built)
	}
}
