package config

import (
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// IndentHeredocs inserts prefix at the start of every non-blank line of
// the indented heredocs (<<-) in HCL expression text, closing markers
// included, and returns the text. A body written apart from its block
// (TSX innerText, dedented) holds its heredocs' lines relative to the
// body; in a file they sit one level deeper. Terraform's value of an
// indented heredoc whose lines follow a template directive's strip marker
// (%{ ... ~}) depends on those lines' indentation in the file, so moving
// the body into its block moves the heredoc lines with it. Text that does
// not lex is returned as it is.
func IndentHeredocs(text, prefix string) string {
	if !strings.Contains(text, "<<-") {
		return text
	}
	toks, ds := hclsyntax.LexExpression([]byte(text), "", hcl.InitialPos)
	if ds.HasErrors() {
		return text
	}
	var starts []int // byte offsets where prefix goes
	open := -1       // content start of the indented heredoc being read
	for _, t := range toks {
		switch t.Type {
		case hclsyntax.TokenOHeredoc:
			if strings.HasPrefix(string(t.Bytes), "<<-") {
				open = t.Range.End.Byte
			}
		case hclsyntax.TokenCHeredoc:
			if open < 0 {
				continue
			}
			end := t.Range.End.Byte
			for p := open; p < end; p++ {
				if (p == open || text[p-1] == '\n') && text[p] != '\n' && text[p] != '\r' {
					starts = append(starts, p)
				}
			}
			open = -1
		}
	}
	if len(starts) == 0 {
		return text
	}
	var b strings.Builder
	b.Grow(len(text) + len(starts)*len(prefix))
	last := 0
	for _, p := range starts {
		b.WriteString(text[last:p])
		b.WriteString(prefix)
		last = p
	}
	b.WriteString(text[last:])
	return b.String()
}
