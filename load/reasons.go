package load

import (
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
	"github.com/zclconf/go-cty/cty/function"
)

// Unknown reasons through functions and operators.
//
// A reason is a mark, and cty carries marks from a function's arguments
// to its result, and HCL from operands to results, so most of the time
// an unknown built from unknowns lists their reasons by itself. Not
// always: a function that handles unknown or marked arguments itself
// (concat, merge, slice, keys, element, zipmap, lookup, ...) returns a
// fresh unknown, and so does a for expression over an unknown collection.
// Such a bare unknown gets the reasons of the unknown parts of what it was
// built from, the values the expression reads (evalChecked, through
// withReadReasons), leaving out those that other parts of the value
// already carry. Only
// reasons of unknown parts count, so a known argument never adds one; and
// a conditional whose condition is known keeps only the reasons of the
// condition and of the result it chose (choiceExpr).

// lossyFuncs are the names of the functions in funcs that handle unknown
// or marked arguments themselves, so that their unknown results may lack
// the reasons of their arguments; for the others, cty takes the marks
// off the arguments and puts them on the result, unknown or not. try and
// can take expressions and are among them.
func lossyFuncs(funcs map[string]function.Function) map[string]bool {
	out := map[string]bool{}
	for name, f := range funcs {
		lossy := false
		for _, p := range f.Params() {
			lossy = lossy || p.AllowUnknown || p.AllowMarked
		}
		if v := f.VarParam(); v != nil {
			lossy = lossy || v.AllowUnknown || v.AllowMarked
		}
		if lossy {
			out[name] = true
		}
	}
	return out
}

// hasBareUnknown says whether an unknown part of v carries no reason, on
// itself or on what contains it.
func hasBareUnknown(v cty.Value) bool {
	uv, marks := v.Unmark()
	if hasReason(marks) {
		return false
	}
	if !uv.IsKnown() {
		return true
	}
	if uv.IsNull() || !uv.CanIterateElements() || uv.Type().IsCapsuleType() {
		return false
	}
	if uv.IsWhollyKnown() && !uv.ContainsMarked() {
		return false
	}
	for it := uv.ElementIterator(); it.Next(); {
		_, ev := it.Element()
		if hasBareUnknown(ev) {
			return true
		}
	}
	return false
}

func hasReason(marks cty.ValueMarks) bool {
	for m := range marks {
		if _, ok := m.(reason); ok {
			return true
		}
	}
	return false
}

// unknownReasons adds to set the reasons of the unknown parts of v
// (marked on them or on what contains them; inherited are those of the
// containers above v).
func unknownReasons(v cty.Value, inherited []reason, set map[reason]bool) {
	walkReasons(v, inherited, set, nil)
}

// reasonWalkBudget bounds the values withoutUnchosenReasons walks for one
// expression, in values visited.
const reasonWalkBudget = 2000

// walkReasons is unknownReasons that, with a budget, visits at most
// *budget values, counting them off, and reports false when the budget
// ran out before the walk ended. Without one it passes over wholly known
// parts, which a bounded walk counts instead (finding them known is itself
// a walk).
func walkReasons(v cty.Value, inherited []reason, set map[reason]bool, budget *int) bool {
	if budget != nil {
		if *budget--; *budget < 0 {
			return false
		}
	}
	uv, marks := v.Unmark()
	for m := range marks {
		if r, ok := m.(reason); ok {
			inherited = append(inherited[:len(inherited):len(inherited)], r)
		}
	}
	if !uv.IsKnown() {
		for _, r := range inherited {
			set[r] = true
		}
		return true
	}
	if uv.IsNull() || !uv.CanIterateElements() || budget == nil && uv.IsWhollyKnown() {
		return true
	}
	for it := uv.ElementIterator(); it.Next(); {
		_, ev := it.Element()
		if !walkReasons(ev, inherited, set, budget) {
			return false
		}
	}
	return true
}

// addReasons marks every unknown part of v that carries no reason with
// the reasons in set (none: v unchanged).
func addReasons(v cty.Value, set map[reason]bool) cty.Value {
	if len(set) == 0 || !hasBareUnknown(v) {
		return v
	}
	uv, marks := v.Unmark()
	if !uv.IsKnown() || uv.Type().IsSetType() {
		// A set's elements have no paths to hold marks of their own.
		for r := range set {
			v = v.Mark(r)
		}
		return v
	}
	t := uv.Type()
	switch {
	case t.IsListType() || t.IsTupleType():
		elems := make([]cty.Value, 0, uv.LengthInt())
		for it := uv.ElementIterator(); it.Next(); {
			_, ev := it.Element()
			elems = append(elems, addReasons(ev, set))
		}
		if t.IsListType() {
			return cty.ListVal(elems).WithMarks(marks)
		}
		return cty.TupleVal(elems).WithMarks(marks)
	case t.IsMapType() || t.IsObjectType():
		elems := make(map[string]cty.Value, uv.LengthInt())
		for it := uv.ElementIterator(); it.Next(); {
			k, ev := it.Element()
			elems[k.AsString()] = addReasons(ev, set)
		}
		if t.IsMapType() {
			return cty.MapVal(elems).WithMarks(marks)
		}
		return cty.ObjectVal(elems).WithMarks(marks)
	}
	return v
}

// withReadReasons gives the bare unknown parts of v, the value of expr,
// the reasons of the unknown parts of what it reads (trs) in ctx; reasons
// already elsewhere in v are left out when others remain, since their
// parts carry them. Where expr's shape says which of its parts made an
// unknown, only what that part reads counts (byParts): an attribute built
// by a for expression over an unknown does not list the unknowns its
// sibling attributes read, nor concat(a, lookup(m, "k", [])) every
// unknown of m.
func withReadReasons(v cty.Value, expr hcl.Expression, trs []hcl.Traversal, ctx *hcl.EvalContext) cty.Value {
	if out, ok := byParts(v, expr, trs, ctx); ok {
		return out
	}
	return withWholeReadReasons(v, trs, ctx)
}

// byParts is withReadReasons of an expression made of parts evaluated in
// ctx: the items of an object or tuple written out, the result a known
// condition chose, and the arguments of a function call, each of them
// evaluated again for the reasons of its own unknowns. It reports false
// for any other expression, and when the parts cannot be paired with v
// or evaluated here.
func byParts(v cty.Value, expr hcl.Expression, trs []hcl.Traversal, ctx *hcl.EvalContext) (cty.Value, bool) {
	for {
		p, ok := expr.(*hclsyntax.ParenthesesExpr)
		if !ok {
			break
		}
		expr = p.Expression
	}
	within := func(e hcl.Expression) []hcl.Traversal {
		r := e.Range()
		var out []hcl.Traversal
		for _, tr := range trs {
			if rangeWithin(tr.SourceRange(), r) {
				out = append(out, tr)
			}
		}
		return out
	}
	uv, marks := v.Unmark()
	switch x := expr.(type) {
	case *hclsyntax.ConditionalExpr:
		cv, hd := x.Condition.Value(ctx)
		if hd.HasErrors() {
			return v, false
		}
		cv, _ = cv.UnmarkDeep()
		cv, err := convert.Convert(cv, cty.Bool)
		if err != nil || !cv.IsKnown() || cv.IsNull() {
			return v, false
		}
		chosen := x.FalseResult
		if cv.True() {
			chosen = x.TrueResult
		}
		return partReasons(v, chosen, within(chosen), trs, ctx), true
	case *hclsyntax.FunctionCallExpr:
		name := strings.TrimPrefix(x.Name, "core::")
		if name == "try" || name == "can" || strings.HasPrefix(name, "provider::") {
			return v, false // arguments not all evaluated, or not here
		}
		// HCL keeps no values of the arguments it passed: they are
		// evaluated again, only for a result with a bare unknown.
		set := map[reason]bool{}
		for _, arg := range x.Args {
			av, hd := arg.Value(ctx)
			if hd.HasErrors() {
				return v, false
			}
			unknownReasons(partReasons(av, arg, within(arg), trs, ctx), nil, set)
		}
		if len(set) == 0 {
			return v, false
		}
		return addReasons(v, notPresent(set, v)), true
	case *hclsyntax.TupleConsExpr:
		if !uv.IsKnown() || uv.IsNull() || !uv.Type().IsTupleType() || uv.LengthInt() != len(x.Exprs) {
			return v, false
		}
		elems := make([]cty.Value, 0, len(x.Exprs))
		for i, e := range x.Exprs {
			elems = append(elems, partReasons(uv.Index(cty.NumberIntVal(int64(i))), e, within(e), trs, ctx))
		}
		return cty.TupleVal(elems).WithMarks(marks), true
	case *hclsyntax.ObjectConsExpr:
		if !uv.IsKnown() || uv.IsNull() || !uv.Type().IsObjectType() || uv.LengthInt() != len(x.Items) {
			return v, false
		}
		items := make(map[string]hcl.Expression, len(x.Items))
		for _, item := range x.Items {
			kv, hd := item.KeyExpr.Value(ctx)
			if hd.HasErrors() {
				return v, false
			}
			kv, _ = kv.Unmark()
			kv, err := convert.Convert(kv, cty.String)
			if err != nil || !kv.IsKnown() || kv.IsNull() {
				return v, false
			}
			k := kv.AsString()
			if _, dup := items[k]; dup || !uv.Type().HasAttribute(k) {
				return v, false
			}
			items[k] = item.ValueExpr
		}
		attrs := make(map[string]cty.Value, len(x.Items))
		for k, e := range items {
			attrs[k] = partReasons(uv.GetAttr(k), e, within(e), trs, ctx)
		}
		return cty.ObjectVal(attrs).WithMarks(marks), true
	}
	return v, false
}

// rangeWithin says whether r lies inside outer: what a part of an
// expression reads is written within the part.
func rangeWithin(r, outer hcl.Range) bool {
	return r.Filename == outer.Filename && r.Start.Byte >= outer.Start.Byte && r.End.Byte <= outer.End.Byte
}

// partReasons is withReadReasons of v, the value of e, a part of an
// expression: e reads own of all that the expression reads; an unknown
// the part's own reads give no reason for keeps those of all.
func partReasons(v cty.Value, e hcl.Expression, own, all []hcl.Traversal, ctx *hcl.EvalContext) cty.Value {
	if !hasBareUnknown(v) {
		return v
	}
	if out := withReadReasons(v, e, own, ctx); !hasBareUnknown(out) {
		return out
	}
	return withWholeReadReasons(v, all, ctx)
}

// withWholeReadReasons is withReadReasons of any expression as a whole.
func withWholeReadReasons(v cty.Value, trs []hcl.Traversal, ctx *hcl.EvalContext) cty.Value {
	set := map[reason]bool{}
	for _, tr := range trs {
		rv, hd := tr.TraverseAbs(ctx)
		if hd.HasErrors() {
			continue
		}
		unknownReasons(rv, nil, set)
	}
	if len(set) == 0 {
		return v
	}
	return addReasons(v, notPresent(set, v))
}

// notPresent is set without the reasons v already carries elsewhere, or
// set itself when every one of them is.
func notPresent(set map[reason]bool, v cty.Value) map[reason]bool {
	present := map[reason]bool{}
	unknownReasons(v, nil, present)
	if len(present) == 0 {
		return set
	}
	rest := map[reason]bool{}
	for r := range set {
		if !present[r] {
			rest[r] = true
		}
	}
	if len(rest) == 0 {
		return set
	}
	return rest
}

// reshapesReasons says whether expr holds an operator whose unknowns
// evalChecked looks at again: a for expression over an unknown, an index
// or splat with an unknown key or collection, and a call of a function
// that handles unknown or marked arguments itself (lossy, see
// lossyFuncs) make unknowns without reasons; a conditional gives its
// result the reasons of both results. Other operators and functions keep
// the reasons of their operands, so other expressions are not walked
// again, and their calls cost nothing more.
func reshapesReasons(expr hcl.Expression, lossy map[string]bool) bool {
	r, _ := scanExpr(expr, lossy)
	return r
}

// scanExpr walks expr once for what reshapesReasons reports and for
// whether expr calls a provider function (provider::NAME::FUNC); an
// expression not of the native syntax may do both.
func scanExpr(expr hcl.Expression, lossy map[string]bool) (reshapes, providerCall bool) {
	syn, ok := expr.(hclsyntax.Expression)
	if !ok {
		return true, true // JSON: its templates may hold any of them
	}
	hclsyntax.VisitAll(syn, func(n hclsyntax.Node) hcl.Diagnostics {
		switch x := n.(type) {
		case *hclsyntax.ForExpr, *hclsyntax.ConditionalExpr, *hclsyntax.IndexExpr, *hclsyntax.SplatExpr:
			reshapes = true
		case *hclsyntax.FunctionCallExpr:
			name := strings.TrimPrefix(x.Name, "core::")
			provider := strings.HasPrefix(name, "provider::")
			providerCall = providerCall || strings.HasPrefix(x.Name, "provider::")
			reshapes = reshapes || lossy[name] || name == "try" || name == "can" || provider
		}
		return nil
	})
	return reshapes, providerCall
}

// withoutUnchosenReasons removes from v, the value of expr in ctx, the
// reasons that only the results conditionals did not choose gave it: HCL
// marks a conditional's result with the marks of both results (right for
// sensitivity, which Terraform keeps whichever is chosen), but the
// unknown that was not chosen is not why the value is unknown. A
// condition that cannot be evaluated here (one that reads a for
// expression's iterator) excludes nothing.
func withoutUnchosenReasons(v cty.Value, expr hcl.Expression, trs []hcl.Traversal, ctx *hcl.EvalContext) cty.Value {
	syn, ok := expr.(hclsyntax.Expression)
	if !ok {
		return v
	}
	var unchosen []hcl.Range
	hclsyntax.VisitAll(syn, func(n hclsyntax.Node) hcl.Diagnostics {
		c, ok := n.(*hclsyntax.ConditionalExpr)
		if !ok {
			return nil
		}
		cv, hd := c.Condition.Value(ctx)
		if hd.HasErrors() {
			return nil
		}
		cv, _ = cv.UnmarkDeep()
		cv, err := convert.Convert(cv, cty.Bool)
		if err != nil || !cv.IsKnown() || cv.IsNull() {
			return nil
		}
		if cv.True() {
			unchosen = append(unchosen, c.FalseResult.Range())
		} else {
			unchosen = append(unchosen, c.TrueResult.Range())
		}
		return nil
	})
	if len(unchosen) == 0 {
		return v
	}
	inside := func(r hcl.Range) bool {
		for _, u := range unchosen {
			if rangeWithin(r, u) {
				return true
			}
		}
		return false
	}
	// The reasons read only in unchosen results, then those read elsewhere
	// too. The walks are bounded: a value read whole (every instance of a
	// resource) would make each evaluation of an expression cost its size,
	// and beyond the bound the reasons are kept as they are.
	budget := reasonWalkBudget
	drop := map[reason]bool{}
	for _, tr := range trs {
		if !inside(tr.SourceRange()) {
			continue
		}
		if rv, hd := tr.TraverseAbs(ctx); !hd.HasErrors() && !walkReasons(rv, nil, drop, &budget) {
			return v
		}
	}
	for _, tr := range trs {
		if len(drop) == 0 {
			return v
		}
		if inside(tr.SourceRange()) {
			continue
		}
		if rv, hd := tr.TraverseAbs(ctx); !hd.HasErrors() {
			keep := map[reason]bool{}
			if !walkReasons(rv, nil, keep, &budget) {
				return v
			}
			for r := range keep {
				delete(drop, r)
			}
		}
	}
	if len(drop) == 0 {
		return v
	}
	uv, pvms := v.UnmarkDeepWithPaths()
	out := pvms[:0:0]
	for _, pvm := range pvms {
		marks := cty.ValueMarks{}
		for m := range pvm.Marks {
			if r, ok := m.(reason); ok && drop[r] {
				continue
			}
			marks[m] = struct{}{}
		}
		if len(marks) > 0 {
			out = append(out, cty.PathValueMarks{Path: pvm.Path, Marks: marks})
		}
	}
	return uv.MarkWithPaths(out)
}
