package textdiff

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

func TestUnified(t *testing.T) {
	cases := []struct {
		name, old, new, want string
	}{
		{name: "equal", old: "a\nb\n", new: "a\nb\n", want: ""},
		{
			name: "one change in the middle",
			old:  "1\n2\n3\n4\n5\n6\n7\n8\n9\n",
			new:  "1\n2\n3\n4\nfive\n6\n7\n8\n9\n",
			want: "--- old\n+++ new\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n",
		},
		{
			name: "from empty",
			old:  "",
			new:  "a\nb\n",
			want: "--- old\n+++ new\n@@ -0,0 +1,2 @@\n+a\n+b\n",
		},
		{
			name: "to empty",
			old:  "a\n",
			new:  "",
			want: "--- old\n+++ new\n@@ -1 +0,0 @@\n-a\n",
		},
		{
			name: "missing final newline",
			old:  "a\nb",
			new:  "a\nb\n",
			want: "--- old\n+++ new\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n",
		},
		{
			name: "two hunks",
			old:  "a\n1\n2\n3\n4\n5\n6\n7\nb\n",
			new:  "A\n1\n2\n3\n4\n5\n6\n7\nB\n",
			want: "--- old\n+++ new\n@@ -1,4 +1,4 @@\n-a\n+A\n 1\n 2\n 3\n@@ -6,4 +6,4 @@\n 5\n 6\n 7\n-b\n+B\n",
		},
		{
			name: "hunks six lines apart merge",
			old:  "a\n1\n2\n3\n4\n5\n6\nb\n",
			new:  "A\n1\n2\n3\n4\n5\n6\nB\n",
			want: "--- old\n+++ new\n@@ -1,8 +1,8 @@\n-a\n+A\n 1\n 2\n 3\n 4\n 5\n 6\n-b\n+B\n",
		},
		{
			name: "insertion after the first line",
			old:  "a\nb\n",
			new:  "a\nx\nb\n",
			want: "--- old\n+++ new\n@@ -1,2 +1,3 @@\n a\n+x\n b\n",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := Unified("old", "new", c.old, c.new, DefaultContext)
			if got != c.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, c.want)
			}
			if got != "" {
				if patched := applyUnified(t, c.old, got); patched != c.new {
					t.Errorf("applying the diff gives %q, want %q", patched, c.new)
				}
			}
		})
	}
}

func TestUnifiedZeroContext(t *testing.T) {
	got := Unified("o", "n", "a\nb\nc\n", "a\nB\nc\n", 0)
	want := "--- o\n+++ n\n@@ -2 +2 @@\n-b\n+B\n"
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

var hunkHeader = regexp.MustCompile(`^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@$`)

// applyUnified applies a unified diff to old strictly: every context and
// deleted line must match, and the header counts must agree with the body.
func applyUnified(t *testing.T, old, diff string) string {
	t.Helper()
	a := Lines(old)
	lines := strings.SplitAfter(diff, "\n")
	if len(lines) < 3 || !strings.HasPrefix(lines[0], "--- ") || !strings.HasPrefix(lines[1], "+++ ") {
		t.Fatalf("diff has no header:\n%s", diff)
	}
	lines = lines[2 : len(lines)-1] // drop the header and the empty tail
	var out []string
	pos := 0 // next unconsumed line of a
	for len(lines) > 0 {
		m := hunkHeader.FindStringSubmatch(strings.TrimSuffix(lines[0], "\n"))
		if m == nil {
			t.Fatalf("expected a hunk header, got %q", lines[0])
		}
		lines = lines[1:]
		num := func(s string, def int) int {
			if s == "" {
				return def
			}
			n, _ := strconv.Atoi(s)
			return n
		}
		oldStart, oldCount := num(m[1], 0), num(m[2], 1)
		newCount := num(m[4], 1)
		start := oldStart - 1
		if oldCount == 0 {
			start = oldStart
		}
		if start < pos {
			t.Fatalf("hunk at old line %d overlaps the previous one", oldStart)
		}
		out = append(out, a[pos:start]...)
		pos = start
		gotOld, gotNew := 0, 0
		for len(lines) > 0 && !strings.HasPrefix(lines[0], "@@") {
			l := lines[0]
			lines = lines[1:]
			text := l[1:]
			if len(lines) > 0 && lines[0] == "\\ No newline at end of file\n" {
				text = strings.TrimSuffix(text, "\n")
				lines = lines[1:]
			}
			switch l[0] {
			case ' ', '-':
				if pos >= len(a) || a[pos] != text {
					t.Fatalf("line %d: diff expects %q", pos+1, text)
				}
				pos++
				gotOld++
				if l[0] == ' ' {
					out = append(out, text)
					gotNew++
				}
			case '+':
				out = append(out, text)
				gotNew++
			default:
				t.Fatalf("bad diff line %q", l)
			}
		}
		if gotOld != oldCount || gotNew != newCount {
			t.Fatalf("hunk header says -%d +%d, body has -%d +%d", oldCount, newCount, gotOld, gotNew)
		}
	}
	out = append(out, a[pos:]...)
	return strings.Join(out, "")
}

func FuzzUnified(f *testing.F) {
	f.Add("a\nb\nc\n", "a\nB\nc\n", uint8(3))
	f.Add("", "", uint8(0))
	f.Add("x", "x\n", uint8(1))
	f.Add("1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n", "0\n1\n2\n3\n5\n6\n7\n8\n10\n11", uint8(2))
	f.Fuzz(func(t *testing.T, old, new string, context uint8) {
		ctx := int(context % 8)
		got := Unified("old", "new", old, new, ctx)
		if (got == "") != (old == new) {
			t.Fatalf("empty diff %v for equal %v", got == "", old == new)
		}
		if got == "" {
			return
		}
		if again := Unified("old", "new", old, new, ctx); again != got {
			t.Fatal("output is not deterministic")
		}
		if patched := applyUnified(t, old, got); patched != new {
			t.Fatalf("applying the diff gives %q, want %q\n%s", patched, new, got)
		}
	})
}

func ExampleUnified() {
	fmt.Print(Unified("a/main.tf", "b/main.tf",
		"resource \"null_resource\" \"a\" {\n  count = 1\n}\n",
		"resource \"null_resource\" \"a\" {\n  count = 2\n}\n",
		DefaultContext))
	// Output:
	// --- a/main.tf
	// +++ b/main.tf
	// @@ -1,3 +1,3 @@
	//  resource "null_resource" "a" {
	// -  count = 1
	// +  count = 2
	//  }
}
