package load

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/tffile"
)

// condKind is what a condition belongs to: it decides the words of the
// diagnostics and whether a false condition is an error or a warning.
type condKind int

const (
	condValidation condKind = iota
	condPrecondition
	condPostcondition
	condOutputPre
	condAssert
)

func (k condKind) words() (name, failed string, sev diag.Severity) {
	switch k {
	case condValidation:
		return "validation", "Invalid value for variable", diag.Error
	case condPrecondition:
		return "precondition", "Resource precondition failed", diag.Error
	case condPostcondition:
		return "postcondition", "Resource postcondition failed", diag.Error
	case condOutputPre:
		return "precondition", "Module output value precondition failed", diag.Error
	}
	// Terraform reports failed check assertions as warnings: checks never
	// block a plan.
	return "check assertion", "Check block assertion failed", diag.Warning
}

// notEvaluated is the "not evaluated" warning of one condition block,
// shared by all instances whose condition was unknown.
type notEvaluated struct {
	d    *diag.Diagnostic
	more int
}

// condition evaluates one condition block in mi with the iterators of it
// and reports the result: a false condition is an error (a warning for
// check assertions) with its error message; a condition that is unknown
// is a warning saying it was not evaluated and why; a null or non-bool
// result is an error. A condition never passes silently.
//
// path names the condition (var.x.validation[0]); subject, when not nil,
// is where the failure is reported (the variable's value for
// validations), else the condition itself.
func (e *evaluator) condition(mi *modInst, c *Condition, it *iter, path string, kind condKind, subject *hcl.Range) {
	name, failed, sev := kind.words()
	owner := strings.TrimSuffix(path[:strings.LastIndexByte(path, '.')], ".lifecycle")
	marked, ok := e.evalChecked(mi, c.Condition, it, path+".condition")
	if !ok {
		return // the error is reported
	}
	v, _ := marked.UnmarkDeep()
	crng := c.Condition.Range()
	if !v.IsKnown() {
		var reasons []string
		for _, rs := range unknowns(marked) {
			reasons = append(reasons, rs...)
		}
		sort.Strings(reasons)
		why := "it depends on values that are not known until apply"
		if len(reasons) > 0 {
			why += ": " + strings.Join(dedupe(reasons), "; ")
		}
		if prev, ok := e.unevaluated[c]; ok {
			prev.more++
			return
		}
		d := &diag.Diagnostic{Severity: diag.Warning, Summary: "Condition not evaluated",
			Detail:  "the " + name + " condition of " + owner + " was not checked: " + why,
			Subject: &crng, Path: path}
		if e.unevaluated == nil {
			e.unevaluated = map[*Condition]*notEvaluated{}
		}
		e.unevaluated[c] = &notEvaluated{d: d}
		e.diags = append(e.diags, d)
		return
	}
	// The engines' words: a variable's validation has its own.
	invalid, nullDetail, typeDetail := "Invalid condition result", "Condition expression must return either true or false, not null.", "Invalid condition result value: %s."
	badMessage := "This check failed, but has an invalid error message as described in the other accompanying messages."
	if kind == condValidation {
		invalid, nullDetail, typeDetail = "Invalid variable validation result", "Validation condition expression must return either true or false, not null.", "Invalid validation condition result value: %s."
		badMessage = "Failed to evaluate condition error message."
	}
	if v.IsNull() {
		e.errorf(&crng, path, invalid, nullDetail)
		return
	}
	bv, err := convert.Convert(v, cty.Bool)
	if err != nil {
		e.errorf(&crng, path, invalid, fmt.Sprintf(typeDetail, err.Error()))
		return
	}
	if bv.True() {
		return
	}
	msg := "the " + name + " condition is false"
	if c.ErrorMessage != nil {
		m, ok := e.evalChecked(mi, c.ErrorMessage, it, path+".error_message")
		um, _ := m.UnmarkDeep()
		sm, err := convert.Convert(um, cty.String)
		mrng := c.ErrorMessage.Range()
		tofu := e.opts.Engine == tffile.OpenTofu
		switch {
		case ok && containsSensitive(m) && (kind != condValidation || tofu):
			// The engines do not show a message built from a sensitive
			// value: an error for OpenTofu's validations, else a warning
			// beside the failure (Terraform shows a validation's message,
			// its variable being the one it checks).
			if kind == condValidation {
				e.errorf(&mrng, path+".error_message", "Error message refers to sensitive values",
					"The error expression used to explain this condition refers to sensitive values. OpenTofu will not display the resulting message. You can correct this by removing references to sensitive values, or by carefully using the nonsensitive() function if the expression will not reveal the sensitive data.")
				msg = "The error message included a sensitive value, so it will not be displayed."
			} else {
				e.diags = append(e.diags, &diag.Diagnostic{Severity: diag.Warning, Summary: "Error message refers to sensitive values",
					Detail:  "The error expression used to explain this condition refers to sensitive values, so " + e.engineName() + " will not display the resulting message. You can correct this by removing references to sensitive values, or by carefully using the nonsensitive() function if the expression will not reveal the sensitive data.",
					Subject: &mrng, Path: path + ".error_message"})
				msg = badMessage
			}
		case ok && containsEphemeral(m) && kind != condValidation:
			// Nor one built from an ephemeral value.
			fix := "removing references to ephemeral values, or by using the ephemeralasnull() function on the references to not reveal ephemeral data."
			if tofu {
				fix = "removing references to ephemeral values or by utilizing the builtin ephemeralasnull() function."
			}
			e.diags = append(e.diags, &diag.Diagnostic{Severity: diag.Warning, Summary: "Error message refers to ephemeral values",
				Detail:  "The error expression used to explain this condition refers to ephemeral values, so " + e.engineName() + " will not display the resulting message. You can correct this by " + fix,
				Subject: &mrng, Path: path + ".error_message"})
			msg = badMessage
		case !ok && kind == condValidation && !tofu:
			// Terraform reports the message's failure, left unknown, and
			// not the validation.
			e.errorf(&mrng, path+".error_message", "Invalid error message", "Unsuitable value for error message: expression refers to values that won't be known until the apply phase.")
			return
		case !ok:
			msg = badMessage // the error is reported
		case err == nil && sm.IsKnown() && !sm.IsNull():
			msg = strings.TrimSpace(sm.AsString())
		case err != nil:
			e.errorf(&mrng, path+".error_message", "Invalid error message", "Unsuitable value for error message: "+err.Error()+".")
			msg = badMessage
		case um.IsKnown() && um.IsNull():
			e.errorf(&mrng, path+".error_message", "Invalid error message", "Unsuitable value for error message: must not be null.")
			msg = badMessage
		default:
			msg += " (its error message could not be evaluated)"
		}
	}
	r := crng
	if subject != nil {
		r = *subject
	}
	related := []diag.Related{{Message: name + " declared here", Range: c.Range}}
	if kind == condValidation {
		// The engines name the rule in the detail, as a range.
		msg += "\n\nThis was checked by the validation rule at " + c.Range.String() + "."
		related = nil
	}
	e.diags = append(e.diags, &diag.Diagnostic{Severity: sev, Summary: failed, Detail: msg, Subject: &r, Path: owner,
		Related: related})
}

// finishConditions adds to each "not evaluated" warning how many more
// instances of the same condition were not evaluated either. It runs once
// everything is evaluated.
func (e *evaluator) finishConditions() {
	for _, n := range e.unevaluated {
		if n.more > 0 {
			n.d.Detail += fmt.Sprintf(" (and the same condition in %d more instances)", n.more)
		}
	}
}

// checkMovedBlocks runs checkMoved on the moved blocks of m and of the
// modules it calls, once everything is evaluated: the engines check a
// moved block in each instance of its module, and print that instance's
// addresses (module.m[0].terraform_data.x); a module called with count = 0
// has none, and nothing is reported.
func (e *evaluator) checkMovedBlocks(m *Module) {
	if len(m.Moved) > 0 {
		prefixes := e.instancePrefixes(m)
		for i, mv := range m.Moved {
			e.checkMoved(m, mv, prefixes, m.Name()+"moved["+itoa(i)+"]")
		}
		moves := movesOf(m)
		for _, p := range prefixes {
			for _, pr := range config.AmbiguousMoves(moves, p) {
				e.moveProblem(m, pr)
			}
		}
	}
	for _, n := range sortedKeys(m.Children) {
		e.checkMovedBlocks(m.Children[n])
	}
}

// movesOf is the moved blocks of m as config.AmbiguousMoves and
// config.MoveCycles compare them; a block whose addresses are not
// addresses (reported as the module is read) has none.
func movesOf(m *Module) []config.Move {
	moves := make([]config.Move, len(m.Moved))
	for i, mv := range m.Moved {
		moves[i].DeclRange = mv.DeclRange
		if mv.From == nil || mv.To == nil {
			continue
		}
		from, hd := hcl.AbsTraversalForExpr(mv.From)
		to, hd2 := hcl.AbsTraversalForExpr(mv.To)
		if !hd.HasErrors() && !hd2.HasErrors() {
			moves[i].From, moves[i].To = from, to
		}
	}
	return moves
}

// moveProblem reports pr, an error of a moved block of m, at the block.
func (e *evaluator) moveProblem(m *Module, pr config.MoveProblem) {
	r := m.Moved[pr.Move].DeclRange
	pr.Diagnostic.Subject, pr.Diagnostic.Path = &r, m.Name()+"moved["+itoa(pr.Move)+"]"
	e.diags = append(e.diags, pr.Diagnostic)
}

// checkMoveCycles reports the moved blocks of each module whose chain
// comes back where it started (config.MoveCycles), once for each module,
// unless a moved block has another error (config.HidesMoveCycles), as the
// engines do. It runs after the other checks of moved blocks.
func (e *evaluator) checkMoveCycles() {
	for _, d := range e.diags {
		if config.HidesMoveCycles(d) {
			return
		}
	}
	var walk func(m *Module)
	walk = func(m *Module) {
		if len(m.Moved) > 1 {
			for _, pr := range config.MoveCycles(movesOf(m), strings.TrimSuffix(m.Name(), ".")) {
				e.moveProblem(m, pr)
			}
		}
		for _, n := range sortedKeys(m.Children) {
			walk(m.Children[n])
		}
	}
	walk(e.root)
}

// instancePrefixes is the address prefix of each instance of module m, as
// the engines print it ("", module.m[0]., module.m["a"].module.n.). The
// instances of a call whose count or for_each eval does not know are named
// once, as declared (module.m.).
func (e *evaluator) instancePrefixes(m *Module) []string {
	var out []string
	declared := false
	for _, mi := range e.instances[m] {
		switch {
		case mi.deferred == "":
			out = append(out, mi.addrPrefix())
		case !declared:
			out, declared = append(out, m.Name()), true
		}
	}
	return out
}

// checkMovedInstances reports, in each instance of each module, the moved
// blocks whose from names an instance key (terraform_data.a[0],
// module.net["a"], module.m[0].terraform_data.x) and what it names is
// still declared there, as both engines do ("Moved object still exists",
// at the moved block): an instance of a resource or module call that count
// or for_each still declares, named at that argument, or a resource in a
// module instance that still declares it. A key that count or for_each no
// longer declares, or that eval does not know, is fine here (the engines
// report what is unknown to them). Whole resources and calls are
// checkMoved's (checkMovedBlocks). It runs once everything is evaluated.
func (e *evaluator) checkMovedInstances() {
	if e.view == nil {
		return
	}
	exists := map[string]bool{}
	for _, r := range e.view.Resources {
		if r.Mode == "managed" {
			exists[r.Address] = true
			exists[strings.TrimSuffix(r.Module+"."+r.Type+"."+r.Name, ".")] = true
		}
	}
	for _, mis := range e.instances {
		for _, mi := range mis {
			if mi.addr != "" && mi.deferred == "" {
				exists[mi.addr] = true
			}
		}
	}
	var walk func(m *Module)
	walk = func(m *Module) {
		for i, mv := range m.Moved {
			if mv.From == nil || mv.To == nil {
				continue
			}
			from, hd := hcl.AbsTraversalForExpr(mv.From)
			to, hd2 := hcl.AbsTraversalForExpr(mv.To)
			if hd.HasErrors() || hd2.HasErrors() || !hasKey(from) || addressText(from) == addressText(to) {
				continue
			}
			decl, module, instance, ok := declaredAt(m, from)
			if !ok {
				continue
			}
			for _, mi := range e.instances[m] {
				abs := mi.addrPrefix() + addressText(from)
				if !exists[abs] {
					continue
				}
				d, _ := config.StillDeclared("moved", module, instance, abs, mi.addrPrefix()+addressText(to), decl, e.opts.Engine == tffile.OpenTofu)
				r := mv.DeclRange
				d.Subject, d.Path = &r, m.Name()+"moved["+itoa(i)+"]"
				e.diags = append(e.diags, d)
			}
		}
		for _, n := range sortedKeys(m.Children) {
			walk(m.Children[n])
		}
	}
	walk(e.root)
	e.checkMoveCycles()
}

// hasKey reports whether a traversal has an instance key.
func hasKey(tr hcl.Traversal) bool {
	for _, t := range tr {
		if _, ok := t.(hcl.TraverseIndex); ok {
			return true
		}
	}
	return false
}

// declaredAt finds what a moved block's from, with instance keys, names in
// module m: a module call's instance (module.net["a"]), a resource's
// instance, or a whole resource in a module instance, and where the engines
// say it is declared: the count or for_each argument's value for an
// instance, the declaration for a resource.
func declaredAt(m *Module, tr hcl.Traversal) (decl hcl.Range, module, instance, ok bool) {
	name := func(i int) string { return stepName(tr, i) }
	keyAt := func(i int) bool {
		if i >= len(tr) {
			return false
		}
		_, ok := tr[i].(hcl.TraverseIndex)
		return ok
	}
	at, i := m, 0
	for name(i) == "module" && name(i+1) != "" {
		c := at.Calls[name(i+1)]
		if c == nil {
			return hcl.Range{}, false, false, false
		}
		i += 2
		keyed := keyAt(i)
		if keyed {
			i++
		}
		if i == len(tr) {
			if !keyed {
				return hcl.Range{}, false, false, false
			}
			return repetition(c.Count, c.ForEach, c.DeclRange), true, true, true
		}
		if at = at.Children[c.Name]; at == nil {
			return hcl.Range{}, false, false, false
		}
	}
	r := at.Resources[name(i)+"."+name(i+1)]
	if r == nil {
		return hcl.Range{}, false, false, false
	}
	switch {
	case i+2 == len(tr):
		return r.DeclRange, false, false, true
	case i+3 == len(tr) && keyAt(i+2):
		return repetition(r.Count, r.ForEach, r.DeclRange), false, true, true
	}
	return hcl.Range{}, false, false, false
}

// repetition is where the count or for_each argument's value is, which
// the engines name as what declares an instance; decl without either.
func repetition(count, forEach hcl.Expression, decl hcl.Range) hcl.Range {
	switch {
	case count != nil:
		return count.Range()
	case forEach != nil:
		return forEach.Range()
	}
	return decl
}

func dedupe(sorted []string) []string {
	var out []string
	for i, s := range sorted {
		if i == 0 || s != sorted[i-1] {
			out = append(out, s)
		}
	}
	return out
}

// evalProvider evaluates a provider block in mi. The view keeps one
// configuration per address: Terraform refuses provider blocks in modules
// that have several instances (reported by evalCall).
func (e *evaluator) evalProvider(mi *modInst, pc *ProviderDecl) {
	src := providerSource(mi.mod, pc.Name)
	addr := staticPrefix(mi.mod) + "provider[" + quote(src) + "]"
	if pc.Alias != "" {
		addr += "." + pc.Alias
	}
	path := mi.addrPrefix() + "provider." + pc.Key()
	if pc.ForEach != nil {
		// OpenTofu's provider for_each: one configuration per element,
		// addressed by key (provider["..."].by_name["a"]).
		_, keys, values, why := e.expansion(mi, nil, pc.ForEach, nil, path)
		e.pkeys.setEach(addr, keys, why)
		if why != "" {
			return
		}
		for i, k := range keys {
			it := &iter{each: &[2]cty.Value{k, values[i]}}
			e.addProvider(mi, pc, src, addr+keyString(k), e.evalBody(mi, pc.Body, it, path+keyString(k)))
		}
		return
	}
	e.addProvider(mi, pc, src, addr, e.evalBody(mi, pc.Body, nil, path))
}

// addProvider puts the configuration attrs of pc at addr into the view.
func (e *evaluator) addProvider(mi *modInst, pc *ProviderDecl, src, addr string, attrs cty.Value) {
	path := mi.addrPrefix() + "provider." + pc.Key()
	for _, p := range e.opts.Providers {
		if strings.EqualFold(p.Source, src) && p.Config != nil {
			attrs = e.conform(p.Config, attrs, path, pc.DeclRange, pc.Body)
			break
		}
	}
	if _, ok := e.view.Providers[addr]; ok {
		return
	}
	e.view.Providers[addr] = &ProviderConfig{Address: addr, Name: pc.Name, Alias: pc.Alias,
		Module: strings.TrimSuffix(mi.mod.Name(), "."), Attributes: attrs, Range: pc.DeclRange}
}

// hasProviderBlocks reports whether m or a module below it has provider
// blocks.
func hasProviderBlocks(m *Module) bool {
	for _, p := range m.ProviderConfigs {
		if !p.proxy {
			// An empty block (a proxy configuration) configures nothing:
			// the engines allow it.
			return true
		}
	}
	for _, c := range m.Children {
		if hasProviderBlocks(c) {
			return true
		}
	}
	return false
}

// checkStatic checks the expressions of m (and of its children) that are
// not evaluated: depends_on and replace_triggered_by name declared
// objects; provider references name declared configurations; import
// targets are declared resources; provisioners, connections and import
// ids read declared objects only. References of check blocks' scoped data
// sources from outside the check are errors.
func (e *evaluator) checkStatic(m *Module) {
	m.walk(false, func(name string, x hcl.Expression, k exprKind, r *ResourceDecl) {
		switch k {
		case kindRefs:
			// replace_triggered_by may name the instance of the same key
			// (null_resource.keeper[each.key]); depends_on names whole
			// objects.
			var sc refScope
			if r != nil && strings.HasSuffix(name, ".lifecycle.replace_triggered_by") {
				sc.count, sc.each = r.Count != nil, r.ForEach != nil
			}
			dependsOn := strings.HasSuffix(name, ".depends_on")
			for _, tr := range x.Variables() {
				if rest := refRemaining(tr); dependsOn && len(rest) > 0 {
					rng := rest.SourceRange()
					e.diags = append(e.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Invalid depends_on reference",
						Detail:  "References in depends_on must be to a whole object (resource, etc), not to an attribute of an object.",
						Subject: &rng, Path: name, Suggestion: "name the object alone, such as " + addressText(tr[:len(tr)-len(rest)])})
					continue
				}
				e.checkRef(m, tr, name, sc)
			}
		case kindDeferred:
			if strings.HasSuffix(name, ".lifecycle.ignore_changes") {
				return // attribute names of the resource itself
			}
			// A removed block's provisioners and connection read the
			// object being destroyed as self, as a resource's do.
			removedSelf := strings.Contains(name, "removed[") && (strings.Contains(name, ".provisioner[") || strings.Contains(name, ".connection"))
			sc := refScope{self: r != nil || removedSelf}
			if r != nil {
				sc.count, sc.each = r.Count != nil, r.ForEach != nil
			}
			if strings.HasPrefix(name, "import[") {
				sc.each = m.Imports[importIndex(name)].ForEach != nil
			}
			for _, tr := range x.Variables() {
				e.checkRef(m, tr, name, sc)
			}
		case kindProviderRef:
			if strings.HasSuffix(name, ".providers") {
				e.checkProvidersMap(m, x, name)
				return
			}
			if tr, hd := hcl.AbsTraversalForExpr(x); !hd.HasErrors() {
				e.checkProviderRef(m, tr, name)
			}
		case kindAddress:
			if strings.HasPrefix(name, "import[") && strings.HasSuffix(name, ".to") {
				e.checkImportTarget(m, m.Imports[importIndex(name)], name)
			}
		}
	})
	for i, rm := range m.Removed {
		e.checkRemoved(m, rm, m.Name()+"removed["+itoa(i)+"]")
	}
	e.checkDuplicateImports(m)
	e.checkImportIDs(m)
	for _, s := range e.g.scoped {
		if s.mod != m {
			continue
		}
		r := s.rng
		e.diags = append(e.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Reference to scoped data source",
			Detail:  s.key + " is declared in check " + QuoteOrEmpty(s.check) + " and can only be read by that check block's expressions",
			Subject: &r})
	}
	for _, n := range sortedKeys(m.Children) {
		e.checkStatic(m.Children[n])
	}
}

func importIndex(name string) int {
	i := 0
	for _, c := range name[len("import["):] {
		if c < '0' || c > '9' {
			break
		}
		i = i*10 + int(c-'0')
	}
	return i
}

// refScope says which scope-dependent references an expression may use.
type refScope struct {
	self, count, each bool
}

// checkRef reports a reference of tr, in module m, to something m does
// not declare.
func (e *evaluator) checkRef(m *Module, tr hcl.Traversal, path string, sc refScope) {
	rng := tr.SourceRange()
	names, _ := attrNames(tr[1:], 2)
	undeclared := func(root, name string, options []string) {
		hint := suggest(name, options)
		summary, detail := undeclaredWords(m, root, name, hint != "")
		e.diags = append(e.diags, &diag.Diagnostic{Severity: diag.Error, Summary: summary, Detail: detail,
			Subject: &rng, Path: path, Suggestion: hint})
	}
	root := tr.RootName()
	if root == "tofu" && e.opts.Engine == tffile.OpenTofu {
		return // OpenTofu's own name for terraform: tofu.workspace
	}
	switch root {
	case "var":
		if len(names) > 0 && m.Variables[names[0]] == nil {
			undeclared("var", names[0], sortedKeys(m.Variables))
		}
	case "local":
		if len(names) > 0 && m.Locals[names[0]] == nil {
			undeclared("local", names[0], sortedKeys(m.Locals))
		}
	case "module":
		if len(names) > 0 && m.Calls[names[0]] == nil {
			undeclared("module", names[0], nil)
		}
	case "path", "terraform":
	case "ephemeral":
		// Ephemeral resources are not evaluated (their values are
		// unknown), nor indexed.
	case "self":
		if !sc.self {
			e.errorf(&rng, path, selfSummary, selfDetail)
		}
	case "count", "each":
		if summary, detail := iterRefWords(tr, root == "count" && sc.count || root == "each" && sc.each); summary != "" {
			e.errorf(&rng, path, summary, detail)
		}
	default:
		key, _ := splitResourceRef(tr)
		switch {
		case key == "":
			e.errorf(&rng, path, "Invalid reference", resourceRefDetail(tr))
		case m.Resources[key] == nil:
			undeclared(root, key, nil)
		}
	}
}

// missingInstanceKey reports an attribute read straight from a resource
// with count or for_each (aws_instance.web.id), which has instances, not
// attributes, in the engines' words, at the resource's part of tr.
func (e *evaluator) missingInstanceKey(r *ResourceDecl, key string, tr, rest hcl.Traversal, path string) bool {
	if len(rest) == 0 || r.Count == nil && r.ForEach == nil {
		return false
	}
	attr, ok := rest[0].(hcl.TraverseAttr)
	if !ok {
		return false
	}
	arg := "count"
	if r.ForEach != nil {
		arg = "for_each"
	}
	rng := hcl.RangeBetween(tr[0].SourceRange(), tr[len(tr)-len(rest)-1].SourceRange())
	d := config.MissingInstanceKey(key, arg, attr.Name)
	d.Subject, d.Path = &rng, path
	e.diags = append(e.diags, d)
	return true
}

// resourceRefDetail is the engines' detail for a reference tr to a
// resource type or data source without its name.
func resourceRefDetail(tr hcl.Traversal) string {
	if tr.RootName() == "data" {
		return `The "data" object must be followed by two attribute names: the data source type and the resource name.`
	}
	return "A reference to a resource type must be followed by at least one attribute access, specifying the resource name."
}

// refRemaining is what follows the object tr names (the attribute id of
// aws_instance.a[0].id, the key k of local.m.k), as the engines split a
// reference; a depends_on entry may name nothing beyond its object. A
// module output (module.net.vpc_id) is an object of its own.
func refRemaining(tr hcl.Traversal) hcl.Traversal {
	n := 2 // var.x, local.x, path.x, count.index, ...
	switch tr.RootName() {
	case "self":
		n = 1
	case "module":
		if n < len(tr) {
			if _, ok := tr[n].(hcl.TraverseIndex); ok {
				n++
			}
		}
		if n < len(tr) {
			if _, ok := tr[n].(hcl.TraverseAttr); ok {
				n++
			}
		}
	case "var", "local", "path", "terraform", "tofu", "count", "each":
	default:
		key, _ := splitResourceRef(tr)
		if key == "" {
			return nil // reported by checkRef
		}
		n = strings.Count(key, ".") + 1
		if n < len(tr) {
			if _, ok := tr[n].(hcl.TraverseIndex); ok {
				n++
			}
		}
	}
	if n >= len(tr) {
		return nil
	}
	return tr[n:]
}

// The engines' words for self outside provisioners, connection blocks and
// postconditions.
const (
	selfSummary = "Invalid \"self\" reference"
	selfDetail  = "The \"self\" object is not available in this context. This object can be used only in resource provisioner, connection, and postcondition blocks."
)

// undeclaredWords are the engines' summary and detail for a reference in
// module m to something it does not declare: root is var, local, module,
// data or a resource type, name the variable, local value or call, or the
// resource's key (TYPE.NAME, data.TYPE.NAME). suggested is set when a
// did-you-mean hint goes with it.
func undeclaredWords(m *Module, root, name string, suggested bool) (summary, detail string) {
	module := ""
	if len(m.Path) > 0 {
		module = moduleLabel(m)
	}
	return config.UndeclaredWords(module, root, name, suggested)
}

// iterRefWords are the engines' summary and detail for a reference tr to
// count or each that is refused ("" when it is not): an attribute they do
// not have, or one in a block without count or for_each (set is false).
func iterRefWords(tr hcl.Traversal, set bool) (summary, detail string) {
	attr := ""
	if len(tr) > 1 {
		if a, ok := tr[1].(hcl.TraverseAttr); ok {
			attr = a.Name
		}
	}
	if tr.RootName() == "count" {
		switch {
		case attr != "" && attr != "index":
			return "Invalid \"count\" attribute", fmt.Sprintf("The \"count\" object does not have an attribute named %q. The only supported attribute is count.index, which is the index of each instance of a resource block that has the \"count\" argument set.", attr)
		case !set:
			return "Reference to \"count\" in non-counted context", "The \"count\" object can only be used in \"module\", \"resource\", and \"data\" blocks, and only when the \"count\" argument is set."
		}
		return "", ""
	}
	switch {
	case attr != "" && attr != "key" && attr != "value":
		return "Invalid \"each\" attribute", fmt.Sprintf("The \"each\" object does not have an attribute named %q. The supported attributes are each.key and each.value, the current key and value pair of the \"for_each\" attribute set.", attr)
	case set:
		return "", ""
	case attr == "value":
		return "each.value cannot be used in this context", "A reference to \"each.value\" has been used in a context in which it is unavailable, such as when the configuration no longer contains the value in its \"for_each\" expression. Remove this reference to each.value in your configuration to work around this error."
	}
	return "Reference to \"each\" in context without for_each", "The \"each\" object can be used only in \"module\" or \"resource\" blocks, and only when the \"for_each\" argument is set."
}

// checkProviderRef reports a reference to a provider configuration (aws
// or aws.west) that module m neither declares nor expects from its caller.
// Default configurations always exist: Terraform makes an empty one.
func (e *evaluator) checkProviderRef(m *Module, tr hcl.Traversal, path string) {
	name := traversalName(tr)
	if !strings.Contains(name, ".") || m.ProviderConfigs[name] != nil || m.ProviderAliases[name] {
		return
	}
	rng := tr.SourceRange()
	var known []string
	for k := range m.ProviderConfigs {
		known = append(known, k)
	}
	for k := range m.ProviderAliases {
		known = append(known, k)
	}
	sort.Strings(known)
	e.diags = append(e.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Reference to undeclared provider configuration",
		Detail:  fmt.Sprintf("module %s has no provider block with alias %s and does not list %s in configuration_aliases", moduleLabel(m), QuoteOrEmpty(name[strings.IndexByte(name, '.')+1:]), name),
		Subject: &rng, Path: path, Suggestion: suggest(name, known)})
}

// checkProvidersMap checks a module call's providers map: every value is
// a configuration of the calling module.
func (e *evaluator) checkProvidersMap(m *Module, x hcl.Expression, path string) {
	pairs, hd := hcl.ExprMap(x)
	if hd.HasErrors() {
		e.diags = append(e.diags, diag.FromHCL(hd)...)
		return
	}
	for _, p := range pairs {
		if tr, _, ok := providerRefParts(p.Value); ok {
			e.checkProviderRef(m, tr, path)
		}
	}
}

// stepName is the name step i of tr gives (a root or an attribute), ""
// for an index or past the end.
func stepName(tr hcl.Traversal, i int) string {
	if i < len(tr) {
		switch s := tr[i].(type) {
		case hcl.TraverseRoot:
			return s.Name
		case hcl.TraverseAttr:
			return s.Name
		}
	}
	return ""
}

// checkImportTarget reports an import block whose to address the engine
// eval follows refuses, in its words (the config.Import* functions, the
// words of the Go and TSX synth check too): an address that names no
// declared resource; a data source or a module call instead of a managed
// resource; a resource with count or for_each named without an instance
// key, or with a key of the other kind (a string for count, a number for
// for_each, any key without either); a resource of a module call with
// count or for_each named without the call's key. Terraform reports at
// the address what it refuses as it reads the configuration, OpenTofu at
// the import block what it finds when it plans.
func (e *evaluator) checkImportTarget(m *Module, im *ImportDecl, path string) {
	tr, hd := hcl.AbsTraversalForExpr(im.To)
	if hd.HasErrors() {
		return
	}
	tofu := e.opts.Engine == tffile.OpenTofu
	rng := tr.SourceRange()
	text := addressText(tr)
	report := func(d *diag.Diagnostic, r hcl.Range) {
		d.Subject, d.Path = &r, path
		e.diags = append(e.diags, d)
	}
	// planned is where eval reports what the engine finds when it plans
	// (without a place): Terraform's at the address, OpenTofu's at the
	// import block, where OpenTofu reports what it refuses at all.
	planned := rng
	if tofu {
		planned = im.DeclRange
	}
	step := func(i int) string { return stepName(tr, i) }
	at, i := m, 0
	var calls []string    // module.NAME steps, without instance keys
	noCall := false       // a module.NAME step names no call
	var unkeyed *CallDecl // the first call with count or for_each named without its key
	unkeyedAt := 0        // where the steps after it start
	for step(i) == "module" && step(i+1) != "" {
		call := step(i + 1)
		calls = append(calls, "module."+call)
		i += 2
		keyed := false
		if i < len(tr) {
			if _, ok := tr[i].(hcl.TraverseIndex); ok {
				i++
				keyed = true
			}
		}
		if c := at.Calls[call]; c != nil && !keyed && unkeyed == nil && (c.Count != nil || c.ForEach != nil) {
			unkeyed, unkeyedAt = c, i
		}
		child := at.Children[call]
		if child == nil {
			if at.Calls[call] != nil {
				return // a call whose module could not be loaded is reported already
			}
			at, noCall = nil, true
			break
		}
		at = child
	}
	typ, name := step(i), step(i+1)
	switch {
	case at != nil && typ == "" && i == len(tr) && len(calls) > 0:
		report(config.ImportIntoModuleCall(text), rng)
		if !tofu {
			report(config.ImportNotManaged(), toArgument(im))
		}
		return
	case at != nil && typ == "data":
		if tofu {
			report(config.ImportIntoDataSource(text, true), planned)
		} else {
			report(config.ImportIntoDataSource(text, false), toArgument(im))
		}
		return
	case at != nil && (typ == "" || name == "" || typ == "module"):
		e.errorf(&rng, path, "Invalid import address", "the to argument must be the address of a managed resource, such as aws_instance.web or module.app.aws_instance.web[\"a\"]")
		return
	}
	keyed := i+2 < len(tr)
	if at != nil {
		r := at.Resources[typ+"."+name]
		if r == nil {
			at = nil
		} else {
			addr := strings.Join(append(calls, typ+"."+name), ".")
			uses := ""
			switch {
			case r.Count != nil:
				uses = "count"
			case r.ForEach != nil:
				uses = "for_each"
			}
			example := func(addr, uses string) string {
				if uses == "count" {
					return addr + "[0]"
				}
				return addr + `["key"]`
			}
			switch {
			case unkeyed != nil:
				call := addressText(tr[:unkeyedAt])
				k := "[0]"
				if unkeyed.Count == nil {
					k = `["key"]`
				}
				report(config.ImportMissingCallKey(text, call, call+k+"."+addressText(tr[unkeyedAt:])), planned)
			case !keyed && uses != "":
				report(config.ImportMissingKey(addr, uses, example(addr, uses), tofu), planned)
			case keyed && i+3 == len(tr):
				ix, ok := tr[i+2].(hcl.TraverseIndex)
				if ok && !ix.Key.IsKnown() && !tofu && uses == "" && len(calls) == 0 {
					// A key of each (import for_each): Terraform
					// refuses it on a resource of one instance.
					report(config.ImportWrongKey(addr, text, uses, "for_each", example(addr, uses), false), rng)
					return
				}
				if !ok || !ix.Key.IsKnown() || ix.Key.IsNull() {
					return
				}
				keyUses := "for_each"
				if ix.Key.Type() == cty.Number {
					keyUses = "count"
				}
				if d := config.ImportWrongKey(addr, text, uses, keyUses, example(addr, uses), tofu); d != nil {
					if tofu {
						report(d, planned)
					} else {
						report(d, rng)
					}
				}
			}
			return
		}
	}
	addr := strings.Join(append(calls, typ+"."+name), ".")
	const all = " does not exist. All target instances must have an associated configuration to be imported."
	detail := ""
	switch {
	case tofu:
		// At the import block.
		rng = im.DeclRange
		detail = "The configuration for the given import " + addr + all
	case noCall:
		detail = "The configuration for the given import target " + addr + all
	case len(calls) == 0 && keyed && !knownKeys(tr):
		// A key of each (import for_each): Terraform takes the resource
		// that is not declared for one without for_each.
		d := config.ImportWrongKey(addr, text, "", "for_each", addr, false)
		d.Suggestion = "declare " + addr + " with a for_each of the keys imported, or import into a resource that is declared"
		report(d, rng)
		return
	case len(calls) > 0:
		detail = "Resource " + addr + " not found. Only resources within the root module are eligible for config generation."
	case keyed || im.ForEach != nil:
		detail = "The given import block is not compatible with config generation. The -generate-config-out option cannot be used with import blocks which use for_each, or resources which use for_each or count."
	default:
		detail = "The configuration for the given import target " + addr + " does not exist. If you wish to automatically generate config for this resource, use the -generate-config-out option within terraform plan. Otherwise, make sure the target resource exists within your configuration. For example:\n\n  terraform plan -generate-config-out=generated.tf"
	}
	e.errorf(&rng, path, "Configuration for import target does not exist", detail)
}

// checkDuplicateImports reports, in the words of the engine eval follows
// (config.DuplicateImport), each import block of m into an instance a
// former import block imports into already, once for each such former
// block, as the engines do: Terraform at the to address, OpenTofu at the
// import block. Addresses with expressions for keys (each.key) are
// left to the engines.
func (e *evaluator) checkDuplicateImports(m *Module) {
	tofu := e.opts.Engine == tffile.OpenTofu
	texts := make([]string, len(m.Imports))
	for i, im := range m.Imports {
		if im.To == nil {
			continue
		}
		tr, hd := hcl.AbsTraversalForExpr(im.To)
		if hd.HasErrors() {
			continue
		}
		if !knownKeys(tr) {
			continue
		}
		texts[i] = addressText(tr)
		for j, prev := range m.Imports[:i] {
			if texts[j] == "" || texts[j] != texts[i] {
				continue
			}
			d := config.DuplicateImport(texts[i], addressText(withoutKeys(tr)), prev.DeclRange, tofu)
			r := tr.SourceRange()
			if tofu {
				r = im.DeclRange
			}
			d.Subject, d.Path = &r, "import["+itoa(i)+"].to"
			e.diags = append(e.diags, d)
		}
	}
}

// checkImportIDs reports the import blocks of m whose id is written as
// the empty string (config.ImportEmptyID): an error for Terraform, a
// warning for OpenTofu, which plans to create the resource instead.
func (e *evaluator) checkImportIDs(m *Module) {
	for i, im := range m.Imports {
		if im.ID == nil || len(im.ID.Variables()) > 0 {
			continue
		}
		v, hd := im.ID.Value(nil)
		if hd.HasErrors() || !v.IsKnown() || v.IsNull() || v.Type() != cty.String || v.AsString() != "" {
			continue
		}
		d := config.ImportEmptyID(e.opts.Engine == tffile.OpenTofu)
		r := im.ID.Range()
		d.Subject, d.Path = &r, m.Name()+"import["+itoa(i)+"].id"
		e.diags = append(e.diags, d)
	}
}

// knownKeys reports whether every instance key of tr is known (not an
// expression of each).
func knownKeys(tr hcl.Traversal) bool {
	for _, t := range tr {
		if ix, ok := t.(hcl.TraverseIndex); ok && !ix.Key.IsKnown() {
			return false
		}
	}
	return true
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

// toArgument is where the to argument of an import block is written,
// from its name to its value's end, as the engines report the argument;
// its value when the loader did not keep that.
func toArgument(im *ImportDecl) hcl.Range {
	if im.ToRange.Filename == "" {
		return im.To.Range()
	}
	return im.ToRange
}

// addressText is the address a traversal writes, as the engines print
// it: terraform_data.a["k"], module.m[0].terraform_data.b.
func addressText(tr hcl.Traversal) string {
	var b strings.Builder
	for _, t := range tr {
		switch x := t.(type) {
		case hcl.TraverseRoot:
			b.WriteString(x.Name)
		case hcl.TraverseAttr:
			b.WriteString("." + x.Name)
		case hcl.TraverseIndex:
			switch {
			case !x.Key.IsKnown() || x.Key.IsNull():
				b.WriteString("[?]")
			case x.Key.Type() == cty.String:
				b.WriteString("[" + strconv.Quote(x.Key.AsString()) + "]")
			case x.Key.Type() == cty.Number:
				b.WriteString("[" + x.Key.AsBigFloat().Text('f', -1) + "]")
			}
		}
	}
	return b.String()
}

// checkMoved reports a moved block from and to the same address, which
// both engines refuse ("Redundant move statement"), and one whose from
// names a resource or module call the configuration still declares ("Moved
// object still exists", at the moved block in both engines' words), once
// for each instance of its module, whose address prefix prefixes lists
// (instancePrefixes). A move within one resource or call (from
// aws_instance.a to aws_instance.a[0], when count is added) is fine.
func (e *evaluator) checkMoved(m *Module, mv *MovedDecl, prefixes []string, path string) {
	if mv.From == nil || mv.To == nil {
		return
	}
	from, hd := hcl.AbsTraversalForExpr(mv.From)
	to, hd2 := hcl.AbsTraversalForExpr(mv.To)
	if hd.HasErrors() || hd2.HasErrors() {
		return
	}
	r := mv.DeclRange
	if d := config.MovedKindMismatch(from, to); d != nil {
		// Refused as the engines read the module, once.
		d.Subject, d.Path = &r, path
		e.diags = append(e.diags, d)
		return
	}
	if addressText(from) == addressText(to) {
		for _, p := range prefixes {
			d := config.RedundantMove(p + addressText(from))
			r := r
			d.Subject, d.Path = &r, path
			e.diags = append(e.diags, d)
		}
		return
	}
	decl, module, ok := stillDeclared(m, from)
	if !ok || strings.HasPrefix(addressText(to), addressText(from)+"[") {
		return
	}
	for _, p := range prefixes {
		d, _ := config.StillDeclared("moved", module, false, p+addressText(from), p+addressText(to), decl, e.opts.Engine == tffile.OpenTofu)
		r := r
		d.Subject, d.Path = &r, path
		e.diags = append(e.diags, d)
	}
}

// checkRemoved reports a removed block that names a resource or module
// call the configuration still declares: Terraform at the declaration,
// OpenTofu at the removed block, each in its words; and one whose from has
// an instance key, which both engines refuse at the address
// (config.RemovedInstanceKey).
func (e *evaluator) checkRemoved(m *Module, rm *RemovedDecl, path string) {
	if rm.From == nil {
		return
	}
	tr, hd := hcl.AbsTraversalForExpr(rm.From)
	if hd.HasErrors() {
		return
	}
	// The engines refuse an instance key first, also a data source's.
	if at, module := config.InstanceKeyOf(tr); at >= 0 {
		d := config.RemovedInstanceKey(module, e.opts.Engine == tffile.OpenTofu)
		r := tr[at].SourceRange()
		d.Subject, d.Path = &r, path+".from"
		e.diags = append(e.diags, d)
		return
	}
	if config.DataAddress(tr) {
		d := config.RemovedDataSource(e.opts.Engine == tffile.OpenTofu)
		r := tr.SourceRange()
		d.Subject, d.Path = &r, path+".from"
		e.diags = append(e.diags, d)
		return
	}
	decl, module, ok := stillDeclared(m, tr)
	if !ok {
		return
	}
	d, atDecl := config.StillDeclared("removed", module, false, m.Name()+addressText(tr), "", decl, e.opts.Engine == tffile.OpenTofu)
	r := rm.DeclRange
	if atDecl {
		r = decl
	}
	d.Subject, d.Path = &r, path
	e.diags = append(e.diags, d)
}

// stillDeclared finds the declaration of what tr names in module m, when
// it names a whole resource or module call (no instance key), also in a
// called module (module.net.aws_vpc.main): where it is declared, and
// whether it is a module call.
func stillDeclared(m *Module, tr hcl.Traversal) (decl hcl.Range, module, ok bool) {
	name := func(i int) string { return stepName(tr, i) }
	at, i := m, 0
	for name(i) == "module" && name(i+1) != "" {
		c := at.Calls[name(i+1)]
		if c == nil {
			return hcl.Range{}, false, false
		}
		i += 2
		if i == len(tr) {
			return c.DeclRange, true, true
		}
		if at = at.Children[c.Name]; at == nil {
			return hcl.Range{}, false, false
		}
	}
	key, n := name(i)+"."+name(i+1), 2
	if name(i) == "data" {
		key, n = "data."+name(i+1)+"."+name(i+2), 3 // the engines check data sources too
	}
	r := at.Resources[key]
	if r == nil || i+n != len(tr) {
		return hcl.Range{}, false, false
	}
	return r.DeclRange, false, true
}

// checkReadFailed makes the errors of reading a scoped data source of
// check (ds, reported while it was read) warnings, as the engines report
// them: a check block reports problems without stopping the plan. The
// check's asserts are then skipped, as the engines skip them.
func (e *evaluator) checkReadFailed(mi *modInst, check string, ds diag.Diagnostics) {
	failed := false
	for _, d := range ds {
		if d.Severity == diag.Error {
			d.Severity = diag.Warning
			failed = true
		}
	}
	if !failed {
		return
	}
	if e.unreadChecks == nil {
		e.unreadChecks = map[string]bool{}
	}
	e.unreadChecks[mi.addrPrefix()+"check."+check] = true
}
