package tfkit_test

import (
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/internal/cputime"
)

// benchApp builds the shape of the CDK for Terraform comparison in
// bench/cdktf/synth.js: n null_resource elements (every second one refers
// to the one before it), n/100+1 variables and outputs, one local.
func benchApp(n int, out string, opts ...tfkit.Option) *tfkit.App {
	opts = append([]tfkit.Option{tfkit.WithOutdir(out), tfkit.WithGetenv(func(string) string { return "" })}, opts...)
	app := tfkit.NewApp(opts...)
	s := tfkit.NewStack(app, "bench")
	vars := make([]*tfkit.Variable, n/100+1)
	for i := range vars {
		vars[i] = tfkit.NewVariable(s, fmt.Sprintf("v%d", i), tfkit.VariableConfig{Type: "string", Default: "x"})
	}
	prefix := tfkit.NewLocals(s, tfkit.Attrs{"prefix": "app-" + vars[0].Ref().String()})
	res := make([]*tfkit.Resource, n)
	for i := range res {
		triggers := tfkit.Ordered("name", fmt.Sprintf("%s-%d", prefix.Ref("prefix"), i), "size", fmt.Sprint(i))
		if i%2 == 1 {
			triggers.Set("other", res[i-1].Ref("id"))
		}
		res[i] = tfkit.NewResource(s, "null_resource", fmt.Sprintf("r%d", i), tfkit.Attrs{"triggers": triggers})
	}
	for i := range vars {
		tfkit.NewOutput(s, fmt.Sprintf("o%d", i), tfkit.OutputConfig{Value: res[i].Ref("id")})
	}
	return app
}

// BenchmarkSynth10k measures building, validating, rendering and writing a
// stack of 10,000 resources.
func BenchmarkSynth10k(b *testing.B) {
	out := filepath.Join(b.TempDir(), "out")
	b.ReportAllocs()
	cpu := startCPU(b)
	for b.Loop() {
		if err := benchApp(10000, out).Synth(); err != nil {
			b.Fatal(err)
		}
	}
	cpu.report()
}

// BenchmarkSynthOnly10k measures App.Synth alone on a stack of 10,000
// resources built beforehand: validation, rendering, hashing and writing
// the output atomically.
func BenchmarkSynthOnly10k(b *testing.B) {
	benchSynthOnly(b, tfkit.FormatHCL, 10_000)
}

// BenchmarkSynthOnlyJSON10k is BenchmarkSynthOnly10k writing main.tf.json.
func BenchmarkSynthOnlyJSON10k(b *testing.B) {
	benchSynthOnly(b, tfkit.FormatJSON, 10_000)
}

// BenchmarkSynthOnly100k is BenchmarkSynthOnly10k at 100,000 resources, to
// show how the time grows.
func BenchmarkSynthOnly100k(b *testing.B) {
	benchSynthOnly(b, tfkit.FormatHCL, 100_000)
}

func benchSynthOnly(b *testing.B, format tfkit.Format, n int) {
	out := filepath.Join(b.TempDir(), "out")
	b.ReportAllocs()
	var cpu time.Duration
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		app := benchApp(n, out, tfkit.WithFormat(format))
		c := startCPU(b)
		b.StartTimer()
		if err := app.Synth(); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		cpu += c.elapsed()
		b.StartTimer()
	}
	if cpu > 0 {
		b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
	}
}

// BenchmarkBuild10k measures building the model alone.
func BenchmarkBuild10k(b *testing.B) { benchBuild(b, 10_000) }

// BenchmarkBuild100k is BenchmarkBuild10k at 100,000 resources.
func BenchmarkBuild100k(b *testing.B) { benchBuild(b, 100_000) }

func benchBuild(b *testing.B, n int) {
	b.ReportAllocs()
	cpu := startCPU(b)
	for b.Loop() {
		benchApp(n, "unused")
	}
	cpu.report()
}

// cpuClock reports the process CPU time a benchmark used per operation
// (cpu-ns/op, garbage collection included), which a busy machine does not
// inflate the way it does wall time (ns/op).
type cpuClock struct {
	b     *testing.B
	start time.Duration
	ok    bool
}

func startCPU(b *testing.B) cpuClock {
	t, ok := cputime.Process()
	return cpuClock{b: b, start: t, ok: ok}
}

func (c cpuClock) elapsed() time.Duration {
	t, ok := cputime.Process()
	if !c.ok || !ok {
		return 0
	}
	return t - c.start
}

func (c cpuClock) report() {
	if d := c.elapsed(); d > 0 && c.b.N > 0 {
		c.b.ReportMetric(float64(d)/float64(c.b.N), "cpu-ns/op")
	}
}

// crossStackApp builds two stacks of n/2 null_resource elements each;
// with refs, every second element of the second stack refers to an element
// of the first, so Synth writes n/4 outputs and rewrites n/4 references
// (without, the second stack's elements get a literal there instead).
func crossStackApp(n int, out string, refs bool) *tfkit.App {
	app := tfkit.NewApp(tfkit.WithOutdir(out), tfkit.WithGetenv(func(string) string { return "" }))
	a := tfkit.NewStack(app, "a")
	b := tfkit.NewStack(app, "b")
	res := make([]*tfkit.Resource, n/2)
	for i := range res {
		res[i] = tfkit.NewResource(a, "null_resource", fmt.Sprintf("r%d", i), tfkit.Attrs{"triggers": map[string]any{"size": fmt.Sprint(i)}})
	}
	for i := range n / 2 {
		triggers := tfkit.Ordered("size", fmt.Sprint(i))
		switch {
		case i%2 == 1 && refs:
			triggers.Set("other", res[i].Ref("id"))
		case i%2 == 1:
			triggers.Set("other", "x")
		}
		tfkit.NewResource(b, "null_resource", fmt.Sprintf("r%d", i), tfkit.Attrs{"triggers": triggers})
	}
	return app
}

// BenchmarkSynthOnlyCrossStack10k is App.Synth on two stacks of 5,000
// resources with 2,500 cross-stack references.
func BenchmarkSynthOnlyCrossStack10k(b *testing.B) { benchTwoStacks(b, true) }

// BenchmarkSynthOnlyTwoStacks10k is the same app without the references.
func BenchmarkSynthOnlyTwoStacks10k(b *testing.B) { benchTwoStacks(b, false) }

func benchTwoStacks(b *testing.B, refs bool) {
	out := filepath.Join(b.TempDir(), "out")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		app := crossStackApp(10000, out, refs)
		b.StartTimer()
		if err := app.Synth(); err != nil {
			b.Fatal(err)
		}
	}
}
