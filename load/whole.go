package load

import (
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/customdecode"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
)

// Whole resource objects.
//
// Without a provider schema, a resource instance's value holds what its
// configuration sets plus, as unknowns, the attributes expressions read
// from it (collectRefs). An expression that passes the whole object on
// (local.vpc = aws_vpc.main, an output of it, a module input, a
// for_each over it) hides which attributes are read later
// (local.vpc.arn, module.net.vpc.arn). Such reads are found by
// evaluating: the whole object carries a wholeMark, and an
// "Unsupported attribute" error on a marked object names the attribute
// the resource needs. Dir then evaluates again with those attributes
// added as unknowns, until no new one turns up. So the attributes a
// resource value has are exactly those configured or read, and a read of
// one the configuration does not set is unknown, never an error and never
// a guessed value. With a schema the object is complete and such a read
// stays an error, as in Terraform.

// wholeMark marks the value of a resource read as a whole object.
type wholeMark struct{ r *ResourceDecl }

// declSet is the set of the keys of m.
func declSet[V any](m map[*ResourceDecl]V) map[*ResourceDecl]bool {
	out := make(map[*ResourceDecl]bool, len(m))
	for k := range m {
		out[k] = true
	}
	return out
}

// maxPasses bounds the evaluations of Dir: each pass after the first adds
// attributes found missing by the one before.
const maxPasses = 8

// missingAttr is an attribute read from a whole resource object that the
// object does not have: at its top, or inside its blocks when steps (the
// block types and indexes from the object to the one read) are set.
type missingAttr struct {
	r     *ResourceDecl
	name  string
	steps hcl.Traversal
	types []string // inside blocks read whole: their types (blockMark)
}

var requiredAttr = regexp.MustCompile(`attribute "([^"]+)" is required`)
var unsupportedAttr = regexp.MustCompile(`does not have an attribute named "([^"]+)"`)

// noteMissing records, for each error of hd that reads an attribute a
// marked whole resource object lacks, the resource and the attribute.
func (e *evaluator) noteMissing(hd hcl.Diagnostics) {
	for _, m := range missingReads(hd) {
		e.addMissing(m)
	}
}

// missingReads returns the attributes that the errors of hd read from
// marked whole resource objects lacking them, those a wholeReadError
// carries included.
func missingReads(hd hcl.Diagnostics) []missingAttr {
	var out []missingAttr
	for _, d := range hd {
		if d.Severity != hcl.DiagError {
			continue
		}
		if x, ok := hcl.DiagnosticExtra[hclsyntax.FunctionCallDiagExtra](d); ok {
			var we *wholeReadError
			if errors.As(x.FunctionCallError(), &we) {
				out = append(out, we.reads...)
				continue
			}
		}
		if d.Summary != "Unsupported attribute" && d.Summary != "Invalid index" {
			continue
		}
		obj, name, steps, ok := failedRead(d)
		var rs map[*ResourceDecl]bool
		if ok {
			_, marks := obj.Unmark()
			rs = wholeMarks(marks)
			// Inside blocks read whole: the read is inside them.
			bms := blockMarks(marks)
			for r := range sortedDecls(declSet(bms)) {
				if name != "" {
					out = append(out, missingAttr{r: r, name: name, types: bms[r]})
				}
				delete(rs, r)
			}
		} else if d.EvalContext != nil {
			// The object cannot be evaluated again (a splat's element):
			// every whole object in scope may be the one.
			if m := unsupportedAttr.FindStringSubmatch(d.Detail); m != nil {
				name = m[1]
				rs = map[*ResourceDecl]bool{}
				for c := d.EvalContext; c != nil; c = c.Parent() {
					for _, v := range c.Variables {
						_, pvms := v.UnmarkDeepWithPaths()
						for _, pvm := range pvms {
							for r := range wholeMarks(pvm.Marks) {
								rs[r] = true
							}
						}
					}
				}
			}
		}
		if name == "" {
			continue
		}
		for r := range sortedDecls(rs) {
			out = append(out, missingAttr{r: r, name: name, steps: steps})
		}
	}
	return out
}

// Functions that ask whether an attribute exists.
//
// try(local.vpc.arn, "none"), can(local.vpc.arn) and
// lookup(local.vpc, "arn", "none") would answer "it does not" while a
// whole object lacks an attribute only because nothing read it yet. They
// fail with a wholeReadError instead; Dir evaluates again with the
// attribute added as unknown, and they then answer as in a plan
// (unknown). The error is seen only if maxPasses runs out.

// wholeReadError is the failure of try, can or lookup on an attribute
// that a whole resource object lacks in this pass.
type wholeReadError struct{ reads []missingAttr }

func (w *wholeReadError) Error() string {
	names := make([]string, len(w.reads))
	for i, m := range w.reads {
		names[i] = m.r.Addr() + "." + m.name
	}
	return fmt.Sprintf("%s read through a whole resource object could not be resolved in %d evaluation passes", strings.Join(names, ", "), maxPasses)
}

// wholeAwareTry wraps try or can: before it runs, an argument that fails
// only because a whole object lacks the attribute fails the call.
func wholeAwareTry(f function.Function) function.Function {
	return function.New(&function.Spec{
		Description: f.Description(),
		Params:      f.Params(),
		VarParam:    f.VarParam(),
		Type: func(args []cty.Value) (cty.Type, error) {
			for _, arg := range args {
				_, hd := customdecode.ExpressionClosureFromVal(arg).Value()
				if !hd.HasErrors() {
					break // the argument try takes
				}
				if reads := missingReads(hd); len(reads) > 0 {
					return cty.NilType, &wholeReadError{reads}
				}
			}
			return f.ReturnTypeForValues(args)
		},
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			res, err := f.Call(args)
			if err != nil || res.IsKnown() {
				return res, err
			}
			for _, arg := range args {
				if v, hd := customdecode.ExpressionClosureFromVal(arg).Value(); !hd.HasErrors() {
					return withReasonsOf(res, v), nil
				}
			}
			return res, nil
		},
	})
}

// wholeAwareLookup is lookup failing, for a whole object, on a key the
// object lacks.
var wholeAwareLookup = function.New(&function.Spec{
	Description: lookupFunc.Description(),
	Params:      lookupFunc.Params(),
	VarParam:    lookupFunc.VarParam(),
	Type: func(args []cty.Value) (cty.Type, error) {
		obj, marks := args[0].Unmark()
		key, _ := args[1].Unmark()
		if rs := wholeMarks(marks); len(rs) > 0 && obj.Type().IsObjectType() &&
			key.IsKnown() && !key.IsNull() && !obj.Type().HasAttribute(key.AsString()) {
			var reads []missingAttr
			for r := range sortedDecls(rs) {
				reads = append(reads, missingAttr{r: r, name: key.AsString()})
			}
			return cty.NilType, &wholeReadError{reads}
		}
		return lookupFunc.ReturnTypeForValues(args)
	},
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		res, err := lookupFunc.Call(args)
		if err != nil || res.IsKnown() {
			return res, err
		}
		// The attribute when it is what is unknown, else the object (lookup
		// is unknown while any part of it is).
		from := args[0]
		obj, _ := args[0].Unmark()
		key, _ := args[1].Unmark()
		if obj.IsKnown() && !obj.IsNull() && obj.Type().IsObjectType() && key.IsKnown() && !key.IsNull() &&
			obj.Type().HasAttribute(key.AsString()) && !obj.GetAttr(key.AsString()).IsWhollyKnown() {
			from = obj.GetAttr(key.AsString())
		}
		return withReasonsOf(res, from), nil
	},
})

// withReasonsOf gives an unknown result the reasons marked anywhere in
// from: try, can and lookup return unknown without the marks of what made
// it so.
func withReasonsOf(res, from cty.Value) cty.Value {
	if !from.ContainsMarked() {
		return res
	}
	_, pvms := from.UnmarkDeepWithPaths()
	for _, pvm := range pvms {
		for m := range pvm.Marks {
			if r, ok := m.(reason); ok {
				res = res.Mark(r)
			}
		}
	}
	return res
}

// sortedDecls iterates over rs in address order, for a stable order of
// diagnostics and passes.
func sortedDecls(rs map[*ResourceDecl]bool) func(yield func(*ResourceDecl) bool) {
	return func(yield func(*ResourceDecl) bool) {
		keys := make([]*ResourceDecl, 0, len(rs))
		for r := range rs {
			keys = append(keys, r)
		}
		sort.Slice(keys, func(i, j int) bool {
			a, b := keys[i], keys[j]
			if a.Addr() != b.Addr() {
				return a.Addr() < b.Addr()
			}
			if a.DeclRange.Filename != b.DeclRange.Filename { // the same address in two modules
				return a.DeclRange.Filename < b.DeclRange.Filename
			}
			return a.DeclRange.Start.Byte < b.DeclRange.Start.Byte
		})
		for _, r := range keys {
			if !yield(r) {
				return
			}
		}
	}
}

// noteMissingConversion records the attributes a whole resource object
// lacks to convert to a variable's object type.
func (e *evaluator) noteMissingConversion(marks cty.ValueMarks, err error) {
	rs := wholeMarks(marks)
	if len(rs) == 0 {
		return
	}
	for _, m := range requiredAttr.FindAllStringSubmatch(err.Error(), -1) {
		for r := range rs {
			e.addMissing(missingAttr{r: r, name: m[1]})
		}
	}
}

// addMissing records a read; resources with a schema never get here, as
// their objects are not marked (they are complete).
func (e *evaluator) addMissing(m missingAttr) {
	if m.name == "" {
		return
	}
	if len(m.types) > 0 {
		if m.r.hasBlockRead(m.types, m.name) {
			return
		}
	} else if len(m.steps) > 0 {
		types, attr, ok := m.r.blockReadPath(append(append(hcl.Traversal(nil), m.steps...), hcl.TraverseAttr{Name: m.name}))
		if !ok || m.r.hasBlockRead(types, attr) {
			return
		}
	} else if m.r.Refs[m.name] {
		return
	}
	e.missing = append(e.missing, m)
}

// record adds the read to the resource's reads, for the next pass.
func (m missingAttr) record() {
	if len(m.types) > 0 {
		m.r.addBlockRead(m.types, m.name)
		return
	}
	if len(m.steps) > 0 {
		m.r.noteBlockRead(append(append(hcl.Traversal(nil), m.steps...), hcl.TraverseAttr{Name: m.name}))
		return
	}
	m.r.Refs[m.name] = true
}

func wholeMarks(marks cty.ValueMarks) map[*ResourceDecl]bool {
	var rs map[*ResourceDecl]bool
	for m := range marks {
		if w, ok := m.(wholeMark); ok {
			if rs == nil {
				rs = map[*ResourceDecl]bool{}
			}
			rs[w.r] = true
		}
	}
	return rs
}

// failedRead evaluates again the object an "Unsupported attribute" or
// "Invalid index" error was about, and returns it with the attribute
// name and, when the object is inside a whole resource object (its
// vpc_config[0]), the steps from that object to it; ok is false when it
// cannot.
func failedRead(d *hcl.Diagnostic) (obj cty.Value, name string, steps hcl.Traversal, ok bool) {
	if d.Subject == nil || d.EvalContext == nil {
		return cty.NilVal, "", nil, false
	}
	at := func(tr hcl.Traversal) int {
		for i, s := range tr {
			if s.SourceRange() == *d.Subject {
				return i
			}
		}
		return -1
	}
	stepName := func(s hcl.Traverser) string {
		switch x := s.(type) {
		case hcl.TraverseAttr:
			return x.Name
		case hcl.TraverseIndex:
			if k, _ := x.Key.Unmark(); k.Type() == cty.String && k.IsKnown() && !k.IsNull() {
				return k.AsString()
			}
		}
		return ""
	}
	// inside returns the steps of tr[:i] after the first value they reach
	// that is a whole resource object (marks pass on to what is read from
	// it, so the first marked one is the object itself).
	inside := func(tr hcl.Traversal, i int, value func(j int) (cty.Value, bool)) hcl.Traversal {
		for j := 0; j < i; j++ {
			v, ok := value(j)
			if !ok {
				return nil
			}
			if _, marks := v.Unmark(); len(wholeMarks(marks)) > 0 {
				return tr[j:i]
			}
		}
		return nil
	}
	switch x := d.Expression.(type) {
	case *hclsyntax.ScopeTraversalExpr:
		i := at(x.Traversal)
		if i < 1 {
			return cty.NilVal, "", nil, false
		}
		v, hd := x.Traversal[:i].TraverseAbs(d.EvalContext)
		if hd.HasErrors() {
			return cty.NilVal, "", nil, false
		}
		steps := inside(x.Traversal, i, func(j int) (cty.Value, bool) {
			if j == 0 {
				return cty.NilVal, true // the root name alone is not a value
			}
			v, hd := x.Traversal[:j].TraverseAbs(d.EvalContext)
			return v, !hd.HasErrors()
		})
		return v, stepName(x.Traversal[i]), steps, true
	case *hclsyntax.RelativeTraversalExpr:
		if _, anon := x.Source.(*hclsyntax.AnonSymbolExpr); anon {
			return cty.NilVal, "", nil, false
		}
		i := at(x.Traversal)
		if i < 0 {
			return cty.NilVal, "", nil, false
		}
		src, hd := x.Source.Value(d.EvalContext)
		if hd.HasErrors() {
			return cty.NilVal, "", nil, false
		}
		v, hd := x.Traversal[:i].TraverseRel(src)
		if hd.HasErrors() {
			return cty.NilVal, "", nil, false
		}
		steps := inside(x.Traversal, i, func(j int) (cty.Value, bool) {
			v, hd := x.Traversal[:j].TraverseRel(src)
			return v, !hd.HasErrors()
		})
		return v, stepName(x.Traversal[i]), steps, true
	case *hclsyntax.IndexExpr:
		coll, hd1 := x.Collection.Value(d.EvalContext)
		key, hd2 := x.Key.Value(d.EvalContext)
		if hd1.HasErrors() || hd2.HasErrors() {
			return cty.NilVal, "", nil, false
		}
		return coll, stepName(hcl.TraverseIndex{Key: key}), nil, true
	}
	return cty.NilVal, "", nil, false
}

// stripWhole removes wholeMark marks from v, which leaves the evaluator
// for the view.
func stripWhole(v cty.Value) cty.Value {
	if !v.ContainsMarked() {
		return v
	}
	uv, pvms := v.UnmarkDeepWithPaths()
	kept := pvms[:0]
	for _, pvm := range pvms {
		marks := cty.ValueMarks{}
		for m := range pvm.Marks {
			switch m.(type) {
			case wholeMark, blockMark:
			default:
				marks[m] = struct{}{}
			}
		}
		if len(marks) > 0 {
			kept = append(kept, cty.PathValueMarks{Path: pvm.Path, Marks: marks})
		}
	}
	return uv.MarkWithPaths(kept)
}

// stripView removes wholeMark marks from every value of the view.
func (e *evaluator) stripView() {
	v := e.view
	for _, r := range v.Resources {
		r.Attributes = stripWhole(r.Attributes)
	}
	for _, u := range v.Unexpanded {
		if u.Attributes != cty.NilVal {
			u.Attributes = stripWhole(u.Attributes)
		}
	}
	for _, p := range v.Providers {
		p.Attributes = stripWhole(p.Attributes)
	}
	for _, o := range v.Outputs {
		o.Value = stripWhole(o.Value)
	}
	for _, x := range v.Variables {
		x.Value = stripWhole(x.Value)
	}
}

// markWhole returns the value v of resource r (key in mi) with each
// instance marked: a for expression or splat over the instances unmarks
// the collection, not its elements.
func (mi *modInst) markWhole(r *ResourceDecl, key string, v cty.Value, cache bool) cty.Value {
	if w, ok := mi.whole[key]; ok {
		return w
	}
	mark := wholeMark{r}
	if !v.IsKnown() {
		// Every attribute of an unknown object reads as unknown: there is
		// nothing it could lack (a resource whose count is unknown).
		return v
	}
	w := v.Mark(mark)
	if uv, marks := v.Unmark(); uv.IsKnown() && !uv.IsNull() && (r.Count != nil || r.ForEach != nil) &&
		(uv.Type().IsTupleType() || uv.Type().IsObjectType()) {
		if uv.LengthInt() == 0 {
			w = v
		} else if uv.Type().IsTupleType() {
			elems := make([]cty.Value, 0, uv.LengthInt())
			for it := uv.ElementIterator(); it.Next(); {
				_, ev := it.Element()
				elems = append(elems, ev.Mark(mark))
			}
			w = cty.TupleVal(elems).WithMarks(marks)
		} else {
			elems := make(map[string]cty.Value, uv.LengthInt())
			for it := uv.ElementIterator(); it.Next(); {
				k, ev := it.Element()
				elems[k.AsString()] = ev.Mark(mark)
			}
			w = cty.ObjectVal(elems).WithMarks(marks)
		}
	}
	if !cache {
		return w
	}
	if mi.whole == nil {
		mi.whole = map[string]cty.Value{}
	}
	mi.whole[key] = w
	return w
}
