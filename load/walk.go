package load

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// Visitor receives every expression of a module tree with its full name,
// such as module.net.aws_subnet.private.cidr_block or
// module.net.var.cidr.default.
type Visitor func(name string, expr hcl.Expression)

// Walk calls visit for every expression in m and its children, in a fixed
// order: the module's own declarations sorted by name, then each child.
func (m *Module) Walk(visit Visitor) {
	p := m.Name()
	for _, n := range sortedKeys(m.Variables) {
		v := m.Variables[n]
		if v.Default != nil {
			visit(p+"var."+n+".default", v.Default)
		}
		for _, va := range v.Validations {
			visit(p+"var."+n+".validation.condition", va.Condition)
			if va.ErrorMessage != nil {
				visit(p+"var."+n+".validation.error_message", va.ErrorMessage)
			}
		}
	}
	for _, n := range sortedKeys(m.Locals) {
		visit(p+"local."+n, m.Locals[n].Expr)
	}
	for _, n := range sortedKeys(m.Outputs) {
		visit(p+"output."+n, m.Outputs[n].Value)
	}
	for _, n := range sortedKeys(m.Resources) {
		r := m.Resources[n]
		base := p + n
		if r.Count != nil {
			visit(base+".count", r.Count)
		}
		if r.ForEach != nil {
			visit(base+".for_each", r.ForEach)
		}
		walkBody(base, r.Body, visit)
	}
	for _, n := range sortedKeys(m.Calls) {
		c := m.Calls[n]
		base := p + "module." + n
		if c.Count != nil {
			visit(base+".count", c.Count)
		}
		if c.ForEach != nil {
			visit(base+".for_each", c.ForEach)
		}
		for _, in := range sortedKeys(c.Inputs) {
			visit(base+"."+in, c.Inputs[in].Expr)
		}
	}
	for _, n := range sortedKeys(m.Children) {
		m.Children[n].Walk(visit)
	}
}

func walkBody(base string, b *Body, visit Visitor) {
	for _, a := range b.Attrs {
		visit(base+"."+a.Name, a.Expr)
	}
	counts := map[string]int{}
	for _, nb := range b.Blocks {
		name := nb.Type
		if nb.Type == "dynamic" && len(nb.Labels) > 0 {
			name = "dynamic." + nb.Labels[0]
		}
		i := counts[name]
		counts[name]++
		walkBody(base+"."+name+"["+itoa(i)+"]", nb.Body, visit)
	}
}

// collectRefs records, for every resource of m, the attribute names that
// expressions in m read from it.
func collectRefs(m *Module) {
	for _, r := range m.Resources {
		r.Refs = map[string]bool{"id": true}
	}
	// Attributes read through a for-expression or dynamic-block iterator
	// (for s in aws_subnet.all : s.arn) cannot be tied to one resource
	// statically; they count for every resource of the module, so that they
	// are unknown rather than missing.
	loose := map[string]bool{}
	looseRoot := func(root string) bool {
		switch root {
		case "var", "local", "module", "count", "each", "path", "terraform", "self", "data":
			return false
		}
		for _, r := range m.Resources {
			if r.Mode == "managed" && r.Type == root {
				return false
			}
		}
		return true
	}
	firstAttr := func(tr hcl.Traversal) {
		for _, step := range tr {
			switch x := step.(type) {
			case hcl.TraverseIndex, hcl.TraverseSplat:
				continue
			case hcl.TraverseAttr:
				loose[x.Name] = true
			}
			return
		}
	}
	note := func(tr hcl.Traversal) {
		key, rest := splitResourceRef(tr)
		r := m.Resources[key]
		if r == nil {
			return
		}
		if len(rest) > 0 {
			if _, ok := rest[0].(hcl.TraverseIndex); ok {
				rest = rest[1:]
			}
		}
		if len(rest) > 0 {
			if a, ok := rest[0].(hcl.TraverseAttr); ok {
				r.Refs[a.Name] = true
			}
		}
	}
	m.Walk0(func(_ string, e hcl.Expression) {
		se, ok := e.(hclsyntax.Expression)
		if !ok {
			for _, tr := range e.Variables() {
				note(tr)
			}
			return
		}
		_ = hclsyntax.VisitAll(se, func(n hclsyntax.Node) hcl.Diagnostics {
			switch x := n.(type) {
			case *hclsyntax.ScopeTraversalExpr:
				note(x.Traversal)
				if looseRoot(x.Traversal.RootName()) {
					firstAttr(x.Traversal[1:])
				}
			case *hclsyntax.SplatExpr:
				src, ok := x.Source.(*hclsyntax.ScopeTraversalExpr)
				if !ok {
					return nil
				}
				if step, ok := splatAttr(x.Each); ok {
					tr := append(append(hcl.Traversal(nil), src.Traversal...), hcl.TraverseIndex{}, step)
					note(tr)
				}
			case *hclsyntax.RelativeTraversalExpr:
				// aws_x.y[var.k].id parses as a relative traversal on an index.
				if ix, ok := x.Source.(*hclsyntax.IndexExpr); ok {
					if src, ok := ix.Collection.(*hclsyntax.ScopeTraversalExpr); ok && len(x.Traversal) > 0 {
						tr := append(append(hcl.Traversal(nil), src.Traversal...), hcl.TraverseIndex{}, x.Traversal[0])
						note(tr)
					}
				}
			}
			return nil
		})
	})
	for _, r := range m.Resources {
		for n := range loose {
			r.Refs[n] = true
		}
	}
}

// Walk0 is Walk over m alone, without its children.
func (m *Module) Walk0(visit Visitor) {
	saved := m.Children
	m.Children = nil
	m.Walk(visit)
	m.Children = saved
}

// splitResourceRef returns the resource key a traversal starts with
// (aws_x.y or data.aws_x.y) and the rest; key is "" when the traversal does
// not name a resource.
func splitResourceRef(tr hcl.Traversal) (string, hcl.Traversal) {
	root := tr.RootName()
	switch root {
	case "var", "local", "module", "count", "each", "path", "terraform", "self", "ephemeral", "":
		return "", nil
	}
	names, rest := attrNames(tr[1:], 1)
	if root == "data" {
		names, rest = attrNames(tr[1:], 2)
		if len(names) < 2 {
			return "", nil
		}
		return "data." + names[0] + "." + names[1], rest
	}
	if len(names) < 1 {
		return "", nil
	}
	return root + "." + names[0], rest
}

func attrNames(tr hcl.Traversal, n int) ([]string, hcl.Traversal) {
	var out []string
	for len(out) < n && len(tr) > 0 {
		a, ok := tr[0].(hcl.TraverseAttr)
		if !ok {
			break
		}
		out = append(out, a.Name)
		tr = tr[1:]
	}
	return out, tr
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var b [20]byte
	p := len(b)
	neg := i < 0
	if neg {
		i = -i
	}
	for i > 0 {
		p--
		b[p] = byte('0' + i%10)
		i /= 10
	}
	if neg {
		p--
		b[p] = '-'
	}
	return string(b[p:])
}

// splatAttr finds the first attribute a splat's per-element expression
// reads from the element: test_string in x[*].test_string[count.index].
func splatAttr(e hclsyntax.Expression) (hcl.Traverser, bool) {
	for {
		switch x := e.(type) {
		case *hclsyntax.RelativeTraversalExpr:
			if _, anon := x.Source.(*hclsyntax.AnonSymbolExpr); anon {
				if len(x.Traversal) > 0 {
					return x.Traversal[0], true
				}
				return nil, false
			}
			e = x.Source
		case *hclsyntax.IndexExpr:
			e = x.Collection
		default:
			return nil, false
		}
	}
}
