// Package graph draws the dependency graph of an app (its stacks and the
// stacks each depends on) or of one stack (its elements and the
// references, depends_on and provider arguments between them) as DOT,
// Mermaid or SVG, for `tfkit graph`.
//
// A graph is built from the models (a manifest, a configuration read by
// tffile) and written deterministically: nodes in declaration order,
// edges in the order of their nodes. SVG is laid out here, in layers
// (layout.go; docs/decisions/020-graph-layout.md), so no Graphviz is
// needed.
package graph

import (
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/manifest"
)

// Node kinds.
const (
	KindStack     = "stack"
	KindResource  = "resource"
	KindData      = "data"
	KindEphemeral = "ephemeral"
	KindModule    = "module"
	KindVariable  = "variable"
	KindLocal     = "local"
	KindOutput    = "output"
	KindProvider  = "provider"
	KindCheck     = "check"
)

// Node is one element of a stack, or one stack of an app.
type Node struct {
	// ID is the element's address (aws_vpc.main, var.region,
	// output.url, provider.aws.west) or the stack's name.
	ID   string
	Kind string
}

// Edge says that From depends on To: it refers to it (Reference), lists it
// in depends_on (DependsOn), or names it as its provider (Provider).
type Edge struct {
	From, To string
	Why      string
}

// Why an edge is there.
const (
	Reference = "reference"
	DependsOn = "depends_on"
	Provider  = "provider"
	// StackDependency is a stack's dependency on another stack.
	StackDependency = "stack"
)

// Graph is a directed graph of one app or one stack.
type Graph struct {
	Name  string
	Nodes []Node
	Edges []Edge
}

// App is the graph of an app's stacks: an edge from each stack to each
// stack it depends on.
func App(name string, m *manifest.Manifest) *Graph {
	g := &Graph{Name: name}
	known := map[string]bool{}
	for _, s := range m.Stacks {
		g.Nodes = append(g.Nodes, Node{ID: s.Name, Kind: KindStack})
		known[s.Name] = true
	}
	for _, s := range m.Stacks {
		for _, d := range s.Dependencies {
			if known[d] {
				g.Edges = append(g.Edges, Edge{From: s.Name, To: d, Why: StackDependency})
			}
		}
	}
	g.sortEdges()
	return g
}

// Stack is the graph of one stack's configuration. Its nodes are the
// elements an expression can name or that stand on their own: resources,
// data sources, ephemeral resources, modules, variables, each local value,
// outputs, providers and checks; the terraform block and moved, import and
// removed blocks are not elements. Edges come from every expression in an
// element's body (nested blocks included), from depends_on, and from a
// provider argument; references to things the stack does not declare
// (count.index, path.module, an undeclared name) draw none.
func Stack(name string, cfg *config.Config) *Graph {
	g := &Graph{Name: name}
	byRef := map[string]string{}     // reference text (aws_vpc.main, var.x) → node ID
	providers := map[string]string{} // aws, aws.west → node ID
	type owner struct {
		id   string
		body *config.Body
		expr config.Expr // a local value's
	}
	var owners []owner
	add := func(id, kind string) {
		g.Nodes = append(g.Nodes, Node{ID: id, Kind: kind})
	}
	for _, b := range cfg.Blocks {
		switch b.Type {
		case "resource", "data", "ephemeral", "module", "variable", "output", "check":
			names, ok := config.ReferenceNames(nil, b)
			id := b.Type + "." + strings.Join(b.Labels, ".")
			if ok {
				id = strings.Join(names, ".")
				byRef[id] = id
			}
			kind := b.Type
			switch b.Type {
			case "resource":
				kind = KindResource
			case "data":
				kind = KindData
			}
			add(id, kind)
			owners = append(owners, owner{id: id, body: b.Body})
		case "provider":
			names, ok := config.ReferenceNames(nil, b)
			if !ok {
				continue
			}
			ref := strings.Join(names, ".")
			id := "provider." + ref
			providers[ref] = id
			add(id, KindProvider)
			owners = append(owners, owner{id: id, body: b.Body})
		case "locals":
			for _, it := range b.Body.Items {
				if a, ok := it.(*config.Attribute); ok {
					id := "local." + a.Name
					byRef[id] = id
					add(id, KindLocal)
					owners = append(owners, owner{id: id, expr: a.Expr})
				}
			}
		}
	}
	seen := map[Edge]bool{}
	edge := func(e Edge) {
		if e.From == e.To || seen[e] {
			return
		}
		seen[e] = true
		g.Edges = append(g.Edges, e)
	}
	target := func(t hcl.Traversal) (string, bool) {
		parts := config.TraversalNames(t)
		for n := min(3, len(parts)); n >= 2; n-- {
			if id, ok := byRef[strings.Join(parts[:n], ".")]; ok {
				return id, true
			}
		}
		return "", false
	}
	for _, o := range owners {
		refs := func(e config.Expr, why string) {
			for _, t := range config.Variables(e) {
				if to, ok := target(t); ok {
					edge(Edge{From: o.id, To: to, Why: why})
				}
			}
		}
		if o.expr != nil {
			refs(o.expr, Reference)
			continue
		}
		walkBody(o.body, 0, func(a *config.Attribute, depth int) {
			switch {
			case depth == 0 && a.Name == "depends_on":
				refs(a.Expr, DependsOn)
			case depth == 0 && a.Name == "provider":
				if r, ok := a.Expr.(*config.Reference); ok {
					if to, ok := providers[strings.Join(config.TraversalNames(r.Traversal), ".")]; ok {
						edge(Edge{From: o.id, To: to, Why: Provider})
					}
				}
			default:
				refs(a.Expr, Reference)
			}
		})
	}
	g.sortEdges()
	return g
}

// walkBody calls fn for every attribute of body and of its nested blocks,
// with the nesting depth.
func walkBody(body *config.Body, depth int, fn func(*config.Attribute, int)) {
	if body == nil {
		return
	}
	for _, it := range body.Items {
		switch it := it.(type) {
		case *config.Attribute:
			fn(it, depth)
		case *config.Block:
			walkBody(it.Body, depth+1, fn)
		}
	}
}

// sortEdges orders edges by their nodes' declaration order.
func (g *Graph) sortEdges() {
	pos := make(map[string]int, len(g.Nodes))
	for i, n := range g.Nodes {
		pos[n.ID] = i
	}
	sort.SliceStable(g.Edges, func(i, j int) bool {
		a, b := g.Edges[i], g.Edges[j]
		if pos[a.From] != pos[b.From] {
			return pos[a.From] < pos[b.From]
		}
		return pos[a.To] < pos[b.To]
	})
}
