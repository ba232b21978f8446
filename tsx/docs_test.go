package tsx

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// diagLine is the first line of a diagnostic as tfkit prints it.
var diagLine = regexp.MustCompile(`^[\w./-]+\.(tsx|ts|js):\d+:\d+: (Error|Warning): `)

// quotedDiagnostics returns the diagnostics quoted in the plain fenced
// blocks of a Markdown file, each as its lines.
func quotedDiagnostics(t *testing.T, path string) [][]string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out [][]string
	var cur []string
	in := false
	fenced := false // in any fenced block; only unlabeled ones quote output
	indent := ""    // of the fence: blocks in lists are indented
	for _, l := range strings.Split(string(data), "\n") {
		trimmed := strings.TrimSpace(l)
		switch {
		case !fenced && trimmed == "```":
			fenced, in, indent = true, true, l[:len(l)-len(strings.TrimLeft(l, " "))]
			continue
		case !fenced && strings.HasPrefix(trimmed, "```"):
			fenced = true // a block of code (```tsx): no diagnostics quoted
			continue
		case fenced && trimmed == "```":
			fenced, in = false, false
		}
		if !in {
			if cur != nil {
				out = append(out, cur)
				cur = nil
			}
			continue
		}
		l = strings.TrimPrefix(l, indent)
		switch {
		case diagLine.MatchString(l):
			if cur != nil {
				out = append(out, cur)
			}
			cur = []string{l}
		case l == "":
			if cur != nil {
				out = append(out, cur)
				cur = nil
			}
		case cur != nil:
			cur = append(cur, l)
		}
	}
	return out
}

// goldenDiagnostics returns every diagnostic of the build goldens, errors
// and warnings.
func goldenDiagnostics(t *testing.T) map[string][]string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "build", "*", goldenErrors))
	if err != nil {
		t.Fatal(err)
	}
	warnings, err := filepath.Glob(filepath.Join("testdata", "build", "*", goldenWarnings))
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, warnings...)
	out := map[string][]string{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range strings.Split(strings.TrimSpace(string(data)), "\n\n") {
			lines := strings.Split(d, "\n")
			out[lines[0]] = lines
		}
	}
	return out
}

// TestDocsQuoteGoldens holds the error messages quoted in docs/tsx.md and
// the README to the build goldens: each quoted diagnostic is one of a
// golden file, word for word, where the documentation may leave out lines
// (code frames) but not change or add any.
func TestDocsQuoteGoldens(t *testing.T) {
	goldens := goldenDiagnostics(t)
	total := 0
	for _, doc := range []string{filepath.Join("..", "docs", "tsx.md"), filepath.Join("..", "README.md")} {
		for _, q := range quotedDiagnostics(t, doc) {
			total++
			g, ok := goldens[q[0]]
			if !ok {
				t.Errorf("%s quotes a message no golden has:\n%s", doc, q[0])
				continue
			}
			i := 0
			for _, l := range q[1:] {
				for i < len(g) && g[i] != l {
					i++
				}
				if i == len(g) {
					t.Errorf("%s quotes %q with the line\n%s\nwhich its golden lacks (or has earlier):\n%s", doc, q[0], l, strings.Join(g, "\n"))
					break
				}
			}
		}
	}
	if total < 8 {
		t.Errorf("found %d quoted diagnostics; has the documentation's form changed?", total)
	}
}
