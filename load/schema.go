package load

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"

	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/schema"
)

// blockSchema returns the schema of r from Options.Providers, or nil when
// none is given for its provider.
func (e *evaluator) blockSchema(r *ResourceDecl, providerAddr string) *schema.Block {
	if len(e.opts.Providers) == 0 {
		return nil
	}
	i := strings.Index(providerAddr, `provider["`)
	if i < 0 {
		return nil
	}
	src := providerAddr[i+len(`provider["`):]
	src = src[:strings.IndexByte(src, '"')]
	for _, p := range e.opts.Providers {
		if !strings.EqualFold(p.Source, src) {
			continue
		}
		var res *schema.Resource
		if r.Mode == "data" {
			res = p.DataSource(r.Type)
		} else {
			res = p.Resource(r.Type)
		}
		if res == nil {
			// The engines' words, at the type label as they place it.
			rng := typeLabelRange(r)
			summary, detail := "Invalid resource type", fmt.Sprintf("The provider %s does not support resource type %q.", displaySource(p.Source), r.Type)
			var names []string
			for _, x := range p.Resources {
				names = append(names, x.Type)
			}
			if r.Mode == "data" {
				summary, detail = "Invalid data source", fmt.Sprintf("The provider %s does not support data source %q.", displaySource(p.Source), r.Type)
				names = names[:0]
				for _, x := range p.DataSources {
					names = append(names, x.Type)
				}
			}
			hint := suggest(r.Type, names)
			if hint == "" && r.Provider != nil {
				if tr, hd := hcl.AbsTraversalForExpr(r.Provider); !hd.HasErrors() {
					hint = "the resource names provider configuration " + traversalName(tr) + "; name one of the provider its type belongs to"
				}
			}
			e.diags = append(e.diags, &diag.Diagnostic{Severity: diag.Error, Summary: summary,
				Detail: detail, Subject: &rng, Path: r.Addr(), Suggestion: hint})
			return nil
		}
		return res.Block
	}
	return nil
}

// conform shapes the configured attributes v of a body like the provider
// does in a plan: every attribute of the schema is present, converted to
// its type; unset computed attributes are unknown, other unset ones null;
// nested blocks follow their nesting mode. Arguments the schema does not
// have are reported.
//
// body, when given, is the configuration body of v, to point diagnostics
// at the attribute or block concerned rather than at rng.
func (e *evaluator) conform(b *schema.Block, v cty.Value, addr string, rng hcl.Range, body *Body) cty.Value {
	have := map[string]cty.Value{}
	if v.Type().IsObjectType() {
		have = v.AsValueMap()
	}
	out := map[string]cty.Value{}
	for _, a := range b.Attributes {
		val, ok := have[a.Name]
		delete(have, a.Name)
		switch {
		case ok && isBlock(body, a.Name):
			r := bodyRange(body, a.Name, rng)
			e.diags = append(e.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Unsupported block type",
				Detail: a.Name + " is an argument, not a block", Subject: &r, Path: addr + "." + a.Name,
				Suggestion: "write " + a.Name + " = { ... } with an equals sign"})
			out[a.Name] = cty.UnknownVal(a.Type).Mark(reason(addr + "." + a.Name + " is written as a block"))
		case ok && !(val.IsKnown() && val.IsNull()):
			out[a.Name] = e.convertAttr(val, a.Type, addr+"."+a.Name, bodyRange(body, a.Name, rng))
		case a.Computed:
			out[a.Name] = cty.UnknownVal(a.Type).Mark(reason(addr + "." + a.Name + " is computed by the provider"))
		default:
			out[a.Name] = cty.NullVal(a.Type)
		}
		if a.Sensitive {
			out[a.Name] = out[a.Name].Mark(sensitiveMark)
		}
	}
	for _, nb := range b.Blocks {
		ty := nb.Block.ImpliedType()
		val, ok := have[nb.Name]
		delete(have, nb.Name)
		var elems []cty.Value
		brng := bodyRange(body, nb.Name, rng)
		if ok {
			uv, marks := val.Unmark()
			if !uv.IsKnown() {
				out[nb.Name] = cty.UnknownVal(nestedType(nb, ty)).WithMarks(marks)
				continue
			}
			if nb.Nesting == schema.NestingMap {
				out[nb.Name] = e.conformMap(nb, uv, addr+"."+nb.Name, brng)
				continue
			}
			if uv.Type().IsTupleType() || uv.Type().IsListType() {
				for it := uv.ElementIterator(); it.Next(); {
					_, ev := it.Element()
					elems = append(elems, e.conform(nb.Block, e.noLabels(ev, nb.Name, addr, brng), addr+"."+nb.Name, brng, nil))
				}
			} else {
				elems = append(elems, e.conform(nb.Block, e.noLabels(uv, nb.Name, addr, brng), addr+"."+nb.Name, brng, nil))
			}
		}
		switch nb.Nesting {
		case schema.NestingSingle, schema.NestingGroup:
			switch {
			case len(elems) == 0:
				out[nb.Name] = cty.NullVal(ty)
			case len(elems) == 1:
				out[nb.Name] = elems[0]
			default:
				e.errorf(&rng, addr, "Too many "+nb.Name+" blocks", "no more than one "+nb.Name+" block is allowed")
				out[nb.Name] = cty.UnknownVal(ty).Mark(reason("too many " + nb.Name + " blocks"))
			}
		case schema.NestingList:
			if len(elems) == 0 {
				out[nb.Name] = cty.ListValEmpty(ty)
			} else {
				out[nb.Name] = cty.ListVal(elems)
			}
		case schema.NestingSet:
			if len(elems) == 0 {
				out[nb.Name] = cty.SetValEmpty(ty)
			} else {
				out[nb.Name] = cty.SetVal(elems)
			}
		default:
			out[nb.Name] = cty.MapValEmpty(ty)
		}
	}
	for _, n := range sortedKeys(have) {
		// The engines' words, at the argument's name or the block's type
		// (a dynamic block's label).
		r := bodyRange(body, n, rng)
		summary, detail := "Unsupported argument", fmt.Sprintf("An argument named %q is not expected here.", n)
		if isBlock(body, n) {
			r = blockTypeRange(body, n, r)
			summary, detail = "Unsupported block type", fmt.Sprintf("Blocks of type %q are not expected here.", n)
		}
		e.diags = append(e.diags, &diag.Diagnostic{Severity: diag.Error, Summary: summary,
			Detail: detail, Subject: &r, Path: addr + "." + n,
			Suggestion: diag.DidYouMean(n, schemaNames(b))})
	}
	return cty.ObjectVal(out)
}

// noLabels returns the block object v without "_labels", reporting
// labels on a block whose nesting takes none.
func (e *evaluator) noLabels(v cty.Value, name, addr string, rng hcl.Range) cty.Value {
	labels, rest, ok := splitLabels(v)
	if !ok {
		return v
	}
	if labels.IsKnown() && labels.LengthInt() > 0 {
		e.errorf(&rng, addr+"."+name, "Extraneous label for "+name, "no labels are expected for "+name+" blocks")
	}
	return rest
}

// splitLabels separates "_labels" from a block object; ok is false when
// it has none.
func splitLabels(v cty.Value) (labels, rest cty.Value, ok bool) {
	uv, marks := v.Unmark()
	if !uv.IsKnown() || uv.IsNull() || !uv.Type().IsObjectType() || !uv.Type().HasAttribute("_labels") {
		return cty.NilVal, v, false
	}
	m := uv.AsValueMap()
	labels, _ = m["_labels"].Unmark()
	delete(m, "_labels")
	if len(m) == 0 {
		return labels, cty.EmptyObjectVal.WithMarks(marks), true
	}
	return labels, cty.ObjectVal(m).WithMarks(marks), true
}

// conformMap shapes map-nested blocks: blocks written in HCL (a list of
// objects, each with one label) or an object keyed by label (JSON) become
// a map from label to block.
func (e *evaluator) conformMap(nb *schema.NestedBlock, v cty.Value, path string, rng hcl.Range) cty.Value {
	ty := nb.Block.ImpliedType()
	elems := map[string]cty.Value{}
	add := func(key string, ev cty.Value) {
		if _, dup := elems[key]; dup {
			e.errorf(&rng, path, "Duplicate "+nb.Name+" block", "a "+nb.Name+" block labelled "+QuoteOrEmpty(key)+" is already declared")
			return
		}
		cv := e.conform(nb.Block, ev, path+"["+quote(key)+"]", rng, nil)
		if conv, err := convert.Convert(cv, ty); err == nil {
			cv = conv
		}
		elems[key] = cv
	}
	switch t := v.Type(); {
	case t.IsTupleType() || t.IsListType():
		for it := v.ElementIterator(); it.Next(); {
			_, ev := it.Element()
			labels, rest, ok := splitLabels(ev)
			if !ok || !labels.IsKnown() || labels.IsNull() || labels.LengthInt() != 1 {
				if ok && !labels.IsKnown() {
					return cty.UnknownVal(cty.Map(ty)).Mark(reason("the labels of " + path + " blocks are unknown"))
				}
				e.errorf(&rng, path, "Missing label for "+nb.Name, nb.Name+" blocks need one label, their key")
				continue
			}
			add(labels.Index(cty.NumberIntVal(0)).AsString(), rest)
		}
	case t.IsObjectType() || t.IsMapType():
		for it := v.ElementIterator(); it.Next(); {
			k, ev := it.Element()
			add(k.AsString(), ev)
		}
	default:
		e.errorf(&rng, path, "Invalid "+nb.Name+" blocks", nb.Name+" must be blocks, not "+t.FriendlyName())
		return cty.UnknownVal(cty.Map(ty)).Mark(reason("invalid " + path + " blocks"))
	}
	if len(elems) == 0 {
		return cty.MapValEmpty(ty)
	}
	for _, ev := range elems {
		if !ev.Type().Equals(ty) {
			// Values that did not convert: an object keeps them.
			return cty.ObjectVal(elems)
		}
	}
	return cty.MapVal(elems)
}

func nestedType(nb *schema.NestedBlock, ty cty.Type) cty.Type {
	switch nb.Nesting {
	case schema.NestingList:
		return cty.List(ty)
	case schema.NestingSet:
		return cty.Set(ty)
	case schema.NestingMap:
		return cty.Map(ty)
	}
	return ty
}

func schemaNames(b *schema.Block) []string {
	var ns []string
	for _, a := range b.Attributes {
		ns = append(ns, a.Name)
	}
	for _, nb := range b.Blocks {
		ns = append(ns, nb.Name)
	}
	return ns
}

func (e *evaluator) convertAttr(v cty.Value, ty cty.Type, path string, rng hcl.Range) cty.Value {
	if ty == cty.DynamicPseudoType {
		return v // any value converts to itself, marks and all
	}
	uv, pvms := v.UnmarkDeepWithPaths()
	cv, err := convert.Convert(uv, ty)
	if err != nil {
		e.errorf(&rng, path, "Incorrect attribute value type", "the value is not "+ty.FriendlyName()+": "+err.Error())
		return cty.UnknownVal(ty).Mark(reason("incorrect type for " + path))
	}
	return remark(cv, pvms)
}

// bodyRange is the range of the attribute or first block called name in
// body, or def.
func bodyRange(body *Body, name string, def hcl.Range) hcl.Range {
	if body == nil {
		return def
	}
	for _, a := range body.Attrs {
		if a.Name == name {
			return a.Range
		}
	}
	for _, b := range body.Blocks {
		if b.Type == name || (b.Type == "dynamic" && len(b.Labels) == 1 && b.Labels[0] == name) {
			return b.Range
		}
	}
	return def
}

// blockTypeRange is where the engines place a block of type name that
// body writes: at its type, or at a dynamic block's label.
func blockTypeRange(body *Body, name string, def hcl.Range) hcl.Range {
	for _, b := range body.Blocks {
		if b.Type == name {
			return b.Range
		}
		if b.Type == "dynamic" && len(b.Labels) == 1 && b.Labels[0] == name {
			return labelRange(b.Range, name)
		}
	}
	return def
}

// typeLabelRange is the range of the type label of r's block, where the
// engines report a type its provider lacks: known when the declaration is
// written as terraform fmt writes it, else the declaration.
func typeLabelRange(r *ResourceDecl) hcl.Range {
	d := r.DeclRange
	kw := "resource"
	if r.Mode == "data" {
		kw = "data"
	}
	typ, name := strconv.Quote(r.Type), strconv.Quote(r.Name)
	if d.Start.Line != d.End.Line || d.End.Column-d.Start.Column != len(kw)+1+len(typ)+1+len(name) || strings.HasSuffix(d.Filename, ".json") {
		return d
	}
	out := d
	out.Start.Column, out.Start.Byte = d.Start.Column+len(kw)+1, d.Start.Byte+len(kw)+1
	out.End.Column, out.End.Byte = out.Start.Column+len(typ), out.Start.Byte+len(typ)
	return out
}

// labelRange is the range of the last label of a native-syntax block
// whose declaration (type and labels) is decl: the label, quoted, ends
// the declaration. In JSON, or where the label is not written so, decl.
func labelRange(decl hcl.Range, label string) hcl.Range {
	q := len(strconv.Quote(label))
	if decl.Start.Line != decl.End.Line || decl.End.Column-q <= decl.Start.Column || strings.HasSuffix(decl.Filename, ".json") {
		return decl
	}
	r := decl
	r.Start.Column, r.Start.Byte = decl.End.Column-q, decl.End.Byte-q
	return r
}

// isBlock reports whether body writes name as a nested block.
func isBlock(body *Body, name string) bool {
	if body == nil {
		return false
	}
	for _, a := range body.Attrs {
		if a.Name == name {
			return false
		}
	}
	for _, b := range body.Blocks {
		if b.Type == name || (b.Type == "dynamic" && len(b.Labels) == 1 && b.Labels[0] == name) {
			return true
		}
	}
	return false
}
