package tsx

import (
	"path/filepath"
	"testing"

	"github.com/tfkit/tfkit/render"
)

// BenchmarkTSX10k measures the whole path, bundle + evaluate + convert +
// validate + render, for 10,000 <Resource> elements with 5 attributes and a
// ref each (testdata/bench/main.tsx). docs/benchmarks.md reports it.
func BenchmarkTSX10k(b *testing.B) {
	dir := filepath.Join("testdata", "bench")
	b.ReportAllocs()
	for b.Loop() {
		cfg, diags := Build("main.tsx", Options{Dir: dir, Env: map[string]string{"N": "10000"}})
		if diags.HasErrors() {
			b.Fatal(diags)
		}
		if _, err := render.HCL(cfg); err != nil {
			b.Fatal(err)
		}
	}
}
