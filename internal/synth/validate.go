package synth

import (
	"fmt"
	"math/big"
	"slices"
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
// recorded while it was built, those of writing it (see Config), those of
// its moved, import and removed blocks (the moved blocks compared with
// each other by config.CheckMoves, for every front end), its outputs of
// sensitive values not marked sensitive (see sensitiveOutputs), and those
// config.Validate finds in its configuration as written (duplicates,
// undeclared references, cycles) unless the front end checked it. What it
// finds in an output added for another stack's read is that stack's
// mistake: it is reported with the reader's, at the argument that reads.
func (p *Plan) ValidateStack(s *Stack) diag.Diagnostics {
	cfg, ds := p.Config(s)
	out := append(append(diag.Diagnostics(nil), s.Diags...), ds...)
	still, movedStill := stillDeclared(s, cfg, p.engine)
	out = append(out, still...)
	out = append(out, movedOutOfConfig(s, cfg)...)
	out = append(out, importTargets(cfg, p.engine)...)
	out = append(out, removedDataSources(cfg, p.engine)...)
	out = append(out, sensitiveOutputs(cfg)...)
	if cfg != nil {
		// The moved blocks compared with each other, which config.Validate
		// leaves to this: once, on every front end's path.
		out = append(out, config.CheckMoves(cfg.Blocks, movedStill)...)
	}
	if s.Validated {
		return out
	}
	for _, d := range p.ownDiagnostics(s, p.configDiagnostics(s, cfg)) {
		if !followsOn(d, s.Diags) {
			out = append(out, d)
		}
	}
	if cs := p.of(s); cs != nil {
		for _, prod := range cs.producers {
			pcfg, _ := p.Config(prod)
			out = append(out, p.atReads(prod, p.configDiagnostics(prod, pcfg), s)...)
		}
	}
	return out
}

// configDiagnostics returns what config.ValidateEngine finds in cfg, the
// configuration of s as written, once per plan: a producer's is also
// read for its consumers.
func (p *Plan) configDiagnostics(s *Stack, cfg *config.Config) diag.Diagnostics {
	cs := p.of(s)
	if cs == nil {
		return config.ValidateEngine(cfg, p.engine == "opentofu")
	}
	if !cs.checked {
		cs.checkedDiags, cs.checked = config.ValidateEngine(cfg, p.engine == "opentofu"), true
	}
	return cs.checkedDiags
}

// exportOf returns the output added to the stack that d is about (its
// path is in output.cross_stack_output_...), nil when none.
func (cs *crossStack) exportOf(d *diag.Diagnostic) *export {
	if cs == nil {
		return nil
	}
	for _, e := range cs.exports {
		if d.Path == "output."+e.name || strings.HasPrefix(d.Path, "output."+e.name+".") {
			return e
		}
	}
	return nil
}

// ownDiagnostics returns the diagnostics of ds, found in s's
// configuration, that are not about an output added for another stack's
// read (those are the reader's, see atReads).
func (p *Plan) ownDiagnostics(s *Stack, ds diag.Diagnostics) diag.Diagnostics {
	cs := p.of(s)
	var out diag.Diagnostics
	for _, d := range ds {
		if cs.exportOf(d) == nil {
			out = append(out, d)
		}
	}
	return out
}

// atReads returns the diagnostics of ds, found in producer prod's
// configuration, that are about an output added for a read of another
// stack, moved to each argument reading it (of stack only, when not nil),
// with the producer's declaration as related information. An output's
// mistake is the reader's: in one stack, it is reported at the argument
// holding the reference.
func (p *Plan) atReads(prod *Stack, ds diag.Diagnostics, only *Stack) diag.Diagnostics {
	var out diag.Diagnostics
	for _, d := range ds {
		e := p.of(prod).exportOf(d)
		if e == nil {
			continue
		}
		for _, r := range e.reads {
			if only != nil && r.stack != only {
				continue
			}
			c := *d
			at := r.at
			c.Subject, c.Path = &at, r.path
			c.Related = append(append([]diag.Related(nil), d.Related...),
				diag.Related{Message: "declared in stack " + prod.Name + " here", Range: e.site})
			out = append(out, &c)
		}
	}
	return out
}

// followsOn reports whether d, found by config.Validate, is about an
// argument the front end already reported as wrong at the same place: an
// address of another stack or an invalid one is left out of its block, and
// is then neither "missing" nor "undeclared" as well. Both name the
// argument by their path (import.to; config.Validate's "Missing required
// argument" too), which is how they are matched. Other mistakes of the
// same block (a duplicate, a different missing argument) are not
// follow-ons.
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
// A moved block's from may name a data source the stack still declares
// too, which the engines refuse in the same words. A move within one
// resource (from aws_instance.a to aws_instance.a[0], when count is
// added) is fine. A move from one instance
// (aws_instance.a[0]) is refused when the count or for_each of the
// declaration, as written, still declares that instance, related to that
// argument, as the engines point at it; one that only evaluation decides
// (count = var.n) is left to them. A removed block whose from has an
// instance key, which the engines refuse as they read the configuration
// (also a data source's, before they look at what it names), is reported
// in their words (config.RemovedInstanceKey). Addresses are read as the
// engines read them (config.MovedAddress: also aws_instance.a indexed
// with a literal key, or a string spelling one). movedStill says a moved
// block was reported, after which the engines look for no cycle of moves
// (config.CheckMoves).
func stillDeclared(s *Stack, cfg *config.Config, engine string) (ds diag.Diagnostics, movedStill bool) {
	if cfg == nil {
		return nil, false
	}
	declared := map[string]*config.Block{}
	for _, b := range cfg.Blocks {
		if b.Type == "resource" || b.Type == "module" || b.Type == "data" {
			declared[b.Address()] = b
		}
	}
	for _, b := range cfg.Blocks {
		if b.Type != "moved" && b.Type != "removed" {
			continue
		}
		from := b.Body.Attribute("from")
		if from == nil {
			continue
		}
		ftr, ok := config.MovedAddress(from)
		if !ok {
			continue
		}
		if at, module := config.InstanceKeyOf(ftr); at >= 0 && b.Type == "removed" {
			d := config.RemovedInstanceKey(module, engine == "opentofu")
			site := from.Range
			if site.Filename == "" {
				site = b.DeclRange
			}
			d.Subject, d.Path = &site, b.Address()+".from"
			ds = append(ds, d)
			continue
		}
		addr := RootAddress(ftr)
		decl := declared[addr]
		if decl == nil || decl.Type == "data" && b.Type == "removed" {
			// The engines refuse a removed data source whatever it names.
			continue
		}
		fromText, declRange := addr, decl.DeclRange
		instance := false
		switch len(ftr) - (strings.Count(addr, ".") + 1) {
		case 0:
		case 1:
			// One instance: refused when the count or for_each of the
			// declaration, as written, still declares it.
			ix, ok := ftr[len(ftr)-1].(hcl.TraverseIndex)
			if !ok || b.Type != "moved" {
				continue
			}
			if declRange, ok = declaresInstance(decl, ix.Key); !ok {
				continue
			}
			fromText, instance = config.TraversalString(ftr), true
		default:
			continue
		}
		to := ""
		if b.Type == "moved" {
			tr, ok := config.MovedAddress(b.Body.Attribute("to"))
			if !ok || (!instance && RootAddress(tr) == addr) || config.MovedKindMismatch(ftr, tr) != nil {
				// A move between a resource and a module call is refused
				// as the engines read the configuration (config.CheckMoves).
				continue
			}
			to = config.TraversalString(tr)
			if to == fromText {
				continue // a redundant move: config.CheckMoves reports it
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
		movedStill = movedStill || b.Type == "moved"
	}
	return ds, movedStill
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
		return exprRange(a), acc == big.Exact && k >= 0 && k < count
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
			return exprRange(a), true
		}
	}
	return hcl.Range{}, false
}

// exprRange is where the engines point at the value of a: its expression,
// when a was parsed from a file; else where it was set.
func exprRange(a *config.Attribute) hcl.Range {
	if a.Source != nil {
		if r := a.Source.Range(); r.Filename != "" {
			return r
		}
	}
	return a.Range
}

// movedOutOfConfig warns of the moved blocks whose to names a resource or
// module call the stack does not declare: both engines accept them, and
// their plans move the object in the state to that address and then
// destroy it, since the configuration has nothing there. A to that a
// later moved block moves on (a chain of renames), or that a removed
// block names (an intended removal), is fine, as is one inside a declared
// module call, whose resources synth does not see. A from the stack still
// declares is the error of stillDeclared instead. A move to a data source
// is fine too, declared or not: nothing is destroyed, as the engines plan
// no change for it and drop the data source from the state when they
// apply (a data source is read again from the configuration).
func movedOutOfConfig(s *Stack, cfg *config.Config) diag.Diagnostics {
	if cfg == nil || !slices.ContainsFunc(cfg.Blocks, func(b *config.Block) bool { return b.Type == "moved" }) {
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
		if addr == "" || declared[addr] || handled[addr] || declared[RootAddress(from)] || tr.RootName() == config.KindData.Root {
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
// in their words (the config.Import* functions and
// config.DuplicateImport, which tfkit eval uses too), at the front end's
// line, relating what to names:
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
			f := first[text]
			if f == nil {
				first[text] = b
				continue
			}
			d = config.DuplicateImport(text, config.TraversalString(withoutKeys(tr)), f.DeclRange, tofu)
			decl, addr = f, "the first import of "+text
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
		return config.ImportIntoDataSource(text, tofu)
	case decl.Type == "module" && len(tr) == 2:
		// Both engines' words; Terraform adds "Invalid import address"
		// for the same mistake.
		return config.ImportIntoModuleCall(text)
	case decl.Type == "module":
		if !repeated(decl) || len(tr) < 4 {
			return nil
		}
		if _, keyed := tr[2].(hcl.TraverseIndex); keyed {
			return nil
		}
		return config.ImportMissingCallKey(text, addr, keyedExample(decl, addr)+config.TraversalString(tr[2:]))
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
		return config.ImportMissingKey(addr, uses, keyedExample(decl, addr), tofu)
	}
	ix, ok := tr[2].(hcl.TraverseIndex)
	if !ok || len(tr) != 3 || !ix.Key.IsKnown() || ix.Key.IsNull() {
		return nil
	}
	keyUses := "for_each"
	if ix.Key.Type() == cty.Number {
		keyUses = "count"
	}
	return config.ImportWrongKey(addr, text, uses, keyUses, keyedExample(decl, addr), tofu)
}

// removedDataSources reports the removed blocks naming a data source,
// which both engines refuse as they read the configuration, in their
// words ("Data source address not allowed"; OpenTofu's "... is not
// allowed", config.RemovedDataSource), at the front end's line of the
// from address, unless its from has an instance key, which stillDeclared
// reports instead, as the engines do. The moved blocks are
// config.CheckMoves's.
func removedDataSources(cfg *config.Config, engine string) diag.Diagnostics {
	if cfg == nil {
		return nil
	}
	var ds diag.Diagnostics
	for _, b := range cfg.Blocks {
		if b.Type != "removed" {
			continue
		}
		from := b.Body.Attribute("from")
		tr, ok := config.MovedAddress(from)
		if !ok || !config.DataAddress(tr) {
			continue
		}
		if k, _ := config.InstanceKeyOf(tr); k >= 0 {
			continue
		}
		d := config.RemovedDataSource(engine == "opentofu")
		site := b.DeclRange
		if from.Range.Filename != "" {
			site = from.Range
		}
		d.Subject, d.Path = &site, b.Address()+".from"
		ds = append(ds, d)
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
