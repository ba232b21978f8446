package convert

import (
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// comments are the comments of one file, in order; HCL's syntax tree has
// none, so they come from the token stream. Emitters walk the blocks and
// attributes in source order and take the comments before each one.
type comments struct {
	list []comment
	next int
	// braces are the byte offsets of the file's { (positive: offset+1)
	// and } (negative: -(offset+1)), in order, to find where a block's
	// body ends.
	braces []int
}

type comment struct {
	start, end int      // byte offsets
	line       int      // the line it starts on
	lines      []string // text without the comment markers
}

// readComments collects the comments of a file's tokens.
func readComments(toks hclsyntax.Tokens) *comments {
	c := &comments{}
	for _, t := range toks {
		switch t.Type {
		case hclsyntax.TokenOBrace, hclsyntax.TokenTemplateInterp, hclsyntax.TokenTemplateControl:
			c.braces = append(c.braces, t.Range.Start.Byte+1)
		case hclsyntax.TokenCBrace, hclsyntax.TokenTemplateSeqEnd:
			c.braces = append(c.braces, -(t.Range.Start.Byte + 1))
		}
		if t.Type != hclsyntax.TokenComment {
			continue
		}
		c.list = append(c.list, comment{start: t.Range.Start.Byte, end: t.Range.End.Byte, line: t.Range.Start.Line, lines: commentLines(string(t.Bytes))})
	}
	return c
}

// commentLines strips #, // or /* */ and returns the lines of text.
func commentLines(text string) []string {
	text = strings.TrimRight(text, "\r\n")
	switch {
	case strings.HasPrefix(text, "#"):
		return []string{strings.TrimPrefix(text, "#")}
	case strings.HasPrefix(text, "//"):
		return []string{strings.TrimPrefix(text, "//")}
	}
	text = strings.TrimSuffix(strings.TrimPrefix(text, "/*"), "*/")
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t\r")
	}
	for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// before takes the comments that start before byte offset at.
func (c *comments) before(at int) []string {
	if c == nil {
		return nil
	}
	var out []string
	for c.next < len(c.list) && c.list[c.next].start < at {
		out = append(out, c.list[c.next].lines...)
		c.next++
	}
	return out
}

// trailing takes a one-line comment that follows an item on its last
// line (end), as in `region = var.region # why`.
func (c *comments) trailing(end hcl.Pos) string {
	if c == nil || c.next >= len(c.list) {
		return ""
	}
	n := c.list[c.next]
	if n.line != end.Line || n.start < end.Byte || len(n.lines) != 1 {
		return ""
	}
	c.next++
	return strings.TrimSpace(n.lines[0])
}

// skip drops the comments before offset at: they are kept in raw text.
func (c *comments) skip(at int) {
	if c == nil {
		return
	}
	for c.next < len(c.list) && c.list[c.next].start < at {
		c.next++
	}
}

// rest takes the remaining comments.
func (c *comments) rest() []string {
	if c == nil {
		return nil
	}
	return c.before(int(^uint(0) >> 1))
}

// lineComments formats comment lines as // comments, each with prefix.
func lineComments(lines []string, prefix string) string {
	var b strings.Builder
	for _, l := range lines {
		l = strings.ReplaceAll(l, "\r", "")
		if l != "" && !strings.HasPrefix(l, " ") && !strings.HasPrefix(l, "\t") {
			l = " " + l
		}
		b.WriteString(prefix + "//" + l + "\n")
	}
	return b.String()
}

// closeOf is the byte offset of the } that closes the body of the block
// declared at byte offset start, or -1 when it cannot be found.
func (c *comments) closeOf(start int) int {
	if c == nil {
		return -1
	}
	depth := 0
	for _, b := range c.braces {
		if b > 0 && b-1 < start || b < 0 && -b-1 < start {
			continue
		}
		if b > 0 {
			depth++
			continue
		}
		depth--
		if depth == 0 {
			return -b - 1
		}
		if depth < 0 {
			return -1
		}
	}
	return -1
}
