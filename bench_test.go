package tfkit_test

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/tfkit/tfkit"
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
	for b.Loop() {
		if err := benchApp(10000, out).Synth(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSynthOnly10k measures App.Synth alone on a stack of 10,000
// resources built beforehand: validation, rendering, hashing and writing
// the output atomically.
func BenchmarkSynthOnly10k(b *testing.B) {
	benchSynthOnly(b, tfkit.FormatHCL)
}

// BenchmarkSynthOnlyJSON10k is BenchmarkSynthOnly10k writing main.tf.json.
func BenchmarkSynthOnlyJSON10k(b *testing.B) {
	benchSynthOnly(b, tfkit.FormatJSON)
}

func benchSynthOnly(b *testing.B, format tfkit.Format) {
	out := filepath.Join(b.TempDir(), "out")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		app := benchApp(10000, out, tfkit.WithFormat(format))
		b.StartTimer()
		if err := app.Synth(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBuild10k measures building the model alone.
func BenchmarkBuild10k(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		benchApp(10000, "unused")
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
