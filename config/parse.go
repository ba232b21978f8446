package config

import (
	"fmt"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/config/hclguard"
	"github.com/tfkit/tfkit/diag"
)

// ParseExpression parses HCL native-syntax expression text into the model.
// filename and start place the text in its source so diagnostics point at
// the right line and column.
func ParseExpression(src string, filename string, start hcl.Pos) (Expr, diag.Diagnostics) {
	if start.Line == 0 {
		start = hcl.InitialPos
	}
	if hds := hclguard.Expression([]byte(src), filename, start); hds.HasErrors() {
		return nil, diag.FromHCL(hds)
	}
	se, hds := hclsyntax.ParseExpression([]byte(src), filename, start)
	if hds.HasErrors() {
		return nil, diag.FromHCL(hds)
	}
	return FromSyntax(se, []byte(src), start.Byte), nil
}

// ParseTemplate parses s as the content of an HCL template, the way
// Terraform's JSON syntax reads strings: `${...}` is an interpolation,
// `$${` is a literal `${`. A string with only literal text becomes a Literal;
// one that is a single interpolation becomes that expression.
func ParseTemplate(s string, filename string, start hcl.Pos) (Expr, diag.Diagnostics) {
	if !hasTemplateSequence(s) {
		return String(s), nil
	}
	if start.Line == 0 {
		start = hcl.InitialPos
	}
	if hds := hclguard.Template([]byte(s), filename, start); hds.HasErrors() {
		return nil, diag.FromHCL(hds)
	}
	se, hds := hclsyntax.ParseTemplate([]byte(s), filename, start)
	if hds.HasErrors() {
		return nil, diag.FromHCL(hds)
	}
	return FromSyntax(se, []byte(s), start.Byte), nil
}

func hasTemplateSequence(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		if (s[i] == '$' || s[i] == '%') && s[i+1] == '{' {
			return true
		}
	}
	return false
}

// ParseBody parses HCL native-syntax body text (attributes and blocks) into
// a Body, keeping source order.
func ParseBody(src string, filename string, start hcl.Pos) (*Body, diag.Diagnostics) {
	f, start, ds := parseBodyText(src, filename, start)
	if ds != nil {
		return nil, ds
	}
	return BodyFromSyntax(f.Body.(*hclsyntax.Body), f.Bytes, start.Byte), nil
}

// parseBodyText parses body text starting at start (the start of the text
// when start is the zero position), and returns that position.
func parseBodyText(src, filename string, start hcl.Pos) (*hcl.File, hcl.Pos, diag.Diagnostics) {
	if start.Line == 0 {
		start = hcl.InitialPos
	}
	if hds := hclguard.Config([]byte(src), filename, start); hds.HasErrors() {
		return nil, start, diag.FromHCL(hds)
	}
	f, hds := hclsyntax.ParseConfig([]byte(src), filename, start)
	if hds.HasErrors() {
		return nil, start, diag.FromHCL(hds)
	}
	return f, start, nil
}

// BodyFromSyntax converts a parsed native-syntax body. src is the text the
// body was parsed from and base the byte offset its ranges count from; they
// are used to keep the text of expressions that become Raw.
func BodyFromSyntax(sb *hclsyntax.Body, src []byte, base int) *Body {
	type positioned struct {
		at   int
		item Item
	}
	items := make([]positioned, 0, len(sb.Attributes)+len(sb.Blocks))
	for _, a := range sb.Attributes {
		items = append(items, positioned{a.SrcRange.Start.Byte, &Attribute{
			Name:   a.Name,
			Expr:   FromSyntax(a.Expr, src, base),
			Range:  a.SrcRange,
			Source: a.Expr,
		}})
	}
	for _, blk := range sb.Blocks {
		items = append(items, positioned{blk.TypeRange.Start.Byte, &Block{
			Type:      blk.Type,
			Labels:    append([]string(nil), blk.Labels...),
			Body:      BodyFromSyntax(blk.Body, src, base),
			DeclRange: blk.DefRange(),
			TypeRange: blk.TypeRange,
			// Shared with the syntax tree, which is not changed.
			LabelRanges:     blk.LabelRanges[:len(blk.LabelRanges):len(blk.LabelRanges)],
			OpenBraceRange:  blk.OpenBraceRange,
			CloseBraceRange: blk.CloseBraceRange,
		}})
	}
	sort.SliceStable(items, func(i, j int) bool { return items[i].at < items[j].at })
	body := &Body{Items: make([]Item, len(items))}
	for i, p := range items {
		body.Items[i] = p.item
	}
	return body
}

// FromSyntax converts a native-syntax expression into the model. Constructs
// the model has no kind for (a %{for} directive, which HCL parses into a
// join of its iterations) become Raw, keeping their source text from src. A
// %{if} directive is parsed by HCL as a conditional and stays one:
// "%{ if c }x%{ endif }" becomes the template ${c ? "x" : ""}, which has the
// same value.
func FromSyntax(e hclsyntax.Expression, src []byte, base int) Expr {
	switch e := e.(type) {
	case *hclsyntax.LiteralValueExpr:
		return &Literal{Val: e.Val}
	case *hclsyntax.TemplateExpr:
		parts := make([]Expr, 0, len(e.Parts))
		for _, p := range e.Parts {
			switch p.(type) {
			case *hclsyntax.LiteralValueExpr, *hclsyntax.TemplateWrapExpr, *hclsyntax.ScopeTraversalExpr,
				*hclsyntax.FunctionCallExpr, *hclsyntax.RelativeTraversalExpr, *hclsyntax.IndexExpr,
				*hclsyntax.SplatExpr, *hclsyntax.ConditionalExpr, *hclsyntax.BinaryOpExpr,
				*hclsyntax.UnaryOpExpr, *hclsyntax.ParenthesesExpr, *hclsyntax.TupleConsExpr,
				*hclsyntax.ObjectConsExpr, *hclsyntax.ForExpr, *hclsyntax.TemplateExpr:
				parts = append(parts, FromSyntax(p, src, base))
			default:
				// A %{for} directive has no model kind.
				return rawFrom(e, src, base)
			}
		}
		if len(parts) == 1 {
			if l, ok := parts[0].(*Literal); ok && l.Val.Type() == cty.String {
				return l
			}
		}
		return &Template{Parts: parts}
	case *hclsyntax.TemplateWrapExpr:
		return FromSyntax(e.Wrapped, src, base)
	case *hclsyntax.ScopeTraversalExpr:
		return &Reference{Traversal: StripRanges(e.Traversal)}
	case *hclsyntax.RelativeTraversalExpr:
		return &GetAttr{Source: FromSyntax(e.Source, src, base), Traversal: StripRanges(e.Traversal)}
	case *hclsyntax.FunctionCallExpr:
		args := make([]Expr, len(e.Args))
		for i, a := range e.Args {
			args[i] = FromSyntax(a, src, base)
		}
		return &Call{Name: e.Name, Args: args, ExpandFinal: e.ExpandFinal}
	case *hclsyntax.ConditionalExpr:
		return &Conditional{
			Cond:  FromSyntax(e.Condition, src, base),
			True:  FromSyntax(e.TrueResult, src, base),
			False: FromSyntax(e.FalseResult, src, base),
		}
	case *hclsyntax.ForExpr:
		f := &For{
			KeyVar:     e.KeyVar,
			ValVar:     e.ValVar,
			Collection: FromSyntax(e.CollExpr, src, base),
			Value:      FromSyntax(e.ValExpr, src, base),
			Group:      e.Group,
		}
		if e.KeyExpr != nil {
			f.Key = FromSyntax(e.KeyExpr, src, base)
		}
		if e.CondExpr != nil {
			f.Cond = FromSyntax(e.CondExpr, src, base)
		}
		return f
	case *hclsyntax.SplatExpr:
		s := &Splat{Source: FromSyntax(e.Source, src, base)}
		if e.Each != nil {
			each, ok := splatEach(e.Each)
			if !ok {
				return rawFrom(e, src, base)
			}
			s.Each = each
		}
		return s
	case *hclsyntax.IndexExpr:
		return &Index{Collection: FromSyntax(e.Collection, src, base), Key: FromSyntax(e.Key, src, base)}
	case *hclsyntax.TupleConsExpr:
		items := make([]Expr, len(e.Exprs))
		for i, it := range e.Exprs {
			items[i] = FromSyntax(it, src, base)
		}
		return &Tuple{Items: items}
	case *hclsyntax.ObjectConsExpr:
		items := make([]ObjectItem, len(e.Items))
		for i, it := range e.Items {
			items[i] = ObjectItem{Key: objectKey(it.KeyExpr, src, base), Value: FromSyntax(it.ValueExpr, src, base)}
		}
		return &Object{Items: items}
	case *hclsyntax.ObjectConsKeyExpr:
		return objectKey(e, src, base)
	case *hclsyntax.BinaryOpExpr:
		return &BinaryOp{Op: binaryOpText(e.Op), Left: FromSyntax(e.LHS, src, base), Right: FromSyntax(e.RHS, src, base)}
	case *hclsyntax.UnaryOpExpr:
		op := "-"
		if e.Op == hclsyntax.OpLogicalNot {
			op = "!"
		}
		return &UnaryOp{Op: op, Operand: FromSyntax(e.Val, src, base)}
	case *hclsyntax.ParenthesesExpr:
		return &Paren{Inner: FromSyntax(e.Expression, src, base)}
	}
	return rawFrom(e, src, base)
}

// objectKey converts an object key: a bare identifier is a literal string
// key, as HCL reads it; anything else is an expression.
func objectKey(k hclsyntax.Expression, src []byte, base int) Expr {
	if ok, isKey := k.(*hclsyntax.ObjectConsKeyExpr); isKey {
		if !ok.ForceNonLiteral {
			if name := hcl.ExprAsKeyword(ok.Wrapped); name != "" {
				return String(name)
			}
		}
		return FromSyntax(ok.Wrapped, src, base)
	}
	return FromSyntax(k, src, base)
}

// splatEach turns the per-element expression of a splat into a relative
// traversal, when it is one. A splat inside it (a[*].b[*].c, whose
// per-element expression is .b[*].c) is a TraverseSplat step: written
// back, [*] in a splat's steps is again a splat applied to each element.
func splatEach(e hclsyntax.Expression) (hcl.Traversal, bool) {
	switch e := e.(type) {
	case *hclsyntax.AnonSymbolExpr:
		return nil, true
	case *hclsyntax.SplatExpr:
		inner, ok := splatEach(e.Source)
		if !ok {
			return nil, false
		}
		inner = append(inner, hcl.TraverseSplat{})
		if e.Each == nil {
			return inner, true
		}
		each, ok := splatEach(e.Each)
		if !ok {
			return nil, false
		}
		return append(inner, each...), true
	case *hclsyntax.RelativeTraversalExpr:
		if _, ok := e.Source.(*hclsyntax.AnonSymbolExpr); ok {
			return StripRanges(e.Traversal), true
		}
		if _, ok := e.Source.(*hclsyntax.SplatExpr); ok {
			// a[*].b.*.c.d: steps after an attribute-only splat apply
			// to its result, which [*] would not write.
			return nil, false
		}
		inner, ok := splatEach(e.Source)
		if !ok {
			return nil, false
		}
		return append(inner, StripRanges(e.Traversal)...), true
	case *hclsyntax.IndexExpr:
		key, ok := e.Key.(*hclsyntax.LiteralValueExpr)
		if !ok {
			return nil, false
		}
		if _, ok := e.Collection.(*hclsyntax.SplatExpr); ok {
			return nil, false // a[*].b.*.c[0], as above
		}
		inner, ok := splatEach(e.Collection)
		if !ok {
			return nil, false
		}
		return append(inner, hcl.TraverseIndex{Key: key.Val}), true
	}
	return nil, false
}

func rawFrom(e hclsyntax.Expression, src []byte, base int) Expr {
	r := e.Range()
	text := ""
	if src != nil {
		lo, hi := r.Start.Byte-base, r.End.Byte-base
		if lo >= 0 && hi <= len(src) && lo <= hi {
			text = string(src[lo:hi])
		}
	}
	// A heredoc's range ends at its closing marker, but the newline after
	// the marker belongs to it: without one the text is not an expression.
	if strings.HasPrefix(text, "<<") && !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	return &Raw{Text: text, Syntax: e}
}

// StripRanges drops source ranges from a traversal so that equal
// traversals compare equal whatever their origin. The model keeps
// traversals without ranges; front ends that parse text use this.
func StripRanges(t hcl.Traversal) hcl.Traversal {
	out := make(hcl.Traversal, len(t))
	for i, s := range t {
		switch s := s.(type) {
		case hcl.TraverseRoot:
			out[i] = hcl.TraverseRoot{Name: s.Name}
		case hcl.TraverseAttr:
			out[i] = hcl.TraverseAttr{Name: s.Name}
		case hcl.TraverseIndex:
			out[i] = hcl.TraverseIndex{Key: s.Key}
		case hcl.TraverseSplat:
			out[i] = hcl.TraverseSplat{}
		default:
			out[i] = s
		}
	}
	return out
}

var binaryOps = map[*hclsyntax.Operation]string{
	hclsyntax.OpLogicalOr:          "||",
	hclsyntax.OpLogicalAnd:         "&&",
	hclsyntax.OpEqual:              "==",
	hclsyntax.OpNotEqual:           "!=",
	hclsyntax.OpGreaterThan:        ">",
	hclsyntax.OpGreaterThanOrEqual: ">=",
	hclsyntax.OpLessThan:           "<",
	hclsyntax.OpLessThanOrEqual:    "<=",
	hclsyntax.OpAdd:                "+",
	hclsyntax.OpSubtract:           "-",
	hclsyntax.OpMultiply:           "*",
	hclsyntax.OpDivide:             "/",
	hclsyntax.OpModulo:             "%",
}

func binaryOpText(op *hclsyntax.Operation) string {
	if s, ok := binaryOps[op]; ok {
		return s
	}
	panic("config: unknown binary operator")
}

// ParseConfig parses the text of one .tf file into a Config. Top-level
// attributes are errors: Terraform files hold only blocks at the top.
// (Package tffile reads whole directories of Terraform files.)
func ParseConfig(src string, filename string) (*Config, diag.Diagnostics) {
	f, _, diags := parseBodyText(src, filename, hcl.InitialPos)
	if diags.HasErrors() {
		return nil, diags
	}
	return ConfigFromSyntax(f.Body.(*hclsyntax.Body), f.Bytes)
}

// ConfigFromSyntax converts the parsed body of a whole native-syntax file
// (src is its text) into a Config, reporting top-level attributes, which
// Terraform files cannot hold.
func ConfigFromSyntax(sb *hclsyntax.Body, src []byte) (*Config, diag.Diagnostics) {
	body := BodyFromSyntax(sb, src, 0)
	var diags diag.Diagnostics
	cfg := &Config{}
	if len(sb.Blocks) > 0 {
		cfg.Blocks = make([]*Block, 0, len(sb.Blocks))
	}
	for _, it := range body.Items {
		switch it := it.(type) {
		case *Block:
			cfg.Blocks = append(cfg.Blocks, it)
		case *Attribute:
			r := it.Range
			diags = append(diags, &diag.Diagnostic{
				Severity:   diag.Error,
				Summary:    fmt.Sprintf("Unexpected top-level argument %q", it.Name),
				Detail:     "A Terraform file holds only blocks at the top level.",
				Subject:    &r,
				Suggestion: "move the argument into a block, such as locals { ... }",
			})
		}
	}
	return cfg, diags
}
