package cli

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tfkit/tfkit/internal/cputime"
	"github.com/tfkit/tfkit/internal/schemacache"
)

// Benchmarks of the commands users run, end to end through Main, on the
// workloads of ../shared/bench (docs/benchmarks.md, "Commands users run"):
//
//	go test ./cmd/tfkit/internal/cli -run '^$' -bench 'Command' -benchmem -count 5
//	go test ./cmd/tfkit/internal/cli -run '^$' -bench 'CommandSynthTSXRefs' -benchtime 3x \
//	    -cpuprofile /tmp/cpu.out -memprofile /tmp/mem.out
//
// cpu-ns/op is the CPU time of the process per command (garbage
// collection included), which a busy machine stretches less than wall time.

// sharedDir is the directory beside the repository that holds the bench
// generators and the schemas.
var sharedDir = filepath.Join("..", "..", "..", "..", "..", "shared")

// tsxRefsSource is the main.tsx of ../shared/bench/tsx-refs-gen.js for n
// elements: a component rendering n/2 null_resource elements each bound
// to a useRef, then n/2 that read those refs in triggers and depends_on.
// TestTSXRefsSourceIsTheGenerators checks it against the generator.
func tsxRefsSource(n int) string {
	half := n / 2
	var b strings.Builder
	b.WriteString("import { Resource, useRef } from \"tfkit\";\n\nexport default function App() {\n")
	for i := range half {
		fmt.Fprintf(&b, "  const r%d = useRef();\n", i)
	}
	b.WriteString("  return (\n    <>\n")
	for i := range half {
		fmt.Fprintf(&b, "      <Resource type=\"null_resource\" name=\"a%d\" ref={r%d} triggers={{ idx: \"%d\", kind: \"base\" }} />\n", i, i, i)
	}
	for i := range half {
		fmt.Fprintf(&b, "      <Resource type=\"null_resource\" name=\"b%d\" triggers={{ dep: r%d.id, idx: \"%d\" }} depends_on={[r%d]} />\n", i, i, i, i)
	}
	b.WriteString("    </>\n  );\n}\n")
	return b.String()
}

func TestTSXRefsSourceIsTheGenerators(t *testing.T) {
	gen := filepath.Join(sharedDir, "bench", "tsx-refs-gen.js")
	if _, err := os.Stat(gen); err != nil {
		t.Skip("no generator at", gen)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node")
	}
	dir := t.TempDir()
	if out, err := exec.Command(node, gen, "100", dir).CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", gen, err, out)
	}
	want, err := os.ReadFile(filepath.Join(dir, "main.tsx"))
	if err != nil {
		t.Fatal(err)
	}
	if got := tsxRefsSource(100); got != string(want) {
		t.Errorf("tsxRefsSource(100) differs from the generator's main.tsx:\n%s\n--- generator\n%s", got, want)
	}
}

// BenchmarkCommandSynthTSXRefs10k is `tfkit synth main.tsx` on the
// generator's 10,000 elements, half of them reading the other half's refs.
func BenchmarkCommandSynthTSXRefs10k(b *testing.B) {
	dir := b.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "main.tsx"), []byte(tsxRefsSource(10000)), 0o644); err != nil {
		b.Fatal(err)
	}
	benchCommand(b, dir, nil, "synth", "main.tsx")
}

// BenchmarkCommandGetAWS is `tfkit get --schema aws-3.3.0.json` in an
// empty directory: the Go bindings of the whole aws 3.3.0 schema.
func BenchmarkCommandGetAWS(b *testing.B) {
	schemaFile, err := filepath.Abs(filepath.Join(sharedDir, "schemas", "aws-3.3.0.json"))
	if err != nil {
		b.Fatal(err)
	}
	if _, err := os.Stat(schemaFile); err != nil {
		b.Skip("no aws schema at", schemaFile)
	}
	dir := b.TempDir()
	benchCommand(b, dir, func() { os.RemoveAll(filepath.Join(dir, ".gen")) }, "get", "--schema", schemaFile)
}

// BenchmarkCommandValidateAWS10k is `tfkit validate --schema aws-3.3.0.json`
// on the 10,000 aws resources of ../shared/bench/validate-gen.py.
func BenchmarkCommandValidateAWS10k(b *testing.B) {
	schemaFile, err := filepath.Abs(filepath.Join(sharedDir, "schemas", "aws-3.3.0.json"))
	if err != nil {
		b.Fatal(err)
	}
	if _, err := os.Stat(schemaFile); err != nil {
		b.Skip("no aws schema at", schemaFile)
	}
	// The schema is cached after the first run, as for users.
	b.Setenv(schemacache.EnvDir, b.TempDir())
	dir := b.TempDir()
	out := generate(b, "validate-gen.py", "10000")
	if err := os.WriteFile(filepath.Join(dir, "main.tf"), out, 0o644); err != nil {
		b.Fatal(err)
	}
	benchCommand(b, dir, nil, "validate", "--schema", schemaFile, ".")
}

// BenchmarkCommandEval10k is `tfkit eval` on the 10,012 instances in 10
// modules of ../shared/bench/eval-gen.py.
func BenchmarkCommandEval10k(b *testing.B) {
	dir := b.TempDir()
	generate(b, "eval-gen.py", "--n", "10000", "--out", dir)
	benchCommand(b, dir, nil, "eval", ".")
}

// generate runs a python generator of ../shared/bench and returns its
// standard output; the benchmark is skipped without the generator or python3.
func generate(b *testing.B, gen string, args ...string) []byte {
	path := filepath.Join(sharedDir, "bench", gen)
	if _, err := os.Stat(path); err != nil {
		b.Skip("no generator at", path)
	}
	python, err := exec.LookPath("python3")
	if err != nil {
		b.Skip("no python3")
	}
	out, err := exec.Command(python, append([]string{path}, args...)...).Output()
	if err != nil {
		b.Fatalf("%s: %v", gen, err)
	}
	return out
}

// benchCommand runs the command line in dir once per iteration, after
// reset (outside the timer) when it is not nil.
func benchCommand(b *testing.B, dir string, reset func(), args ...string) {
	b.ReportAllocs()
	var cpu time.Duration
	for b.Loop() {
		if reset != nil {
			b.StopTimer()
			reset()
			b.StartTimer()
		}
		c0, _ := cputime.Process()
		var stderr bytes.Buffer
		code := Main(context.Background(), args, Env{Stdout: io.Discard, Stderr: &stderr, Dir: dir, Version: "v0.0.0-bench"})
		c1, _ := cputime.Process()
		cpu += c1 - c0
		if code != ExitOK {
			b.Fatalf("tfkit %s: exit %d\n%s", strings.Join(args, " "), code, stderr.String())
		}
	}
	if cpu > 0 {
		b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
	}
}
