package synth

import (
	"fmt"
	"strings"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
)

// Validate returns every diagnostic of the plan's app: those the front end
// recorded, invalid or duplicate stack names among them, ambiguous
// cross-stack references, dependency cycles between stacks, and each
// stack's own (see ValidateStack), in declaration order.
func (p *Plan) Validate() diag.Diagnostics {
	a := p.app
	ds := append(diag.Diagnostics(nil), a.Diags...)
	if len(a.Stacks) == 0 {
		ds = append(ds, &diag.Diagnostic{
			Severity: diag.Error, Summary: "No stacks",
			Detail:     "The app declares no stack, so there is nothing to synthesize.",
			Suggestion: `declare one with tfkit.NewStack(app, "name")`,
		})
	}
	ds = append(ds, p.diags...)
	ds = append(ds, p.stackCycles()...)
	for _, s := range a.Stacks {
		ds = append(ds, p.ValidateStack(s)...)
	}
	return ds
}

// ValidateStack returns the diagnostics of one stack: the mistakes
// recorded while it was built, those of writing it (see Config), and those
// config.Validate finds in its configuration as written (duplicates,
// undeclared references, cycles) unless the front end checked it.
func (p *Plan) ValidateStack(s *Stack) diag.Diagnostics {
	cfg, ds := p.Config(s)
	out := append(append(diag.Diagnostics(nil), s.Diags...), ds...)
	out = append(out, stillDeclared(s, cfg)...)
	if s.Validated {
		return out
	}
	for _, d := range config.Validate(cfg) {
		if !followsOn(d, s.Diags) {
			out = append(out, d)
		}
	}
	return out
}

// followsOn reports whether d, found by config.Validate, is about an
// argument the front end already reported as wrong at the same place: an
// address of another stack or an invalid one is left out of its block, and
// is then neither "missing" nor "undeclared" as well. Other mistakes of
// the same block (a duplicate, say) are not follow-ons.
func followsOn(d *diag.Diagnostic, recorded diag.Diagnostics) bool {
	if d.Subject == nil || d.Path == "" {
		return false
	}
	for _, r := range recorded {
		if r.Severity != diag.Error || r.Subject == nil || r.Subject.Filename != d.Subject.Filename || r.Subject.Start != d.Subject.Start {
			continue
		}
		if r.Path == d.Path {
			return true
		}
		if arg, ok := strings.CutPrefix(r.Path, d.Path+"."); ok && d.Summary == fmt.Sprintf("Missing required argument %q", arg) {
			return true
		}
	}
	return false
}

// Dependencies returns the stacks s depends on: those declared, in the
// order declared, then those whose elements s refers to, in the app's
// order.
func (p *Plan) Dependencies(s *Stack) []*Stack {
	out := append([]*Stack(nil), s.DependsOn...)
	if cs := p.of(s); cs != nil {
		for _, d := range cs.producers {
			if !containsStack(out, d) {
				out = append(out, d)
			}
		}
	}
	return out
}

// stackCycles reports dependency cycles between stacks, once each, saying
// for the dependencies that come from cross-stack references which element
// refers to which.
func (p *Plan) stackCycles() diag.Diagnostics {
	const (
		unvisited = iota
		visiting
		done
	)
	state := map[*Stack]int{}
	var ds diag.Diagnostics
	var trail []*Stack
	var visit func(s *Stack)
	visit = func(s *Stack) {
		state[s] = visiting
		trail = append(trail, s)
		for _, d := range p.Dependencies(s) {
			switch state[d] {
			case unvisited:
				visit(d)
			case visiting:
				var names []string
				start := 0
				for i, t := range trail {
					if t == d {
						start = i
					}
				}
				cycle := append(append([]*Stack(nil), trail[start:]...), d)
				for _, t := range cycle {
					names = append(names, t.Name)
				}
				site := s.Site
				detail := "The stacks depend on each other in a cycle: " + strings.Join(names, " → ") + "."
				var related []diag.Related
				for i := 0; i+1 < len(cycle); i++ {
					from, to := cycle[i], cycle[i+1]
					if containsStack(from.DependsOn, to) {
						detail += fmt.Sprintf(" Stack %q depends on %q (DependsOn).", from.Name, to.Name)
						continue
					}
					if cs := p.of(from); cs != nil {
						if why, ok := cs.deps[to]; ok {
							detail += fmt.Sprintf(" Stack %q depends on %q because its %s refers to %s of %q.",
								from.Name, to.Name, why.elem, why.addr, to.Name)
							related = append(related, diag.Related{Message: fmt.Sprintf("%s of stack %s", why.elem, from.Name), Range: why.at})
						}
					}
				}
				ds = append(ds, &diag.Diagnostic{
					Severity: diag.Error, Summary: "Stack dependency cycle",
					Detail:  detail,
					Subject: &site, Related: related,
					Suggestion: "move what both stacks need into one of them, or into a third stack both depend on",
				})
			}
		}
		trail = trail[:len(trail)-1]
		state[s] = done
	}
	for _, s := range p.app.Stacks {
		if state[s] == unvisited {
			visit(s)
		}
	}
	return ds
}

// stillDeclared reports the moved and removed blocks whose from names a
// resource or module call the stack still declares, which both engines
// refuse when they plan ("Moved object still exists", "Removed resource
// still exists"). A move within one resource (from aws_instance.a to
// aws_instance.a[0], when count is added) is fine.
func stillDeclared(s *Stack, cfg *config.Config) diag.Diagnostics {
	if cfg == nil {
		return nil
	}
	declared := map[string]*config.Block{}
	for _, b := range cfg.Blocks {
		if b.Type == "resource" || b.Type == "module" {
			declared[b.Address()] = b
		}
	}
	var ds diag.Diagnostics
	for _, b := range cfg.Blocks {
		if b.Type != "moved" && b.Type != "removed" {
			continue
		}
		from := b.Body.Attribute("from")
		if from == nil {
			continue
		}
		r, ok := from.Expr.(*config.Reference)
		if !ok {
			continue
		}
		addr := RootAddress(r.Traversal)
		decl := declared[addr]
		if decl == nil || len(r.Traversal) != strings.Count(addr, ".")+1 {
			continue
		}
		kind := "resource"
		if decl.Type == "module" {
			kind = "module call"
		}
		site := from.Range
		if site.Filename == "" {
			site = b.DeclRange
		}
		d := &diag.Diagnostic{
			Severity: diag.Error, Subject: &site, Path: b.Address() + ".from",
			Related: []diag.Related{{Message: addr + " declared here", Range: decl.DeclRange}},
		}
		if b.Type == "removed" {
			d.Summary = "Removed " + kind + " still exists"
			d.Detail = fmt.Sprintf("The removed block of stack %q names %s, which the stack still declares; a removed block is for what is no longer declared, and the engine refuses it when it plans.", s.Name, addr)
			d.Suggestion = "delete the declaration of " + addr + " (keep the removed block to forget it without destroying it), or delete the removed block"
		} else {
			to := b.Body.Attribute("to")
			if to == nil {
				continue
			}
			tr, ok := to.Expr.(*config.Reference)
			if !ok || RootAddress(tr.Traversal) == addr {
				continue
			}
			d.Summary = "Moved object still exists"
			d.Detail = fmt.Sprintf("The moved block of stack %q moves %s to %s, but the stack still declares %s; the engine refuses the move when it plans.", s.Name, addr, config.TraversalString(tr.Traversal), addr)
			d.Suggestion = "declare the " + kind + " under its new address only: a moved block's from names what is no longer declared"
		}
		ds = append(ds, d)
	}
	return ds
}
