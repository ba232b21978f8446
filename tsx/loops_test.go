package tsx

import (
	"strings"
	"testing"
)

// TestEmptyLoop: the reported position (marked @) is where goja stops in
// an empty endless loop; the loop found is marked ^, or nothing when none
// should be.
func TestEmptyLoop(t *testing.T) {
	cases := []struct{ name, src string }{
		{"function header", "export default @function App() {\n  ^while (true) {}\n}\n"},
		{"arrow header", "const spin = @(n: number): void => {\n  const a = 1;\n  ^for (;;) {}\n};\n"},
		{"single parameter arrow", "const f = @x => {\n  ^while (1);\n};\n"},
		{"async function", "@async function f() {\n  ^do {} while (true);\n}\n"},
		{"method", "const o = {\n  @spin() {\n    ^for (let i = 0; ; i++) { /* nothing */ }\n  },\n};\n"},
		{"after the last statement", "function f(ready) {\n  do {\n    ready = !ready;\n  } while (@ready);\n  for (const x of xs) {}\n  ^while (true) {}\n}\n"},
		{"loops that end or do something", "function f() @{\n  while (x) {}\n  for (const k in o) {}\n  while (true) { x++; }\n  for (;;) { break; }\n}\n"},
		{"strings and comments", "@function f() {\n  const s = \"while (true) {}\";\n  // while (true) {}\n  const t = `${\"}\"}`;\n  ^while (true) { }\n}\n"},
		{"not in another function", "function f() {\n  @g();\n}\nfunction h() {\n  while (true) {}\n}\n"},
		{"top level, after a call", "@spin();\n^while (true) {}\nfunction spin() {\n  while (true) {}\n}\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src, at, want := markers(c.src)
			f := &sourceFile{text: src, lines: strings.Split(src, "\n"), ok: true}
			got, ok := emptyLoop(f, at[0], at[1])
			switch {
			case want[0] == 0 && ok:
				t.Errorf("found a loop at %d:%d, want none", got.Line, got.Column)
			case want[0] != 0 && !ok:
				t.Errorf("found no loop, want %d:%d", want[0], want[1])
			case ok && (got.Line != want[0] || got.Column != want[1]):
				t.Errorf("found %d:%d, want %d:%d", got.Line, got.Column, want[0], want[1])
			}
		})
	}
}

// markers removes @ and ^ from src and returns their 1-based line and
// column (0, 0 when absent).
func markers(src string) (string, [2]int, [2]int) {
	var at, want [2]int
	var b strings.Builder
	line, col := 1, 1
	for _, r := range src {
		switch r {
		case '@':
			at = [2]int{line, col}
			continue
		case '^':
			want = [2]int{line, col}
			continue
		case '\n':
			line, col = line+1, 1
		default:
			col++
		}
		b.WriteRune(r)
	}
	return b.String(), at, want
}

// FuzzEmptyLoop reads arbitrary text from arbitrary positions: it must
// never panic, and a loop it finds lies in the text, on a loop keyword.
func FuzzEmptyLoop(f *testing.F) {
	f.Add("function f() {\n  while (true) {}\n}\n", 1, 1)
	f.Add("const f = (a = {}) => { do ; while (1) }", 1, 11)
	f.Add("x => { for (;;) /* c */ {} }", 1, 1)
	f.Add("f(`${'{'}`) { while (!0) {} }", 1, 1)
	f.Fuzz(func(t *testing.T, src string, line, col int) {
		file := &sourceFile{text: src, lines: strings.Split(src, "\n"), ok: true}
		p, ok := emptyLoop(file, line, col)
		if !ok {
			return
		}
		if p.Line < 1 || p.Line > len(file.lines) || p.Byte < 0 || p.Byte >= len(src) {
			t.Fatalf("position %+v outside the text", p)
		}
		rest := src[p.Byte:]
		if !strings.HasPrefix(rest, "while") && !strings.HasPrefix(rest, "for") && !strings.HasPrefix(rest, "do") {
			t.Fatalf("position %+v is not on a loop: %q", p, rest)
		}
	})
}
