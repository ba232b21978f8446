package rendertest

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/internal/tfrules"
)

// This file gives models a canonical text form for round-trip tests: two
// models print the same when they mean the same configuration, whatever
// parentheses, template wrapping or literal collections they were built
// with, and without source ranges.

// DumpConfig prints a configuration canonically. Arguments Terraform reads
// statically are first converted the way the renderers convert them, so a
// literal "aws.west" and the reference aws.west print the same.
func DumpConfig(cfg *config.Config) string {
	var b strings.Builder
	for _, blk := range cfg.Blocks {
		dumpBlock(&b, blk, nil, 0)
	}
	return b.String()
}

func dumpBlock(b *strings.Builder, blk *config.Block, types []string, depth int) {
	types = append(types, blk.Type)
	ind := strings.Repeat("  ", depth)
	fmt.Fprintf(b, "%s%s %q {\n", ind, blk.Type, blk.Labels)
	for _, it := range blk.Body.Items {
		switch it := it.(type) {
		case *config.Attribute:
			e := tfrules.Static(tfrules.For(types, it.Name), it.Name, it.Expr, nil)
			fmt.Fprintf(b, "%s  %s = %s\n", ind, it.Name, DumpExpr(canon(e)))
		case *config.Block:
			dumpBlock(b, it, types, depth+1)
		}
	}
	fmt.Fprintf(b, "%s}\n", ind)
}

// canon rewrites an expression into its canonical form.
func canon(e config.Expr) config.Expr {
	switch e := e.(type) {
	case nil:
		return nil
	case *config.Paren:
		return canon(e.Inner)
	case *config.Raw:
		pe, diags := config.ParseExpression(e.Text, "", hcl.Pos{})
		if diags.HasErrors() {
			return e
		}
		if r, ok := pe.(*config.Raw); ok {
			// Kinds the model has no node for stay raw: compare their
			// tokens, so that spacing between them (`%{ for` or `%{for`)
			// does not count and spacing inside text does.
			return &config.Raw{Text: tokenText(r.Text)}
		}
		return canon(pe)
	case *config.Literal:
		return canonValue(e.Val)
	case *config.Template:
		var parts []config.Expr
		for _, p := range e.Parts {
			p = canon(p)
			s, isText := config.LiteralText(p)
			if isText && s == "" {
				continue
			}
			if n := len(parts); isText && n > 0 {
				if prev, ok := config.LiteralText(parts[n-1]); ok {
					parts[n-1] = config.String(prev + s)
					continue
				}
			}
			parts = append(parts, p)
		}
		switch {
		case len(parts) == 0:
			return config.String("")
		case len(parts) == 1:
			if _, ok := config.LiteralText(parts[0]); ok {
				return parts[0]
			}
			return parts[0] // unwrapped, as the renderers write it
		}
		return &config.Template{Parts: parts}
	case *config.Reference:
		return splitSplat(normTraversal(e.Traversal))
	case *config.Call:
		args := make([]config.Expr, len(e.Args))
		for i, a := range e.Args {
			args[i] = canon(a)
		}
		return &config.Call{Name: e.Name, Args: args, ExpandFinal: e.ExpandFinal}
	case *config.Conditional:
		return &config.Conditional{Cond: canon(e.Cond), True: canon(e.True), False: canon(e.False)}
	case *config.For:
		return &config.For{KeyVar: e.KeyVar, ValVar: e.ValVar, Collection: canon(e.Collection),
			Key: canon(e.Key), Value: canon(e.Value), Cond: canon(e.Cond), Group: e.Group}
	case *config.Splat:
		return &config.Splat{Source: canon(e.Source), Each: normTraversal(e.Each)}
	case *config.Index:
		coll, key := canon(e.Collection), canon(e.Key)
		if l, ok := key.(*config.Literal); ok && l.Val.IsKnown() && !l.Val.IsNull() && l.Val.Type().IsPrimitiveType() {
			return getAttr(coll, hcl.Traversal{hcl.TraverseIndex{Key: l.Val}})
		}
		return &config.Index{Collection: coll, Key: key}
	case *config.GetAttr:
		return getAttr(canon(e.Source), normTraversal(e.Traversal))
	case *config.Tuple:
		items := make([]config.Expr, len(e.Items))
		for i, it := range e.Items {
			items[i] = canon(it)
		}
		return &config.Tuple{Items: items}
	case *config.Object:
		items := make([]config.ObjectItem, len(e.Items))
		for i, it := range e.Items {
			items[i] = config.ObjectItem{Key: canonKey(canon(it.Key)), Value: canon(it.Value)}
		}
		return &config.Object{Items: items}
	case *config.BinaryOp:
		return &config.BinaryOp{Op: e.Op, Left: canon(e.Left), Right: canon(e.Right)}
	case *config.UnaryOp:
		inner := canon(e.Operand)
		if l, ok := inner.(*config.Literal); ok && e.Op == "-" && l.Val.Type() == cty.Number && l.Val.IsKnown() && !l.Val.IsNull() {
			return &config.Literal{Val: cty.NumberVal(new(big.Float).Neg(l.Val.AsBigFloat()))}
		}
		return &config.UnaryOp{Op: e.Op, Operand: inner}
	}
	panic(fmt.Sprintf("canon: %T", e))
}

// tokenText returns expression text as its tokens separated by single
// spaces, without the newlines between them.
func tokenText(text string) string {
	toks, diags := hclsyntax.LexExpression([]byte(text), "", hcl.Pos{Line: 1, Column: 1})
	if diags.HasErrors() {
		return strings.Join(strings.Fields(text), " ")
	}
	var b strings.Builder
	for _, tok := range toks {
		if tok.Type == hclsyntax.TokenNewline || tok.Type == hclsyntax.TokenEOF {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.Write(tok.Bytes)
	}
	return b.String()
}

// canonKey writes number and bool keys as the strings HCL converts them
// to (JSON property names can only be strings).
func canonKey(k config.Expr) config.Expr {
	if l, ok := k.(*config.Literal); ok && l.Val.IsKnown() && !l.Val.IsNull() && (l.Val.Type() == cty.Number || l.Val.Type() == cty.Bool) {
		return config.String(config.KeyString(l.Val))
	}
	return k
}

// canonValue turns literal collections into the tuple and object
// expressions that their HCL text parses back to.
func canonValue(v cty.Value) config.Expr {
	if !v.IsKnown() || v.IsNull() || v.IsMarked() {
		return &config.Literal{Val: v}
	}
	t := v.Type()
	switch {
	case t.IsListType() || t.IsSetType() || t.IsTupleType():
		var items []config.Expr
		for it := v.ElementIterator(); it.Next(); {
			_, ev := it.Element()
			items = append(items, canonValue(ev))
		}
		return &config.Tuple{Items: items}
	case t.IsMapType() || t.IsObjectType():
		var items []config.ObjectItem
		for it := v.ElementIterator(); it.Next(); {
			k, ev := it.Element()
			items = append(items, config.ObjectItem{Key: &config.Literal{Val: k}, Value: canonValue(ev)})
		}
		return &config.Object{Items: items}
	}
	return &config.Literal{Val: v}
}

// getAttr applies a relative traversal, merging it into a reference or an
// earlier traversal the way the parser reads it back.
func getAttr(src config.Expr, t hcl.Traversal) config.Expr {
	if len(t) == 0 {
		return src
	}
	switch s := src.(type) {
	case *config.Reference:
		return splitSplat(append(append(hcl.Traversal{}, s.Traversal...), t...))
	case *config.GetAttr:
		return &config.GetAttr{Source: s.Source, Traversal: append(append(hcl.Traversal{}, s.Traversal...), t...)}
	}
	return &config.GetAttr{Source: src, Traversal: t}
}

// normTraversal writes attribute steps that are not names as the index
// steps the renderers write them as.
func normTraversal(t hcl.Traversal) hcl.Traversal {
	out := make(hcl.Traversal, len(t))
	for i, s := range t {
		if a, ok := s.(hcl.TraverseAttr); ok && !config.ValidIdentifier(a.Name) {
			s = hcl.TraverseIndex{Key: cty.StringVal(a.Name)}
		}
		out[i] = s
	}
	return out
}

// splitSplat turns a traversal with a [*] step into the splat expression
// the parser reads it as.
func splitSplat(t hcl.Traversal) config.Expr {
	for i, s := range t {
		if _, ok := s.(hcl.TraverseSplat); ok && i > 0 {
			return &config.Splat{Source: &config.Reference{Traversal: t[:i]}, Each: t[i+1:]}
		}
	}
	return &config.Reference{Traversal: t}
}

// DumpExpr prints a canonical expression as a one-line S-expression.
func DumpExpr(e config.Expr) string {
	switch e := e.(type) {
	case nil:
		return "<nil>"
	case *config.Literal:
		return dumpValue(e.Val)
	case *config.Template:
		parts := make([]string, len(e.Parts))
		for i, p := range e.Parts {
			parts[i] = DumpExpr(p)
		}
		return "(template " + strings.Join(parts, " ") + ")"
	case *config.Reference:
		return "(ref " + dumpTraversal(e.Traversal) + ")"
	case *config.Call:
		args := make([]string, len(e.Args))
		for i, a := range e.Args {
			args[i] = DumpExpr(a)
		}
		return fmt.Sprintf("(call %s %v %s)", e.Name, e.ExpandFinal, strings.Join(args, " "))
	case *config.Conditional:
		return "(? " + DumpExpr(e.Cond) + " " + DumpExpr(e.True) + " " + DumpExpr(e.False) + ")"
	case *config.For:
		return fmt.Sprintf("(for %s %s %s %s %s %s %v)", e.KeyVar, e.ValVar, DumpExpr(e.Collection),
			DumpExpr(e.Key), DumpExpr(e.Value), DumpExpr(e.Cond), e.Group)
	case *config.Splat:
		return "(splat " + DumpExpr(e.Source) + " " + dumpTraversal(e.Each) + ")"
	case *config.Index:
		return "(index " + DumpExpr(e.Collection) + " " + DumpExpr(e.Key) + ")"
	case *config.GetAttr:
		return "(get " + DumpExpr(e.Source) + " " + dumpTraversal(e.Traversal) + ")"
	case *config.Tuple:
		items := make([]string, len(e.Items))
		for i, it := range e.Items {
			items[i] = DumpExpr(it)
		}
		return "[" + strings.Join(items, " ") + "]"
	case *config.Object:
		items := make([]string, len(e.Items))
		for i, it := range e.Items {
			items[i] = DumpExpr(it.Key) + "=" + DumpExpr(it.Value)
		}
		return "{" + strings.Join(items, " ") + "}"
	case *config.BinaryOp:
		return "(" + e.Op + " " + DumpExpr(e.Left) + " " + DumpExpr(e.Right) + ")"
	case *config.UnaryOp:
		return "(" + e.Op + " " + DumpExpr(e.Operand) + ")"
	case *config.Raw:
		return "(raw " + strconv.Quote(e.Text) + ")"
	}
	panic(fmt.Sprintf("dump: %T", e))
}

func dumpValue(v cty.Value) string {
	switch {
	case !v.IsKnown():
		return "<unknown>"
	case v.IsNull():
		return "null"
	case v.Type() == cty.String:
		return strconv.Quote(v.AsString())
	case v.Type() == cty.Number:
		bf := v.AsBigFloat()
		if bf.IsInf() {
			return bf.String()
		}
		sign := ""
		if bf.Signbit() {
			sign = "-"
			bf = new(big.Float).Neg(bf)
		}
		return sign + string(appendNumber(nil, bf))
	case v.Type() == cty.Bool:
		return strconv.FormatBool(v.True())
	}
	return v.GoString()
}

func dumpTraversal(t hcl.Traversal) string {
	var b strings.Builder
	for _, s := range t {
		switch s := s.(type) {
		case hcl.TraverseRoot:
			b.WriteString(s.Name)
		case hcl.TraverseAttr:
			b.WriteString("." + s.Name)
		case hcl.TraverseIndex:
			b.WriteString("[" + dumpValue(s.Key) + "]")
		case hcl.TraverseSplat:
			b.WriteString("[*]")
		}
	}
	return b.String()
}

// ParseHCL reads rendered HCL back into the model.
func ParseHCL(src []byte) (*config.Config, error) {
	f, diags := hclsyntax.ParseConfig(src, "main.tf", hcl.InitialPos)
	if diags.HasErrors() {
		return nil, diags
	}
	body := config.BodyFromSyntax(f.Body.(*hclsyntax.Body), src, 0)
	cfg := &config.Config{}
	for _, it := range body.Items {
		blk, ok := it.(*config.Block)
		if !ok {
			return nil, fmt.Errorf("top-level attribute %s", it.(*config.Attribute).Name)
		}
		cfg.Add(blk)
	}
	return cfg, nil
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
