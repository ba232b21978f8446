package render

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/parallel"
	"github.com/tfkit/tfkit/internal/tfrules"
)

// hclRenderer writes blocks. Each top-level block is emitted, laid out and
// written on its own, so the token buffer stays the size of one block.
type hclRenderer struct {
	emitter
	types []string
}

// blocksPerChunk is the fewest top-level blocks rendered on a goroutine of
// their own.
const blocksPerChunk = 512

func renderHCL(cfg *config.Config) ([]byte, error) {
	// Top-level blocks are rendered apart from each other, so a large
	// configuration is cut into consecutive chunks rendered on all
	// processors and joined in order: the same bytes and diagnostics.
	n := len(cfg.Blocks)
	chunks := parallel.Chunks(n, blocksPerChunk)
	outs := make([][]byte, chunks)
	diags := make([]diag.Diagnostics, chunks)
	parallel.Each(chunks, func(c int) {
		outs[c], diags[c] = renderBlocks(cfg.Blocks, c*n/chunks, (c+1)*n/chunks)
	})
	var all diag.Diagnostics
	for _, d := range diags {
		all = append(all, d...)
	}
	if all.HasErrors() {
		return nil, all
	}
	if chunks == 1 {
		return outs[0], nil
	}
	return bytes.Join(outs, nil), nil
}

// renderBlocks renders blocks[from:to], each after a blank line unless it
// is the first of all.
func renderBlocks(blocks []*config.Block, from, to int) ([]byte, diag.Diagnostics) {
	r := &hclRenderer{}
	out := make([]byte, 0, 64<<10)
	for i := from; i < to; i++ {
		if i > 0 {
			out = append(out, '\n')
		}
		out = reserve(out, i-from, to-from)
		r.reset()
		b := blocks[i]
		if b == nil {
			r.fail("Missing block", "A top-level block in the configuration model is nil.", "")
			continue
		}
		r.block(b)
		r.layout()
		out = writeTokens(out, r.toks)
	}
	return out, r.diags
}

// block writes `type "label" {`, the body and `}`.
func (r *hclRenderer) block(b *config.Block) {
	r.types = append(r.types, b.Type)
	r.blocks = append(r.blocks, b)
	defer func() {
		r.types = r.types[:len(r.types)-1]
		r.blocks = r.blocks[:len(r.blocks)-1]
	}()

	if !config.ValidIdentifier(b.Type) {
		r.fail("Invalid block type", fmt.Sprintf("%q is not a valid block type name.", b.Type), "")
	}
	r.addString(hclsyntax.TokenIdent, b.Type)
	for _, l := range b.Labels {
		if strings.ContainsAny(l, "$%") {
			// HCL reads such labels, but terraform fmt silently drops
			// a label whose text the lexer splits at a $ or %.
			r.fail("Invalid block label", fmt.Sprintf("The label %q contains $ or %%, which terraform fmt deletes from block labels.", l), "use a label without $ and %")
		}
		r.quoted(l)
	}
	r.add(hclsyntax.TokenOBrace, bOBrace)
	open := ""
	if b.Trivia != nil {
		open = b.Trivia.Open
	}
	if b.Body == nil || len(b.Body.Items) == 0 && len(b.Body.Trailing) == 0 && open == "" {
		r.add(hclsyntax.TokenCBrace, bCBrace)
		r.closeLine(b.Trivia, len(r.types)-1)
		return
	}
	if open != "" {
		r.comment(open, len(r.types)-1)
	}
	r.endLine()
	r.body(b)
	r.comments(b.Body.Trailing)
	r.add(hclsyntax.TokenCBrace, bCBrace)
	r.closeLine(b.Trivia, len(r.types)-1)
}

// comments writes comments and blank lines as config.Trivia holds them,
// each on a line of its own among the items of the body being written.
func (r *hclRenderer) comments(lines []string) {
	for _, c := range lines {
		if c == "" {
			r.newline()
			continue
		}
		r.comment(c, len(r.types))
		r.endLine()
	}
}

// comment writes one comment on a line indented depth levels; a line
// comment (# or //) carries its line break, as the HCL lexer reads it.
// The continuation lines of a block comment get that line's indentation on
// top of their own, the indentation config.ParseBodyWithTrivia took from
// them, so that the output read again gives the same comment.
func (r *hclRenderer) comment(c string, depth int) {
	r.checkText(c)
	// One line may hold several comments ("/* a */ # b"): each is a token
	// of its own, as the lexer reads them, so that the last one is the
	// line's trailing comment for alignment.
	for c != "" {
		if !strings.HasPrefix(c, "/*") {
			r.addString(hclsyntax.TokenComment, c+"\n")
			return
		}
		part := c
		if end := strings.Index(c[2:], "*/"); end >= 0 {
			part = c[:end+4]
		}
		c = strings.TrimLeft(c[len(part):], " \t")
		if strings.Contains(part, "\n") {
			part = strings.ReplaceAll(part, "\n", "\n"+strings.Repeat("  ", depth))
		}
		r.addString(hclsyntax.TokenComment, part)
	}
}

// closeLine ends an item's last line, indented depth levels, after the
// comment written there.
func (r *hclRenderer) closeLine(tv *config.Trivia, depth int) {
	if tv != nil && tv.After != "" {
		r.comment(tv.After, depth)
	}
	r.endLine()
}

// body writes a block's items in order. Layout rule: arguments go one per
// line; a blank line separates a nested block from whatever comes before or
// after it inside the same body. Items with trivia (parsed from HCL text)
// have the blank lines and comments they were written with instead.
func (r *hclRenderer) body(b *config.Block) {
	prevBlock := false
	for i, it := range b.Body.Items {
		switch it := it.(type) {
		case *config.Attribute:
			if it != nil && it.Trivia != nil {
				r.comments(it.Trivia.Before)
			} else if prevBlock {
				r.newline()
			}
			if it == nil {
				r.fail("Missing body item", "A body item in the configuration model is nil.", "")
				continue
			}
			r.attribute(it)
			prevBlock = false
		case *config.Block:
			if it != nil && it.Trivia != nil {
				r.comments(it.Trivia.Before)
			} else if i > 0 {
				r.newline()
			}
			if it == nil {
				r.fail("Missing body item", "A body item in the configuration model is nil.", "")
				continue
			}
			r.block(it)
			prevBlock = true
		default:
			r.fail("Missing body item", "A body item in the configuration model is nil.", "")
		}
	}
}

func (r *hclRenderer) attribute(a *config.Attribute) {
	r.attr = a
	defer func() { r.attr = nil }()
	if !config.ValidIdentifier(a.Name) {
		r.fail("Invalid argument name", fmt.Sprintf("%q is not a valid argument name in HCL native syntax.", a.Name), "argument names start with a letter or underscore and contain letters, digits, underscores and dashes")
	}
	r.addString(hclsyntax.TokenIdent, a.Name)
	r.add(hclsyntax.TokenEqual, bEqual)
	e := a.Expr
	if e == nil {
		r.fail("Missing expression", "The argument has no value.", "")
		e = config.Null()
	}
	rule := tfrules.For(r.types, a.Name)
	if tv := a.Trivia; tv != nil && tv.Text != "" && tv.TextOf == e && (rule == tfrules.Plain || rule == tfrules.RequiredProvider) {
		// Written by hand with comments inside: kept as written. (The
		// rules of statically read arguments only turn strings into
		// references, which text written as HCL has already.)
		r.raw(&config.Raw{Text: tv.Text})
		r.closeLine(tv, len(r.types))
		return
	}
	e = r.static(rule, a.Name, e)
	if rule == tfrules.Providers {
		if o, ok := e.(*config.Object); ok {
			// Keys are provider references too: written bare, not as
			// computed (parenthesized) keys.
			r.object(len(o.Items), func(i int) { r.expr(o.Items[i].Key, precPrimary) }, func(i int) { r.expr(o.Items[i].Value, precCond) })
			r.closeLine(a.Trivia, len(r.types))
			return
		}
	}
	r.valueExpr(e)
	r.closeLine(a.Trivia, len(r.types))
}

// reserve makes room in out, which holds done of total top-level blocks,
// once it is nearly full: it sizes the buffer for the whole output from
// the average block so far. Appending alone would copy a large output
// several times over as the buffer grows.
func reserve(out []byte, done, total int) []byte {
	if done == 0 || cap(out)-len(out) > 4<<10 {
		return out
	}
	want := max(len(out)/done*total*17/16, cap(out)+cap(out)/4)
	grown := make([]byte, len(out), want)
	copy(grown, out)
	return grown
}

func renderExpr(e config.Expr) []byte {
	var w emitter
	w.expr(e, precCond)
	w.layout()
	return writeTokens(nil, w.toks)
}
