package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tfkit/tfkit/internal/cputime"
)

// syncBuffer is a bytes.Buffer safe for a writer and a reader at once.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// waitUntil polls until cond holds, failing the test after a while.
func waitUntil(t *testing.T, what string, cond func() bool, show func() string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s:\n%s", what, show())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func tsxApp(names ...string) string {
	var b strings.Builder
	b.WriteString("import { Resource } from \"tfkit\";\nimport { prefix } from \"./names\";\n\nexport default <>\n")
	for _, n := range names {
		fmt.Fprintf(&b, "  <Resource type=\"terraform_data\" name=%q input={`${prefix}-%s`} />\n", n, n)
	}
	b.WriteString("</>;\n")
	return b.String()
}

// TestWatch edits the entry, a file it imports and an asset, and sees the
// output follow each edit; a broken edit keeps the last good output.
func TestWatch(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "tfkit.json", `{"app": "main.tsx", "output": "out"}`)
	write(t, dir, "main.tsx", tsxApp("a"))
	write(t, dir, "names.ts", `export const prefix = "dev";`+"\n")
	ctx, cancel := context.WithCancel(context.Background())
	var stdout, stderr syncBuffer
	done := make(chan int)
	go func() {
		done <- Main(ctx, []string{"watch", "--debounce", "20ms"}, Env{Stdout: &stdout, Stderr: &stderr, Dir: dir, Environ: os.Environ(), Version: "v0.0.0-test"})
	}()
	defer func() {
		cancel()
		select {
		case code := <-done:
			if code != ExitOK {
				t.Errorf("watch exited %d:\n%s", code, stderr.String())
			}
		case <-time.After(10 * time.Second):
			t.Error("watch did not stop when canceled")
		}
	}()
	show := func() string { return "--- stdout\n" + stdout.String() + "--- stderr\n" + stderr.String() }
	mainTF := func() string {
		data, _ := os.ReadFile(filepath.Join(dir, "out", "main.tf"))
		return string(data)
	}
	watching := func(n int) func() bool {
		return func() bool { return strings.Count(stdout.String(), "Watching . for changes") >= n }
	}
	waitUntil(t, "the first synth", watching(1), show)
	if !strings.Contains(mainTF(), `input = "dev-a"`) {
		t.Fatalf("first output:\n%s", mainTF())
	}

	// Each edit is waited for by its effect: the output and the report.
	has := func(tf, report string) func() bool {
		return func() bool {
			return strings.Contains(mainTF(), tf) && strings.Contains(stdout.String(), report)
		}
	}
	write(t, dir, "main.tsx", tsxApp("a", "b"))
	waitUntil(t, "the entry's edit", has(`resource "terraform_data" "b"`, "main: main.tf +4 -0"), show)

	write(t, dir, "names.ts", `export const prefix = "prod";`+"\n")
	waitUntil(t, "the import's edit", has(`input = "prod-b"`, "main: main.tf +2 -2"), show)

	good := mainTF()
	write(t, dir, "main.tsx", "export default <Resource type=\"terraform_data\" name=\"x\" ;\n")
	waitUntil(t, "the failed synth", func() bool { return strings.Contains(stderr.String(), "Synth failed after") }, show)
	if !strings.Contains(stderr.String(), "out keeps the last good output") || mainTF() != good {
		t.Fatalf("a failed synth changed the output:\n%s\n%s", mainTF(), show())
	}

	write(t, dir, "main.tsx", tsxApp("c"))
	waitUntil(t, "the fix", has(`resource "terraform_data" "c"`, "main: main.tf +2 -6"), show)
	if strings.Contains(mainTF(), `"a"`) {
		t.Fatalf("after the fix:\n%s", mainTF())
	}
	// Writing the same content again changes nothing.
	runs := strings.Count(stdout.String(), "Watching . for changes")
	write(t, dir, "main.tsx", tsxApp("c"))
	waitUntil(t, "the same content", watching(runs+1), show)
	if !strings.Contains(stdout.String(), "No stack changed") {
		t.Fatalf("unchanged output reported as a change:\n%s", show())
	}
}

func TestWatchChanges(t *testing.T) {
	a := outputState{
		stacks: map[string]map[string]string{"web": {"stacks/web/main.tf": "1", "stacks/web/assets/x/h1/f": "a"}, "old": {"stacks/old/main.tf": "1"}},
		text:   map[string]string{"stacks/web/main.tf": "a\nb\nc\n"},
		order:  []string{"web", "old"},
	}
	b := outputState{
		stacks: map[string]map[string]string{"web": {"stacks/web/main.tf": "2", "stacks/web/assets/x/h2/f": "b"}, "new": {"stacks/new/main.tf": "1"}},
		text:   map[string]string{"stacks/web/main.tf": "a\nB\nc\nd\n"},
		order:  []string{"web", "new"},
	}
	got := strings.Join(changes(a, b), "\n")
	want := "web: assets/x/h1/f removed, assets/x/h2/f added, main.tf +2 -1\nnew: new stack\nold: removed"
	if got != want {
		t.Errorf("changes:\n%s\nwant:\n%s", got, want)
	}
}

// watchApp1k is a TSX app of 1,000 elements, each reading the one
// before it; tag changes one attribute of the last.
func watchApp1k(tag int) string {
	var b strings.Builder
	b.WriteString("import { Resource } from \"tfkit\";\n\nexport default <>\n")
	for i := range 1000 {
		prev := ""
		if i > 0 {
			prev = fmt.Sprintf(" prev={\"${null_resource.r%d.id}\"}", i-1)
		}
		v := fmt.Sprint(i)
		if i == 999 {
			v = fmt.Sprintf("tag-%d", tag)
		}
		fmt.Fprintf(&b, "  <Resource type=\"null_resource\" name=\"r%d\" triggers={{ n: \"%s\" }}%s />\n", i, v, prev)
	}
	b.WriteString("</>;\n")
	return b.String()
}

// BenchmarkWatchTSX1k measures what tfkit watch promises: from saving a
// change to a 1,000-element TSX app to the new main.tf in the output
// (debounce included: the default, 25 ms; the poll for the file every
// 2 ms is part of the CPU time).
func BenchmarkWatchTSX1k(b *testing.B) {
	dir := b.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "tfkit.json"), []byte(`{"app": "main.tsx", "output": "out"}`), 0o644); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "main.tsx"), []byte(watchApp1k(-1)), 0o644); err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var stdout, stderr syncBuffer
	done := make(chan int)
	go func() {
		done <- Main(ctx, []string{"watch"}, Env{Stdout: &stdout, Stderr: &stderr, Dir: dir, Environ: os.Environ(), Version: "v0.0.0-test"})
	}()
	defer func() { cancel(); <-done }()
	mainTF := filepath.Join(dir, "out", "main.tf")
	wait := func(want string) {
		deadline := time.Now().Add(60 * time.Second)
		for {
			data, _ := os.ReadFile(mainTF)
			if bytes.Contains(data, []byte(want)) {
				return
			}
			if time.Now().After(deadline) {
				b.Fatalf("timed out waiting for %q:\n%s\n%s", want, stdout.String(), stderr.String())
			}
			time.Sleep(2 * time.Millisecond)
		}
	}
	wait(`n = "tag--1"`)
	b.ResetTimer()
	var cpu time.Duration
	for i := 0; b.Loop(); i++ {
		c0, _ := cputime.Process()
		if err := os.WriteFile(filepath.Join(dir, "main.tsx"), []byte(watchApp1k(i)), 0o644); err != nil {
			b.Fatal(err)
		}
		wait(fmt.Sprintf(`n = "tag-%d"`, i))
		c1, _ := cputime.Process()
		cpu += c1 - c0
	}
	b.StopTimer()
	if cpu > 0 {
		b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
	}
}

// goWatchApp is a Go app with an archive asset of the directory lambda.
func goWatchApp(extra string) string {
	return `package main

import (
	"fmt"
	"os"

	"github.com/tfkit/tfkit"
)

func main() {
	app := tfkit.NewApp()
	stack := tfkit.NewStack(app, "dev")
	bundle := tfkit.NewAsset(stack, "lambda", "lambda", tfkit.AssetArchive)
	tfkit.NewResource(stack, "terraform_data", "bundle", tfkit.Attrs{"input": bundle.Hash()})
` + extra + `	if err := app.Synth(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
`
}

// TestWatchGoApp edits a Go app and then a file of an asset directory:
// each synthesizes again, and the asset's change moves it.
func TestWatchGoApp(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a Go app with the Go toolchain")
	}
	dir := t.TempDir()
	root, err := filepath.Abs(filepath.Join("..", "..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	write(t, dir, "go.sum", string(sum))
	write(t, dir, "go.mod", "module app\n\ngo 1.26\n\nrequire github.com/tfkit/tfkit v0.0.0\n\nreplace github.com/tfkit/tfkit => "+root+"\n")
	write(t, dir, "tfkit.json", `{"app": "go run .", "output": "out"}`)
	write(t, dir, "main.go", goWatchApp(""))
	write(t, dir, "lambda/index.js", "exports.handler = 1;\n")

	ctx, cancel := context.WithCancel(context.Background())
	var stdout, stderr syncBuffer
	done := make(chan int)
	env := append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off")
	go func() {
		done <- Main(ctx, []string{"watch"}, Env{Stdout: &stdout, Stderr: &stderr, Dir: dir, Environ: env, Version: "v0.0.0-test"})
	}()
	defer func() {
		cancel()
		<-done
	}()
	show := func() string { return "--- stdout\n" + stdout.String() + "--- stderr\n" + stderr.String() }
	mainTF := func() string {
		data, _ := os.ReadFile(filepath.Join(dir, "out", "stacks", "dev", "main.tf"))
		return string(data)
	}
	waitUntil(t, "the first synth", func() bool { return strings.Contains(stdout.String(), "dev: new stack") }, show)

	write(t, dir, "main.go", goWatchApp(`	tfkit.NewResource(stack, "terraform_data", "more", nil)
`))
	waitUntil(t, "the Go edit", func() bool {
		return strings.Contains(mainTF(), `resource "terraform_data" "more"`) && strings.Contains(stdout.String(), "dev: main.tf +2 -0")
	}, show)

	write(t, dir, "lambda/index.js", "exports.handler = 2;\n")
	waitUntil(t, "the asset's edit", func() bool {
		s := stdout.String()
		return strings.Contains(s, "dev: assets/lambda/") && strings.Contains(s, "/archive.zip added") && strings.Contains(s, "main.tf +1 -1")
	}, show)
}

// TestRelToWorkingDirectory: without --chdir tfkit runs in the working
// directory (dir ""), and an absolute path inside it is still shown
// relative ("Watching . for changes", not the absolute path).
func TestRelToWorkingDirectory(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, want string }{
		{wd, "."},
		{filepath.Join(wd, "out", "main"), "out/main"},
		{"out/main", "out/main"},
	} {
		if got := relTo("", c.path); got != c.want {
			t.Errorf("relTo(\"\", %q) = %q, want %q", c.path, got, c.want)
		}
	}
}

// TestWatchIgnoresItsOwnLog: with its output redirected into a file in
// the project (tfkit watch > watch.log), watch does not take its own
// messages for a change and synthesize again and again.
func TestWatchIgnoresItsOwnLog(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "tfkit.json", `{"app": "main.tsx", "output": "out"}`)
	write(t, dir, "main.tsx", tsxApp("a"))
	write(t, dir, "names.ts", `export const prefix = "dev";`+"\n")
	log, err := os.Create(filepath.Join(dir, "watch.log"))
	if err != nil {
		t.Fatal(err)
	}
	defer log.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int)
	go func() {
		done <- Main(ctx, []string{"watch", "--debounce", "20ms"}, Env{Stdout: log, Stderr: log, Dir: dir, Environ: os.Environ(), Version: "v0.0.0-test"})
	}()
	text := func() string { data, _ := os.ReadFile(log.Name()); return string(data) }
	waitUntil(t, "the first synth", func() bool { return strings.Contains(text(), "Watching . for changes") }, text)
	time.Sleep(500 * time.Millisecond) // many debounce periods
	cancel()
	<-done
	if n := strings.Count(text(), "Watching . for changes"); n != 1 {
		t.Errorf("watch synthesized %d times with nothing changed:\n%s", n, text())
	}
}

// TestWatchWarnsOfStaleBindingsOnce: the stale-bindings warning is about
// the project, not the edit; watch gives it at the first synth, not again
// while it stays the same, again when it changes, and again when it
// returns after a synth without it.
func TestWatchWarnsOfStaleBindingsOnce(t *testing.T) {
	project := func(constraint string) string {
		return `{"app": "sh app.sh", "output": "tfkit.out", "providers": ["hashicorp/random@` + constraint + `"]}`
	}
	dir := newProject(t, project("~> 3.9"), "dev\n")
	if res := runCLI(t, dir, nil, "get", "--schema", schemaFile(t, "random-3.9.0.json")); res.code != ExitOK {
		t.Fatalf("get: %s", res)
	}
	write(t, dir, "tfkit.json", project("~> 4.0"))

	ctx, cancel := context.WithCancel(context.Background())
	var stdout, stderr syncBuffer
	done := make(chan int)
	go func() {
		done <- Main(ctx, []string{"watch", "--debounce", "20ms"}, Env{Stdout: &stdout, Stderr: &stderr, Dir: dir, Environ: append(os.Environ(), env(dir)...), Version: "v0.0.0-test"})
	}()
	defer func() {
		cancel()
		<-done
	}()
	show := func() string { return "--- stdout\n" + stdout.String() + "--- stderr\n" + stderr.String() }
	rounds := 0
	synth := func(what string) {
		t.Helper()
		rounds++
		n := rounds
		waitUntil(t, what, func() bool { return strings.Count(stdout.String(), "Watching . for changes") >= n }, show)
	}
	warnings := func(constraint string) int {
		return strings.Count(stderr.String(), `tfkit.json asks for "`+constraint+`", but the bindings`)
	}
	synth("the first synth")
	write(t, dir, "stacks.txt", "dev\nprod\n")
	synth("an edit of the app")
	if got := warnings("~> 4.0"); got != 1 {
		t.Fatalf("warned %d times of the same stale bindings, want once:\n%s", got, show())
	}
	write(t, dir, "tfkit.json", project("3.9.1"))
	synth("a new constraint")
	if warnings("3.9.1") != 1 {
		t.Fatalf("a changed warning was not given:\n%s", show())
	}
	write(t, dir, "tfkit.json", project("~> 3.9"))
	synth("the constraint the bindings were made for")
	write(t, dir, "tfkit.json", project("~> 4.0"))
	synth("the stale constraint again")
	if got := warnings("~> 4.0"); got != 2 {
		t.Fatalf("a warning returning after a synth without it was given %d times in all, want 2:\n%s", got, show())
	}
}
