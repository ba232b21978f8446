package tsx

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBundleCodeSameWithMap: esbuild writes the same code with and without
// the inline source map, for every case of testdata/build, so a map made
// later fits the code that ran.
func TestBundleCodeSameWithMap(t *testing.T) {
	n := 0
	for _, name := range buildCases(t) {
		dir, err := filepath.Abs(filepath.Join("testdata", "build", name))
		if err != nil {
			t.Fatal(err)
		}
		entry, _ := readCase(t, dir)
		plain, diags := bundleEntry(filepath.Join(dir, entry), dir, false)
		if diags.HasErrors() {
			continue // a case whose bundling fails
		}
		mapped, diags := bundleEntry(filepath.Join(dir, entry), dir, true)
		if diags.HasErrors() {
			t.Fatalf("%s: bundles without its map, not with it: %v", name, diags)
		}
		code, line := splitInlineMap(mapped.code)
		if line == "" {
			t.Fatalf("%s: no inline source map", name)
		}
		if code != plain.code {
			t.Errorf("%s: the code differs with its source map", name)
		}
		n++
	}
	if n < 20 {
		t.Fatalf("only %d cases bundled", n)
	}
}

// TestMapMadeOnlyForMessages: a build that succeeds never makes the source
// map; the first message that needs a position makes it, once.
func TestMapMadeOnlyForMessages(t *testing.T) {
	for _, tc := range []struct {
		third string // the third element
		calls int
		want  string
	}{
		{`<Resource type="null_resource" name="c" triggers={{ id: a.id }} />`, 0, ""},
		// c reads b, which is bound to nothing: the message names where b was made.
		{`<Resource type="null_resource" name="c" triggers={{ id: b.id }} />`, 1, "useRef() at main.tsx:5:20"},
	} {
		dir := t.TempDir()
		writeFiles(t, dir, map[string]string{"main.tsx": `import { Resource, useRef } from "tfkit";

export default function App() {
  const a = useRef();
  const b = useRef();
  return (
    <>
      <Resource type="null_resource" name="a" ref={a} />
      <Resource type="null_resource" name="b" triggers={{ id: a.id }} depends_on={[a]} />
      ` + tc.third + `
    </>
  );
}
`})
		entry := filepath.Join(dir, "main.tsx")
		b, diags := bundleEntry(entry, dir, false)
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		if mayReadStacks(b.code) {
			t.Fatal("the bundle is taken to read stacks: the runtime itself must not look like it does")
		}
		calls := 0
		later := bundleMapLater(entry, dir, b.code)
		mapped := func() string { calls++; return later() }
		out, err := Goja().Run(context.Background(), Script{Name: bundleName, Code: b.code, Dir: dir, mapped: mapped})
		if err != nil {
			t.Fatal(err)
		}
		cfg, diags, _ := convertSafely(context.Background(), 0, out, newSources(dir), "main.tsx")
		got := formatDiags(diags)
		if tc.want == "" && (cfg == nil || diags.HasErrors()) || tc.want != "" && !strings.Contains(got, tc.want) {
			t.Errorf("want %q, got\n%s", tc.want, got)
		}
		if calls != tc.calls {
			t.Errorf("%s: the map was asked for %d times, want %d", tc.third, calls, tc.calls)
		}
	}
}

// TestMapLaterSourcesChanged: when the sources change between the build and
// the map, the map is not used (its positions would be the new sources').
func TestMapLaterSourcesChanged(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"main.tsx": `import { Resource } from "tfkit";
export default function App() { return <Resource type="null_resource" name="a" />; }
`})
	entry := filepath.Join(dir, "main.tsx")
	b, diags := bundleEntry(entry, dir, false)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	later := bundleMapLater(entry, dir, b.code)
	if err := os.WriteFile(entry, []byte(`import { Resource } from "tfkit";
export default function App() { return <Resource type="null_resource" name="changed" />; }
`), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := later(); got != "" {
		t.Fatal("a map of changed sources was used")
	}
}

// TestStackReadThroughOwnNames: a script that lists an exception's own
// properties reads its stack without naming it; the positions there are
// the sources'.
func TestStackReadThroughOwnNames(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"main.tsx": `import { Resource } from "tfkit";

function where(): string {
  const e = new Error("here");
  return Object.getOwnPropertyNames(e).map((k) => String((e as any)[k])).join("|");
}

console.log(where());

export default function App() {
  return <Resource type="null_resource" name="a" />;
}
`})
	var log strings.Builder
	if _, diags := Build("main.tsx", Options{Dir: dir, Log: &log}); diags.HasErrors() {
		t.Fatal(diags)
	}
	if !strings.Contains(log.String(), "at where (main.tsx:4:12") {
		t.Errorf("stack not at main.tsx:4:12:\n%s", log.String())
	}
}

func TestMayReadStacks(t *testing.T) {
	for code, want := range map[string]bool{
		`console.log(e.stack)`:                            true,
		`console.log(e?.stack)`:                           true,
		`console.log(e["stack"])`:                         true,
		"console.log(e[`stack`])":                         true,
		`const { stack } = e;`:                            true,
		`const { message, stack: s } = e;`:                true,
		`Object.getOwnPropertyNames(e)`:                   true,
		`Object.getOwnPropertyDescriptors(e)`:             true,
		`Reflect.ownKeys(e)`:                              true,
		`const stack = [];`:                               false,
		`let n = stack.length;`:                           false,
		`const stacks = 1; const stackName = "a";`:        false,
		`x.stackName = 1; const mystack = 2;`:             false,
		`function f(stack) { return stack; }`:             false,
		`const name = "my-" + env + "stackless";`:         false,
		`const label = "stack";`:                          true,
		`plain code without the word`:                     false,
		`const o = { stack: 1 };`:                         true,
		"stack":                                           false,
		"stack.push(1); // start of the text, a variable": false,
	} {
		if got := mayReadStacks(code); got != want {
			t.Errorf("mayReadStacks(%q) = %v, want %v", code, got, want)
		}
	}
}
