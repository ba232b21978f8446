package textdiff

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// lcsLength is the textbook dynamic program, the reference that Diff's
// scripts must match in length.
func lcsLength(a, b []string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			switch {
			case a[i-1] == b[j-1]:
				cur[j] = prev[j-1] + 1
			case prev[j] >= cur[j-1]:
				cur[j] = prev[j]
			default:
				cur[j] = cur[j-1]
			}
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// checkScript verifies that edits turn a into b, that positions are
// consistent, and that the script is a shortest one.
func checkScript(t *testing.T, a, b []string, edits []Edit) {
	t.Helper()
	equal := checkValid(t, a, b, edits)
	if want := lcsLength(a, b); equal != want {
		t.Fatalf("script keeps %d lines, a longest common subsequence has %d", equal, want)
	}
}

// checkValid checks that edits turn a into b, without asking for a
// shortest script (the cost limit gives that up), and returns how many
// lines they keep.
func checkValid(t *testing.T, a, b []string, edits []Edit) int {
	t.Helper()
	i, j, equal := 0, 0, 0
	for n, e := range edits {
		if e.Old != i || e.New != j {
			t.Fatalf("edit %d %+v: expected position (%d,%d)", n, e, i, j)
		}
		switch e.Op {
		case Equal:
			if a[i] != b[j] {
				t.Fatalf("edit %d: Equal pairs different lines %q and %q", n, a[i], b[j])
			}
			i, j, equal = i+1, j+1, equal+1
		case Delete:
			i++
		case Insert:
			// Deletions come first within a changed region.
			if n+1 < len(edits) && edits[n+1].Op == Delete {
				t.Fatalf("edit %d: Insert before Delete", n)
			}
			j++
		default:
			t.Fatalf("edit %d: unknown op %q", n, e.Op)
		}
	}
	if i != len(a) || j != len(b) {
		t.Fatalf("script ends at (%d,%d), want (%d,%d)", i, j, len(a), len(b))
	}
	return equal
}

func split(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}

func TestDiffScripts(t *testing.T) {
	cases := []struct{ a, b, want string }{
		{"", "", ""},
		{"x", "", "-"},
		{"", "x", "+"},
		{"x", "x", " "},
		{"a,b,c", "a,c", " - "},
		{"a,c", "a,b,c", " + "},
		{"a,b,c", "a,x,c", " -+ "},
		{"a,b,c,d", "x,b,y,d", "-+ -+ "},
		{"a,b", "b,a", "- +"},
	}
	for _, c := range cases {
		a, b := split(c.a), split(c.b)
		edits := Diff(a, b)
		checkScript(t, a, b, edits)
		var got strings.Builder
		for _, e := range edits {
			got.WriteByte(byte(e.Op))
		}
		if got.String() != c.want {
			t.Errorf("Diff(%q, %q) ops = %q, want %q", c.a, c.b, got.String(), c.want)
		}
	}
}

func TestDiffRandomAgainstLCS(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 2000; n++ {
		alphabet := 1 + r.IntN(6)
		gen := func() []string {
			out := make([]string, r.IntN(40))
			for i := range out {
				out[i] = string(rune('a' + r.IntN(alphabet)))
			}
			return out
		}
		a, b := gen(), gen()
		checkScript(t, a, b, Diff(a, b))
	}
}

func TestDiffLargeDissimilar(t *testing.T) {
	// Linear space: two 3,000-line texts with nothing in common must not
	// need a quadratic trace.
	a := make([]string, 3000)
	b := make([]string, 3000)
	for i := range a {
		a[i] = fmt.Sprintf("a%d", i)
		b[i] = fmt.Sprintf("b%d", i)
	}
	edits := Diff(a, b)
	if len(edits) != 6000 || edits[0].Op != Delete || edits[5999].Op != Insert {
		t.Fatalf("unexpected script: %d edits", len(edits))
	}
}

func FuzzDiff(f *testing.F) {
	f.Add("a\nb\nc\n", "a\nc\n")
	f.Add("", "x\n")
	f.Add("a\nb\nc\na\nb\nb\na\n", "c\nb\na\nb\na\nc\n")
	f.Add("x\ny", "x\ny\n")
	f.Fuzz(func(t *testing.T, old, new string) {
		a, b := Lines(old), Lines(new)
		if len(a)*len(b) > 1<<16 {
			t.Skip("too large for the reference")
		}
		// Without the cost limit the script is a shortest one; with it
		// (Diff) a valid one, shortest while the differences cannot
		// reach the limit.
		checkScript(t, a, b, diff(a, b, len(a)+len(b)+1))
		if edits := Diff(a, b); len(a)+len(b) <= costLimit {
			checkScript(t, a, b, edits)
		} else {
			checkValid(t, a, b, edits)
		}
	})
}

// TestDiffExhaustive compares every pair of short texts over small
// alphabets, where the corner cases of the middle-snake search live.
func TestDiffExhaustive(t *testing.T) {
	for _, c := range []struct{ alphabet, maxLen int }{{2, 6}, {3, 4}} {
		var all [][]string
		var gen func(prefix []string)
		gen = func(prefix []string) {
			all = append(all, append([]string(nil), prefix...))
			if len(prefix) == c.maxLen {
				return
			}
			for i := 0; i < c.alphabet; i++ {
				gen(append(prefix, string(rune('a'+i))))
			}
		}
		gen(nil)
		for _, a := range all {
			for _, b := range all {
				checkScript(t, a, b, Diff(a, b))
			}
		}
	}
}

func TestDiffCostLimit(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for n := 0; n < 2000; n++ {
		gen := func() []string {
			out := make([]string, r.IntN(60))
			for i := range out {
				out[i] = string(rune('a' + r.IntN(4)))
			}
			return out
		}
		a, b := gen(), gen()
		for _, limit := range []int{0, 1, 2, 5} {
			checkValid(t, a, b, diff(a, b, limit))
		}
	}
}

func FuzzDiffCostLimit(f *testing.F) {
	f.Add("a\nb\nc\n", "c\nb\na\n", uint8(1))
	f.Add("x\ny\nz\nx\ny\n", "y\nx\nx\nz\n", uint8(0))
	f.Fuzz(func(t *testing.T, old, new string, limit uint8) {
		a, b := Lines(old), Lines(new)
		checkValid(t, a, b, diff(a, b, int(limit%8)))
	})
}

// BenchmarkDiffLocalChanges diffs a 30,000-line text in which every third
// line changed, as a regenerated configuration might.
func BenchmarkDiffLocalChanges(b *testing.B) {
	var old, new []string
	for i := 0; i < 30000; i++ {
		old = append(old, fmt.Sprintf("  attr_%d = %d\n", i%50, i))
		if i%3 == 0 {
			new = append(new, fmt.Sprintf("  attr_%d = %d # changed\n", i%50, i))
		} else {
			new = append(new, old[i])
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		Diff(old, new)
	}
}
