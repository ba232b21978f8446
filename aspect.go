package tfkit

import (
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/schema"
)

// Aspect visits elements of a stack after the program built them and
// before the stack is validated and written, as CDK for Terraform's
// aspects do: to add tags to every resource that takes them, enforce a
// naming rule, or set a default provider. Visit receives the element's
// handle (*Resource, *DataSource, *Module, *Provider, ...; a typed
// binding's element as the handle it holds) and may change it with the
// handle's methods, declare new elements, or return an error, reported at
// the element's line.
type Aspect interface {
	Visit(el Element) error
}

// AspectFunc is a function used as an Aspect.
type AspectFunc func(el Element) error

// Visit calls f.
func (f AspectFunc) Visit(el Element) error { return f(el) }

// maxAspectRounds bounds the rounds of visits: a round visits the
// elements declared since the last one, and aspects that keep declaring
// elements for each other's would never end.
const maxAspectRounds = 10

// aspectEntry is an aspect added to a stack, with the elements it may
// visit (nil: all of them) and those it visited.
type aspectEntry struct {
	a       Aspect
	site    hcl.Range
	scope   map[*config.Block]bool
	visited map[*config.Block]bool
}

// Aspect adds aspects that visit every element of the stack, in
// declaration order (each element by every aspect, in the order they were
// added), elements declared later included. They run once, when the stack
// is first validated, its Config read or the app synthesized; elements
// declared after that are visited at the next of these. An element that
// an aspect declares is visited in a further round; aspects that keep
// declaring elements for each other are refused after 10 rounds. It
// returns s.
func (s *Stack) Aspect(aspects ...Aspect) *Stack {
	if stackAbsent(s) {
		return s
	}
	site := callerSite()
	for _, a := range aspects {
		if isNil(a) {
			s.errorf(site, "Nil aspect", "Aspect was given a nil aspect.", "")
			continue
		}
		s.ownAspects().add(&aspectEntry{a: a, site: site, visited: map[*config.Block]bool{}})
	}
	return s
}

// WithAspects calls build, a composite, and adds aspects that visit only
// the elements declared while it runs (and those the aspects declare while
// visiting them); see Aspect.
//
//	stack.WithAspects(func() { network(stack, "10.0.0.0/16") }, tagAll)
func (s *Stack) WithAspects(build func(), aspects ...Aspect) {
	if stackAbsent(s) {
		if build != nil {
			build()
		}
		return
	}
	site := callerSite()
	start := len(s.cfg.Blocks)
	build()
	scope := map[*config.Block]bool{}
	for _, b := range s.cfg.Blocks[start:] {
		scope[b] = true
	}
	for _, a := range aspects {
		if isNil(a) {
			s.errorf(site, "Nil aspect", "WithAspects was given a nil aspect.", "")
			continue
		}
		s.ownAspects().add(&aspectEntry{a: a, site: site, scope: scope, visited: map[*config.Block]bool{}})
	}
}

// addition is an element an aspect declared while visiting another.
type addition struct {
	entry   *aspectEntry
	visited *config.Block
	added   *config.Block
}

// aspectList is the aspects added to a stack, in the order they were
// added.
type aspectList struct {
	s       *Stack
	entries []*aspectEntry
}

// ownAspects returns the stack's aspects, made on first use.
func (s *Stack) ownAspects() *aspectList {
	l, _ := s.aspects.(*aspectList)
	if l == nil {
		l = &aspectList{s: s}
		s.aspects = l
	}
	return l
}

func (l *aspectList) add(e *aspectEntry) { l.entries = append(l.entries, e) }

// visitNew visits the elements not yet visited, round after round while
// the visits declare new ones.
func (l *aspectList) visitNew() {
	s := l.s
	for round := 0; ; round++ {
		var added []addition
		blocks := append([]*config.Block(nil), s.cfg.Blocks...)
		for _, b := range blocks {
			for _, e := range append([]*aspectEntry(nil), l.entries...) {
				if e.visited[b] || (e.scope != nil && !e.scope[b]) {
					continue
				}
				e.visited[b] = true
				n := len(s.cfg.Blocks)
				err := e.a.Visit(handleOf(s, b))
				for _, nb := range s.cfg.Blocks[n:] {
					added = append(added, addition{entry: e, visited: b, added: nb})
					// Elements declared for an element of a composite
					// belong to that composite too.
					for _, other := range l.entries {
						if other.scope != nil && other.scope[b] {
							other.scope[nb] = true
						}
					}
				}
				if err != nil {
					s.aspectError(e, b, err)
				}
			}
		}
		if len(added) == 0 {
			return
		}
		if round+1 == maxAspectRounds {
			s.aspectCycle(added)
			return
		}
	}
}

// aspectError reports an error an aspect returned, at the element's line.
func (s *Stack) aspectError(e *aspectEntry, b *config.Block, err error) {
	if ds, ok := err.(diag.Diagnostics); ok {
		for _, d := range ds {
			if d.Subject == nil {
				r := b.DeclRange
				d.Subject = &r
			}
		}
		s.diags = append(s.diags, ds...)
		return
	}
	r := b.DeclRange
	s.diags = append(s.diags, &diag.Diagnostic{
		Severity: diag.Error, Summary: "Refused by an aspect",
		Detail:  fmt.Sprintf("%s: %s.", b.Address(), strings.TrimSuffix(err.Error(), ".")),
		Subject: &r, Path: b.Address(),
		Related: []diag.Related{{Message: "aspect added here", Range: e.site}},
	})
}

// aspectCycle reports aspects that kept declaring elements.
func (s *Stack) aspectCycle(last []addition) {
	var steps []string
	var related []diag.Related
	for i, a := range last {
		if i == 5 {
			steps = append(steps, fmt.Sprintf("and %d more", len(last)-i))
			break
		}
		steps = append(steps, fmt.Sprintf("visiting %s declared %s", a.visited.Address(), a.added.Address()))
		related = append(related, diag.Related{Message: "aspect added here", Range: a.entry.site})
	}
	site := last[0].entry.site
	s.diags = append(s.diags, &diag.Diagnostic{
		Severity: diag.Error, Summary: "Cycle of aspects",
		Detail: fmt.Sprintf("Aspects of stack %q still declared new elements after %d rounds of visits, so they would never end; in the last round: %s.",
			s.name, maxAspectRounds, strings.Join(steps, "; ")),
		Subject: &site, Related: related,
		Suggestion: "make an aspect declare an element only when it is missing, or not for elements an aspect declared",
	})
}

// handleOf returns the handle of a stack's block, for aspects.
func handleOf(s *Stack, b *config.Block) Element {
	e := element{stack: s, block: b}
	switch b.Type {
	case "resource":
		return &Resource{e}
	case "data":
		return &DataSource{e}
	case "ephemeral":
		return &Ephemeral{e}
	case "provider":
		return &Provider{e}
	case "module":
		return &Module{e}
	case "variable":
		return &Variable{e}
	case "output":
		return &Output{e}
	case "locals":
		return &Locals{e}
	case "terraform":
		return &Terraform{e}
	case "moved":
		return &Moved{e}
	case "import":
		return &Import{e}
	case "removed":
		return &Removed{e}
	case "check":
		return &Check{e}
	}
	return &RawElement{e}
}

// RawElement is an element of a kind without a handle of its own (blocks
// given as raw HCL that are none of Terraform's kinds), as aspects see it.
type RawElement struct{ element }

// SchemaOf returns the schema of a resource, data source or ephemeral
// resource from the provider schemas the app checks against (WithSchemas,
// or $TFKIT_SCHEMAS), or nil when there are none or they lack its type.
// Aspects use it to act on what a type accepts:
//
//	if sc := tfkit.SchemaOf(el); sc != nil && sc.Block.Attribute("tags") != nil { ... }
func SchemaOf(el Element) *schema.Resource {
	if isNil(el) || el.Block() == nil {
		return nil
	}
	s := StackOf(el)
	if s == nil {
		return nil
	}
	b := el.Block()
	if len(b.Labels) == 0 {
		return nil
	}
	for _, p := range s.app.loadedSchemas() {
		var r *schema.Resource
		switch b.Type {
		case "resource":
			r = p.Resource(b.Labels[0])
		case "data":
			r = p.DataSource(b.Labels[0])
		case "ephemeral":
			r = p.EphemeralResource(b.Labels[0])
		}
		if r != nil {
			return r
		}
	}
	return nil
}
