package rendertest

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/hcl/v2/hclwrite"
)

// Formatted holds rendered HCL to being a fixed point of hclwrite's
// formatter, which is what terraform fmt applies, ending in exactly one
// newline and without two blank lines in a row.
func Formatted(t testing.TB, out []byte) {
	t.Helper()
	if f := hclwrite.Format(out); !bytes.Equal(f, out) {
		t.Errorf("output is not formatted; hclwrite.Format changes it:\n%s", LineDiff(string(out), string(f)))
	}
	if len(out) > 0 && (out[len(out)-1] != '\n' || bytes.HasSuffix(out, []byte("\n\n"))) {
		t.Error("output must end with exactly one newline")
	}
	if blankLines(out) >= 2 {
		t.Error("output has two blank lines in a row")
	}
}

// blankLines returns the longest run of blank lines between tokens; lines
// of heredoc text do not count, since they are content.
func blankLines(src []byte) int {
	toks, diags := hclsyntax.LexConfig(src, "", hcl.InitialPos)
	if diags.HasErrors() {
		return 0 // reported by the parse
	}
	longest, run := 0, 0
	for _, tok := range toks {
		if tok.Type != hclsyntax.TokenNewline {
			run = 0
			if tok.Type == hclsyntax.TokenComment && bytes.HasSuffix(tok.Bytes, []byte("\n")) {
				run = 1 // a line comment ends its line
			}
			continue
		}
		run++
		longest = max(longest, run-1)
	}
	return longest
}

// LineDiff shows the first differing lines of two texts.
func LineDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	shown := 0
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w == g {
			continue
		}
		b.WriteString("  line " + strconv.Itoa(i+1) + ":\n    want: " + w + "\n    got:  " + g + "\n")
		if shown++; shown == 8 {
			b.WriteString("  ...\n")
			break
		}
	}
	return b.String()
}
