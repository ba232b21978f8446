package render

import (
	"fmt"
	"math/big"
	"strings"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/config/hclguard"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/tfrules"
)

// emitter turns the model into HCL tokens. It is used for whole files, for
// single expressions (Expr) and for the expression text inside JSON strings.
type emitter struct {
	tokenBuf
	// inline > 0 keeps everything on one line: objects are written
	// `{ a = 1, b = 2 }`. It is set inside template interpolations and for
	// the HCL text embedded in JSON.
	inline int
	diags  diag.Diagnostics
	// blocks are the blocks being written, outermost first, and attr the
	// argument being written (nil between arguments): where a diagnostic
	// is. Its address is only built when there is a problem to report.
	blocks []*config.Block
	attr   *config.Attribute
}

func (w *emitter) fail(summary, detail, suggestion string) {
	path, subject := w.where()
	w.diags = append(w.diags, &diag.Diagnostic{
		Severity:   diag.Error,
		Summary:    summary,
		Detail:     detail,
		Subject:    subject,
		Path:       path,
		Suggestion: suggestion,
	})
}

// where returns the address of what is being written
// (aws_instance.web.lifecycle.ignore_changes) and the closest source range
// known: the argument's, else the innermost block's that has one.
func (w *emitter) where() (string, *hcl.Range) {
	if len(w.blocks) == 0 {
		return "", nil
	}
	path := w.blocks[0].Address()
	for _, b := range w.blocks[1:] {
		path = nestedAddress(path, b)
	}
	var subject *hcl.Range
	if w.attr != nil {
		path += "." + w.attr.Name
		subject = rangePtr(w.attr.Range)
	}
	for i := len(w.blocks) - 1; i >= 0 && subject == nil; i-- {
		subject = rangePtr(w.blocks[i].DeclRange)
	}
	return path, subject
}

// nestedAddress names a nested block for diagnostics:
// aws_instance.web.provisioner.local-exec.
func nestedAddress(parent string, b *config.Block) string {
	addr := parent + "." + b.Type
	for _, l := range b.Labels {
		addr += "." + l
	}
	return addr
}

// rangePtr returns r when it says something, else nil.
func rangePtr(r hcl.Range) *hcl.Range {
	if r.Filename == "" && r.Start.Line == 0 {
		return nil
	}
	return &r
}

// Operator precedence, loosest first, as HCL parses it.
const (
	precCond = iota
	precOr
	precAnd
	precEq
	precCmp
	precAdd
	precMul
	precUnary
	precPrimary
)

var binaryOps = map[string]struct {
	prec int
	tok  hclsyntax.TokenType
}{
	"||": {precOr, hclsyntax.TokenOr},
	"&&": {precAnd, hclsyntax.TokenAnd},
	"==": {precEq, hclsyntax.TokenEqualOp},
	"!=": {precEq, hclsyntax.TokenNotEqual},
	"<":  {precCmp, hclsyntax.TokenLessThan},
	"<=": {precCmp, hclsyntax.TokenLessThanEq},
	">":  {precCmp, hclsyntax.TokenGreaterThan},
	">=": {precCmp, hclsyntax.TokenGreaterThanEq},
	"+":  {precAdd, hclsyntax.TokenPlus},
	"-":  {precAdd, hclsyntax.TokenMinus},
	"*":  {precMul, hclsyntax.TokenStar},
	"/":  {precMul, hclsyntax.TokenSlash},
	"%":  {precMul, hclsyntax.TokenPercent},
}

// unwrap resolves what an expression is written as: a template that is
// only one interpolation is written as that expression, as terraform fmt
// does.
func unwrap(e config.Expr) config.Expr {
	for {
		t, ok := e.(*config.Template)
		if !ok {
			return e
		}
		inner := soleInterpolation(t)
		if inner == nil {
			return e
		}
		e = inner
	}
}

// soleInterpolation returns the one interpolated expression of a template
// whose other parts are empty strings, or nil.
func soleInterpolation(t *config.Template) config.Expr {
	var only config.Expr
	for _, p := range t.Parts {
		if s, ok := config.LiteralText(p); ok {
			if s != "" {
				return nil
			}
			continue
		}
		if only != nil {
			return nil
		}
		only = p
	}
	return only
}

// precedence returns how tightly e binds when written.
func precedence(e config.Expr) int {
	switch e := unwrap(e).(type) {
	case *config.Conditional:
		return precCond
	case *config.BinaryOp:
		if op, ok := binaryOps[e.Op]; ok {
			return op.prec
		}
	case *config.UnaryOp:
		return precUnary
	case *config.Literal:
		if isNegative(e.Val) {
			return precUnary
		}
	case *config.Raw:
		if syn := tfrules.RawSyntax(e); syn != nil {
			return syntaxPrecedence(syn)
		}
	}
	return precPrimary
}

func syntaxPrecedence(e hclsyntax.Expression) int {
	switch e := e.(type) {
	case *hclsyntax.ConditionalExpr:
		return precCond
	case *hclsyntax.BinaryOpExpr:
		return binarySyntaxPrec(e.Op)
	case *hclsyntax.UnaryOpExpr:
		return precUnary
	case *hclsyntax.LiteralValueExpr:
		if isNegative(e.Val) {
			return precUnary
		}
	}
	return precPrimary
}

func binarySyntaxPrec(op *hclsyntax.Operation) int {
	switch op {
	case hclsyntax.OpLogicalOr:
		return precOr
	case hclsyntax.OpLogicalAnd:
		return precAnd
	case hclsyntax.OpEqual, hclsyntax.OpNotEqual:
		return precEq
	case hclsyntax.OpLessThan, hclsyntax.OpLessThanOrEqual, hclsyntax.OpGreaterThan, hclsyntax.OpGreaterThanOrEqual:
		return precCmp
	case hclsyntax.OpAdd, hclsyntax.OpSubtract:
		return precAdd
	}
	return precMul
}

func isNegative(v cty.Value) bool {
	return v.Type() == cty.Number && v.IsKnown() && !v.IsNull() && !v.IsMarked() && v.AsBigFloat().Signbit()
}

// postfixable reports whether a traversal, index or splat can follow e
// without parentheses and still apply to all of e.
func postfixable(e config.Expr) bool {
	switch e := unwrap(e).(type) {
	case *config.Reference, *config.Call, *config.GetAttr, *config.Index,
		*config.Paren, *config.Tuple, *config.Object, *config.For:
		return true
	case *config.Literal:
		// Collections are bracketed; numbers and strings are clearer
		// parenthesized (5.x would read as a number).
		t := e.Val.Type()
		return !e.Val.IsNull() && !t.IsPrimitiveType()
	case *config.Raw:
		switch tfrules.RawSyntax(e).(type) {
		case *hclsyntax.ScopeTraversalExpr, *hclsyntax.RelativeTraversalExpr,
			*hclsyntax.FunctionCallExpr, *hclsyntax.IndexExpr, *hclsyntax.ParenthesesExpr,
			*hclsyntax.TupleConsExpr, *hclsyntax.ObjectConsExpr, *hclsyntax.ForExpr:
			return true
		}
	}
	// A splat as a source would absorb the traversal into its own
	// per-element part; everything else binds looser than a traversal.
	return false
}

// multiLine reports whether e is written over several lines outside inline
// mode: it holds a non-empty object or raw text with newlines.
func (w *emitter) multiLine(e config.Expr) bool {
	if w.inline > 0 {
		return false
	}
	switch e := e.(type) {
	case *config.Object:
		return len(e.Items) > 0
	case *config.Literal:
		return multiLineValue(e.Val)
	case *config.Raw:
		return strings.Contains(e.Text, "\n")
	case *config.Template:
		if inner := soleInterpolation(e); inner != nil {
			return w.multiLine(inner)
		}
		return false // interpolations are written inline
	case *config.Tuple:
		for _, it := range e.Items {
			if w.multiLine(it) {
				return true
			}
		}
	case *config.Call:
		for _, a := range e.Args {
			if w.multiLine(a) {
				return true
			}
		}
	case *config.Conditional:
		return w.multiLine(e.Cond) || w.multiLine(e.True) || w.multiLine(e.False)
	case *config.For:
		return w.multiLine(e.Collection) || w.multiLine(e.Key) || w.multiLine(e.Value) || w.multiLine(e.Cond)
	case *config.Splat:
		return w.multiLine(e.Source)
	case *config.Index:
		return w.multiLine(e.Collection) || w.multiLine(e.Key)
	case *config.GetAttr:
		return w.multiLine(e.Source)
	case *config.BinaryOp:
		return w.multiLine(e.Left) || w.multiLine(e.Right)
	case *config.UnaryOp:
		return w.multiLine(e.Operand)
	case *config.Paren:
		return w.multiLine(e.Inner)
	}
	return false
}

func multiLineValue(v cty.Value) bool {
	if !v.IsKnown() || v.IsNull() || v.IsMarked() {
		return false
	}
	t := v.Type()
	switch {
	case t.IsMapType() || t.IsObjectType():
		return v.LengthInt() > 0
	case t.IsListType() || t.IsSetType() || t.IsTupleType():
		for it := v.ElementIterator(); it.Next(); {
			_, ev := it.Element()
			if multiLineValue(ev) {
				return true
			}
		}
	}
	return false
}

// expr writes e, in parentheses when it binds looser than minPrec.
func (w *emitter) expr(e config.Expr, minPrec int) {
	if e == nil {
		w.fail("Missing expression", "An expression in the configuration model is nil.", "")
		w.add(hclsyntax.TokenIdent, bNull)
		return
	}
	e = unwrap(e)
	if precedence(e) < minPrec {
		w.add(hclsyntax.TokenOParen, bOParen)
		w.expr(e, precCond)
		w.add(hclsyntax.TokenCParen, bCParen)
		return
	}
	switch e := e.(type) {
	case *config.Literal:
		w.value(e.Val)
	case *config.Template:
		w.template(e)
	case *config.Reference:
		w.traversal(e.Traversal, true)
	case *config.Call:
		w.call(e)
	case *config.Conditional:
		w.expr(e.Cond, precOr)
		w.add(hclsyntax.TokenQuestion, bQuestion)
		w.expr(e.True, precCond)
		w.add(hclsyntax.TokenColon, bColon)
		w.expr(e.False, precCond)
	case *config.For:
		w.forExpr(e)
	case *config.Splat:
		w.postfixSource(e.Source)
		w.add(hclsyntax.TokenOBrack, bOBrack)
		w.add(hclsyntax.TokenStar, bStar)
		w.add(hclsyntax.TokenCBrack, bCBrack)
		w.traversal(e.Each, false)
	case *config.Index:
		w.postfixSource(e.Collection)
		w.add(hclsyntax.TokenOBrack, bOBrack)
		w.expr(e.Key, precCond)
		w.add(hclsyntax.TokenCBrack, bCBrack)
	case *config.GetAttr:
		w.postfixSource(e.Source)
		w.traversal(e.Traversal, false)
	case *config.Tuple:
		w.tuple(len(e.Items), w.multiLine(e), func(i int) { w.expr(e.Items[i], precCond) })
	case *config.Object:
		w.object(len(e.Items), func(i int) { w.objectKey(e.Items[i].Key) }, func(i int) { w.valueExpr(e.Items[i].Value) })
	case *config.BinaryOp:
		op, ok := binaryOps[e.Op]
		if !ok {
			w.fail("Unknown operator", fmt.Sprintf("%q is not an HCL binary operator.", e.Op), "use one of || && == != < <= > >= + - * / %")
			op = binaryOps["+"]
		}
		w.expr(e.Left, op.prec)
		w.addString(op.tok, e.Op)
		w.expr(e.Right, op.prec+1)
	case *config.UnaryOp:
		switch e.Op {
		case "!":
			w.add(hclsyntax.TokenBang, bBang)
		case "-":
			w.add(hclsyntax.TokenMinus, bMinus)
		default:
			w.fail("Unknown operator", fmt.Sprintf("%q is not an HCL unary operator.", e.Op), "use ! or -")
			w.add(hclsyntax.TokenBang, bBang)
		}
		w.expr(e.Operand, precPrimary)
	case *config.Paren:
		w.add(hclsyntax.TokenOParen, bOParen)
		w.expr(e.Inner, precCond)
		w.add(hclsyntax.TokenCParen, bCParen)
	case *config.Raw:
		w.raw(e)
	default:
		panic(fmt.Sprintf("render: unknown expression type %T", e))
	}
}

func (w *emitter) postfixSource(e config.Expr) {
	if e == nil || postfixable(e) {
		w.expr(e, precPrimary)
		return
	}
	w.add(hclsyntax.TokenOParen, bOParen)
	w.expr(e, precCond)
	w.add(hclsyntax.TokenCParen, bCParen)
}

// tuple writes `[a, b]` on one line, or one item per line with trailing
// commas when an item spans lines.
func (w *emitter) tuple(n int, multi bool, item func(int)) {
	w.add(hclsyntax.TokenOBrack, bOBrack)
	if multi && n > 0 {
		w.newline()
		for i := 0; i < n; i++ {
			item(i)
			w.add(hclsyntax.TokenComma, bComma)
			w.newline()
		}
	} else {
		for i := 0; i < n; i++ {
			if i > 0 {
				w.add(hclsyntax.TokenComma, bComma)
			}
			item(i)
		}
	}
	w.add(hclsyntax.TokenCBrack, bCBrack)
}

// object writes one `key = value` per line, or `{ k = v, k2 = v2 }` inline.
func (w *emitter) object(n int, key, value func(int)) {
	w.add(hclsyntax.TokenOBrace, bOBrace)
	if n == 0 {
		w.add(hclsyntax.TokenCBrace, bCBrace)
		return
	}
	if w.inline == 0 {
		w.newline()
	}
	for i := 0; i < n; i++ {
		if i > 0 && w.inline > 0 {
			w.add(hclsyntax.TokenComma, bComma)
		}
		key(i)
		w.add(hclsyntax.TokenEqual, bEqual)
		value(i)
		if w.inline == 0 {
			w.endLine()
		}
	}
	w.add(hclsyntax.TokenCBrace, bCBrace)
}

// endLine ends the current line unless the last token already did (a
// heredoc or a line comment inside raw text).
func (w *emitter) endLine() {
	if n := len(w.toks); n > 0 && endsLine(&w.toks[n-1]) {
		return
	}
	w.newline()
}

// objectKey writes an object key: a bare name when it is one, a quoted
// string otherwise, and a parenthesized expression for computed keys.
func (w *emitter) objectKey(k config.Expr) {
	if s, ok := config.LiteralString(k); ok {
		w.nameOrString(s)
		return
	}
	k = unwrap(k)
	switch k := k.(type) {
	case *config.Template, *config.Paren:
		w.expr(k, precCond)
	case *config.Literal:
		// Numbers and bools are keys by their string form.
		w.value(k.Val)
	default:
		w.add(hclsyntax.TokenOParen, bOParen)
		w.expr(k, precCond)
		w.add(hclsyntax.TokenCParen, bCParen)
	}
}

// nameOrString writes s as a bare identifier when HCL reads one back as the
// same key, else as a quoted string.
func (w *emitter) nameOrString(s string) {
	if config.ValidIdentifier(s) && !reservedKey(s) {
		w.addString(hclsyntax.TokenIdent, s)
		return
	}
	w.quoted(s)
}

// reservedKey names identifiers HCL reads as keywords at the start of an
// object item, so they are quoted as keys.
func reservedKey(s string) bool {
	switch s {
	case "for", "in", "if", "true", "false", "null":
		return true
	}
	return false
}

// checkText reports text that is not valid UTF-8: configuration files
// are UTF-8, and JSON could only replace the invalid bytes.
func (w *emitter) checkText(s string) {
	if !utf8.ValidString(s) {
		w.fail("Invalid text", fmt.Sprintf("The text %q is not valid UTF-8.", s), "")
	}
}

func (w *emitter) quoted(s string) {
	w.checkText(s)
	w.add(hclsyntax.TokenOQuote, bQuote)
	if s != "" {
		start := w.arenaMark()
		w.arena = config.AppendTemplateText(w.arena, s)
		w.addFromArena(hclsyntax.TokenQuotedLit, start)
	}
	w.add(hclsyntax.TokenCQuote, bQuote)
}

func (w *emitter) value(v cty.Value) {
	switch {
	case v.IsMarked():
		w.fail("Marked value", "A literal value carries marks (such as sensitive); configuration text cannot hold them.", "unmark the value before building the configuration")
		w.add(hclsyntax.TokenIdent, bNull)
		return
	case !v.IsKnown():
		w.fail("Unknown value", "A literal value is unknown; configuration text can only hold known values.", "use a reference or expression instead of an unknown value")
		w.add(hclsyntax.TokenIdent, bNull)
		return
	case v.IsNull():
		w.add(hclsyntax.TokenIdent, bNull)
		return
	}
	t := v.Type()
	switch {
	case t == cty.String:
		w.quoted(v.AsString())
	case t == cty.Number:
		bf := v.AsBigFloat()
		if bf.IsInf() {
			w.fail("Infinite number", "HCL has no syntax for infinity.", "")
			w.add(hclsyntax.TokenIdent, bNull)
			return
		}
		if bf.Signbit() {
			w.add(hclsyntax.TokenMinus, bMinus)
			bf = new(big.Float).Neg(bf)
		}
		start := w.arenaMark()
		w.arena = appendNumber(w.arena, bf)
		w.addFromArena(hclsyntax.TokenNumberLit, start)
	case t == cty.Bool:
		if v.True() {
			w.add(hclsyntax.TokenIdent, bTrue)
		} else {
			w.add(hclsyntax.TokenIdent, bFalse)
		}
	case t.IsListType() || t.IsSetType() || t.IsTupleType():
		elems := make([]cty.Value, 0, v.LengthInt())
		for it := v.ElementIterator(); it.Next(); {
			_, ev := it.Element()
			elems = append(elems, ev)
		}
		multi := w.inline == 0 && multiLineValue(v)
		w.tuple(len(elems), multi, func(i int) { w.value(elems[i]) })
	case t.IsMapType() || t.IsObjectType():
		var keys []string
		var vals []cty.Value
		for it := v.ElementIterator(); it.Next(); {
			k, ev := it.Element()
			keys = append(keys, k.AsString())
			vals = append(vals, ev)
		}
		w.object(len(keys), func(i int) { w.nameOrString(keys[i]) }, func(i int) { w.valueExpr(&config.Literal{Val: vals[i]}) })
	default:
		w.fail("Unsupported value", fmt.Sprintf("A literal of type %s cannot be written as configuration.", t.FriendlyName()), "")
		w.add(hclsyntax.TokenIdent, bNull)
	}
}

// appendNumber writes a non-negative finite number exactly: integers in
// full, fractions as the shortest decimal that reads back as the same value.
func appendNumber(b []byte, bf *big.Float) []byte {
	if bf.IsInt() {
		i, _ := bf.Int(nil)
		return i.Append(b, 10)
	}
	return bf.Append(b, 'f', -1)
}

func (w *emitter) template(t *config.Template) {
	w.add(hclsyntax.TokenOQuote, bQuote)
	w.templateParts(t.Parts)
	w.add(hclsyntax.TokenCQuote, bQuote)
}

// templateParts writes the inside of a quoted template.
func (w *emitter) templateParts(parts []config.Expr) {
	config.EachTemplateRun(parts, func(s, dollars string, _ bool) {
		w.checkText(s)
		if s != "" {
			start := w.arenaMark()
			w.arena = config.AppendTemplateText(w.arena, s)
			w.addFromArena(hclsyntax.TokenQuotedLit, start)
		}
		w.dollarInterpolation(dollars)
	}, w.interpolation)
}

func (w *emitter) interpolation(e config.Expr) {
	w.add(hclsyntax.TokenTemplateInterp, bInterp)
	w.inline++
	w.expr(e, precCond)
	w.inline--
	w.add(hclsyntax.TokenTemplateSeqEnd, bSeqEnd)
}

// traversal writes traversal steps; abs says the first step is the root.
func (w *emitter) traversal(t hcl.Traversal, abs bool) {
	for i, step := range t {
		switch s := step.(type) {
		case hcl.TraverseRoot:
			if !abs || i > 0 {
				w.fail("Invalid traversal", "A root step appears inside a traversal.", "")
			}
			if !config.ValidIdentifier(s.Name) {
				w.fail("Invalid reference", fmt.Sprintf("%q is not a valid name to start a reference with.", s.Name), "names start with a letter or underscore and contain letters, digits, underscores and dashes")
			}
			w.addString(hclsyntax.TokenIdent, s.Name)
		case hcl.TraverseAttr:
			if config.ValidIdentifier(s.Name) {
				w.add(hclsyntax.TokenDot, bDot)
				w.addString(hclsyntax.TokenIdent, s.Name)
			} else {
				// Not a name HCL can write after a dot: an index by
				// string reads the same attribute.
				w.add(hclsyntax.TokenOBrack, bOBrack)
				w.quoted(s.Name)
				w.add(hclsyntax.TokenCBrack, bCBrack)
			}
		case hcl.TraverseIndex:
			w.add(hclsyntax.TokenOBrack, bOBrack)
			k := s.Key
			if k.IsKnown() && !k.IsNull() && !k.IsMarked() && (k.Type() == cty.String || k.Type() == cty.Number || k.Type() == cty.Bool) {
				w.value(k)
			} else {
				w.fail("Invalid index", "An index step in a reference must be a known string, number or bool.", "")
				w.add(hclsyntax.TokenNumberLit, []byte("0"))
			}
			w.add(hclsyntax.TokenCBrack, bCBrack)
		case hcl.TraverseSplat:
			w.add(hclsyntax.TokenOBrack, bOBrack)
			w.add(hclsyntax.TokenStar, bStar)
			w.add(hclsyntax.TokenCBrack, bCBrack)
		default:
			panic(fmt.Sprintf("render: unknown traversal step %T", step))
		}
	}
	if abs && len(t) == 0 {
		w.fail("Empty reference", "A reference has no steps.", "")
		w.add(hclsyntax.TokenIdent, bNull)
	}
}

func (w *emitter) call(c *config.Call) {
	w.funcName(c.Name)
	w.add(hclsyntax.TokenOParen, bOParen)
	n := len(c.Args)
	multi := false
	lastOnly := true // only the last argument spans lines
	for i, a := range c.Args {
		if w.multiLine(a) {
			multi = true
			if i < n-1 {
				lastOnly = false
			}
		}
	}
	switch {
	case multi && !lastOnly:
		// One argument per line.
		w.newline()
		for i, a := range c.Args {
			w.expr(a, precCond)
			if i == n-1 && c.ExpandFinal {
				w.add(hclsyntax.TokenEllipsis, bEllipsis)
			} else {
				w.add(hclsyntax.TokenComma, bComma)
			}
			w.newline()
		}
	default:
		// f(a, b) or f(a, {\n ... \n}): the last argument may span lines
		// and the call closes right after it.
		for i, a := range c.Args {
			if i > 0 {
				w.add(hclsyntax.TokenComma, bComma)
			}
			w.expr(a, precCond)
		}
		if c.ExpandFinal && n > 0 {
			w.add(hclsyntax.TokenEllipsis, bEllipsis)
		}
	}
	w.add(hclsyntax.TokenCParen, bCParen)
}

// funcName writes a function name, splitting provider::ns::name scopes
// into the tokens HCL reads them as.
func (w *emitter) funcName(name string) {
	parts := strings.Split(name, "::")
	for i, p := range parts {
		if i > 0 {
			w.add(hclsyntax.TokenDoubleColon, bDblColon)
		}
		if !config.ValidIdentifier(p) {
			w.fail("Invalid function name", fmt.Sprintf("%q is not a valid function name.", name), "")
		}
		w.addString(hclsyntax.TokenIdent, p)
	}
}

func (w *emitter) forExpr(f *config.For) {
	open, close := hclsyntax.TokenOBrack, hclsyntax.TokenCBrack
	ob, cb := bOBrack, bCBrack
	if f.Key != nil {
		open, close, ob, cb = hclsyntax.TokenOBrace, hclsyntax.TokenCBrace, bOBrace, bCBrace
	}
	w.add(open, ob)
	w.add(hclsyntax.TokenIdent, bFor)
	if f.KeyVar != "" {
		w.forVar(f.KeyVar)
		w.add(hclsyntax.TokenComma, bComma)
	}
	w.forVar(f.ValVar)
	w.add(hclsyntax.TokenIdent, bIn)
	w.expr(f.Collection, precOr)
	w.add(hclsyntax.TokenColon, bColon)
	if f.Key != nil {
		w.expr(f.Key, precOr)
		w.add(hclsyntax.TokenFatArrow, bFatArrow)
	}
	w.expr(f.Value, precCond)
	if f.Group {
		if f.Key == nil {
			w.fail("Invalid for expression", "Grouping (...) is only allowed in a for expression that builds an object.", "set Key or drop Group")
		} else {
			w.add(hclsyntax.TokenEllipsis, bEllipsis)
		}
	}
	if f.Cond != nil {
		w.add(hclsyntax.TokenIdent, bIf)
		w.expr(f.Cond, precCond)
	}
	w.add(close, cb)
}

func (w *emitter) forVar(name string) {
	if !config.ValidIdentifier(name) {
		w.fail("Invalid for expression", fmt.Sprintf("%q is not a valid iteration variable name.", name), "")
	}
	w.addString(hclsyntax.TokenIdent, name)
}

// raw writes raw HCL text through the HCL lexer so that it is spaced like
// the rest of the output.
func (w *emitter) raw(r *config.Raw) {
	src := []byte(r.Text)
	if !utf8.Valid(src) {
		w.checkText(r.Text)
		w.add(hclsyntax.TokenIdent, bNull)
		return
	}
	diags := hclguard.Expression(src, "", hcl.InitialPos)
	var syn hclsyntax.Expression
	if !diags.HasErrors() {
		syn, diags = hclsyntax.ParseExpression(src, "", hcl.InitialPos)
	}
	if diags.HasErrors() {
		w.fail("Invalid raw expression", fmt.Sprintf("The raw HCL text %q does not parse: %s", r.Text, diags.Error()), "pass a complete HCL expression")
		w.add(hclsyntax.TokenIdent, bNull)
		return
	}
	if w.inline > 0 {
		// On one line (JSON, interpolations) line breaks are noise: when
		// the model can say what the text says, write that instead.
		if m := config.FromSyntax(syn, src, 0); !containsRaw(m) {
			w.expr(m, precCond)
			return
		}
	}
	toks, _ := hclsyntax.LexExpression(src, "", hcl.InitialPos)
	if n := len(toks); n > 0 && toks[n-1].Type == hclsyntax.TokenEOF {
		toks = toks[:n-1]
	}
	// Leading and trailing newlines belong to the surroundings, except
	// the newline that closes a heredoc.
	for len(toks) > 0 && toks[0].Type == hclsyntax.TokenNewline {
		toks = toks[1:]
	}
	for n := len(toks); n > 1 && toks[n-1].Type == hclsyntax.TokenNewline && toks[n-2].Type != hclsyntax.TokenCHeredoc; n = len(toks) {
		toks = toks[:n-1]
	}
	// A line break outside brackets would end the attribute; parentheses
	// make it part of the expression again.
	wrap := false
	depth := 0
	for i, t := range toks {
		depth += bracketChange(t.Type)
		if depth == 0 && t.Type == hclsyntax.TokenNewline && (i == 0 || toks[i-1].Type != hclsyntax.TokenCHeredoc) {
			wrap = true
		}
	}
	if wrap {
		w.add(hclsyntax.TokenOParen, bOParen)
	}
	for _, t := range toks {
		w.addString(t.Type, string(t.Bytes))
	}
	if wrap {
		w.add(hclsyntax.TokenCParen, bCParen)
	}
}

func containsRaw(e config.Expr) bool {
	found := false
	config.Walk(e, func(x config.Expr) {
		if _, ok := x.(*config.Raw); ok {
			found = true
		}
	})
	return found
}

// valueExpr writes the value of an argument or object item: like expr, but
// multi-line text is written as a heredoc.
func (w *emitter) valueExpr(e config.Expr) {
	if !w.heredoc(e) {
		w.expr(e, precCond)
	}
}

// heredoc writes a literal string or template as a heredoc when it spans
// lines and a heredoc reads back as exactly the same text, and reports
// whether it did. Heredoc content is literal apart from `${` and `%{`, so
// text with other control characters stays quoted, and so does text that
// does not end with a newline (a heredoc always does).
func (w *emitter) heredoc(e config.Expr) bool {
	if w.inline > 0 {
		return false
	}
	var parts []config.Expr
	switch e := unwrap(e).(type) {
	case *config.Literal:
		if _, ok := config.LiteralText(e); !ok {
			return false
		}
		parts = []config.Expr{e}
	case *config.Template:
		parts = e.Parts
	default:
		return false
	}
	lines := 0
	last := ""
	for _, p := range parts {
		s, ok := config.LiteralText(p)
		if !ok {
			last = ""
			continue
		}
		for i := 0; i < len(s); i++ {
			c := s[i]
			switch {
			case c == '\n':
				lines++
			case c == '\t':
			case c < 0x20 || c == 0x7f:
				return false
			}
		}
		if s != "" {
			last = s
		}
	}
	if lines < 2 || !strings.HasSuffix(last, "\n") {
		return false
	}
	delim := heredocDelimiter(parts)
	w.addString(hclsyntax.TokenOHeredoc, "<<"+delim+"\n")
	config.EachTemplateRun(parts, func(s, dollars string, _ bool) {
		w.checkText(s)
		if s != "" {
			start := w.arenaMark()
			w.arena = config.AppendEscapedTemplate(w.arena, s)
			w.addFromArena(hclsyntax.TokenStringLit, start)
		}
		w.dollarInterpolation(dollars)
	}, w.interpolation)
	w.addString(hclsyntax.TokenCHeredoc, delim)
	return true
}

// heredocDelimiter picks a closing marker that no line of the text could
// be mistaken for.
func heredocDelimiter(parts []config.Expr) string {
	clash := func(d string) bool {
		for _, p := range parts {
			s, ok := config.LiteralText(p)
			if !ok {
				continue
			}
			for _, line := range strings.Split(s, "\n") {
				if strings.HasPrefix(strings.TrimSpace(line), d) {
					return true
				}
			}
		}
		return false
	}
	for _, d := range []string{"EOT", "EOF", "END"} {
		if !clash(d) {
			return d
		}
	}
	for n := 2; ; n++ {
		if d := fmt.Sprintf("EOT%d", n); !clash(d) {
			return d
		}
	}
}

// dollarInterpolation writes ${"$…"} for the run of `$` that directly
// precedes an interpolation (see config.SplitTrailingDollars); nothing when
// dollars is empty.
func (w *emitter) dollarInterpolation(dollars string) {
	if dollars == "" {
		return
	}
	w.add(hclsyntax.TokenTemplateInterp, bInterp)
	w.add(hclsyntax.TokenOQuote, bQuote)
	w.addString(hclsyntax.TokenQuotedLit, dollars)
	w.add(hclsyntax.TokenCQuote, bQuote)
	w.add(hclsyntax.TokenTemplateSeqEnd, bSeqEnd)
}
