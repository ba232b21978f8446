package load

import (
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/tfkit/tfkit/config"
)

// Visitor receives every expression of a module tree with its full name,
// such as module.net.aws_subnet.private.cidr_block or
// module.net.var.cidr.default.
type Visitor func(name string, expr hcl.Expression)

// exprKind tells how the evaluator treats an expression the walk visits.
type exprKind int

const (
	// kindValue expressions are evaluated.
	kindValue exprKind = iota
	// kindRefs are lists of references to objects (depends_on,
	// replace_triggered_by): only checked to name declared objects.
	kindRefs
	// kindProviderRef are references to provider configurations (the
	// provider meta-argument, a call's providers map).
	kindProviderRef
	// kindAddress are addresses of moved, removed and import blocks.
	kindAddress
	// kindKeyword are bare keywords (a provisioner's when and
	// on_failure): neither values nor references.
	kindKeyword
	// kindDeferred are values Terraform evaluates only when it applies
	// (provisioners, connection, import ids) or that name attributes
	// rather than read them (ignore_changes): their references are
	// checked, they are not evaluated.
	kindDeferred
)

// Walk calls visit for every expression in m and its children, in a fixed
// order: the module's own declarations by kind and name, then each child.
func (m *Module) Walk(visit Visitor) {
	m.walk(true, func(name string, e hcl.Expression, _ exprKind, _ *ResourceDecl) { visit(name, e) })
}

// walk visits the expressions of m (and of its children when deep) with
// their kind and, for a resource's own expressions, the resource.
func (m *Module) walk(deep bool, visit func(name string, e hcl.Expression, k exprKind, r *ResourceDecl)) {
	p := m.Name()
	v := func(name string, e hcl.Expression, k exprKind) {
		if e != nil {
			visit(name, e, k, nil)
		}
	}
	conds := func(base, kind string, cs []*Condition, r *ResourceDecl) {
		for i, c := range cs {
			n := base + "." + kind + "[" + itoa(i) + "]"
			visit(n+".condition", c.Condition, kindValue, r)
			if c.ErrorMessage != nil {
				visit(n+".error_message", c.ErrorMessage, kindValue, r)
			}
		}
	}
	for _, n := range sortedKeys(m.Variables) {
		vd := m.Variables[n]
		v(p+"var."+n+".default", vd.Default, kindValue)
		v(p+"var."+n+".nullable", vd.Nullable, kindValue)
		conds(p+"var."+n, "validation", vd.Validations, nil)
	}
	for _, n := range sortedKeys(m.Locals) {
		v(p+"local."+n, m.Locals[n].Expr, kindValue)
	}
	for _, n := range sortedKeys(m.Outputs) {
		o := m.Outputs[n]
		v(p+"output."+n, o.Value, kindValue)
		conds(p+"output."+n, "precondition", o.Preconditions, nil)
		v(p+"output."+n+".depends_on", o.DependsOn, kindRefs)
	}
	for _, n := range sortedKeys(m.ProviderConfigs) {
		pc := m.ProviderConfigs[n]
		walkBody(p+"provider."+n, pc.Body, func(name string, e hcl.Expression) { visit(name, e, kindValue, nil) })
	}
	for _, n := range sortedKeys(m.Resources) {
		r := m.Resources[n]
		base := p + n
		rv := func(name string, e hcl.Expression, k exprKind) {
			if e != nil {
				visit(name, e, k, r)
			}
		}
		rv(base+".count", r.Count, kindValue)
		rv(base+".for_each", r.ForEach, kindValue)
		rv(base+".provider", r.Provider, kindProviderRef)
		// The instance key of a provider with for_each is a value
		// (random.by_name[each.key]).
		rv(base+".provider.key", r.ProviderKey, kindValue)
		rv(base+".depends_on", r.DependsOn, kindRefs)
		walkBody(base, r.Body, func(name string, e hcl.Expression) { visit(name, e, kindValue, r) })
		if r.Lifecycle != nil {
			for _, a := range r.Lifecycle.Attrs {
				k := kindValue
				switch a.Name {
				case "replace_triggered_by":
					k = kindRefs
				case "ignore_changes":
					k = kindDeferred
				}
				rv(base+".lifecycle."+a.Name, a.Expr, k)
			}
		}
		conds(base+".lifecycle", "precondition", r.Preconditions, r)
		conds(base+".lifecycle", "postcondition", r.Postconditions, r)
		if r.Connection != nil {
			walkBody(base+".connection", r.Connection.Body, deferred(r, visit))
		}
		for i, pb := range r.Provisioners {
			walkBody(base+".provisioner["+itoa(i)+"]", pb.Body, deferred(r, visit))
		}
	}
	for _, n := range sortedKeys(m.Calls) {
		c := m.Calls[n]
		base := p + "module." + n
		v(base+".count", c.Count, kindValue)
		v(base+".for_each", c.ForEach, kindValue)
		v(base+".lifecycle.enabled", c.Enabled, kindValue)
		for _, in := range sortedKeys(c.Inputs) {
			v(base+"."+in, c.Inputs[in].Expr, kindValue)
		}
		v(base+".providers", c.Providers, kindProviderRef)
		for _, kp := range keyedProviders(c.Providers) {
			v(base+".providers."+kp.local+".key", kp.key, kindValue)
		}
		v(base+".depends_on", c.DependsOn, kindRefs)
	}
	for _, n := range sortedKeys(m.Checks) {
		conds(p+"check."+n, "assert", m.Checks[n].Asserts, nil)
	}
	for i, im := range m.Imports {
		base := p + "import[" + itoa(i) + "]"
		v(base+".to", im.To, kindAddress)
		v(base+".id", im.ID, kindDeferred)
		v(base+".for_each", im.ForEach, kindDeferred)
		v(base+".provider", im.Provider, kindProviderRef)
	}
	for i, mv := range m.Moved {
		base := p + "moved[" + itoa(i) + "]"
		v(base+".from", mv.From, kindAddress)
		v(base+".to", mv.To, kindAddress)
	}
	for i, rm := range m.Removed {
		base := p + "removed[" + itoa(i) + "]"
		v(base+".from", rm.From, kindAddress)
		walkBody(base, rm.Body, deferred(nil, visit))
	}
	if !deep {
		return
	}
	for _, n := range sortedKeys(m.Children) {
		m.Children[n].walk(true, visit)
	}
}

// deferred visits the expressions of provisioner, connection and removed
// bodies, whose when and on_failure arguments are keywords.
func deferred(r *ResourceDecl, visit func(string, hcl.Expression, exprKind, *ResourceDecl)) Visitor {
	return func(name string, e hcl.Expression) {
		k := kindDeferred
		if strings.HasSuffix(name, ".when") || strings.HasSuffix(name, ".on_failure") {
			k = kindKeyword
		}
		visit(name, e, k, r)
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
		r.Refs = map[string]bool{}
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
				r.noteBlockRead(rest)
			}
		}
	}
	m.walk(false, func(_ string, e hcl.Expression, k exprKind, _ *ResourceDecl) {
		if k != kindValue {
			return
		}
		se, ok := e.(hclsyntax.Expression)
		if !ok {
			for _, tr := range e.Variables() {
				note(tr)
				if r, whole := wholeRead(m, tr); whole {
					r.escapes = true
				}
			}
			return
		}
		_ = hclsyntax.Walk(se, &escapeWalker{m: m})
		_ = hclsyntax.VisitAll(se, func(n hclsyntax.Node) hcl.Diagnostics {
			switch x := n.(type) {
			case *hclsyntax.ScopeTraversalExpr:
				note(x.Traversal)
			case *hclsyntax.SplatExpr:
				src, ok := x.Source.(*hclsyntax.ScopeTraversalExpr)
				if !ok {
					return nil
				}
				if steps := splatSteps(x.Each); len(steps) > 0 {
					tr := append(append(append(hcl.Traversal(nil), src.Traversal...), hcl.TraverseIndex{}), steps...)
					note(tr)
				}
			case *hclsyntax.RelativeTraversalExpr:
				// aws_x.y[var.k].id parses as a relative traversal on an index.
				if ix, ok := x.Source.(*hclsyntax.IndexExpr); ok {
					if src, ok := ix.Collection.(*hclsyntax.ScopeTraversalExpr); ok && len(x.Traversal) > 0 {
						tr := append(append(append(hcl.Traversal(nil), src.Traversal...), hcl.TraverseIndex{}), x.Traversal...)
						note(tr)
					}
				}
			}
			return nil
		})
	})
	for _, r := range m.Resources {
		if r.escapes {
			// The whole object is seen (an output of it, say): every
			// resource has an id, computed by the provider.
			r.Refs["id"] = true
		}
		// A postcondition reads the instance's own attributes as self.
		for _, c := range r.Postconditions {
			for _, x := range []hcl.Expression{c.Condition, c.ErrorMessage} {
				if x == nil {
					continue
				}
				for _, tr := range x.Variables() {
					if names, _ := attrNames(tr[1:], 1); tr.RootName() == "self" && len(names) == 1 {
						r.Refs[names[0]] = true
					}
				}
			}
		}
	}
}

// wholeRead returns the resource of m that tr reads as a whole object
// (aws_vpc.main, aws_vpc.main[0], but not aws_vpc.main.id).
func wholeRead(m *Module, tr hcl.Traversal) (*ResourceDecl, bool) {
	key, rest := splitResourceRef(tr)
	r := m.Resources[key]
	if r == nil {
		return nil, false
	}
	if len(rest) > 0 {
		if _, ok := rest[0].(hcl.TraverseIndex); ok {
			rest = rest[1:]
		}
	}
	return r, len(rest) == 0
}

// escapeWalker marks the resources that an expression reads as whole
// objects and passes on as values. Reading attributes right away does not
// count: aws_x.y[count.index].id, aws_x.y[*].id, and a for expression
// over aws_x.y that reads only attributes of its iterator (those names
// are collected for every resource of the module, see collectRefs).
type escapeWalker struct {
	m     *Module
	stack []hclsyntax.Node
}

func (w *escapeWalker) Enter(n hclsyntax.Node) hcl.Diagnostics {
	if st, ok := n.(*hclsyntax.ScopeTraversalExpr); ok {
		if r, whole := wholeRead(w.m, st.Traversal); whole && w.escapes(st) {
			r.escapes = true
		}
	}
	w.stack = append(w.stack, n)
	return nil
}

func (w *escapeWalker) Exit(hclsyntax.Node) hcl.Diagnostics {
	w.stack = w.stack[:len(w.stack)-1]
	return nil
}

// escapes reports whether the whole-object read st, the node being
// entered, is passed on as a value.
func (w *escapeWalker) escapes(st *hclsyntax.ScopeTraversalExpr) bool {
	parent := func(i int) hclsyntax.Node {
		if len(w.stack) < i {
			return nil
		}
		return w.stack[len(w.stack)-i]
	}
	readsAttr := func(n hclsyntax.Node, src hclsyntax.Expression) bool {
		rt, ok := n.(*hclsyntax.RelativeTraversalExpr)
		if !ok || rt.Source != src || len(rt.Traversal) == 0 {
			return false
		}
		_, attr := rt.Traversal[0].(hcl.TraverseAttr)
		return attr
	}
	switch p := parent(1).(type) {
	case *hclsyntax.RelativeTraversalExpr:
		return !readsAttr(p, st)
	case *hclsyntax.IndexExpr:
		return p.Collection != st || !readsAttr(parent(2), p)
	case *hclsyntax.SplatExpr:
		if p.Source != st {
			return true
		}
		step, ok := splatAttr(p.Each)
		if !ok {
			return true
		}
		_, attr := step.(hcl.TraverseAttr)
		return !attr
	case *hclsyntax.ForExpr:
		if p.CollExpr != st {
			return true
		}
		// The iterator must only be read through attributes, which are
		// then read from the resource.
		r, _ := wholeRead(w.m, st.Traversal)
		bare := false
		names := map[string]bool{}
		for _, x := range []hclsyntax.Expression{p.KeyExpr, p.ValExpr, p.CondExpr} {
			if x == nil {
				continue
			}
			_ = hclsyntax.VisitAll(x, func(n hclsyntax.Node) hcl.Diagnostics {
				var tr hcl.Traversal
				switch t := n.(type) {
				case *hclsyntax.ScopeTraversalExpr:
					tr = t.Traversal
				case *hclsyntax.SplatExpr:
					// v.list[*].x has the traversal v.list as its source.
					return nil
				default:
					return nil
				}
				if tr.RootName() != p.ValVar {
					return nil
				}
				if len(tr) < 2 {
					bare = true
				} else if a, attr := tr[1].(hcl.TraverseAttr); !attr {
					bare = true
				} else {
					names[a.Name] = true
				}
				return nil
			})
		}
		if !bare {
			for n := range names {
				r.Refs[n] = true
			}
		}
		return bare
	}
	return true
}

// splitResourceRef returns the resource key a traversal starts with
// (aws_x.y or data.aws_x.y) and the rest; key is "" when the traversal does
// not name a resource.
func splitResourceRef(tr hcl.Traversal) (string, hcl.Traversal) {
	root := tr.RootName()
	data := root == config.KindData.Root
	if root == "" || !data && slices.Contains(config.Roots, root) {
		return "", nil
	}
	names, rest := attrNames(tr[1:], 1)
	if data {
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
	if steps := splatSteps(e); len(steps) > 0 {
		return steps[0], true
	}
	return nil, false
}

// splatSteps returns the traversal a splat's each expression starts with
// (.vpc_config[0].id of aws_eks_cluster.this[*].vpc_config[0].id); nil
// when it does not start with one.
func splatSteps(e hclsyntax.Expression) hcl.Traversal {
	for {
		switch x := e.(type) {
		case *hclsyntax.RelativeTraversalExpr:
			if _, anon := x.Source.(*hclsyntax.AnonSymbolExpr); anon {
				return x.Traversal
			}
			e = x.Source
		case *hclsyntax.IndexExpr:
			e = x.Collection
		default:
			return nil
		}
	}
}
