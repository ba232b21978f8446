package tffile

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// quickParse builds the syntax tree of src, which starts at start in its
// file, without HCL's scanner and parser, when src is written in the plain
// subset of the native syntax that generated files are mostly made of
// (and about half the blocks of public modules: 3,779 of the 6,946 in
// two aws modules' trees); it reports false for anything else, and the
// caller parses with HCL. The subset:
//
//   - ASCII text, lines ending in "\n" (no carriage return), comments
//     running to the end of a line (# or //) where a line may end;
//   - blocks: a name, labels that are names or quoted strings, "{" and a
//     newline (or "{}"), the body, and "}" on a line of its own;
//   - arguments on a line of their own: name = expression;
//   - expressions: quoted strings without escapes or template sequences,
//     whole numbers, true, false, null, references (names joined by dots),
//     tuples of those, and objects of those with one name = value per line.
//
// What it builds is what hclsyntax.ParseConfig builds for the same text,
// node for node and range for range (TestQuickParseIsHCLs, FuzzQuickParse),
// and text in the subset parses without diagnostics. So a caller gets the
// same tree either way, at a fraction of the cost: HCL's scanner keeps a
// token slice and finds column numbers by grapheme clusters, which for
// ASCII text are bytes.
func quickParse(name string, src []byte, start hcl.Pos) (*hclsyntax.Body, bool) {
	for _, c := range src {
		if c >= 0x80 || c == '\r' {
			return nil, false
		}
	}
	q := &quick{name: name, src: src, text: string(src), start: start, line: start.Line, lineStart: 1 - start.Column}
	body, ok := q.fileBody()
	if !ok {
		return nil, false
	}
	return body, true
}

type quick struct {
	name string
	src  []byte
	// text is src as a string: names and literals are slices of it, one
	// copy for all of them.
	text  string
	start hcl.Pos
	i     int // next byte
	line  int
	// lineStart is the offset in src where the current line starts, so
	// that the column of offset i is i-lineStart+1 (on the first line,
	// arranged to count from start.Column).
	lineStart int
}

// maxDepth bounds the nesting of blocks and values the subset accepts; HCL's
// own limit (and the nesting guard's) is far above it.
const maxDepth = 32

func (q *quick) pos(i int) hcl.Pos {
	return hcl.Pos{Line: q.line, Column: i - q.lineStart + 1, Byte: q.start.Byte + i}
}

func (q *quick) rng(from, to int) hcl.Range {
	return hcl.Range{Filename: q.name, Start: q.pos(from), End: q.pos(to)}
}

// newline consumes the "\n" at q.i.
func (q *quick) newline() {
	q.i++
	q.line++
	q.lineStart = q.i
}

func (q *quick) spaces() {
	for q.i < len(q.src) && (q.src[q.i] == ' ' || q.src[q.i] == '\t') {
		q.i++
	}
}

// spacesAndNewlines skips white space, line ends and comments (inside
// brackets, where HCL ignores newlines).
func (q *quick) spacesAndNewlines() {
	for q.i < len(q.src) {
		switch q.src[q.i] {
		case ' ', '\t':
			q.i++
		case '\n':
			q.newline()
		default:
			if !q.comment() {
				return
			}
		}
	}
}

// comment skips a comment that runs to the end of the line at q.i, up to
// the newline, and reports whether there was one. HCL reads such a
// comment where a newline may be as that newline, and skips it where
// newlines are ignored; the ranges it gives it are never in the tree,
// except as the start of a file's body, which is where the comment starts.
// Comments between /* and */ are HCL's.
func (q *quick) comment() bool {
	if q.i >= len(q.src) {
		return false
	}
	if c := q.src[q.i]; c != '#' && !(c == '/' && q.i+1 < len(q.src) && q.src[q.i+1] == '/') {
		return false
	}
	for q.i < len(q.src) && q.src[q.i] != '\n' {
		q.i++
	}
	return true
}

func isNameStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
}

func isNameByte(c byte) bool {
	return isNameStart(c) || c >= '0' && c <= '9' || c == '-'
}

// ident reads a name at q.i, or returns false.
func (q *quick) ident() (string, hcl.Range, bool) {
	from := q.i
	if from >= len(q.src) || !isNameStart(q.src[from]) {
		return "", hcl.Range{}, false
	}
	q.i++
	for q.i < len(q.src) && isNameByte(q.src[q.i]) {
		q.i++
	}
	return q.text[from:q.i], q.rng(from, q.i), true
}

// quoted reads a quoted string of plain characters at q.i: its text, the
// range of the text, and the range with the quotes.
func (q *quick) quoted() (string, hcl.Range, hcl.Range, bool) {
	from := q.i
	if from >= len(q.src) || q.src[from] != '"' {
		return "", hcl.Range{}, hcl.Range{}, false
	}
	j := from + 1
	for ; j < len(q.src); j++ {
		c := q.src[j]
		if c == '"' {
			break
		}
		// Escapes, template sequences and what the scanner treats
		// specially are left to HCL.
		if c == '\\' || c == '$' || c == '%' || c < 0x20 || c == 0x7f {
			return "", hcl.Range{}, hcl.Range{}, false
		}
	}
	if j >= len(q.src) {
		return "", hcl.Range{}, hcl.Range{}, false
	}
	q.i = j + 1
	text := q.rng(from+1, j)
	if j == from+1 {
		// HCL places the empty literal of "" after the closing quote.
		text = q.rng(j+1, j+1)
	}
	return q.text[from+1 : j], text, q.rng(from, j+1), true
}

// quotedExpr is HCL's tree of a quoted string without template sequences:
// a template of one literal part (an empty one for "").
func quotedExpr(text string, textRange, all hcl.Range) *hclsyntax.TemplateExpr {
	return &hclsyntax.TemplateExpr{
		Parts:    []hclsyntax.Expression{&hclsyntax.LiteralValueExpr{Val: cty.StringVal(text), SrcRange: textRange}},
		SrcRange: all,
	}
}

// fileBody reads the top-level body, as HCL's parser does for a file.
func (q *quick) fileBody() (*hclsyntax.Body, bool) {
	body := &hclsyntax.Body{Attributes: hclsyntax.Attributes{}, Blocks: hclsyntax.Blocks{}}
	// The body starts where the first token does: HCL's range of the
	// first newline or name, white space before it skipped.
	q.spaces()
	first := q.pos(q.i)
	if at := q.i; q.comment() {
		if q.i >= len(q.src) {
			// A comment with no newline after it is skipped.
			first = q.pos(q.i)
		}
		q.i = at
	}
	if !q.items(body, 0) || q.i != len(q.src) {
		return nil, false
	}
	end := q.pos(q.i)
	body.SrcRange = hcl.Range{Filename: q.name, Start: first, End: end}
	body.EndRange = hcl.Range{Filename: q.name, Start: end, End: end}
	return body, true
}

// items reads body items up to a "}" (left unread) or the end of src.
func (q *quick) items(body *hclsyntax.Body, depth int) bool {
	for {
		q.spaces()
		q.comment()
		if q.i >= len(q.src) || q.src[q.i] == '}' {
			return true
		}
		if q.src[q.i] == '\n' {
			q.newline()
			continue
		}
		name, nameRange, ok := q.ident()
		if !ok {
			return false
		}
		q.spaces()
		if q.i < len(q.src) && q.src[q.i] == '=' {
			a, ok := q.attribute(name, nameRange, depth)
			if !ok {
				return false
			}
			if _, dup := body.Attributes[name]; dup {
				return false // HCL reports the redefinition
			}
			body.Attributes[name] = a
			continue
		}
		b, ok := q.block(name, nameRange, depth)
		if !ok {
			return false
		}
		body.Blocks = append(body.Blocks, b)
	}
}

// lineEnd consumes the newline that ends an argument or block, or
// accepts the end of src.
func (q *quick) lineEnd() bool {
	q.spaces()
	q.comment()
	if q.i >= len(q.src) {
		return true
	}
	if q.src[q.i] != '\n' {
		return false
	}
	q.newline()
	return true
}

func (q *quick) attribute(name string, nameRange hcl.Range, depth int) (*hclsyntax.Attribute, bool) {
	eq := q.rng(q.i, q.i+1)
	q.i++
	q.spaces()
	expr, ok := q.expr(depth)
	if !ok {
		return nil, false
	}
	a := &hclsyntax.Attribute{
		Name:        name,
		Expr:        expr,
		SrcRange:    hcl.RangeBetween(nameRange, expr.Range()),
		NameRange:   nameRange,
		EqualsRange: eq,
	}
	return a, q.lineEnd()
}

func (q *quick) block(typ string, typeRange hcl.Range, depth int) (*hclsyntax.Block, bool) {
	if depth >= maxDepth {
		return nil, false
	}
	b := &hclsyntax.Block{Type: typ, TypeRange: typeRange}
	for {
		q.spaces()
		if q.i >= len(q.src) {
			return nil, false
		}
		c := q.src[q.i]
		if c == '{' {
			break
		}
		var label string
		var r hcl.Range
		var ok bool
		if c == '"' {
			label, _, r, ok = q.quoted()
		} else {
			label, r, ok = q.ident()
		}
		if !ok {
			return nil, false
		}
		if b.Labels == nil {
			// Most blocks that have labels have two.
			b.Labels, b.LabelRanges = make([]string, 0, 2), make([]hcl.Range, 0, 2)
		}
		b.Labels = append(b.Labels, label)
		b.LabelRanges = append(b.LabelRanges, r)
	}
	open := q.rng(q.i, q.i+1)
	q.i++
	q.spaces()
	q.comment()
	if q.i >= len(q.src) || q.src[q.i] != '}' && q.src[q.i] != '\n' {
		return nil, false // a one-line block with an argument: HCL's own rules
	}
	body := &hclsyntax.Body{Attributes: hclsyntax.Attributes{}, Blocks: hclsyntax.Blocks{}}
	if !q.items(body, depth+1) || q.i >= len(q.src) {
		return nil, false
	}
	closing := q.rng(q.i, q.i+1)
	q.i++
	body.SrcRange = hcl.RangeBetween(open, closing)
	body.EndRange = hcl.Range{Filename: q.name, Start: closing.End, End: closing.End}
	b.Body = body
	b.OpenBraceRange = open
	b.CloseBraceRange = closing
	return b, q.lineEnd()
}

// expr reads an expression of the subset. Whether what follows may end
// it is checked here (ends); what must come next is the caller's.
func (q *quick) expr(depth int) (hclsyntax.Expression, bool) {
	if q.i >= len(q.src) || depth >= maxDepth {
		return nil, false
	}
	c := q.src[q.i]
	switch {
	case c == '"':
		text, textRange, all, ok := q.quoted()
		if !ok {
			return nil, false
		}
		return quotedExpr(text, textRange, all), q.ends()
	case c >= '0' && c <= '9':
		from := q.i
		for q.i < len(q.src) && q.src[q.i] >= '0' && q.src[q.i] <= '9' {
			q.i++
		}
		if q.i < len(q.src) && (isNameByte(q.src[q.i]) || q.src[q.i] == '.') {
			return nil, false // fractions, exponents and the like
		}
		v, err := cty.ParseNumberVal(string(q.src[from:q.i]))
		if err != nil {
			return nil, false
		}
		return &hclsyntax.LiteralValueExpr{Val: v, SrcRange: q.rng(from, q.i)}, q.ends()
	case isNameStart(c):
		return q.reference()
	case c == '{':
		return q.object(depth)
	case c == '[':
		return q.tuple(depth)
	}
	return nil, false
}

// ends reports whether what follows an expression can end it: anything
// that could continue it (an operator, an index, a call) is HCL's.
func (q *quick) ends() bool {
	if q.i >= len(q.src) {
		return true
	}
	switch q.src[q.i] {
	case ' ', '\t', '\n', ',', '}', ']', '#', '/':
		// What may follow is the caller's to check: a "/" that does not
		// start a comment is an operator, which no caller accepts.
		return true
	}
	return false
}

func (q *quick) reference() (hclsyntax.Expression, bool) {
	name, r, _ := q.ident()
	switch name {
	case "true", "false", "null":
		v := cty.True
		switch name {
		case "false":
			v = cty.False
		case "null":
			v = cty.NullVal(cty.DynamicPseudoType)
		}
		return &hclsyntax.LiteralValueExpr{Val: v, SrcRange: r}, q.ends()
	case "for", "if", "in", "endfor", "endif", "else":
		// Keywords of for expressions and directives: HCL's.
		return nil, false
	}
	t := &hclsyntax.ScopeTraversalExpr{
		Traversal: hcl.Traversal{hcl.TraverseRoot{Name: name, SrcRange: r}},
		SrcRange:  r,
	}
	for q.i < len(q.src) && q.src[q.i] == '.' {
		dot := q.i
		q.i++
		attr, ar, ok := q.ident()
		if !ok {
			return nil, false // splats, legacy indexes
		}
		step := hcl.RangeBetween(q.rng(dot, dot+1), ar)
		t.Traversal = append(t.Traversal, hcl.TraverseAttr{Name: attr, SrcRange: step})
		t.SrcRange = hcl.RangeBetween(t.SrcRange, step)
	}
	return t, q.ends()
}

// object reads an object constructor with one item per line.
func (q *quick) object(depth int) (hclsyntax.Expression, bool) {
	open := q.rng(q.i, q.i+1)
	q.i++
	o := &hclsyntax.ObjectConsExpr{OpenRange: open}
	for {
		q.spaces()
		q.comment()
		if q.i >= len(q.src) {
			return nil, false
		}
		switch c := q.src[q.i]; {
		case c == '\n':
			q.newline()
			continue
		case c == '}':
			closing := q.rng(q.i, q.i+1)
			q.i++
			o.SrcRange = hcl.RangeBetween(open, closing)
			return o, q.ends()
		}
		var key hclsyntax.Expression
		if q.src[q.i] == '"' {
			text, textRange, all, ok := q.quoted()
			if !ok {
				return nil, false
			}
			key = quotedExpr(text, textRange, all)
		} else {
			name, r, ok := q.ident()
			if !ok {
				return nil, false
			}
			switch name {
			case "true", "false", "null", "for", "if", "in", "endfor", "endif", "else":
				return nil, false
			}
			key = &hclsyntax.ScopeTraversalExpr{
				Traversal: hcl.Traversal{hcl.TraverseRoot{Name: name, SrcRange: r}},
				SrcRange:  r,
			}
		}
		q.spaces()
		if q.i >= len(q.src) || q.src[q.i] != '=' && q.src[q.i] != ':' {
			return nil, false
		}
		q.i++
		q.spaces()
		value, ok := q.expr(depth + 1)
		if !ok {
			return nil, false
		}
		o.Items = append(o.Items, hclsyntax.ObjectConsItem{
			KeyExpr:   &hclsyntax.ObjectConsKeyExpr{Wrapped: key},
			ValueExpr: value,
		})
		// One item per line: items separated by commas are HCL's.
		q.spaces()
		q.comment()
		if q.i >= len(q.src) || q.src[q.i] != '\n' && q.src[q.i] != '}' {
			return nil, false
		}
	}
}

// tuple reads a tuple constructor; newlines inside are white space.
func (q *quick) tuple(depth int) (hclsyntax.Expression, bool) {
	open := q.rng(q.i, q.i+1)
	q.i++
	t := &hclsyntax.TupleConsExpr{OpenRange: open}
	for {
		q.spacesAndNewlines()
		if q.i >= len(q.src) {
			return nil, false
		}
		if q.src[q.i] == ']' {
			closing := q.rng(q.i, q.i+1)
			q.i++
			t.SrcRange = hcl.RangeBetween(open, closing)
			return t, q.ends()
		}
		if c := q.src[q.i]; c == '{' || c == '[' {
			return nil, false // nested constructors change how newlines count
		}
		e, ok := q.expr(depth + 1)
		if !ok {
			return nil, false
		}
		t.Exprs = append(t.Exprs, e)
		q.spacesAndNewlines()
		if q.i >= len(q.src) {
			return nil, false
		}
		switch q.src[q.i] {
		case ',':
			q.i++
		case ']':
		default:
			return nil, false
		}
	}
}
