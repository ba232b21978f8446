package convert

import (
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/tfkit/tfkit/config"
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

// mark is where the next comment to take is, for reset.
func (c *comments) mark() int {
	if c == nil {
		return 0
	}
	return c.next
}

// reset gives back the comments taken since mark, for code that is
// thrown away.
func (c *comments) reset(mark int) {
	if c != nil {
		c.next = mark
	}
}

// pending tells whether a comment not taken yet starts before byte offset
// at.
func (c *comments) pending(at int) bool {
	return c != nil && c.next < len(c.list) && c.list[c.next].start < at
}

// itemSpans are where the items of an object or tuple constructor are in
// its file: the byte offset each starts at (an object item's key), the
// position each ends at, and the byte offset of the closing bracket. The
// comments between them go with the items, as they go with the attributes
// of a body.
type itemSpans struct {
	starts []int
	ends   []hcl.Pos
	close  int
	// start and end are the constructor's own byte offsets, for the
	// text of one kept as raw HCL.
	start, end int
}

// collectSpans records the item spans of the object and tuple constructors
// in the attributes of blocks, read from the syntax each attribute was
// parsed from. The model mirrors the syntax (config.FromSyntax); where it
// does not (an object that lost a repeated key, a quoted reference made
// bare), that constructor and what is inside it get no spans, and their
// comments go before the next item of the body as before.
func collectSpans(blocks []*config.Block) map[config.Expr]*itemSpans {
	spans := map[config.Expr]*itemSpans{}
	var body func(b *config.Body)
	body = func(b *config.Body) {
		for _, it := range b.Items {
			switch it := it.(type) {
			case *config.Attribute:
				if s, ok := it.Source.(hclsyntax.Expression); ok {
					pairSyntax(spans, it.Expr, s)
				}
			case *config.Block:
				body(it.Body)
			}
		}
	}
	for _, b := range blocks {
		body(b.Body)
	}
	return spans
}

// pairSyntax walks x and the syntax s it was read from together.
func pairSyntax(spans map[config.Expr]*itemSpans, x config.Expr, s hclsyntax.Expression) {
	for {
		switch w := s.(type) {
		case *hclsyntax.TemplateWrapExpr:
			s = w.Wrapped
			continue
		case *hclsyntax.ObjectConsKeyExpr:
			s = w.Wrapped
			continue
		}
		break
	}
	pair := func(xs []config.Expr, ss []hclsyntax.Expression) {
		if len(xs) != len(ss) {
			return
		}
		for i := range xs {
			if xs[i] != nil && ss[i] != nil {
				pairSyntax(spans, xs[i], ss[i])
			}
		}
	}
	switch x := x.(type) {
	case *config.Object:
		s, ok := s.(*hclsyntax.ObjectConsExpr)
		if !ok || len(s.Items) != len(x.Items) {
			return
		}
		sp := &itemSpans{close: s.SrcRange.End.Byte - 1, start: s.SrcRange.Start.Byte, end: s.SrcRange.End.Byte}
		for i, it := range s.Items {
			sp.starts = append(sp.starts, it.KeyExpr.StartRange().Start.Byte)
			sp.ends = append(sp.ends, it.ValueExpr.Range().End)
			pair([]config.Expr{x.Items[i].Key, x.Items[i].Value}, []hclsyntax.Expression{it.KeyExpr, it.ValueExpr})
		}
		spans[x] = sp
	case *config.Tuple:
		s, ok := s.(*hclsyntax.TupleConsExpr)
		if !ok || len(s.Exprs) != len(x.Items) {
			return
		}
		sp := &itemSpans{close: s.SrcRange.End.Byte - 1, start: s.SrcRange.Start.Byte, end: s.SrcRange.End.Byte}
		for _, e := range s.Exprs {
			sp.starts = append(sp.starts, e.StartRange().Start.Byte)
			sp.ends = append(sp.ends, e.Range().End)
		}
		spans[x] = sp
		pair(x.Items, s.Exprs)
	case *config.Call:
		if s, ok := s.(*hclsyntax.FunctionCallExpr); ok {
			pair(x.Args, s.Args)
		}
	case *config.Conditional:
		if s, ok := s.(*hclsyntax.ConditionalExpr); ok {
			pair([]config.Expr{x.Cond, x.True, x.False}, []hclsyntax.Expression{s.Condition, s.TrueResult, s.FalseResult})
		}
	case *config.For:
		if s, ok := s.(*hclsyntax.ForExpr); ok && (x.Key == nil) == (s.KeyExpr == nil) && (x.Cond == nil) == (s.CondExpr == nil) {
			pair([]config.Expr{x.Collection, x.Key, x.Value, x.Cond}, []hclsyntax.Expression{s.CollExpr, s.KeyExpr, s.ValExpr, s.CondExpr})
		}
	case *config.BinaryOp:
		if s, ok := s.(*hclsyntax.BinaryOpExpr); ok {
			pair([]config.Expr{x.Left, x.Right}, []hclsyntax.Expression{s.LHS, s.RHS})
		}
	case *config.UnaryOp:
		if s, ok := s.(*hclsyntax.UnaryOpExpr); ok {
			pairSyntax(spans, x.Operand, s.Val)
		}
	case *config.Paren:
		if s, ok := s.(*hclsyntax.ParenthesesExpr); ok {
			pairSyntax(spans, x.Inner, s.Expression)
		}
	case *config.Index:
		if s, ok := s.(*hclsyntax.IndexExpr); ok {
			pair([]config.Expr{x.Collection, x.Key}, []hclsyntax.Expression{s.Collection, s.Key})
		}
	case *config.GetAttr:
		if s, ok := s.(*hclsyntax.RelativeTraversalExpr); ok {
			pairSyntax(spans, x.Source, s.Source)
		}
	case *config.Splat:
		if s, ok := s.(*hclsyntax.SplatExpr); ok {
			pairSyntax(spans, x.Source, s.Source)
		}
	case *config.Template:
		if s, ok := s.(*hclsyntax.TemplateExpr); ok {
			pair(x.Parts, s.Parts)
		}
	}
}
