package tsx

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/tfkit/tfkit/internal/render"
	"github.com/tfkit/tfkit/internal/tsxtest"
)

// The benchmarks of docs/benchmarks.md (section TSX): 10,000 <Resource>
// elements with 5 attributes and a ref each (testdata/bench/main.tsx),
// through the whole path: bundle, evaluate, convert, validate, render.
//
//	go test ./tsx -run '^$' -bench TSX -benchmem -count 5
//
// BenchmarkTSX10kNode runs the same bundle in node instead of goja (the
// tree then comes back as JSON); the EvalOnly benchmarks time the engines
// alone: node from its start to the printed tree, goja from parsing the
// bundle to the rendered tree. cpu-ns/op is the CPU time per operation of
// this process and the node processes it started, which a busy machine
// stretches less than wall time.

var benchEnv = map[string]string{"N": "10000"}

var bundleOut = flag.String("bundle-out", "", "write the benchmark's bundle, ready for node, to this file")

// TestWriteBenchBundle writes the benchmark's bundle for running it with
// node by hand (with -bundle-out=FILE): N=10000 node FILE > /dev/null.
func TestWriteBenchBundle(t *testing.T) {
	if *bundleOut == "" {
		t.Skip("no -bundle-out")
	}
	dir, _ := filepath.Abs(filepath.Join("testdata", "bench"))
	bnd, diags := bundleEntry(filepath.Join(dir, "main.tsx"), dir, true)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if err := os.WriteFile(*bundleOut, []byte(bnd.code+nodeFooter), 0o644); err != nil {
		t.Fatal(err)
	}
}

// nodeHeader sends console output to stderr under node.
const nodeHeader = "console.log = console.info = console.debug = console.warn = console.error;"

// nodeFooter makes a bundle print its rendered tree as JSON under node.
const nodeFooter = "\nprocess.stdout.write(JSON.stringify(globalThis." + outputGlobal + "));\n"

// TestBenchInputBuilds keeps the benchmark's input a valid configuration
// (benchmarks do not run in the test suite): 50 elements build without a
// diagnostic, each reading instance 0 of the one before.
func TestBenchInputBuilds(t *testing.T) {
	dir, _ := filepath.Abs(filepath.Join("testdata", "bench"))
	cfg, diags := Build(filepath.Join(dir, "main.tsx"), Options{Dir: dir, Env: map[string]string{"N": "50"}})
	if len(diags) > 0 {
		t.Fatalf("the benchmark's input: %s", diags)
	}
	text, err := render.HCL(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if want := "input            = terraform_data.item_48[0].id"; !strings.Contains(string(text), want) {
		t.Errorf("no %q in:\n%.600s", want, text)
	}
}

func BenchmarkTSX10k(b *testing.B) {
	benchBuild(b, nil)
}

func BenchmarkTSX10kNode(b *testing.B) {
	node := tsxtest.Node(b)
	benchBuild(b, JSONEngine(nodeRunner(node)))
}

func BenchmarkTSX10kNodeEvalOnly(b *testing.B) {
	node := tsxtest.Node(b)
	dir, _ := filepath.Abs(filepath.Join("testdata", "bench"))
	bnd, diags := bundleEntry(filepath.Join(dir, "main.tsx"), dir, true)
	if diags.HasErrors() {
		b.Fatal(diags)
	}
	run := nodeRunner(node)
	defer reportCPU(b)()
	for b.Loop() {
		if _, err := run(context.Background(), Script{Code: bnd.code, Env: benchEnv, Dir: dir}); err != nil {
			b.Fatal(err)
		}
	}
}

// reportCPU reports cpu-ns/op when the returned function is called.
func reportCPU(b *testing.B) func() {
	cpu0, ok0 := processCPU()
	return func() {
		if cpu1, ok1 := processCPU(); ok0 && ok1 && b.N > 0 {
			b.ReportMetric(float64(cpu1-cpu0)/float64(b.N), "cpu-ns/op")
		}
	}
}

func BenchmarkTSX10kGojaEvalOnly(b *testing.B) {
	dir, _ := filepath.Abs(filepath.Join("testdata", "bench"))
	bnd, diags := bundleEntry(filepath.Join(dir, "main.tsx"), dir, true)
	if diags.HasErrors() {
		b.Fatal(diags)
	}
	defer reportCPU(b)()
	for b.Loop() {
		if _, err := Goja().Run(context.Background(), Script{Name: bundleName, Code: bnd.code, Env: benchEnv, Dir: dir}); err != nil {
			b.Fatal(err)
		}
	}
}

func benchBuild(b *testing.B, engine Engine) {
	dir := filepath.Join("testdata", "bench")
	b.ReportAllocs()
	defer reportCPU(b)()
	for b.Loop() {
		cfg, diags := Build("main.tsx", Options{Dir: dir, Env: benchEnv, Engine: engine})
		if diags.HasErrors() {
			b.Fatal(diags)
		}
		if _, err := render.HCL(cfg); err != nil {
			b.Fatal(err)
		}
	}
}

// nodeRunner runs a bundle with node and returns the tree it prints as
// JSON. The environment is exactly the script's.
func nodeRunner(node string) func(ctx context.Context, s Script) (string, error) {
	return func(ctx context.Context, s Script) (string, error) {
		dir, err := os.MkdirTemp("", "tfkit-node-")
		if err != nil {
			return "", err
		}
		defer os.RemoveAll(dir)
		file := filepath.Join(dir, "bundle.js")
		// The configuration's console output goes to stderr, away from the
		// tree; the header stays on the bundle's first line, so that the
		// source map's lines still hold.
		code := nodeHeader + s.Code + nodeFooter
		if err := os.WriteFile(file, []byte(code), 0o644); err != nil {
			return "", err
		}
		cmd := exec.CommandContext(ctx, node, file)
		cmd.Dir = s.Dir
		keys := make([]string, 0, len(s.Env))
		for k := range s.Env {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		cmd.Env = []string{"PATH=" + os.Getenv("PATH")}
		for _, k := range keys {
			cmd.Env = append(cmd.Env, k+"="+s.Env[k])
		}
		out, err := cmd.Output()
		if err != nil {
			return "", fmt.Errorf("node: %w", err)
		}
		return string(out), nil
	}
}

// TestNodeEngineAgrees builds the build cases with node and goja and
// compares the output: the JSON path and the direct path read the same
// tree.
func TestNodeEngineAgrees(t *testing.T) {
	node := tsxtest.Node(t)
	engine := JSONEngine(nodeRunner(node))
	start := time.Now()
	for _, name := range buildCases(t) {
		dir := filepath.Join("testdata", "build", name)
		if _, err := os.Stat(filepath.Join(dir, goldenTF)); err != nil {
			continue
		}
		entry, opts := readCase(t, dir)
		want, err := os.ReadFile(filepath.Join(dir, goldenTF))
		if err != nil {
			t.Fatal(err)
		}
		opts.Engine = engine
		cfg, diags := Build(entry, opts)
		if diags.HasErrors() {
			t.Errorf("%s: %v", name, diags)
			continue
		}
		got, err := render.HCL(cfg)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("%s: node's output differs:\n%s\n--- goja (golden)\n%s", name, got, want)
		}
	}
	t.Logf("node builds took %s", time.Since(start))
}
