package tfkit

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/fastpath"
	"github.com/tfkit/tfkit/internal/render"
)

// Expr is a Terraform expression: a reference such as aws_vpc.main.id, a
// function call, a conditional, raw HCL. It is accepted as a value anywhere
// a value is (in Attrs, as a function argument, as a default), and the
// element handles' Ref methods, Var, Local, Fn and the other helpers of this
// package return one.
//
// An Expr is immutable; Attr and Index return new expressions. Mistakes made
// while building one (an invalid raw text, a bad path) travel with it and are
// reported, with the Go line that made them, by the element it is used in.
//
// Formatted with %s or %v an Expr is an interpolation, "${aws_vpc.main.id}",
// and because tfkit reads Go strings as Terraform templates, it can be
// spliced into strings: fmt.Sprintf("%s-web", vpc.Ref("id")).
//
// The zero Expr is "no value": an attribute given one is left out.
type Expr struct {
	x    config.Expr
	meta *exprMeta
}

// exprMeta is what an expression carries besides its model: diagnostics
// found while building it and the elements it refers to, with their stacks.
type exprMeta struct {
	diags diag.Diagnostics
	refs  []target
}

// metaOne is an exprMeta whose one target is stored with it (see
// conv.meta).
type metaOne struct {
	exprMeta
	one [1]target
}

// ExprOf wraps an expression of the configuration model.
func ExprOf(x config.Expr) Expr { return Expr{x: x} }

// Model returns the expression as the configuration model holds it, or nil
// for the zero Expr.
func (e Expr) Model() config.Expr { return e.x }

// IsZero reports whether e is the zero Expr (no value).
func (e Expr) IsZero() bool { return e.x == nil && e.meta == nil }

// Diagnostics returns the mistakes made while building e.
func (e Expr) Diagnostics() diag.Diagnostics {
	if e.meta == nil {
		return nil
	}
	return e.meta.diags
}

// HCL returns the expression as HCL native syntax, such as aws_vpc.main.id or
// join(", ", var.names): the form to splice into raw HCL (RawBodyf does it
// for you).
func (e Expr) HCL() string {
	if e.x == nil {
		return "null"
	}
	return exprText(e.x)
}

// String returns the expression as template text: "${aws_vpc.main.id}" for
// an expression, the text itself (with "${" escaped) for a literal string.
// Strings given to tfkit are read as templates, so this is how an expression
// is spliced into a string.
func (e Expr) String() string {
	if e.x == nil {
		return ""
	}
	return templateText(e.x)
}

// Attr returns e.name: a longer reference (aws_vpc.main.tags), or an
// attribute of a computed value (element(var.list, 0).name).
func (e Expr) Attr(name string) Expr {
	if e.x == nil {
		return e
	}
	return e.with(traverse(e.x, hcl.TraverseAttr{Name: name}))
}

// Index returns e[key]. A literal key extends a reference
// (aws_instance.web[0]); other keys build an index expression
// (var.map[var.key]).
func (e Expr) Index(key any) Expr {
	if e.x == nil {
		return e
	}
	c := lazyConv()
	k := c.valueOrNull(key, "index key")
	var x config.Expr
	if lit, ok := k.(*config.Literal); ok && isKeyValue(lit.Val) {
		x = traverse(e.x, hcl.TraverseIndex{Key: lit.Val})
	} else {
		x = &config.Index{Collection: term(e.x), Key: k}
	}
	return Expr{x: x, meta: mergeMeta(e.meta, c.meta())}
}

func isKeyValue(v cty.Value) bool {
	return (v.Type() == cty.Number || v.Type() == cty.String) && v.IsKnown() && !v.IsNull()
}

// with returns a copy of e holding x and the same metadata.
func (e Expr) with(x config.Expr) Expr { return Expr{x: x, meta: e.meta} }

// traverse appends one step to an expression: to its traversal when it is a
// reference, a splat or a relative traversal, else as a new relative
// traversal on it.
func traverse(x config.Expr, step hcl.Traverser) config.Expr {
	switch x := x.(type) {
	case nil:
		return nil
	case *config.Reference:
		return &config.Reference{Traversal: appendStep(x.Traversal, step)}
	case *config.Splat:
		return &config.Splat{Source: x.Source, Each: appendStep(x.Each, step)}
	case *config.GetAttr:
		return &config.GetAttr{Source: x.Source, Traversal: appendStep(x.Traversal, step)}
	}
	return &config.GetAttr{Source: term(x), Traversal: hcl.Traversal{step}}
}

func appendStep(t hcl.Traversal, step hcl.Traverser) hcl.Traversal {
	out := make(hcl.Traversal, len(t), len(t)+1)
	copy(out, t)
	return append(out, step)
}

// term wraps x in parentheses when it cannot be followed by a traversal,
// an index or a splat as it is (an operator, a conditional).
func term(x config.Expr) config.Expr {
	switch x := x.(type) {
	case *config.BinaryOp, *config.Conditional, *config.UnaryOp:
		return &config.Paren{Inner: x}
	case *config.Raw:
		if !isTermSyntax(x.Syntax) {
			return &config.Paren{Inner: x}
		}
	}
	return x
}

func isTermSyntax(s hclsyntax.Expression) bool {
	switch s.(type) {
	case *hclsyntax.BinaryOpExpr, *hclsyntax.ConditionalExpr, *hclsyntax.UnaryOpExpr, nil:
		return false
	}
	return true
}

// Ref returns the reference written as text, such as "aws_vpc.main.id",
// "ingress.value" or `var.tags["Name"]`. Prefer the handles' Ref methods,
// which cannot misspell an element; Ref is for names tfkit does not declare
// (a dynamic block's iterator, a for-expression's variable).
func Ref(traversal string) Expr {
	site := callerSite()
	t, hds := hclsyntax.ParseTraversalAbs([]byte(traversal), "<reference>", hcl.InitialPos)
	if hds.HasErrors() {
		return Expr{x: config.Null(), meta: &exprMeta{diags: diag.Diagnostics{{
			Severity:   diag.Error,
			Summary:    "Invalid reference",
			Detail:     fmt.Sprintf("%q is not a reference: %s", traversal, hclMessage(hds)),
			Subject:    &site,
			Suggestion: `write a reference as names joined by dots, with [index] steps: aws_vpc.main.id, var.tags["Name"]`,
		}}}}
	}
	return Expr{x: &config.Reference{Traversal: config.StripRanges(t)}}
}

// reference builds a reference from names without parsing.
func reference(root string, attrs ...string) Expr { return Expr{x: config.Ref(root, attrs...)} }

// Var returns a reference to an input variable, var.name.
func Var(name string) Expr { return reference("var", name) }

// Local returns a reference to a local value, local.name.
func Local(name string) Expr { return reference("local", name) }

// Self returns self.attr, for provisioners, connections and postconditions.
func Self(attr string) Expr { return reference("self", attr) }

// Well-known references.
var (
	CountIndex         = reference("count", "index")         // count.index
	EachKey            = reference("each", "key")            // each.key
	EachValue          = reference("each", "value")          // each.value
	PathModule         = reference("path", "module")         // path.module
	PathRoot           = reference("path", "root")           // path.root
	PathCwd            = reference("path", "cwd")            // path.cwd
	TerraformWorkspace = reference("terraform", "workspace") // terraform.workspace
	// Null is Terraform's null, which unsets an argument; a Go nil leaves the
	// attribute out instead.
	Null = Expr{x: config.Null()}
)

// Literal returns s as a literal string: "${" and "%{" in it are not
// interpolations (they are written escaped, as $${ and %%{).
func Literal(s string) Expr {
	if !utf8.ValidString(s) {
		c := newConv(callerSite())
		c.utf8(s, "")
		return c.expr(config.Null())
	}
	return Expr{x: config.String(s)}
}

// Fn returns a call of a Terraform function: Fn("join", ", ", Var("names"))
// is join(", ", var.names).
func Fn(name string, args ...any) Expr {
	return call(name, false, args)
}

// FnExpand is Fn with the last argument expanded: FnExpand("max", Var("nums"))
// is max(var.nums...).
func FnExpand(name string, args ...any) Expr {
	return call(name, true, args)
}

// call builds a function call; it runs inside Fn or FnExpand, whose
// caller is the Go line reported.
func call(name string, expand bool, args []any) Expr {
	c := lazyConv()
	x := &config.Call{Name: name, ExpandFinal: expand && len(args) > 0, Args: make([]config.Expr, len(args))}
	if !hclsyntax.ValidIdentifier(strings.ReplaceAll(name, "::", "_")) {
		c.errorf("", "Invalid function name", fmt.Sprintf("%q is not a function name.", name), "")
	}
	for i, a := range args {
		x.Args[i] = c.valueOrNull(a, fmt.Sprintf("%s() argument %d", name, i+1))
	}
	return c.expr(x)
}

// Cond returns the conditional expression cond ? whenTrue : whenFalse.
func Cond(cond, whenTrue, whenFalse any) Expr {
	c := lazyConv()
	x := &config.Conditional{
		Cond:  condOperand(c.valueOrNull(cond, "condition")),
		True:  c.valueOrNull(whenTrue, "true result"),
		False: c.valueOrNull(whenFalse, "false result"),
	}
	return c.expr(x)
}

func condOperand(x config.Expr) config.Expr {
	if _, ok := x.(*config.Conditional); ok {
		return &config.Paren{Inner: x}
	}
	return x
}

// precedence of HCL's binary operators; higher binds tighter.
var precedence = map[string]int{
	"||": 1, "&&": 2, "==": 3, "!=": 3,
	"<": 4, "<=": 4, ">": 4, ">=": 4,
	"+": 5, "-": 5, "*": 6, "/": 6, "%": 6,
}

// Op returns the binary operation left op right, for the operators
// || && == != < <= > >= + - * / %. Operands are parenthesized as needed:
// Op(Op(1, "+", 2), "*", 3) is (1 + 2) * 3.
func Op(left any, op string, right any) Expr {
	c := lazyConv()
	p, ok := precedence[op]
	if !ok {
		c.errorf("", "Invalid operator", fmt.Sprintf("%q is not an HCL binary operator.", op), "use one of || && == != < <= > >= + - * / %")
	}
	l := c.valueOrNull(left, "left operand")
	r := c.valueOrNull(right, "right operand")
	if opPrecedence(l) < p {
		l = &config.Paren{Inner: l}
	}
	if opPrecedence(r) <= p {
		r = &config.Paren{Inner: r}
	}
	return c.expr(&config.BinaryOp{Op: op, Left: l, Right: r})
}

// unaryPrecedence is above every binary operator and below the terms that
// traversals, indexes and splats apply to.
const unaryPrecedence = 7

// opPrecedence is how tightly an operand binds: 0 for a conditional, the
// operator's precedence for an operation, 10 for a term.
func opPrecedence(x config.Expr) int {
	switch x := x.(type) {
	case *config.Conditional:
		return 0
	case *config.BinaryOp:
		return precedence[x.Op]
	case *config.UnaryOp:
		return unaryPrecedence
	case *config.Raw:
		switch s := x.Syntax.(type) {
		case *hclsyntax.ConditionalExpr:
			return 0
		case *hclsyntax.BinaryOpExpr:
			return syntaxPrecedence[s.Op]
		case *hclsyntax.UnaryOpExpr:
			return unaryPrecedence
		}
	}
	return 10
}

var syntaxPrecedence = map[*hclsyntax.Operation]int{
	hclsyntax.OpLogicalOr: 1, hclsyntax.OpLogicalAnd: 2,
	hclsyntax.OpEqual: 3, hclsyntax.OpNotEqual: 3,
	hclsyntax.OpLessThan: 4, hclsyntax.OpLessThanOrEqual: 4,
	hclsyntax.OpGreaterThan: 4, hclsyntax.OpGreaterThanOrEqual: 4,
	hclsyntax.OpAdd: 5, hclsyntax.OpSubtract: 5,
	hclsyntax.OpMultiply: 6, hclsyntax.OpDivide: 6, hclsyntax.OpModulo: 6,
}

// Not returns !x.
func Not(x any) Expr { return unary("!", x) }

// Neg returns -x.
func Neg(x any) Expr { return unary("-", x) }

func unary(op string, v any) Expr {
	c := lazyConv()
	x := c.valueOrNull(v, "operand")
	if opPrecedence(x) < unaryPrecedence {
		x = &config.Paren{Inner: x}
	}
	return c.expr(&config.UnaryOp{Op: op, Operand: x})
}

// Index returns coll[key]; see Expr.Index.
func Index(coll, key any) Expr {
	c := lazyConv()
	base := c.expr(c.valueOrNull(coll, "collection"))
	return base.Index(key)
}

// Splat returns source[*].path, such as aws_instance.web[*].id:
// Splat(web, "id"). path may be empty or a longer path ("network[0].ip"),
// and may hold splats of its own: Splat(web, "ebs_block_device[*].id") is
// aws_instance.web[*].ebs_block_device[*].id, for every instance the list
// of the ids of its devices.
func Splat(source any, path string) Expr {
	c := lazyConv()
	src := c.valueOrNull(source, "splat source")
	each, ok := splatPath(c, path)
	if !ok {
		return c.expr(config.Null())
	}
	return c.expr(&config.Splat{Source: term(src), Each: each})
}

// splatPath parses the path of a splat: attribute paths joined by [*]
// steps ("ebs_block_device[*].id", "y[*]", "[*].id").
func splatPath(c *conv, path string) (hcl.Traversal, bool) {
	parts := splitSplats(path)
	if len(parts) == 1 {
		if path == "" {
			return nil, true
		}
		return c.relPath(path)
	}
	var each hcl.Traversal
	for i, part := range parts {
		if i > 0 {
			each = append(each, hcl.TraverseSplat{})
			// After [*] a path goes on with .name or [index].
			if rest, ok := strings.CutPrefix(part, "."); ok {
				if rest == "" || strings.HasPrefix(rest, "[") {
					return nil, badSplatPath(c, path, "after [*] comes .name or [index]")
				}
				part = rest
			} else if part != "" && !strings.HasPrefix(part, "[") {
				return nil, badSplatPath(c, path, "after [*] comes .name or [index]")
			}
		}
		if part == "" {
			continue
		}
		src := "_"
		if !strings.HasPrefix(part, "[") {
			src += "."
		}
		t, hds := hclsyntax.ParseTraversalAbs([]byte(src+part), "<path>", hcl.InitialPos)
		if hds.HasErrors() || len(t) < 2 {
			return nil, badSplatPath(c, path, hclMessage(hds))
		}
		each = append(each, config.StripRanges(t[1:])...)
	}
	return each, true
}

func badSplatPath(c *conv, path, why string) bool {
	c.errorf("", "Invalid attribute path",
		fmt.Sprintf("%q is not an attribute path: %s.", path, strings.TrimSuffix(why, ".")),
		`write names joined by dots with [index] and [*] steps: "id", "network[0].ip", "ebs_block_device[*].id"`)
	return false
}

// splitSplats splits a path at its [*] steps (written with any spacing
// inside the brackets), leaving those inside quoted keys alone:
// `a[*].b["[*]"]` is "a" and `.b["[*]"]`.
func splitSplats(path string) []string {
	var parts []string
	start, inQuote := 0, false
	for i := 0; i < len(path); i++ {
		switch ch := path[i]; {
		case inQuote && ch == '\\':
			i++
		case ch == '"':
			inQuote = !inQuote
		case !inQuote && ch == '[':
			j := i + 1
			for j < len(path) && (path[j] == ' ' || path[j] == '\t') {
				j++
			}
			if j >= len(path) || path[j] != '*' {
				continue
			}
			j++
			for j < len(path) && (path[j] == ' ' || path[j] == '\t') {
				j++
			}
			if j < len(path) && path[j] == ']' {
				parts = append(parts, path[start:i])
				start = j + 1
				i = j
			}
		}
	}
	return append(parts, path[start:])
}

// Raw parses HCL expression text, such as `var.a == "x" ? 1 : 2`, for what
// the helpers do not cover. A syntax error is reported at its line and
// column inside text and at the Go line that called Raw.
func Raw(text string) Expr {
	return rawExpr(callerSite(), text)
}

// Rawf is Raw with fmt formatting. Expressions and element handles among
// args are written as HCL (aws_vpc.main.id, not "${...}"); other arguments
// are formatted as fmt does. Write %% for a literal percent sign.
func Rawf(format string, args ...any) Expr {
	site := callerSite()
	c := newConv(site)
	text := c.sprintf(format, args)
	e := rawExpr(site, text)
	e.meta = mergeMeta(e.meta, c.meta())
	return e
}

func rawExpr(site hcl.Range, text string) Expr {
	x, ds := config.ParseExpression(text, rawName(site), hcl.InitialPos)
	if ds.HasErrors() {
		return Expr{x: config.Null(), meta: &exprMeta{diags: rawDiags(ds, site, text)}}
	}
	return Expr{x: x}
}

// rawDiags places diagnostics of raw HCL text: their subject stays inside
// the text, and the Go line that gave the text is added as related site.
func rawDiags(ds diag.Diagnostics, site hcl.Range, text string) diag.Diagnostics {
	for _, d := range ds {
		d.Related = append(d.Related, diag.Related{Message: "raw HCL given at", Range: site})
		if d.Subject != nil {
			if line := lineOf(text, d.Subject.Start.Line); line != "" {
				d.Detail = strings.TrimSpace(d.Detail + fmt.Sprintf(" The raw HCL line %d is: %s", d.Subject.Start.Line, line))
			}
		}
	}
	return ds
}

func lineOf(text string, n int) string {
	lines := strings.Split(text, "\n")
	if n < 1 || n > len(lines) {
		return ""
	}
	return strings.TrimSpace(lines[n-1])
}

func hclMessage(hds hcl.Diagnostics) string {
	for _, d := range hds {
		if d.Severity == hcl.DiagError {
			if d.Detail != "" {
				return d.Summary + ": " + d.Detail
			}
			return d.Summary
		}
	}
	return "invalid"
}

func mergeMeta(a, b *exprMeta) *exprMeta {
	if b == nil {
		return a
	}
	if a == nil {
		return b
	}
	out := &exprMeta{
		diags: append(append(diag.Diagnostics(nil), a.diags...), b.diags...),
		refs:  append([]target(nil), a.refs...),
	}
	for _, t := range b.refs {
		out.refs = appendTarget(out.refs, t)
	}
	return out
}

func addDiag(m *exprMeta, d *diag.Diagnostic) *exprMeta {
	return mergeMeta(m, &exprMeta{diags: diag.Diagnostics{d}})
}

// appendTarget adds t unless it is among the last few targets: duplicates
// cost nothing but room, and a full search would make a value with many
// references quadratic.
func appendTarget(list []target, t target) []target {
	for i := len(list) - 1; i >= 0 && i >= len(list)-8; i-- {
		if list[i] == t {
			return list
		}
	}
	return append(list, t)
}

// ForExpr is a for-expression being built; start with For.
//
//	f := tfkit.For("name", tfkit.Var("names"))
//	f.List(tfkit.Fn("upper", f.Value()))          // [for name in var.names : upper(name)]
//	g := tfkit.For("k, v", tfkit.Var("tags"))
//	g.If(tfkit.Op(g.Value(), "!=", "")).Map(g.Key(), g.Value())
//	                                              // { for k, v in var.tags : k => v if v != "" }
type ForExpr struct {
	keyVar, valVar string
	coll           any
	cond           any
	bad            string
}

// For starts a for-expression over coll. vars names the iteration
// variables: "v", or "k, v" for the key (or index) and the value.
func For(vars string, coll any) ForExpr {
	f := ForExpr{coll: coll}
	parts := strings.Split(vars, ",")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	switch {
	case len(parts) == 1 && hclsyntax.ValidIdentifier(parts[0]):
		f.valVar = parts[0]
	case len(parts) == 2 && hclsyntax.ValidIdentifier(parts[0]) && hclsyntax.ValidIdentifier(parts[1]):
		f.keyVar, f.valVar = parts[0], parts[1]
	default:
		f.bad = vars
		f.valVar = "_"
	}
	return f
}

// Key returns a reference to the key variable.
func (f ForExpr) Key() Expr {
	if f.keyVar == "" {
		site := callerSite()
		return Expr{x: config.Null(), meta: &exprMeta{diags: diag.Diagnostics{{
			Severity: diag.Error, Summary: "For-expression without a key variable",
			Detail: "Key was called on a for-expression that names only a value variable.", Subject: &site,
			Suggestion: `name both variables: tfkit.For("k, v", ...)`,
		}}}}
	}
	return reference(f.keyVar)
}

// Value returns a reference to the value variable.
func (f ForExpr) Value() Expr { return reference(f.valVar) }

// If returns the for-expression with a filter condition.
func (f ForExpr) If(cond any) ForExpr {
	f.cond = cond
	return f
}

// List returns [for ... : value].
func (f ForExpr) List(value any) Expr { return f.build(false, nil, value, false) }

// Map returns {for ... : key => value}.
func (f ForExpr) Map(key, value any) Expr { return f.build(true, key, value, false) }

// MapGrouped returns {for ... : key => value...}, grouping the values of
// equal keys into lists.
func (f ForExpr) MapGrouped(key, value any) Expr {
	return f.build(true, key, value, true)
}

func (f ForExpr) build(isMap bool, key, value any, group bool) Expr {
	c := lazyConv()
	if f.bad != "" {
		c.errorf("", "Invalid for-expression variables",
			fmt.Sprintf("%q does not name one or two iteration variables.", f.bad), `write "v" or "k, v"`)
	}
	x := &config.For{
		KeyVar:     f.keyVar,
		ValVar:     f.valVar,
		Collection: c.valueOrNull(f.coll, "for collection"),
		Value:      c.valueOrNull(value, "for value"),
		Group:      group,
	}
	if isMap {
		x.Key = c.valueOrNull(key, "for key")
	}
	if f.cond != nil {
		x.Cond = c.valueOrNull(f.cond, "for condition")
	}
	return c.expr(x)
}

// This file writes single expressions as HCL text, for Expr.String and
// Expr.HCL (splicing into strings and raw HCL) and for messages. Whole
// configurations are written by package render; the text made here is read
// back by tfkit's own parser, never written to output as is.

// exprText writes x as an HCL native-syntax expression.
func exprText(x config.Expr) string {
	if r, ok := x.(*config.Reference); ok {
		if b, ok := appendPlainTraversal(nil, r.Traversal); ok {
			return string(b)
		}
	}
	return string(render.InlineExpr(x))
}

// appendPlainTraversal appends a traversal of plain names (var.env,
// aws_vpc.main.id) as text, which is how the renderer writes one: the most
// frequent expression spliced into strings is written without it.
func appendPlainTraversal(dst []byte, t hcl.Traversal) ([]byte, bool) {
	for i, step := range t {
		var name string
		switch s := step.(type) {
		case hcl.TraverseRoot:
			if i != 0 {
				return nil, false
			}
			name = s.Name
		case hcl.TraverseAttr:
			if i == 0 {
				return nil, false
			}
			name = s.Name
		default:
			return nil, false
		}
		if !fastpath.IsPlainName(name) {
			return nil, false
		}
		if i > 0 {
			dst = append(dst, '.')
		}
		dst = append(dst, name...)
	}
	return dst, len(t) > 0
}

// templateText writes x as template content: literal text with "${" and
// "%{" escaped, expressions as interpolations.
func templateText(x config.Expr) string {
	switch x := x.(type) {
	case *config.Literal:
		if x.Val.Type() == cty.String && x.Val.IsKnown() && !x.Val.IsNull() {
			return escapeTemplateContent(x.Val.AsString())
		}
	case *config.Template:
		var b strings.Builder
		config.EachTemplateRun(x.Parts, func(s, dollars string, _ bool) {
			b.WriteString(escapeTemplateContent(s))
			b.WriteString(config.DollarInterpolation(dollars))
		}, func(p config.Expr) {
			b.WriteString("${")
			b.Write(render.InlineExpr(p))
			b.WriteString("}")
		})
		return b.String()
	}
	if r, ok := x.(*config.Reference); ok {
		var buf [64]byte
		if b, ok := appendPlainTraversal(append(buf[:0], "${"...), r.Traversal); ok {
			return string(append(b, '}'))
		}
	}
	return "${" + exprText(x) + "}"
}

// escapeTemplateContent escapes only the template sequences: in template
// content (a JSON string value, a heredoc) backslashes and quotes are text.
func escapeTemplateContent(s string) string {
	return config.EscapeTemplate(s)
}

// nullExpr is what a reference through a nil handle gives: null (the
// mistake is reported, so nothing is written).
func nullExpr() Expr { return Expr{x: config.Null()} }
