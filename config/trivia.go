package config

import (
	"bytes"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/tfkit/tfkit/diag"
)

// Trivia is the layout of a body item as it was written in HCL text: the
// comments and blank lines before it and a comment after it on its last
// line. ParseBodyWithTrivia records it so that text written by hand (TSX
// innerText) renders with its comments and blank lines; items built any
// other way have none, and the HCL renderer lays them out by its own rule
// (a blank line around nested blocks). Terraform JSON has no comments: the
// JSON renderer ignores trivia.
type Trivia struct {
	// Before holds, in order, the comments on the lines before the item,
	// each as written without its line break (# ..., // ..., /* ... */),
	// and "" for each blank line. A comment of several lines keeps the
	// indentation of its continuation lines relative to the column it
	// starts at, so that the renderer can indent it with its item.
	Before []string
	// After is a comment that follows the item on its last line, as
	// written without its line break, or "".
	After string
	// Open is a comment that follows a block's opening brace on its line,
	// or "".
	Open string
	// Text is the expression of an attribute as written, when comments
	// are inside it ([80, # http ...]); TextOf is the expression it was
	// parsed into. The HCL renderer writes Text in place of the
	// attribute's expression as long as that is still TextOf: an
	// expression set later is written from the model.
	Text   string
	TextOf Expr
}

// ParseBodyWithTrivia is ParseBody that keeps the text's layout: each
// item gets its Trivia (comments and blank lines), the comments after the
// last item of a body go to Body.Trailing, and an expression with a
// comment inside it keeps its text (Trivia.Text), comments and line
// breaks included.
func ParseBodyWithTrivia(src string, filename string, start hcl.Pos) (*Body, diag.Diagnostics) {
	f, start, ds := parseBodyText(src, filename, start)
	if ds != nil {
		return nil, ds
	}
	sb := f.Body.(*hclsyntax.Body)
	body := BodyFromSyntax(sb, f.Bytes, start.Byte)
	toks, _ := hclsyntax.LexConfig(f.Bytes, filename, start)
	var comments []hclsyntax.Token
	for _, t := range toks {
		if t.Type == hclsyntax.TokenComment {
			comments = append(comments, t)
		}
	}
	tp := &triviaParser{src: f.Bytes, base: start.Byte, comments: comments}
	tp.body(body, sb, start.Line-1, -1, -1, -1)
	return body, nil
}

type triviaParser struct {
	src      []byte
	base     int
	comments []hclsyntax.Token // in source order
}

// span is one item of a syntax body: where it starts and ends.
type span struct {
	start, end         int // bytes
	startLine, endLine int
	attr               *hclsyntax.Attribute
	block              *hclsyntax.Block
}

// spans lists the items of a syntax body in the order BodyFromSyntax puts
// them.
func spans(sb *hclsyntax.Body) []span {
	out := make([]span, 0, len(sb.Attributes)+len(sb.Blocks))
	for _, a := range sb.Attributes {
		out = append(out, span{a.SrcRange.Start.Byte, a.SrcRange.End.Byte, a.SrcRange.Start.Line, a.SrcRange.End.Line, a, nil})
	}
	for _, b := range sb.Blocks {
		out = append(out, span{b.TypeRange.Start.Byte, b.CloseBraceRange.End.Byte, b.TypeRange.Start.Line, b.CloseBraceRange.End.Line, nil, b})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].start < out[j].start })
	return out
}

// body records the trivia of a body whose content lies between the bytes
// from and to, after line startLine (the line of its opening brace) and
// before line endLine (that of its closing brace). The text as a whole has
// from, to and endLine -1, and startLine the line before its first.
func (p *triviaParser) body(b *Body, sb *hclsyntax.Body, startLine, from, to, endLine int) {
	top := to < 0
	items := spans(sb)
	lastLine := startLine
	pos := from
	var prev *Trivia
	for i, sp := range items {
		gap := p.commentsIn(pos, sp.start)
		if prev != nil && len(gap) > 0 && gap[0].Range.Start.Line == lastLine {
			prev.After = p.commentText(gap[0])
			lastLine = commentEndLine(gap[0])
			gap = gap[1:]
		}
		tv := &Trivia{Before: p.lines(gap, lastLine, sp.startLine)}
		if top && i == 0 {
			tv.Before = trimBlank(tv.Before, true)
		}
		switch it := b.Items[i].(type) {
		case *Attribute:
			it.Trivia = tv
			if inner := p.commentsIn(sp.start, sp.end); len(inner) > 0 {
				r := sp.attr.Expr.Range()
				tv.Text, tv.TextOf = string(p.src[r.Start.Byte-p.base:r.End.Byte-p.base]), it.Expr
			}
		case *Block:
			// Comments between the type, the labels and the opening
			// brace are not kept.
			it.Trivia = tv
			blk := sp.block
			from, line := blk.OpenBraceRange.End.Byte, blk.OpenBraceRange.Start.Line
			if open := p.commentsIn(from, blk.CloseBraceRange.Start.Byte); len(open) > 0 && open[0].Range.Start.Line == line {
				tv.Open = p.commentText(open[0])
				from, line = open[0].Range.End.Byte, commentEndLine(open[0])
			}
			p.body(it.Body, blk.Body, line, from, blk.CloseBraceRange.Start.Byte, blk.CloseBraceRange.Start.Line)
		}
		prev, lastLine, pos = tv, sp.endLine, sp.end
	}
	gap := p.commentsIn(pos, to)
	if prev != nil && len(gap) > 0 && gap[0].Range.Start.Line == lastLine {
		prev.After = p.commentText(gap[0])
		lastLine = commentEndLine(gap[0])
		gap = gap[1:]
	}
	if top {
		endLine = lastLine + 1
		if len(gap) > 0 {
			endLine = commentEndLine(gap[len(gap)-1]) + 1
		}
	}
	b.Trailing = p.lines(gap, lastLine, endLine)
	if top && len(items) == 0 {
		b.Trailing = trimBlank(b.Trailing, true)
	}
}

// commentsIn returns the comments that start at or after byte from and
// before byte to (-1: up to the end of the text).
func (p *triviaParser) commentsIn(from, to int) []hclsyntax.Token {
	i := sort.Search(len(p.comments), func(i int) bool { return p.comments[i].Range.Start.Byte >= from })
	j := i
	for j < len(p.comments) && (to < 0 || p.comments[j].Range.Start.Byte < to) {
		j++
	}
	return p.comments[i:j]
}

// lines writes the comments between line after (the last line taken) and
// line before (the next item's) as Trivia.Before: comments that start on
// one line are joined, and each line with nothing on it is a blank line.
func (p *triviaParser) lines(comments []hclsyntax.Token, after, before int) []string {
	var out []string
	last := after
	for k := 0; k < len(comments); {
		line := comments[k].Range.Start.Line
		for n := line - last - 1; n > 0; n-- {
			out = append(out, "")
		}
		text := p.commentText(comments[k])
		last = commentEndLine(comments[k])
		k++
		for k < len(comments) && comments[k].Range.Start.Line == last {
			text += " " + p.commentText(comments[k])
			last = commentEndLine(comments[k])
			k++
		}
		out = append(out, text)
	}
	for n := before - last - 1; n > 0; n-- {
		out = append(out, "")
	}
	return out
}

// commentText is a comment without the line break a line comment ends
// with; the continuation lines of a block comment lose the indentation of
// the line it starts on (at most), which a renderer gives back as the
// indentation of the line it writes the comment on.
func (p *triviaParser) commentText(t hclsyntax.Token) string {
	text := strings.TrimRight(string(t.Bytes), "\r\n")
	if !strings.Contains(text, "\n") {
		return text
	}
	indent := 0
	if at := t.Range.Start.Byte - p.base; at >= 0 && at <= len(p.src) {
		lineStart := bytes.LastIndexByte(p.src[:at], '\n') + 1
		for lineStart+indent < at && (p.src[lineStart+indent] == ' ' || p.src[lineStart+indent] == '\t') {
			indent++
		}
	}
	lines := strings.Split(text, "\n")
	for i := 1; i < len(lines); i++ {
		l := strings.TrimRight(lines[i], "\r")
		n := 0
		for n < len(l) && n < indent && (l[n] == ' ' || l[n] == '\t') {
			n++
		}
		lines[i] = l[n:]
	}
	return strings.Join(lines, "\n")
}

// commentEndLine is the last line a comment is on (a line comment's range
// ends at the start of the next line).
func commentEndLine(t hclsyntax.Token) int {
	return t.Range.Start.Line + strings.Count(strings.TrimRight(string(t.Bytes), "\r\n"), "\n")
}

// trimBlank drops the blank lines at the start (or end) of a list.
func trimBlank(lines []string, start bool) []string {
	if start {
		for len(lines) > 0 && lines[0] == "" {
			lines = lines[1:]
		}
		return lines
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}
