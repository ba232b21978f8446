package convert

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/internal/render"
)

// This file writes expressions as Go: the tfkit expression helpers,
// handles' references, templates and literals.

// goExpr is Go code for an expression; isExpr tells whether its Go type is
// tfkit.Expr (so that .Attr and .Index apply).
type goExpr struct {
	code   string
	isExpr bool
}

func (g *goEmitter) raw(x config.Expr, why string) goExpr {
	text := string(render.InlineExpr(x))
	if r, ok := x.(*config.Raw); ok {
		text = r.Text
	}
	return g.rawText(text, why)
}

// rawText writes HCL expression text as tfkit.Raw, with a warning saying
// why.
func (g *goEmitter) rawText(text, why string) goExpr {
	g.ds = append(g.ds, warnf(g.at, "Expression kept as raw HCL", "%s; it is written with tfkit.Raw.", why))
	return goExpr{"tfkit.Raw(" + goRawString(text) + ")", true}
}

// item writes item i of a constructor with spans and the comment at the
// end of its line; the caller has written the comments before it, taken
// before the item's code, which may take comments inside it.
func (g *goEmitter) item(b *strings.Builder, sp *itemSpans, i int, code string) {
	b.WriteString(code + ",")
	// Not one after the closing bracket: { a = 1 } # why is the
	// attribute's.
	if g.src.notes.pending(sp.close) {
		if c := g.src.notes.trailing(sp.ends[i]); c != "" {
			b.WriteString(" // " + c)
		}
	}
	b.WriteString("\n")
}

func (g *goEmitter) expr(x config.Expr) goExpr {
	switch x := x.(type) {
	case *config.Literal:
		return g.literal(x)
	case *config.Template:
		if r, ok := g.assets.pathRead(x); ok {
			return goExpr{g.assetPath(r), false}
		}
		return g.template(x)
	case *config.Reference:
		return g.ref(x.Traversal)
	case *config.Call:
		if strings.Contains(x.Name, "::") {
			return g.raw(x, fmt.Sprintf("the provider function %s has no Go helper", x.Name))
		}
		fn := "tfkit.Fn"
		if x.ExpandFinal {
			fn = "tfkit.FnExpand"
		}
		args := []string{strconv.Quote(x.Name)}
		for i, a := range x.Args {
			if r, ok := g.assets.argRead(x, i); ok {
				args = append(args, g.assetPath(r))
				continue
			}
			args = append(args, g.expr(a).code)
		}
		return goExpr{fn + "(" + strings.Join(args, ", ") + ")", true}
	case *config.Conditional:
		return goExpr{fmt.Sprintf("tfkit.Cond(%s, %s, %s)", g.expr(x.Cond).code, g.expr(x.True).code, g.expr(x.False).code), true}
	case *config.For:
		vars := x.ValVar
		if x.KeyVar != "" {
			vars = x.KeyVar + ", " + x.ValVar
		}
		// The parts in the order of the text, which the comments
		// inside them follow: collection, key, value, condition.
		coll := g.expr(x.Collection).code
		var key string
		if x.Key != nil {
			key = g.expr(x.Key).code
		}
		value := g.expr(x.Value).code
		code := fmt.Sprintf("tfkit.For(%q, %s)", vars, coll)
		if x.Cond != nil {
			code += ".If(" + g.expr(x.Cond).code + ")"
		}
		switch {
		case x.Key == nil:
			code += ".List(" + value + ")"
		case x.Group:
			code += ".MapGrouped(" + key + ", " + value + ")"
		default:
			code += ".Map(" + key + ", " + value + ")"
		}
		return goExpr{code, true}
	case *config.Splat:
		path, ok := splatPathText(x.Each)
		if !ok {
			return g.raw(x, "this splat has no Go helper")
		}
		return goExpr{fmt.Sprintf("tfkit.Splat(%s, %q)", g.expr(x.Source).code, path), true}
	case *config.Index:
		return goExpr{fmt.Sprintf("tfkit.Index(%s, %s)", g.expr(x.Collection).code, g.expr(x.Key).code), true}
	case *config.GetAttr:
		mark := g.src.notes.mark()
		src := g.expr(x.Source)
		if !src.isExpr {
			g.src.notes.reset(mark) // the raw text holds them
			return g.raw(x, "this attribute access has no Go helper")
		}
		code := src.code
		for _, step := range x.Traversal {
			switch s := step.(type) {
			case hcl.TraverseAttr:
				code += fmt.Sprintf(".Attr(%q)", s.Name)
			case hcl.TraverseIndex:
				code += ".Index(" + g.literal(&config.Literal{Val: s.Key}).code + ")"
			default:
				return g.raw(x, "this attribute access has no Go helper")
			}
		}
		return goExpr{code, true}
	case *config.Tuple:
		sp := g.src.spans[x]
		if sp == nil || len(x.Items) == 0 || !g.src.notes.pending(sp.close) {
			items := make([]string, len(x.Items))
			for i, it := range x.Items {
				items[i] = g.expr(it).code
			}
			return goExpr{"[]any{" + strings.Join(items, ", ") + "}", false}
		}
		// Comments inside: one item a line, each after its comments.
		var b strings.Builder
		b.WriteString("[]any{\n")
		for i, it := range x.Items {
			b.WriteString(lineComments(g.src.notes.before(sp.starts[i]), ""))
			g.item(&b, sp, i, g.expr(it).code)
		}
		b.WriteString(lineComments(g.src.notes.before(sp.close), "") + "}")
		return goExpr{b.String(), false}
	case *config.Object:
		sp := g.src.spans[x]
		named := true
		for _, it := range x.Items {
			if _, ok := literalString(it.Key); !ok {
				named = false
			}
		}
		if !named && !objectKeysFit(x) {
			const why = "an object key that is null, a collection or given twice has no Go form"
			if sp != nil && sp.end <= len(g.src.src) {
				// The text as written, with its layout and the
				// comments inside it, which it keeps.
				g.src.notes.skip(sp.end)
				return g.rawText(string(g.src.src[sp.start:sp.end]), why)
			}
			return g.raw(x, why)
		}
		if len(x.Items) == 0 {
			return goExpr{"tfkit.Ordered()", false}
		}
		// Keys that are all names are tfkit.Ordered's; expressions among
		// them make it tfkit.Object, whose keys are values.
		open, isExpr := "tfkit.Ordered(\n", false
		if !named {
			open, isExpr = "tfkit.Object(\n", true
		}
		var b strings.Builder
		b.WriteString(open)
		for i, it := range x.Items {
			var k string
			if named {
				name, _ := literalString(it.Key)
				k = strconv.Quote(name)
			}
			if sp == nil {
				if !named {
					k = g.expr(it.Key).code
				}
				b.WriteString(k + ", " + g.expr(it.Value).code + ",\n")
				continue
			}
			b.WriteString(lineComments(g.src.notes.before(sp.starts[i]), ""))
			if !named {
				k = g.expr(it.Key).code
			}
			g.item(&b, sp, i, k+", "+g.expr(it.Value).code)
		}
		if sp != nil {
			b.WriteString(lineComments(g.src.notes.before(sp.close), ""))
		}
		return goExpr{b.String() + ")", isExpr}
	case *config.BinaryOp:
		return goExpr{fmt.Sprintf("tfkit.Op(%s, %q, %s)", g.expr(x.Left).code, x.Op, g.expr(x.Right).code), true}
	case *config.UnaryOp:
		if x.Op == "!" {
			return goExpr{"tfkit.Not(" + g.expr(x.Operand).code + ")", true}
		}
		if l, ok := x.Operand.(*config.Literal); ok && l.Val.Type() == cty.Number && l.Val.IsKnown() && !l.Val.IsNull() {
			return g.literal(&config.Literal{Val: l.Val.Negate()})
		}
		return goExpr{"tfkit.Neg(" + g.expr(x.Operand).code + ")", true}
	case *config.Paren:
		return g.expr(x.Inner)
	case *config.Raw:
		if why, ok := g.rawWhy[x]; ok {
			return g.raw(x, why)
		}
		return g.raw(x, rawReason(x, "Go helper"))
	}
	return g.raw(x, "this expression has no Go helper")
}

// rawReason says which construct the model keeps as raw HCL and the target
// has no helper for: helper names what the target lacks ("Go helper",
// "TSX form").
func rawReason(x *config.Raw, helper string) string {
	switch syn := x.Syntax.(type) {
	case *hclsyntax.TemplateExpr, *hclsyntax.TemplateWrapExpr:
		return "a %{ for } template directive has no " + helper
	case *hclsyntax.SplatExpr:
		if afterAttrSplat(syn.Each) {
			return "steps after an attribute-only splat inside a splat (a[*].b.*.c[0]) have no " + helper
		}
		return "a splat whose steps after [*] are not a plain path (an index computed for each element, a[*].b[local.i]) has no " + helper
	}
	return "a construct without a " + helper
}

// afterAttrSplat tells whether the steps of a splat apply a traversal or
// an index to an attribute-only splat (a[*].b.*.c[0] reads element 0 of
// b.*.c, which [*] cannot write).
func afterAttrSplat(e hclsyntax.Expression) bool {
	for e != nil {
		var src hclsyntax.Expression
		switch x := e.(type) {
		case *hclsyntax.RelativeTraversalExpr:
			src = x.Source
		case *hclsyntax.IndexExpr:
			src = x.Collection
		case *hclsyntax.SplatExpr:
			if afterAttrSplat(x.Source) {
				return true
			}
			e = x.Each
			continue
		default:
			return false
		}
		if _, ok := src.(*hclsyntax.SplatExpr); ok {
			return true
		}
		e = src
	}
	return false
}

// objectKeysFit tells whether tfkit.Object takes the object's keys: it
// refuses null and collection keys, which Terraform refuses too, and a key
// given twice (1 and "1" are one key).
func objectKeysFit(x *config.Object) bool {
	seen := map[string]bool{}
	for _, it := range x.Items {
		k := it.Key
		for {
			p, ok := k.(*config.Paren)
			if !ok {
				break
			}
			k = p.Inner
		}
		switch k := k.(type) {
		case *config.Tuple, *config.Object, *config.For:
			return false
		case *config.Literal:
			if k.Val.IsNull() || !k.Val.IsKnown() || !k.Val.Type().IsPrimitiveType() {
				return false
			}
			ks := config.KeyString(k.Val)
			if k.Val.Type() == cty.String {
				ks = k.Val.AsString()
			}
			if seen[ks] {
				return false
			}
			seen[ks] = true
		}
	}
	return true
}

func (g *goEmitter) literal(x *config.Literal) goExpr {
	v := x.Val
	if v.IsNull() {
		return goExpr{"tfkit.Null", true}
	}
	if !v.IsKnown() {
		return g.raw(x, "an unknown value")
	}
	switch v.Type() {
	case cty.String:
		return goExpr{goString(config.EscapeTemplate(v.AsString())), false}
	case cty.Bool:
		return goExpr{strconv.FormatBool(v.True()), false}
	case cty.Number:
		if code, ok := goNumber(v.AsBigFloat()); ok {
			return goExpr{code, false}
		}
		// Beyond float64: the exact decimal, as HCL reads it.
		return g.raw(x, "a number a Go constant of type int64 or float64 cannot hold exactly")
	}
	return g.raw(x, "a literal collection")
}

// goNumber writes a number as a Go constant that means the same number:
// an int64, else the shortest float64 text when, read as a decimal, it is
// the number (0.1 is written 0.1; the configuration written from it says
// 0.1 again).
func goNumber(f *big.Float) (string, bool) {
	if f.IsInt() {
		if i, acc := f.Int64(); acc == big.Exact {
			return strconv.FormatInt(i, 10), true
		}
	}
	s, ok := shortestFloat(f)
	if !ok {
		return "", false
	}
	if !strings.ContainsAny(s, ".eE") {
		s += ".0"
	}
	return s, true
}

// shortestFloat is the shortest float64 text of f when that text, read as
// a decimal, equals f.
func shortestFloat(f *big.Float) (string, bool) {
	fl, _ := f.Float64()
	if math.IsInf(fl, 0) {
		return "", false
	}
	s := strconv.FormatFloat(fl, 'g', -1, 64)
	back, _, err := big.ParseFloat(s, 10, f.Prec(), big.ToNearestEven)
	if err != nil || back.Cmp(f) != 0 {
		return "", false
	}
	return s, true
}

// refKey is the address the first names of a reference give, as the
// elements declared before are keyed (aws_vpc.main, data.aws_ami.x,
// module.net, aws.west), and how many steps it takes; false when the
// reference is shorter or indexed within them.
func refKey(t hcl.Traversal) (string, int, bool) {
	root, ok := t[0].(hcl.TraverseRoot)
	n := config.ReferenceLen(root.Name)
	if !ok || len(t) < n {
		return "", 0, false
	}
	key := root.Name
	for _, st := range t[1:n] {
		a, ok := st.(hcl.TraverseAttr)
		if !ok {
			return "", 0, false
		}
		key += "." + a.Name
	}
	return key, n, true
}

// ref writes a reference, through the handle of the element when it was
// declared before.
func (g *goEmitter) ref(t hcl.Traversal) goExpr {
	text := config.TraversalString(t)
	root, _ := t[0].(hcl.TraverseRoot)
	attr := func(i int) string {
		if i < len(t) {
			if a, ok := t[i].(hcl.TraverseAttr); ok {
				return a.Name
			}
		}
		return ""
	}
	switch root.Name {
	case "var":
		if len(t) == 2 && attr(1) != "" {
			return goExpr{fmt.Sprintf("tfkit.Var(%q)", attr(1)), true}
		}
	case "local":
		if len(t) == 2 && attr(1) != "" {
			return goExpr{fmt.Sprintf("tfkit.Local(%q)", attr(1)), true}
		}
	case "count":
		if text == "count.index" {
			return goExpr{"tfkit.CountIndex", true}
		}
	case "each":
		switch text {
		case "each.key":
			return goExpr{"tfkit.EachKey", true}
		case "each.value":
			return goExpr{"tfkit.EachValue", true}
		}
	case "path":
		switch text {
		case "path.module":
			return goExpr{"tfkit.PathModule", true}
		case "path.root":
			return goExpr{"tfkit.PathRoot", true}
		case "path.cwd":
			return goExpr{"tfkit.PathCwd", true}
		}
	case "terraform":
		if text == "terraform.workspace" {
			return goExpr{"tfkit.TerraformWorkspace", true}
		}
	case "self":
		if len(t) == 2 && attr(1) != "" {
			return goExpr{fmt.Sprintf("tfkit.Self(%q)", attr(1)), true}
		}
	case "module":
		if len(t) >= 2 && attr(1) != "" {
			if v := g.vars["module."+attr(1)]; v != nil {
				if len(t) == 3 && attr(2) != "" {
					v.used = true
					h := v.name
					if v.typed {
						h += ".Module()"
					}
					return goExpr{fmt.Sprintf("%s.Output(%q)", h, attr(2)), true}
				}
				return g.handleRef(v, t[2:], text)
			}
		}
	default:
		if key, n, ok := refKey(t); ok {
			if v := g.vars[key]; v != nil && (v.kind != "provider" || len(t) == n) {
				return g.handleRef(v, t[n:], text)
			}
		}
		if v := g.vars[root.Name]; v != nil && v.kind == "provider" && len(t) == 1 {
			return g.handleRef(v, nil, text)
		}
	}
	return goExpr{fmt.Sprintf("tfkit.Ref(%q)", text), true}
}

func (g *goEmitter) handleRef(v *goVar, rest hcl.Traversal, text string) goExpr {
	path, ok := pathText(rest)
	if !ok {
		return goExpr{fmt.Sprintf("tfkit.Ref(%q)", text), true}
	}
	v.used = true
	h := v.name
	if v.typed {
		switch v.kind {
		case "data":
			h += ".DataSource()"
		case "module":
			h += ".Module()"
		default:
			h += ".Resource()"
		}
	}
	if path == "" {
		return goExpr{h + ".Ref()", true}
	}
	return goExpr{fmt.Sprintf("%s.Ref(%q)", h, path), true}
}

// pathText writes a relative traversal as the Ref methods read it:
// ingress[0].from_port, tags["Name"], [0].id.
func pathText(t hcl.Traversal) (string, bool) {
	var b strings.Builder
	for _, step := range t {
		switch s := step.(type) {
		case hcl.TraverseAttr:
			if b.Len() > 0 {
				b.WriteString(".")
			}
			b.WriteString(s.Name)
		case hcl.TraverseIndex:
			switch {
			case s.Key.IsNull() || !s.Key.IsKnown():
				return "", false
			case s.Key.Type() == cty.String:
				b.WriteString("[" + strconv.Quote(s.Key.AsString()) + "]")
			case s.Key.Type() == cty.Number:
				f := s.Key.AsBigFloat()
				i, acc := f.Int64()
				if !f.IsInt() || acc != big.Exact || i < 0 {
					return "", false
				}
				b.WriteString("[" + strconv.FormatInt(i, 10) + "]")
			default:
				return "", false
			}
		default:
			return "", false
		}
	}
	return b.String(), true
}

// assetPath reads the path of an asset the program declares for a file
// outside the directory: its ModulePath, or its Path where the original
// was relative to the directory the engine runs in.
func (g *goEmitter) assetPath(r assetRead) string {
	if r.asset.ident == "" {
		r.asset.ident = g.ident(r.asset.name)
	}
	if r.module {
		return r.asset.ident + ".ModulePath()"
	}
	return r.asset.ident + ".Path()"
}

// splatPathText writes the steps of a splat as tfkit.Splat reads them:
// a path with [*] for a splat inside the splat (ebs_block_device[*].id).
func splatPathText(t hcl.Traversal) (string, bool) {
	var b strings.Builder
	start := 0
	for i := 0; i <= len(t); i++ {
		if i < len(t) {
			if _, ok := t[i].(hcl.TraverseSplat); !ok {
				continue
			}
		}
		seg, ok := pathText(t[start:i])
		if !ok {
			return "", false
		}
		if b.Len() > 0 && seg != "" && !strings.HasPrefix(seg, "[") {
			b.WriteString(".")
		}
		b.WriteString(seg)
		if i < len(t) {
			b.WriteString("[*]")
		}
		start = i + 1
	}
	return b.String(), true
}

// template writes a template as a Go string; when it interpolates handles
// of elements declared before, as fmt.Sprintf with them as %s arguments
// (an Expr formatted with %s is an interpolation).
func (g *goEmitter) template(x *config.Template) goExpr {
	var format strings.Builder
	var args []string
	for i, p := range x.Parts {
		if r, ok := p.(*config.Reference); ok {
			if code := g.ref(r.Traversal); !strings.HasPrefix(code.code, "tfkit.") {
				format.WriteString("%s")
				args = append(args, code.code)
				continue
			}
		}
		text := templateText(&config.Template{Parts: x.Parts[i : i+1]})
		if i+1 < len(x.Parts) {
			// As in templateText: dollars before an interpolation.
			rest, dollars := config.SplitTrailingDollars(text)
			text = rest + config.DollarInterpolation(dollars)
		}
		format.WriteString(strings.ReplaceAll(text, "%", "%%"))
	}
	if len(args) == 0 {
		return goExpr{goString(templateText(x)), false}
	}
	return goExpr{"fmt.Sprintf(" + goString(format.String()) + ", " + strings.Join(args, ", ") + ")", false}
}

// earlyExpr writes a module source or version built from variables and
// locals (config.EarlyEvaluable) as a tfkit.Expr, the type of SourceExpr
// and VersionExpr. A Go string is a template only where the API takes a
// value, so a template is written as format with its interpolations as
// %s arguments: "./modules/${var.flavor}" is
// tfkit.Fn("format", "./modules/%s", tfkit.Var("flavor")), which gives
// the same string (a value a template cannot interpolate, format cannot
// format either) and keeps the directory it begins with in sight of the
// local module copy (localmod).
func (g *goEmitter) earlyExpr(x config.Expr) goExpr {
	switch x := x.(type) {
	case *config.Paren:
		return g.earlyExpr(x.Inner)
	case *config.Template:
		if len(x.Parts) == 1 {
			// "${var.src}" is the value itself.
			if e := g.expr(x.Parts[0]); e.isExpr {
				return e
			}
		}
		var format strings.Builder
		args := []string{""}
		for _, p := range x.Parts {
			if s, ok := literalString(p); ok {
				format.WriteString(strings.ReplaceAll(s, "%", "%%"))
				continue
			}
			format.WriteString("%s")
			args = append(args, g.expr(p).code)
		}
		f := format.String()
		args[0] = strconv.Quote(f)
		if strings.Contains(f, "${") || strings.Contains(f, "%{") {
			// Literal text that a Go string would read as a template.
			args[0] = "tfkit.Literal(" + args[0] + ")"
		}
		return goExpr{`tfkit.Fn("format", ` + strings.Join(args, ", ") + ")", true}
	}
	if e := g.expr(x); e.isExpr {
		return e
	}
	return g.raw(x, "a module source or version of this form has no Go helper")
}

// templateText is the text of a template as a tfkit string reads it:
// literal parts escaped, interpolations as ${HCL}.
func templateText(x *config.Template) string {
	var b strings.Builder
	config.EachTemplateRun(x.Parts, func(s, dollars string, _ bool) {
		b.WriteString(config.EscapeTemplate(s))
		b.WriteString(config.DollarInterpolation(dollars))
	}, func(p config.Expr) {
		b.WriteString("${" + string(render.InlineExpr(p)) + "}")
	})
	return b.String()
}

func literalString(x config.Expr) (string, bool) {
	l, ok := x.(*config.Literal)
	if !ok || l.Val.IsNull() || !l.Val.IsKnown() || l.Val.Type() != cty.String {
		return "", false
	}
	return l.Val.AsString(), true
}

func literalBool(x config.Expr) (bool, bool) {
	l, ok := x.(*config.Literal)
	if !ok || l.Val.IsNull() || !l.Val.IsKnown() || l.Val.Type() != cty.Bool {
		return false, false
	}
	return l.Val.True(), true
}

// goString quotes s as a Go string literal: a raw string literal when s
// spans lines, so that a heredoc keeps its layout, else an interpreted one.
func goString(s string) string {
	if strings.Contains(s, "\n") {
		return goRawString(s)
	}
	return strconv.Quote(s)
}

// goRawString quotes text as a raw string literal when it can be one.
func goRawString(text string) string {
	if strings.ContainsAny(text, "`\r") || !isPrintable(text) {
		return strconv.Quote(text)
	}
	return "`" + text + "`"
}

func isPrintable(s string) bool {
	for _, r := range s {
		if r < ' ' && r != '\n' && r != '\t' || r == 0x7f || r == '\uFEFF' {
			return false
		}
	}
	return true
}
