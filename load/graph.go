package load

import (
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/tffile"
)

type nodeKind int

const (
	kindCall nodeKind = iota // a module call: its count/for_each decide the child's instances
	kindVar
	kindLocal
	kindOutput
	kindResource
	// kindValidation checks a variable's validation blocks; it depends on
	// the variable and on what the conditions read besides it, and
	// nothing depends on it (Terraform 1.9 and later).
	kindValidation
	kindProvider // a provider block
	kindCheck    // a check block's asserts
)

// node is one static thing to evaluate, once per instance of its module.
type node struct {
	kind  nodeKind
	mod   *Module
	name  string // variable, local, output or call name; resource key
	key   string // full static name, such as module.net.local.cidrs
	rng   hcl.Range
	deps  []*node
	state int8 // DFS: 0 new, 1 on the stack, 2 done
	// used is set when another node depends on this one; a resource no
	// expression reads needs no value for other scopes.
	used  bool
	cycle string
	// selfRef is set on a local value or resource whose own expressions
	// read it: the engines drop that edge from their graph and refuse the
	// reference where it is written (graph.selfRefs), so it is no cycle,
	// and the value is unknown with this reason.
	selfRef string
}

type graph struct {
	nodes map[string]*node
	order []*node
	// cycles lists each dependency cycle found, as the nodes in order.
	cycles [][]*node
	// scoped lists references to a check block's scoped data source from
	// outside that check block.
	scoped []scopedRef
	// selfRefs are the errors of expressions that read the local value
	// or resource they belong to, in the engines' words, at the reference.
	selfRefs []*diag.Diagnostic
	// dataAfterProvider makes each data source depend on its module's
	// provider block, which configures the provider that reads it
	// (Options.ReadData).
	dataAfterProvider bool
	// engine words some errors (selfRef).
	engine tffile.Engine
	// vars holds the traversals of the module tree's expressions, found
	// on all processors (variablesOf); the evaluator starts from them.
	vars map[hcl.Expression][]hcl.Traversal
	// providerCalls holds those of them that call a provider function,
	// reshaping what reshapesReasons reports of each.
	providerCalls, reshaping map[hcl.Expression]bool
}

// scopedRef is a reference to data source key of check from outside it.
type scopedRef struct {
	mod   *Module
	key   string
	check string
	rng   hcl.Range
}

func buildGraph(root *Module, engine tffile.Engine, dataAfterProvider bool, lossy map[string]bool) *graph {
	g := &graph{nodes: map[string]*node{}, engine: engine, dataAfterProvider: dataAfterProvider}
	g.vars, g.providerCalls, g.reshaping = variablesOf(root, lossy)
	var add func(m *Module)
	add = func(m *Module) {
		p := m.Name()
		for n, v := range m.Variables {
			g.nodes[p+"var."+n] = &node{kind: kindVar, mod: m, name: n, key: p + "var." + n, rng: v.DeclRange}
			if len(v.Validations) > 0 {
				k := p + "var." + n + ".validation"
				g.nodes[k] = &node{kind: kindValidation, mod: m, name: n, key: k, rng: v.DeclRange}
			}
		}
		for n, pc := range m.ProviderConfigs {
			k := p + "provider." + n
			g.nodes[k] = &node{kind: kindProvider, mod: m, name: n, key: k, rng: pc.DeclRange}
		}
		for n, c := range m.Checks {
			k := p + "check." + n
			g.nodes[k] = &node{kind: kindCheck, mod: m, name: n, key: k, rng: c.DeclRange}
		}
		for n, l := range m.Locals {
			g.nodes[p+"local."+n] = &node{kind: kindLocal, mod: m, name: n, key: p + "local." + n, rng: l.Range}
		}
		for n, o := range m.Outputs {
			g.nodes[p+"output."+n] = &node{kind: kindOutput, mod: m, name: n, key: p + "output." + n, rng: o.DeclRange}
		}
		for k, r := range m.Resources {
			g.nodes[p+k] = &node{kind: kindResource, mod: m, name: k, key: p + k, rng: r.DeclRange}
		}
		for n, c := range m.Calls {
			g.nodes[p+"module."+n] = &node{kind: kindCall, mod: m, name: n, key: p + "module." + n, rng: c.DeclRange}
		}
		for _, c := range m.Children {
			add(c)
		}
	}
	add(root)
	// In key order: linking reports some mistakes (references to a check's
	// scoped data source) and orders each node's dependencies, and both
	// must be the same from run to run.
	keys := sortedKeys(g.nodes)
	for _, k := range keys {
		g.linkNode(g.nodes[k])
	}
	for _, n := range g.nodes {
		for _, d := range n.deps {
			d.used = true
		}
	}
	var stack []*node
	var visit func(n *node)
	visit = func(n *node) {
		switch n.state {
		case 2:
			return
		case 1:
			i := len(stack) - 1
			for stack[i] != n {
				i--
			}
			cyc := append([]*node(nil), stack[i:]...)
			g.cycles = append(g.cycles, cyc)
			names := make([]string, 0, len(cyc)+1)
			for _, c := range cyc {
				names = append(names, c.key)
			}
			names = append(names, n.key)
			desc := strings.Join(names, " -> ")
			for _, c := range cyc {
				if c.cycle == "" {
					c.cycle = desc
				}
			}
			return
		}
		n.state = 1
		stack = append(stack, n)
		for _, d := range n.deps {
			visit(d)
		}
		stack = stack[:len(stack)-1]
		n.state = 2
		g.order = append(g.order, n)
	}
	for _, k := range keys {
		visit(g.nodes[k])
	}
	sort.SliceStable(g.cycles, func(i, j int) bool { return g.cycles[i][0].key < g.cycles[j][0].key })
	return g
}

// linkNode finds the nodes n depends on.
func (g *graph) linkNode(n *node) {
	m := n.mod
	seen := map[*node]bool{}
	// inCondition is set while a resource's own conditions are linked: one
	// that names the resource itself is refused where the module is read
	// ("Invalid reference in precondition", rules.go), not a cycle.
	inCondition := false
	// inDependsOn is set while a resource's depends_on is linked: the
	// engines drop a reference to the resource itself from the graph,
	// and the resource is planned.
	inDependsOn := false
	// inReplace is set while a resource's replace_triggered_by is linked.
	inReplace := false
	dep := func(d *node) {
		if d == n && (inCondition || inDependsOn) {
			return
		}
		if d == n && n.cycle == "" {
			// A resource or local that reads itself is a cycle of one.
			n.cycle = n.key + " -> " + n.key
			g.cycles = append(g.cycles, []*node{n})
		}
		if d != nil && d != n && !seen[d] {
			seen[d] = true
			n.deps = append(n.deps, d)
		}
	}
	// inCheck is the check block n belongs to, whose scoped data sources
	// n may read.
	inCheck := ""
	switch n.kind {
	case kindCheck:
		inCheck = n.name
	case kindResource:
		inCheck = m.Resources[n.name].Check
	}
	refs := func(mod *Module, e hcl.Expression) {
		if e == nil {
			return
		}
		for _, tr := range g.variables(e) {
			for _, d := range g.refNodes(mod, tr) {
				if d != nil && d.kind == kindResource {
					if c := d.mod.Resources[d.name].Check; c != "" && (c != inCheck || mod != m) {
						g.scoped = append(g.scoped, scopedRef{mod: mod, key: d.name, check: c, rng: tr.SourceRange()})
					}
				}
				if d == n && mod == m && !inCondition && !inDependsOn && (n.kind == kindLocal || n.kind == kindResource) {
					g.selfRef(n, tr, inReplace)
					continue
				}
				dep(d)
			}
		}
	}
	conds := func(cs []*Condition) {
		for _, c := range cs {
			refs(m, c.Condition)
			refs(m, c.ErrorMessage)
		}
	}
	// Everything in a child module waits for the call that makes its
	// instances.
	if len(m.Path) > 0 {
		dep(g.nodes[parentName(m)+"module."+m.Path[len(m.Path)-1]])
	}
	var body func(b *Body)
	body = func(b *Body) {
		for _, a := range b.Attrs {
			refs(m, a.Expr)
		}
		for _, nb := range b.Blocks {
			body(nb.Body)
		}
	}
	switch n.kind {
	case kindCall:
		c := m.Calls[n.name]
		refs(m, c.Count)
		refs(m, c.ForEach)
		refs(m, c.Enabled)
		refs(m, c.DependsOn)
		for _, kp := range keyedProviders(c.Providers) {
			// The instance passed: its key, and the configuration's
			// for_each (providerkeys.go).
			refs(m, kp.key)
			dep(g.nodes[m.Name()+"provider."+traversalName(kp.ref)])
		}
	case kindVar:
		if len(m.Path) > 0 {
			parent := parentModule(g, m)
			if parent != nil {
				if in := parent.Calls[m.Path[len(m.Path)-1]].Inputs[n.name]; in != nil {
					refs(parent, in.Expr)
				}
			}
		}
	case kindValidation:
		// The conditions read the variable itself, which is evaluated
		// first, and may read other variables, locals and more; none of
		// that makes the variable depend on them.
		dep(g.nodes[m.Name()+"var."+n.name])
		conds(m.Variables[n.name].Validations)
	case kindLocal:
		refs(m, m.Locals[n.name].Expr)
	case kindOutput:
		o := m.Outputs[n.name]
		refs(m, o.Value)
		conds(o.Preconditions)
		refs(m, o.DependsOn)
	case kindResource:
		r := m.Resources[n.name]
		if r.Mode == "data" && g.dataAfterProvider {
			// A data source is read with its provider configured
			// (Options.ReadData): after the provider block of its local
			// name in its module or, inherited, the nearest one above.
			local := tffile.ImpliedProvider(r.Type)
			if r.Provider != nil {
				if tr, hd := hcl.AbsTraversalForExpr(r.Provider); !hd.HasErrors() {
					local = traversalName(tr)
				}
			}
			for pm := m; pm != nil; pm = parentModule(g, pm) {
				if pn := g.nodes[pm.Name()+"provider."+local]; pn != nil {
					dep(pn)
					break
				}
				if len(pm.Path) == 0 {
					break
				}
			}
		}
		refs(m, r.Count)
		refs(m, r.ForEach)
		refs(m, r.Enabled)
		refs(m, r.ProviderKey)
		if r.ProviderKey != nil {
			dep(g.nodes[m.Name()+"provider."+resourceProviderName(r)])
		}
		body(r.Body)
		inCondition = true
		conds(r.Preconditions)
		conds(r.Postconditions)
		inCondition = false
		inDependsOn = true
		refs(m, r.DependsOn)
		inDependsOn = false
		if r.Lifecycle != nil {
			for _, a := range r.Lifecycle.Attrs {
				if a.Name == "replace_triggered_by" {
					inReplace = true
					refs(m, a.Expr)
					inReplace = false
				}
			}
		}
	case kindProvider:
		refs(m, m.ProviderConfigs[n.name].ForEach)
		body(m.ProviderConfigs[n.name].Body)
	case kindCheck:
		conds(m.Checks[n.name].Asserts)
		// The asserts are checked after the scoped data sources are
		// read, whether they read them or not: a failed read skips them.
		for _, d := range m.Checks[n.name].Data {
			dep(g.nodes[m.Name()+d])
		}
	}
	sort.Slice(n.deps, func(i, j int) bool { return n.deps[i].key < n.deps[j].key })
}

// selfRef records the error of tr, an expression of local value or
// resource n that reads n itself, as the engines word it: "Self-referencing
// local value", "Self-referential block" (naming the instance when the
// reference has a literal key), and, in replace_triggered_by, the plan
// failure of both engines, which finds no change of the resource to
// compare with while planning it.
func (g *graph) selfRef(n *node, tr hcl.Traversal, replace bool) {
	rng := tr.SourceRange()
	d := &diag.Diagnostic{Severity: diag.Error, Subject: &rng, Path: n.key}
	if n.kind == kindLocal {
		// Terraform names the local value with its module, OpenTofu
		// without.
		addr := n.key
		if g.engine == tffile.OpenTofu {
			addr = "local." + n.name
		}
		d.Summary = "Self-referencing local value"
		d.Detail = "Local value " + addr + " cannot use its own result as part of its expression."
		n.selfRef = "local." + n.name + " refers to itself"
		g.selfRefs = append(g.selfRefs, d)
		return
	}
	addr, rest := splitResourceRef(tr)
	if len(rest) > 0 {
		if ix, ok := rest[0].(hcl.TraverseIndex); ok && (ix.Key.Type() == cty.Number || ix.Key.Type() == cty.String) {
			addr += keyString(ix.Key)
		}
	}
	if replace {
		where := "the root module"
		if len(n.mod.Path) > 0 {
			where = strings.TrimSuffix(n.mod.Name(), ".")
		}
		d.Summary = "no change found for " + addr + " in " + where
	} else {
		d.Summary = "Self-referential block"
		d.Detail = "Configuration for " + addr + " may not refer to itself."
		n.selfRef = n.key + " refers to itself"
	}
	g.selfRefs = append(g.selfRefs, d)
}

func parentName(m *Module) string {
	var b strings.Builder
	for _, p := range m.Path[:len(m.Path)-1] {
		b.WriteString("module." + p + ".")
	}
	return b.String()
}

func parentModule(g *graph, m *Module) *Module {
	n := g.nodes[parentName(m)+"module."+m.Path[len(m.Path)-1]]
	if n == nil {
		return nil
	}
	return n.mod
}

// refNodes resolves one traversal in module m to the nodes it reads.
func (g *graph) refNodes(m *Module, tr hcl.Traversal) []*node {
	p := m.Name()
	names, _ := attrNames(tr[1:], 2)
	switch tr.RootName() {
	case "var", "local":
		if len(names) > 0 {
			return []*node{g.nodes[p+tr.RootName()+"."+names[0]]}
		}
		return nil
	case "module":
		if len(names) == 0 {
			return nil
		}
		call := g.nodes[p+"module."+names[0]]
		out := []*node{call}
		child := m.Children[names[0]]
		if child == nil {
			return out
		}
		// module.c.out, or module.c[0].out / module.c["k"].out.
		var outName string
		rest := tr[2:]
		if len(rest) > 0 {
			if _, ok := rest[0].(hcl.TraverseIndex); ok {
				rest = rest[1:]
			}
		}
		if len(rest) > 0 {
			if a, ok := rest[0].(hcl.TraverseAttr); ok {
				outName = a.Name
			}
		}
		if outName != "" && child.Outputs[outName] != nil {
			return append(out, g.nodes[child.Name()+"output."+outName])
		}
		for _, o := range sortedKeys(child.Outputs) {
			out = append(out, g.nodes[child.Name()+"output."+o])
		}
		return out
	}
	key, _ := splitResourceRef(tr)
	if key == "" {
		return nil
	}
	return []*node{g.nodes[p+key]}
}
