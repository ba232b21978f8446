package render

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
)

// manyBlocks is a configuration large enough to be rendered in chunks;
// with broken, some blocks are nil or have invalid labels.
func manyBlocks(n int, broken bool) *config.Config {
	cfg := &config.Config{}
	for i := range n {
		label := fmt.Sprintf("r%d", i)
		if broken && i%997 == 3 {
			label = fmt.Sprintf("bad$%d", i)
		}
		b := &config.Block{Type: "resource", Labels: []string{"null_resource", label}, Body: &config.Body{}}
		for j := range i % 4 {
			b.Body.Items = append(b.Body.Items, &config.Attribute{Name: fmt.Sprintf("a%d", j), Expr: config.String(fmt.Sprint(i * j))})
		}
		if broken && i%1500 == 7 {
			b = nil
		}
		cfg.Blocks = append(cfg.Blocks, b)
	}
	return cfg
}

// TestRenderInChunksSameAsInOne: the bytes and the diagnostics do not
// depend on how many processors render them.
func TestRenderInChunksSameAsInOne(t *testing.T) {
	for _, broken := range []bool{false, true} {
		cfg := manyBlocks(5000, broken)
		var outs [2]string
		for k, procs := range []int{1, 4} {
			prev := runtime.GOMAXPROCS(procs)
			out, err := HCL(cfg)
			runtime.GOMAXPROCS(prev)
			if err != nil {
				ds, ok := err.(diag.Diagnostics)
				if !ok || !broken {
					t.Fatal(err)
				}
				outs[k] = ds.Error()
				continue
			}
			outs[k] = string(out)
		}
		if outs[0] != outs[1] {
			t.Errorf("broken=%v: one processor and four differ", broken)
		}
		if broken && len(outs[0]) == 0 {
			t.Error("no diagnostics from the broken blocks")
		}
	}
}
