package load

import (
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
)

// Attributes read from inside nested blocks.
//
// Without a schema, a resource's value holds its nested blocks as the
// configuration writes them: vpc_config { subnet_ids = [...] } is a tuple
// of one object with subnet_ids. The provider computes more attributes
// inside such a block (an EKS cluster's vpc_config[0].cluster_security_group_id),
// and reading one is as valid as reading a computed top-level attribute.
// So, as Refs does at the top, the reads that go through a block the
// configuration writes are recorded by block type, and the objects of
// those blocks get the attributes they lack as unknowns in the value
// other expressions see. Only written blocks (and dynamic blocks) count:
// an attribute whose value is an object (tags = {...}) is the user's own
// value, and reading a key it lacks stays an error.

// blockReads are the reads inside the blocks of one type: attributes,
// and the reads inside the blocks nested in them.
type blockReads struct {
	attrs  map[string]bool
	blocks map[string]*blockReads
}

// noteBlockRead records the read of steps (starting with an attribute
// step, after the resource's address and instance key) through the blocks
// the resource writes: of an attribute inside them, or of the blocks
// themselves, whose value is then passed on whole
// (google_container_cluster.primary[*].master_auth): what is read from it
// later is not known statically (see blockMark).
func (r *ResourceDecl) noteBlockRead(steps hcl.Traversal) {
	types, rest := r.blockTypes(steps)
	switch {
	case len(types) == 0:
	case len(rest) == 0:
		r.noteWholeBlocks(types)
	default:
		if a, ok := rest[0].(hcl.TraverseAttr); ok {
			r.addBlockRead(types, a.Name)
		}
	}
}

// blockTypes returns the block types the resource writes that steps goes
// through from its start, index steps skipped, and the steps after them.
func (r *ResourceDecl) blockTypes(steps hcl.Traversal) (types []string, rest hcl.Traversal) {
	if r.Body == nil {
		return nil, steps
	}
	bodies := []*Body{r.Body}
	for len(steps) > 0 {
		a, isAttr := steps[0].(hcl.TraverseAttr)
		if !isAttr {
			break
		}
		inner := blocksOfType(bodies, a.Name)
		if len(inner) == 0 {
			break
		}
		types = append(types, a.Name)
		bodies = inner
		steps = steps[1:]
		for len(steps) > 0 {
			if _, ok := steps[0].(hcl.TraverseIndex); !ok {
				break
			}
			steps = steps[1:]
		}
	}
	return types, steps
}

// blockReadPath returns the block types steps goes through and the
// attribute it then reads; ok is false when steps does not start with a
// block type the resource writes, or ends in a block.
func (r *ResourceDecl) blockReadPath(steps hcl.Traversal) (types []string, attr string, ok bool) {
	types, rest := r.blockTypes(steps)
	if len(types) == 0 || len(rest) == 0 {
		return nil, "", false
	}
	a, isAttr := rest[0].(hcl.TraverseAttr)
	if !isAttr {
		return nil, "", false
	}
	return types, a.Name, true
}

// noteWholeBlocks records blocks whose value is passed on whole, with the
// blocks nested in them, which go along.
func (r *ResourceDecl) noteWholeBlocks(types []string) {
	if r.wholeBlocks == nil {
		r.wholeBlocks = map[string]bool{}
	}
	bodies := []*Body{r.Body}
	for _, t := range types {
		bodies = blocksOfType(bodies, t)
	}
	var add func(path string, bodies []*Body)
	add = func(path string, bodies []*Body) {
		r.wholeBlocks[path] = true
		seen := map[string]bool{}
		for _, b := range bodies {
			for _, nb := range b.Blocks {
				t := nb.Type
				if t == "dynamic" && len(nb.Labels) == 1 {
					t = nb.Labels[0]
				}
				if !seen[t] {
					seen[t] = true
					add(path+"."+t, blocksOfType(bodies, t))
				}
			}
		}
	}
	add(strings.Join(types, "."), bodies)
}

// blockMark marks the objects of blocks whose value is read whole
// (noteWholeBlocks): an "Unsupported attribute" or "Invalid index" error on
// one names an attribute read inside those blocks, which the next
// evaluation pass adds (whole.go), as for whole resource objects.
type blockMark struct {
	r     *ResourceDecl
	types string // the block types from the resource, joined by "."
}

// markBlockObjects marks, in v (the value of blocks of one type), the
// objects of the blocks rest leads to.
func markBlockObjects(v cty.Value, rest []string, m blockMark) cty.Value {
	return eachBlockObject(v, func(_ string, obj cty.Value, full map[string]cty.Value) cty.Value {
		if len(rest) == 0 {
			return obj.Mark(m)
		}
		if cur, ok := full[rest[0]]; ok {
			full[rest[0]] = markBlockObjects(cur, rest[1:], m)
			return cty.ObjectVal(full)
		}
		return obj
	})
}

// eachBlockObject returns v, the value of blocks of one type (a tuple of
// objects, or one object), with each object replaced by what f makes of
// it, given its index ("[0]", "" for a lone object) and its attributes (a
// map f may change and build the object from). v's marks are kept; an
// unknown, null or empty v is returned as it is.
func eachBlockObject(v cty.Value, f func(index string, obj cty.Value, full map[string]cty.Value) cty.Value) cty.Value {
	uv, marks := v.Unmark()
	if !uv.IsKnown() || uv.IsNull() {
		return v
	}
	t := uv.Type()
	switch {
	case t.IsTupleType() || t.IsListType():
		if uv.LengthInt() == 0 {
			return v
		}
		elems := make([]cty.Value, 0, uv.LengthInt())
		for it := uv.ElementIterator(); it.Next(); {
			_, ev := it.Element()
			idx := "[" + itoa(len(elems)) + "]"
			elems = append(elems, eachBlockObject(ev, func(_ string, obj cty.Value, full map[string]cty.Value) cty.Value {
				return f(idx, obj, full)
			}))
		}
		return cty.TupleVal(elems).WithMarks(marks)
	case t.IsObjectType():
		full := uv.AsValueMap()
		if full == nil {
			full = map[string]cty.Value{}
		}
		return f("", uv, full).WithMarks(marks)
	}
	return v
}

// blockMarks returns, for each resource with a blockMark among marks, the
// block types of the deepest one (the object itself; the marks of the
// blocks around it pass on to it).
func blockMarks(marks cty.ValueMarks) map[*ResourceDecl][]string {
	var out map[*ResourceDecl][]string
	for m := range marks {
		bm, ok := m.(blockMark)
		if !ok {
			continue
		}
		types := strings.Split(bm.types, ".")
		if out == nil {
			out = map[*ResourceDecl][]string{}
		}
		if cur, ok := out[bm.r]; !ok || len(types) > len(cur) {
			out[bm.r] = types
		}
	}
	return out
}

// hasBlockRead says whether the read of attr through types is recorded.
func (r *ResourceDecl) hasBlockRead(types []string, attr string) bool {
	reads := r.blockReads
	for i, t := range types {
		br := reads[t]
		if br == nil {
			return false
		}
		if i == len(types)-1 {
			return br.attrs[attr]
		}
		reads = br.blocks
	}
	return false
}

// addBlockRead records the read of attr through the block types types.
func (r *ResourceDecl) addBlockRead(types []string, attr string) {
	reads := &r.blockReads
	for i, t := range types {
		if *reads == nil {
			*reads = map[string]*blockReads{}
		}
		br := (*reads)[t]
		if br == nil {
			br = &blockReads{}
			(*reads)[t] = br
		}
		if i == len(types)-1 {
			if br.attrs == nil {
				br.attrs = map[string]bool{}
			}
			br.attrs[attr] = true
			return
		}
		reads = &br.blocks
	}
}

// noBlocksWritten says whether v, the value of n in the resource, is
// blocks of type n of which the configuration writes none (a dynamic
// block over an empty collection): like an attribute left null, the
// provider may compute them, so a read of them is unknown.
func noBlocksWritten(r *ResourceDecl, n string, v cty.Value) bool {
	uv, _ := v.Unmark()
	if !uv.IsKnown() || uv.IsNull() || !uv.Type().IsTupleType() || uv.LengthInt() != 0 || r.Body == nil {
		return false
	}
	return len(blocksOfType([]*Body{r.Body}, n)) > 0
}

// blocksOfType returns the bodies of the blocks of type t in bodies: the
// written blocks and the content of dynamic blocks making them.
func blocksOfType(bodies []*Body, t string) []*Body {
	var out []*Body
	for _, b := range bodies {
		for _, nb := range b.Blocks {
			switch {
			case nb.Type == t && nb.Body != nil:
				out = append(out, nb.Body)
			case nb.Type == "dynamic" && len(nb.Labels) == 1 && nb.Labels[0] == t && nb.Body != nil:
				for _, cb := range nb.Body.Blocks {
					if cb.Type == "content" && cb.Body != nil {
						out = append(out, cb.Body)
					}
				}
			}
		}
	}
	return out
}

// unsetKind says why an attribute read inside blocks is unknown.
type unsetKind int

const (
	notSet   unsetKind = iota // the block does not set it
	setNull                   // the block sets it to null
	noBlocks                  // no block of the type is written
)

// withBlockReads returns the value v of blocks of one type (a tuple of
// objects, or one object) at path with the attributes reads names added
// where they are missing or null: as unknowns made by unknownAttr from
// the attribute's path. Blocks of a type written none of are unknown
// as a whole.
func withBlockReads(v cty.Value, path string, reads *blockReads, unknownAttr func(path string, unset unsetKind) cty.Value) cty.Value {
	if uv, _ := v.Unmark(); uv.IsKnown() && !uv.IsNull() && uv.Type().IsTupleType() && uv.LengthInt() == 0 {
		// No block written (a dynamic block over nothing), yet one is
		// read: the provider may compute the blocks (an AKS cluster's
		// kubelet_identity), as an attribute left null.
		return unknownAttr(path, noBlocks)
	}
	return eachBlockObject(v, func(index string, _ cty.Value, full map[string]cty.Value) cty.Value {
		at := path + index
		for n := range reads.attrs {
			if cur, ok := full[n]; !ok {
				full[n] = unknownAttr(at+"."+n, notSet)
			} else if isNull(cur) {
				full[n] = unknownAttr(at+"."+n, setNull)
			}
		}
		for n, inner := range reads.blocks {
			if cur, ok := full[n]; ok {
				full[n] = withBlockReads(cur, at+"."+n, inner, unknownAttr)
			}
		}
		return cty.ObjectVal(full)
	})
}
