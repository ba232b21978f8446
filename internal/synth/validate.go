package synth

import (
	"fmt"
	"math/big"
	"sort"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

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
	if !ds.HasErrors() {
		// An error may be why a stack is empty (its elements were given
		// a nil stack): it is reported first.
		for _, s := range a.Stacks {
			cfg, _ := p.Config(s)
			ds = append(ds, emptyStack(s, cfg)...)
		}
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
	out = append(out, stillDeclared(s, cfg, p.engine)...)
	out = append(out, movedOutOfConfig(s, cfg)...)
	out = append(out, importTargets(cfg, p.engine)...)
	out = append(out, refactorAddresses(cfg, p.engine)...)
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
// refuse when they plan, in their words (config.StillDeclared: OpenTofu's
// for a removed block when the output is for OpenTofu, else Terraform's),
// at the front end's line of the from address, relating the declaration.
// A move within one resource (from aws_instance.a to aws_instance.a[0],
// when count is added) is fine. A move from one instance
// (aws_instance.a[0]) is refused when the count or for_each of the
// declaration, as written, still declares that instance, related to that
// argument, as the engines point at it; one that only evaluation decides
// (count = var.n) is left to them. A removed block whose from has an
// instance key, which the engines refuse as they read the configuration,
// is reported in their words (config.RemovedInstanceKey).
func stillDeclared(s *Stack, cfg *config.Config, engine string) diag.Diagnostics {
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
		if at, module := config.InstanceKeyOf(r.Traversal); at >= 0 && b.Type == "removed" {
			d := config.RemovedInstanceKey(module, engine == "opentofu")
			site := from.Range
			if site.Filename == "" {
				site = b.DeclRange
			}
			d.Subject, d.Path = &site, b.Address()+".from"
			ds = append(ds, d)
			continue
		}
		addr := RootAddress(r.Traversal)
		decl := declared[addr]
		if decl == nil {
			continue
		}
		fromText, declRange := addr, decl.DeclRange
		instance := false
		switch len(r.Traversal) - (strings.Count(addr, ".") + 1) {
		case 0:
		case 1:
			// One instance: refused when the count or for_each of the
			// declaration, as written, still declares it.
			ix, ok := r.Traversal[len(r.Traversal)-1].(hcl.TraverseIndex)
			if !ok || b.Type != "moved" {
				continue
			}
			if declRange, ok = declaresInstance(decl, ix.Key); !ok {
				continue
			}
			fromText, instance = config.TraversalString(r.Traversal), true
		default:
			continue
		}
		to := ""
		if b.Type == "moved" {
			ta := b.Body.Attribute("to")
			if ta == nil {
				continue
			}
			tr, ok := ta.Expr.(*config.Reference)
			if !ok || (!instance && RootAddress(tr.Traversal) == addr) {
				continue
			}
			to = config.TraversalString(tr.Traversal)
			if to == fromText {
				continue // a redundant move, which the engines refuse in other words
			}
		}
		d, _ := config.StillDeclared(b.Type, decl.Type == "module", instance, fromText, to, declRange, engine == "opentofu")
		site := from.Range
		if site.Filename == "" {
			site = b.DeclRange
		}
		d.Subject, d.Path = &site, b.Address()+".from"
		d.Related = []diag.Related{{Message: fromText + " declared here", Range: declRange}}
		ds = append(ds, d)
	}
	return ds
}

// declaresInstance reports whether the count or for_each of decl, as
// written, declares the instance key (a number below count; a key of a
// literal map or object, or an element of a literal set, for for_each),
// and where that argument is.
func declaresInstance(decl *config.Block, key cty.Value) (hcl.Range, bool) {
	if !key.IsKnown() || key.IsNull() {
		return hcl.Range{}, false
	}
	if a := decl.Body.Attribute("count"); a != nil {
		n, ok := config.StaticValue(a.Expr)
		if !ok || key.Type() != cty.Number || n.Type() != cty.Number || n.IsNull() {
			return hcl.Range{}, false
		}
		k, acc := key.AsBigFloat().Int64()
		count, _ := n.AsBigFloat().Int64()
		return a.Range, acc == big.Exact && k >= 0 && k < count
	}
	a := decl.Body.Attribute("for_each")
	if a == nil || key.Type() != cty.String {
		return hcl.Range{}, false
	}
	x := config.Unwrap(a.Expr)
	set := false
	if c, ok := x.(*config.Call); ok && c.Name == "toset" && len(c.Args) == 1 && !c.ExpandFinal {
		x, set = c.Args[0], true
	}
	v, ok := config.StaticValue(x)
	if !ok || v.IsNull() || !v.IsKnown() || !v.CanIterateElements() {
		return hcl.Range{}, false
	}
	seq := v.Type().IsTupleType() || v.Type().IsListType() || v.Type().IsSetType()
	if seq && !set && !v.Type().IsSetType() {
		return hcl.Range{}, false // for_each takes no list
	}
	want := key.AsString()
	for it := v.ElementIterator(); it.Next(); {
		k, e := it.Element()
		if seq {
			k = e // the elements of a set are its keys
		}
		if k.Type() == cty.String && k.IsKnown() && !k.IsNull() && k.AsString() == want {
			return a.Range, true
		}
	}
	return hcl.Range{}, false
}

// movedOutOfConfig warns of the moved blocks whose to names a resource or
// module call the stack does not declare: both engines accept them, and
// their plans move the object in the state to that address and then
// destroy it, since the configuration has nothing there. A to that a
// later moved block moves on (a chain of renames), or that a removed
// block names (an intended removal), is fine, as is one inside a declared
// module call, whose resources synth does not see. A from the stack still
// declares is the error of stillDeclared instead.
func movedOutOfConfig(s *Stack, cfg *config.Config) diag.Diagnostics {
	if cfg == nil {
		return nil
	}
	declared := map[string]bool{}
	for _, b := range cfg.Blocks {
		if b.Type == "resource" || b.Type == "module" {
			declared[b.Address()] = true
		}
	}
	handled := map[string]bool{} // moved on or removed
	for _, b := range cfg.Blocks {
		if b.Type != "moved" && b.Type != "removed" {
			continue
		}
		if tr := addressOf(b.Body.Attribute("from")); tr != nil {
			handled[RootAddress(tr)] = true
		}
	}
	var ds diag.Diagnostics
	for _, b := range cfg.Blocks {
		if b.Type != "moved" {
			continue
		}
		to, from := b.Body.Attribute("to"), addressOf(b.Body.Attribute("from"))
		tr := addressOf(to)
		if tr == nil || from == nil {
			continue
		}
		addr := RootAddress(tr)
		if addr == "" || declared[addr] || handled[addr] || declared[RootAddress(from)] {
			continue
		}
		kind := "resource"
		if tr.RootName() == "module" {
			kind = "module call"
		}
		fromText, toText := config.TraversalString(from), config.TraversalString(tr)
		if _, ok := to.Expr.(*config.Reference); !ok {
			toText = addr
		}
		suggestion := "declare " + addr + " in the stack"
		if near := nearAddress(addr, declared); near != "" {
			suggestion += fmt.Sprintf(" (or did you mean %s?)", near)
		}
		suggestion += ", or, to destroy the object, replace the moved block with a removed block for " + fromText
		site := to.Range
		if site.Filename == "" {
			site = b.DeclRange
		}
		ds = append(ds, &diag.Diagnostic{
			Severity: diag.Warning, Summary: "Moved to an address not in the configuration",
			Detail: fmt.Sprintf("The moved block of stack %q moves %s to %s, but the stack declares no %s %s. The engine moves the object in the state to %s and then plans to destroy it, as it is not in the configuration.",
				s.Name, fromText, toText, kind, addr, toText),
			Subject: &site, Path: b.Address() + ".to", Suggestion: suggestion,
		})
	}
	return ds
}

// importTargets reports the import blocks whose to both engines refuse,
// in their words, at the front end's line, relating what to names:
//
//   - a resource the stack declares with count or for_each, named without
//     an instance key (also with the import's own ForEach, where to needs
//     [each.key]): Terraform refuses it as it reads the configuration
//     ("Invalid import 'to' expression"), OpenTofu when it plans, finding
//     no configuration for the address ("Configuration for import target
//     does not exist"); and, in both engines' second words, a resource of
//     a module call declared with count or for_each, named without the
//     call's key;
//   - an instance key the resource does not declare: a key on a resource
//     without count or for_each, a string key with count, a number with
//     for_each;
//   - a data source ("Invalid import address"; OpenTofu's "Configuration
//     for import target does not exist" when it plans) or a module call
//     ("Invalid address") instead of a managed resource;
//   - a resource instance a former import block already imports
//     ("Duplicate import configuration", which Terraform words with the
//     resource's address, without keys).
//
// A to whose keys are expressions (aws_instance.web[each.key]) is left to
// the engines, and one that names what the stack does not declare to
// config.Validate.
func importTargets(cfg *config.Config, engine string) diag.Diagnostics {
	if cfg == nil {
		return nil
	}
	tofu := engine == "opentofu"
	declared := map[string]*config.Block{}
	for _, b := range cfg.Blocks {
		if b.Type == "resource" || b.Type == "module" || b.Type == "data" {
			declared[b.Address()] = b
		}
	}
	first := map[string]*config.Block{} // the first import of each address
	var ds diag.Diagnostics
	for _, b := range cfg.Blocks {
		if b.Type != "import" {
			continue
		}
		to := b.Body.Attribute("to")
		if to == nil {
			continue
		}
		r, ok := to.Expr.(*config.Reference)
		if !ok {
			continue // keyed with an expression: aws_instance.web[each.key]
		}
		tr := r.Traversal
		addr := RootAddress(tr)
		decl := declared[addr]
		if decl == nil {
			continue
		}
		text := config.TraversalString(tr)
		d := importTarget(decl, addr, text, tr, tofu)
		if d == nil {
			if f := first[text]; f != nil {
				// Terraform names the resource, without keys.
				named := text
				if !tofu {
					named = config.TraversalString(withoutKeys(tr))
				}
				d = &diag.Diagnostic{Severity: diag.Error, Summary: fmt.Sprintf("Duplicate import configuration for %q", named),
					Detail: fmt.Sprintf("An import block for the resource %q was already declared at %s. A resource can have only one import block.",
						named, goPos(f.DeclRange)),
					Suggestion: "delete one of the two imports: an object is imported once, into one instance"}
				decl, addr = f, "the first import of "+text
			} else {
				first[text] = b
				continue
			}
		}
		site := to.Range
		if site.Filename == "" {
			site = b.DeclRange
		}
		d.Subject, d.Path = &site, b.Address()+".to"
		d.Related = []diag.Related{{Message: addr + " declared here", Range: decl.DeclRange}}
		ds = append(ds, d)
	}
	return ds
}

// importTarget is the error of an import into text (the traversal tr),
// which names what decl declares at addr, as importTargets describes;
// nil when the engines accept it.
func importTarget(decl *config.Block, addr, text string, tr hcl.Traversal, tofu bool) *diag.Diagnostic {
	switch {
	case decl.Type == "data":
		d := &diag.Diagnostic{Severity: diag.Error, Summary: "Invalid import address", Detail: "Only managed resources can be imported."}
		if tofu {
			d = importNoConfig(text) // when it plans
		}
		d.Suggestion = "import into a resource; a data source reads an object without managing it"
		return d
	case decl.Type == "module" && len(tr) == 2:
		// Both engines' words; Terraform adds "Invalid import address"
		// for the same mistake.
		d := &diag.Diagnostic{Severity: diag.Error, Summary: "Invalid address",
			Detail: "A resource instance address is required here. The module path must be followed by a resource instance specification."}
		d.Suggestion = fmt.Sprintf("name a resource of the module, such as %s.aws_instance.web", text)
		return d
	case decl.Type == "module":
		if !repeated(decl) || len(tr) < 4 {
			return nil
		}
		if _, keyed := tr[2].(hcl.TraverseIndex); keyed {
			return nil
		}
		d := importNoConfig(text)
		d.Suggestion = fmt.Sprintf("name an instance of %s, such as %s, or give the import a ForEach and the key as each.key",
			addr, keyedExample(decl, addr)+config.TraversalString(tr[2:]))
		return d
	}
	uses := ""
	switch {
	case decl.Body.Attribute("count") != nil:
		uses = "count"
	case decl.Body.Attribute("for_each") != nil:
		uses = "for_each"
	}
	if len(tr) == 2 {
		if uses == "" {
			return nil
		}
		d := &diag.Diagnostic{Severity: diag.Error, Summary: "Invalid import 'to' expression", Detail: "The target resource is using " + uses + "."}
		if tofu {
			d = importNoConfig(text)
		}
		d.Suggestion = fmt.Sprintf("name one instance of %s, which uses %s, such as %s, or give the import a ForEach and the key as each.key",
			addr, uses, keyedExample(decl, addr))
		return d
	}
	ix, ok := tr[2].(hcl.TraverseIndex)
	if !ok || len(tr) != 3 || !ix.Key.IsKnown() || ix.Key.IsNull() {
		return nil
	}
	keyUses := "for_each"
	if ix.Key.Type() == cty.Number {
		keyUses = "count"
	}
	if keyUses == uses {
		return nil
	}
	d := &diag.Diagnostic{Severity: diag.Error, Summary: "Invalid import 'to' expression", Detail: "The target resource does not use " + keyUses + "."}
	if tofu {
		d = importNoConfig(text)
	}
	switch uses {
	case "":
		d.Suggestion = fmt.Sprintf("name %s without a key: it declares one instance, having neither count nor for_each", addr)
	default:
		d.Suggestion = fmt.Sprintf("give a key of the kind %s declares: %s uses %s, such as %s", uses, addr, uses, keyedExample(decl, addr))
	}
	return d
}

// goPos writes where a block of the front end starts, as the engines
// write where one of theirs does: main.go:12 (a Go line has no column).
func goPos(r hcl.Range) string {
	if r.Start.Column == 0 {
		return fmt.Sprintf("%s:%d", r.Filename, r.Start.Line)
	}
	return fmt.Sprintf("%s:%d,%d", r.Filename, r.Start.Line, r.Start.Column)
}

// refactorAddresses reports what both engines refuse in the addresses of
// moved and removed blocks, in their words, at the front end's line:
//
//   - a moved block from a resource to a module call or back ("Invalid
//     \"moved\" addresses"), refused as they read the configuration;
//   - a removed block naming a data source ("Data source address not
//     allowed"; OpenTofu's "... is not allowed"), refused then too;
//   - two moved blocks to one resource or call from different ones, or
//     from one to different ones ("Ambiguous move statements", at the
//     later), and moved blocks whose chain comes back where it started
//     ("Cyclic dependency in move statements", at the first of them),
//     refused when they plan.
//
// Moves are compared as whole resources and calls, written without
// instance keys; those with keys are left to the engines.
func refactorAddresses(cfg *config.Config, engine string) diag.Diagnostics {
	if cfg == nil {
		return nil
	}
	type move struct {
		b        *config.Block
		from, to string
		module   bool
	}
	var moves []move
	var ds diag.Diagnostics
	at := func(b *config.Block, a *config.Attribute, path string, d *diag.Diagnostic) {
		site := b.DeclRange
		if a != nil && a.Range.Filename != "" {
			site = a.Range
		}
		d.Subject, d.Path = &site, path
		ds = append(ds, d)
	}
	for _, b := range cfg.Blocks {
		switch b.Type {
		case "removed":
			from := b.Body.Attribute("from")
			if r, ok := refOf(from); ok && dataAddress(r.Traversal) {
				d := &diag.Diagnostic{Severity: diag.Error, Summary: "Data source address not allowed",
					Detail:     "Data sources are never destroyed, so they are not valid targets of removed blocks. To remove the data source from state, remove the data source block from configuration.",
					Suggestion: "delete the removed block: the engine forgets a data source once its block is deleted"}
				if engine == "opentofu" {
					d.Summary = "Data source address is not allowed"
					d.Detail = "Data sources cannot be destroyed, and therefore, 'removed' blocks are not allowed to target them. To remove data sources from the state, you should remove the data source block from the configuration."
				}
				at(b, from, b.Address()+".from", d)
			}
		case "moved":
			fa, ta := b.Body.Attribute("from"), b.Body.Attribute("to")
			from, ok1 := refOf(fa)
			to, ok2 := refOf(ta)
			if !ok1 || !ok2 || dataAddress(from.Traversal) || dataAddress(to.Traversal) {
				continue
			}
			fm, tm := callAddress(from.Traversal), callAddress(to.Traversal)
			if fm != tm {
				at(b, fa, b.Address(), &diag.Diagnostic{Severity: diag.Error, Summary: `Invalid "moved" addresses`,
					Detail:     `The "from" and "to" addresses must either both refer to resources or both refer to modules.`,
					Suggestion: "move a resource to a resource, or a module call to a module call; a resource moves into a module as module.NAME.TYPE.NAME"})
				continue
			}
			if hasIndex(from.Traversal) || hasIndex(to.Traversal) {
				continue
			}
			f, t := config.TraversalString(from.Traversal), config.TraversalString(to.Traversal)
			if f != t {
				moves = append(moves, move{b, f, t, fm})
			}
		}
	}
	noun := func(m move) (one, source, dest string) {
		if m.module {
			return "module call", "source call", "destination call"
		}
		return "resource", "source resource", "destination resource"
	}
	next := map[string]move{}
	for i, m := range moves {
		for _, e := range moves[:i] {
			one, source, dest := noun(m)
			var detail string
			switch {
			case e.from == m.from && e.to == m.to:
				continue
			case e.to == m.to:
				detail = fmt.Sprintf("A statement at %s declared that %s moved to %s, but this statement instead declares that %s moved there.\n\nEach %s can have moved from only one %s.",
					goPos(e.b.DeclRange), e.from, e.to, m.from, one, source)
			case e.from == m.from:
				detail = fmt.Sprintf("A statement at %s declared that %s moved to %s, but this statement instead declares that it moved to %s.\n\nEach %s can move to only one %s.",
					goPos(e.b.DeclRange), e.from, e.to, m.to, one, dest)
			default:
				continue
			}
			at(m.b, nil, m.b.Address(), &diag.Diagnostic{Severity: diag.Error, Summary: "Ambiguous move statements", Detail: detail,
				Related:    []diag.Related{{Message: "the other moved block", Range: e.b.DeclRange}},
				Suggestion: "keep one of the two moved blocks, or chain them (from the first's to, to the new address)"})
			break
		}
		if _, ok := next[m.from]; !ok {
			next[m.from] = m
		}
	}
	// Cycles: each found from its first statement, in declaration order.
	inCycle := map[*config.Block]bool{}
	for _, m := range moves {
		if inCycle[m.b] {
			continue
		}
		chain, closed := []move{m}, false
		for cur := m; !closed && len(chain) <= len(moves); {
			n, ok := next[cur.to]
			if !ok {
				break
			}
			if closed = n.b == m.b; !closed {
				chain, cur = append(chain, n), n
			}
		}
		if !closed {
			continue // no cycle, or one m only leads into
		}
		var lines []string
		var related []diag.Related
		for _, c := range chain {
			inCycle[c.b] = true
			lines = append(lines, fmt.Sprintf("  - %s: %s[*] → %s[*]", goPos(c.b.DeclRange), c.from, c.to))
			related = append(related, diag.Related{Message: c.from + " → " + c.to, Range: c.b.DeclRange})
		}
		at(m.b, nil, m.b.Address(), &diag.Diagnostic{Severity: diag.Error, Summary: "Cyclic dependency in move statements",
			Detail: "The following chained move statements form a cycle, and so there is no final location to move objects to:\n" + strings.Join(lines, "\n") +
				"\n\nA chain of move statements must end with an address that doesn't appear in any other statements, and which typically also refers to an object still declared in the configuration.",
			Related:    related,
			Suggestion: "delete the moved block that leads back to where the chain starts"})
	}
	return ds
}

// withoutKeys is tr without its instance keys.
func withoutKeys(tr hcl.Traversal) hcl.Traversal {
	var out hcl.Traversal
	for _, t := range tr {
		if _, ok := t.(hcl.TraverseIndex); !ok {
			out = append(out, t)
		}
	}
	return out
}

// refOf is the reference an attribute of a moved or removed block holds.
func refOf(a *config.Attribute) (*config.Reference, bool) {
	if a == nil {
		return nil, false
	}
	r, ok := a.Expr.(*config.Reference)
	return r, ok
}

// hasIndex reports whether a traversal has an instance key.
func hasIndex(tr hcl.Traversal) bool {
	for _, t := range tr {
		if _, ok := t.(hcl.TraverseIndex); ok {
			return true
		}
	}
	return false
}

// dataAddress reports whether an address names a data source, also one
// in a module call (module.net.data.aws_ami.x).
func dataAddress(tr hcl.Traversal) bool {
	i := skipCalls(tr)
	return i < len(tr) && stepText(tr[i]) == "data"
}

// callAddress reports whether an address names a module call or one of
// its instances (module.net, module.net["a"].module.sub) rather than a
// resource in one.
func callAddress(tr hcl.Traversal) bool {
	return len(tr) > 0 && skipCalls(tr) == len(tr)
}

// skipCalls is the index of the first step of an address after its
// module.NAME[KEY] steps.
func skipCalls(tr hcl.Traversal) int {
	i := 0
	for i+1 < len(tr) && stepText(tr[i]) == "module" {
		i += 2
		if i < len(tr) {
			if _, ok := tr[i].(hcl.TraverseIndex); ok {
				i++
			}
		}
	}
	return i
}

// stepText is the name of a root or attribute step, "" for others.
func stepText(t hcl.Traverser) string {
	switch t := t.(type) {
	case hcl.TraverseRoot:
		return t.Name
	case hcl.TraverseAttr:
		return t.Name
	}
	return ""
}

// importNoConfig is both engines' error for an import whose to names no
// instance the configuration declares.
func importNoConfig(addr string) *diag.Diagnostic {
	return &diag.Diagnostic{Severity: diag.Error, Summary: "Configuration for import target does not exist",
		Detail: "The configuration for the given import " + addr + " does not exist. All target instances must have an associated configuration to be imported."}
}

// repeated reports whether a resource or module call declares its
// instances with count or for_each.
func repeated(b *config.Block) bool {
	return b.Body.Attribute("count") != nil || b.Body.Attribute("for_each") != nil
}

// keyedExample is addr with an instance key of the kind its count or
// for_each declares: aws_instance.web[0], aws_instance.web["key"].
func keyedExample(b *config.Block, addr string) string {
	if b.Body.Attribute("count") != nil {
		return addr + "[0]"
	}
	return addr + `["key"]`
}

// addressOf is the traversal of the address an attribute of a moved or
// removed block holds: the reference itself, or the one an index or
// attribute access starts from; nil when there is none.
func addressOf(a *config.Attribute) hcl.Traversal {
	if a == nil {
		return nil
	}
	x := a.Expr
	for {
		switch e := x.(type) {
		case *config.Reference:
			return e.Traversal
		case *config.Index:
			x = e.Collection
		case *config.GetAttr:
			x = e.Source
		default:
			return nil
		}
	}
}

// emptyStack warns of a stack the front end declared (at its Site) that
// declares nothing: it would be written as an empty configuration, which
// the engine plans as "nothing in it", so that deploying it over a state
// holding objects destroys them. A front end whose stack is the whole
// output (TSX) gives no Site.
func emptyStack(s *Stack, cfg *config.Config) diag.Diagnostics {
	if cfg == nil || len(cfg.Blocks) > 0 || s.Site.Filename == "" {
		return nil
	}
	site := s.Site
	return diag.Diagnostics{{
		Severity: diag.Warning, Summary: "Empty stack",
		Detail:     fmt.Sprintf("Stack %q declares nothing, so it is written as an empty configuration: the engine has nothing to deploy in it, and deploying it where objects of the stack were deployed before destroys them.", s.Name),
		Subject:    &site,
		Suggestion: "declare resources or other elements in the stack, or remove the stack",
	}}
}

// nearAddress is the declared address of the same type as addr
// (aws_instance.web, module.net) whose name is closest to addr's, when
// addr's name is long enough to tell a typo from another name: "" when
// none is close.
func nearAddress(addr string, declared map[string]bool) string {
	dot := strings.LastIndexByte(addr, '.')
	typ, name := addr[:dot+1], addr[dot+1:]
	if len(name) < 4 {
		return ""
	}
	var names []string
	for d := range declared {
		if n, ok := strings.CutPrefix(d, typ); ok && !strings.Contains(n, ".") {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	if hint := diag.DidYouMean(name, names); hint != "" {
		_, quoted, _ := strings.Cut(hint, " mean ")
		n, _ := strconv.Unquote(strings.TrimSuffix(quoted, "?"))
		return typ + n
	}
	return ""
}
