package render

import (
	"fmt"
	"strconv"
	"testing"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/internal/cputime"
	"github.com/tfkit/tfkit/internal/rendertest"
)

// benchStack builds the benchmark shape shared with the peers in
// docs/benchmarks.md (bench/cdktf/synth.js): n null_resource blocks whose
// triggers hold a template and a number string, every second one also a
// reference to the one before it; n/100+1 variables and outputs; one local.
func benchStack(n int) *config.Config {
	cfg := &config.Config{Blocks: make([]*config.Block, 0, n+2*(n/100+1)+1)}
	vars := n/100 + 1
	for i := 0; i < vars; i++ {
		v := config.NewBlock("variable", "v"+strconv.Itoa(i))
		v.Body.Set("type", config.Ref("string"))
		v.Body.Set("default", config.String("x"))
		cfg.Add(v)
	}
	locals := config.NewBlock("locals")
	locals.Body.Set("prefix", &config.Template{Parts: []config.Expr{config.String("app-"), config.Ref("var", "v0")}})
	cfg.Add(locals)
	for i := 0; i < n; i++ {
		name := "r" + strconv.Itoa(i)
		triggers := &config.Object{Items: []config.ObjectItem{
			{Key: config.String("name"), Value: &config.Template{Parts: []config.Expr{config.Ref("local", "prefix"), config.String("-" + strconv.Itoa(i))}}},
			{Key: config.String("size"), Value: config.String(strconv.Itoa(i))},
		}}
		if i%2 == 1 {
			triggers.Items = append(triggers.Items, config.ObjectItem{Key: config.String("other"), Value: config.Ref("null_resource", "r"+strconv.Itoa(i-1), "id")})
		}
		r := config.NewBlock("resource", "null_resource", name)
		r.Body.Set("triggers", triggers)
		cfg.Add(r)
	}
	for i := 0; i < vars; i++ {
		o := config.NewBlock("output", "o"+strconv.Itoa(i))
		o.Body.Set("value", config.Ref("null_resource", "r"+strconv.Itoa(i), "id"))
		cfg.Add(o)
	}
	return cfg
}

// BenchmarkRender renders the benchmark stack; run with
//
//	go test ./render -run '^$' -bench Render -benchmem
//
// The 100,000 case shows how time and memory grow with size. cpu-ns/op is
// the process CPU time per render (garbage collection included), which a
// busy machine does not inflate the way it does wall time (ns/op).
func BenchmarkRender(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		cfg := benchStack(n)
		for _, format := range []struct {
			name   string
			render func(*config.Config) ([]byte, error)
		}{{"hcl", HCL}, {"json", JSON}} {
			b.Run(fmt.Sprintf("%s/%d", format.name, n), func(b *testing.B) {
				b.ReportAllocs()
				var size int
				cpu0, haveCPU := cputime.Process()
				for b.Loop() {
					out, err := format.render(cfg)
					if err != nil {
						b.Fatal(err)
					}
					size = len(out)
				}
				if cpu1, ok := cputime.Process(); haveCPU && ok {
					b.ReportMetric(float64(cpu1-cpu0)/float64(b.N), "cpu-ns/op")
				}
				b.SetBytes(int64(size))
			})
		}
	}
}

// TestBenchStackRenders keeps the benchmark input honest: it renders,
// parses back and means the same thing.
func TestBenchStackRenders(t *testing.T) {
	cfg := benchStack(300)
	h, err := HCL(cfg)
	if err != nil {
		t.Fatal(err)
	}
	rendertest.Formatted(t, h)
	rendertest.HCLRoundTrip(t, cfg, h)
	j, err := JSON(cfg)
	if err != nil {
		t.Fatal(err)
	}
	rendertest.JSONRoundTrip(t, cfg, j)
}
