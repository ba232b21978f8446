package load

import (
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
// step, after the resource's address and instance key) when its first
// name is a block type of the resource's configuration.
func (r *ResourceDecl) noteBlockRead(steps hcl.Traversal) {
	if types, attr, ok := r.blockReadPath(steps); ok {
		r.addBlockRead(types, attr)
	}
}

// blockReadPath returns the block types steps goes through, index steps
// skipped, and the attribute it then reads; ok is false when steps does
// not start with a block type the resource writes, or ends in a block.
func (r *ResourceDecl) blockReadPath(steps hcl.Traversal) (types []string, attr string, ok bool) {
	if r.Body == nil {
		return nil, "", false
	}
	bodies := []*Body{r.Body}
	for len(steps) > 0 {
		a, isAttr := steps[0].(hcl.TraverseAttr)
		if !isAttr {
			return nil, "", false
		}
		inner := blocksOfType(bodies, a.Name)
		if len(inner) == 0 {
			if len(types) == 0 {
				return nil, "", false
			}
			return types, a.Name, true
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
	return nil, "", false
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

// withBlockReads returns the value v of blocks of one type (a tuple of
// objects, or one object) at path with the attributes reads names added
// where they are missing or null: as unknowns made by unknownAttr from
// the attribute's path.
func withBlockReads(v cty.Value, path string, reads *blockReads, unknownAttr func(path string, null bool) cty.Value) cty.Value {
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
			elems = append(elems, withBlockReads(ev, path+"["+itoa(len(elems))+"]", reads, unknownAttr))
		}
		return cty.TupleVal(elems).WithMarks(marks)
	case t.IsObjectType():
		full := uv.AsValueMap()
		if full == nil {
			full = map[string]cty.Value{}
		}
		for n := range reads.attrs {
			if cur, ok := full[n]; !ok {
				full[n] = unknownAttr(path+"."+n, false)
			} else if isNull(cur) {
				full[n] = unknownAttr(path+"."+n, true)
			}
		}
		for n, inner := range reads.blocks {
			if cur, ok := full[n]; ok {
				full[n] = withBlockReads(cur, path+"."+n, inner, unknownAttr)
			}
		}
		return cty.ObjectVal(full).WithMarks(marks)
	}
	return v
}
