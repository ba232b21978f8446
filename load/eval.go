package load

import (
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
	"github.com/zclconf/go-cty/cty/function"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/schema"
	"github.com/tfkit/tfkit/tffile"
)

// reason is the cty mark an unknown value carries to say why it is unknown.
type reason string

func unknown(why string) cty.Value { return cty.DynamicVal.Mark(reason(why)) }

// modInst is one instance of a module: module.net["a"].module.subnets[0].
type modInst struct {
	mod    *Module
	addr   string // "" for the root, module.net["a"] otherwise
	parent *modInst
	// key is the call's instance key: cty.NilVal without count/for_each,
	// a number with count, a string with for_each; value is each.value.
	key, value cty.Value
	// providers maps provider configuration names in this module (aws,
	// aws.west) to their absolute addresses, from the call's providers.
	providers map[string]string

	vars map[string]cty.Value
	// varSrc is where each variable's value came from, for validation
	// errors.
	varSrc    map[string]hcl.Range
	locals    map[string]cty.Value
	outputs   map[string]cty.Value
	resources map[string]cty.Value
	// calls holds each call's instances; absent when they could not be
	// determined (callUnknown says why).
	calls       map[string][]*modInst
	callMode    map[string]string // "", "count" or "for_each"
	callUnknown map[string]string
	// whole caches resource values with each instance marked as read
	// whole (see whole.go).
	whole map[string]cty.Value
	// deferred is set on the one instance evaluated for a module call
	// whose count or for_each is unknown (and on the instances of the
	// calls in it): why its instances are not known. Its resources are
	// listed as unexpanded, with what their arguments evaluate to.
	deferred string
}

func newInst(m *Module, addr string, parent *modInst) *modInst {
	mi := &modInst{mod: m, addr: addr, parent: parent,
		vars: map[string]cty.Value{}, varSrc: map[string]hcl.Range{}, locals: map[string]cty.Value{}, outputs: map[string]cty.Value{},
		resources: map[string]cty.Value{}, calls: map[string][]*modInst{}, callMode: map[string]string{},
		callUnknown: map[string]string{}, providers: map[string]string{}}
	if parent != nil {
		mi.deferred = parent.deferred
	}
	return mi
}

// maxInstances bounds the resource and module instances of one
// evaluation, so that a mistyped count is a diagnostic, not an exhausted
// machine. It is far above what real configurations have.
const maxInstances = 2_000_000

// iter is what count, each and dynamic-block iterators are bound to.
type iter struct {
	count   cty.Value // count.index; NilVal outside counted context
	each    *[2]cty.Value
	eachObj cty.Value // the each object, once built
	named   map[string]cty.Value
}

type evaluator struct {
	// unexpected holds (*NestedBlock → true) the dynamic blocks of a type
	// their resource's schema lacks: reported as "Unsupported block
	// type", and, as in the engines, not expanded. Written on the walk
	// before the resource's bodies are evaluated; read by workers.
	unexpected *sync.Map
	// ignoreChecked holds the resources whose ignore_changes are checked.
	ignoreChecked map[*ResourceDecl]bool
	// unreadChecks holds (module instance address + "check." + name →
	// true) the check blocks a scoped data source of which could not be
	// read: the engines warn of the read and skip the check's asserts.
	unreadChecks map[string]bool
	root         *Module
	g            *graph
	opts         *Options
	rootDir      string // absolute
	inputs       map[string]rootInput
	funcs        map[string]function.Function
	instances    map[*Module][]*modInst
	diags        diag.Diagnostics
	view         *View
	// vars caches the traversals of each expression: every instance of a
	// resource evaluates the same expressions.
	vars map[hcl.Expression][]hcl.Traversal
	// reshaping caches reshapesReasons per expression; lossy names the
	// functions it looks for (lossyFuncs).
	reshaping map[hcl.Expression]bool
	lossy     map[string]bool
	// made counts the instances expanded so far, against maxInstances.
	made     int64
	contexts map[scopeKey]*hcl.EvalContext
	counts   map[int64]cty.Value
	// countKeys are the count.index values made so far, by index.
	countKeys []cty.Value
	// unevaluated holds the "not evaluated" warning of each condition
	// block that was unknown, to count further instances in it.
	unevaluated map[*Condition]*notEvaluated
	// reported holds the module calls whose expansion was refused once.
	reported map[*CallDecl]bool
	// missing lists attributes read from whole resource objects that they
	// lack (see whole.go); withSchema holds the resources shaped by a
	// provider schema, whose objects are complete and so never marked;
	// marked is set once a whole object was marked.
	missing    []missingAttr
	withSchema map[*ResourceDecl]bool
	marked     bool
	// readonly is set on the copies that evaluate instances in parallel
	// (parallel.go): they read the caches and never write them.
	readonly bool
	// async evaluates the bodies of resources nothing reads while the
	// walk goes on (async.go); nil when it does not.
	async *bodyPool
	// usedData holds the DataValues addresses that named an instance.
	usedData map[string]bool
	// reader reads data sources through the installed providers
	// (Options.ReadData); nil without.
	reader *dataReader
	// unread holds why the data sources whose provider did not start are
	// not read.
	unread map[*ResourceDecl]string
	// modFuncs is the function table of each module, provFuncs that of
	// each set of declared providers (funcs_provider.go).
	modFuncs  map[*Module]map[string]function.Function
	provFuncs map[string]map[string]function.Function
	// pkeys holds the instances of provider configurations with for_each
	// (providerkeys.go).
	pkeys *providerKeys
	// failed holds (reason → true) the reasons of the unknowns that stand
	// for an error reported (failedUnknown); shared with the workers, nil
	// where no count or for_each is expanded.
	failed *sync.Map
}

// failedUnknown is unknown(why) for a value that an error, reported, left
// unknown.
func (e *evaluator) failedUnknown(why string) cty.Value {
	if e.failed != nil {
		e.failed.Store(reason(why), true)
	}
	return unknown(why)
}

// followsError says whether v is unknown (in part) because of an error
// reported (failedUnknown): the engines stop at the error, so that count,
// for_each or enabled is not unknown to them, and has no warning besides.
func (e *evaluator) followsError(v cty.Value) bool {
	if e.failed == nil {
		return false
	}
	for _, r := range reasonsIn(v) {
		if _, ok := e.failed.Load(reason(r)); ok {
			return true
		}
	}
	return false
}

func (e *evaluator) variables(expr hcl.Expression) []hcl.Traversal {
	if trs, ok := e.vars[expr]; ok {
		return trs
	}
	if e.readonly {
		return expr.Variables()
	}
	if e.vars == nil {
		e.vars = map[hcl.Expression][]hcl.Traversal{}
	}
	trs := expr.Variables()
	e.vars[expr] = trs
	return trs
}

// reshapes caches reshapesReasons per expression, as variables does.
func (e *evaluator) reshapes(expr hcl.Expression) bool {
	if r, ok := e.reshaping[expr]; ok {
		return r
	}
	if e.g != nil {
		if r, ok := e.g.reshaping[expr]; ok {
			return r
		}
	}
	r := reshapesReasons(expr, e.lossy)
	if e.readonly {
		return r
	}
	if e.reshaping == nil {
		e.reshaping = map[hcl.Expression]bool{}
	}
	e.reshaping[expr] = r
	return r
}

func (e *evaluator) errorf(rng *hcl.Range, path, summary, detail string) {
	e.diags = append(e.diags, &diag.Diagnostic{Severity: diag.Error, Summary: summary, Detail: detail, Subject: rng, Path: path})
}

func (e *evaluator) run() {
	rootInst := newInst(e.root, "", nil)
	e.instances[e.root] = []*modInst{rootInst}
	for _, cyc := range e.g.cycles {
		var related []diag.Related
		var names []string
		for _, n := range cyc {
			names = append(names, n.key)
			related = append(related, diag.Related{Message: n.key + " declared here", Range: n.rng})
		}
		names = append(names, cyc[0].key)
		r := cyc[0].rng
		e.diags = append(e.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Dependency cycle",
			Detail: strings.Join(names, " -> "), Subject: &r, Related: related, Path: cyc[0].key,
			Suggestion: "break the cycle: none of these values can be evaluated"})
	}
	e.diags = append(e.diags, e.g.selfRefs...)
	e.checkStatic(e.root)
	e.vars = e.g.vars
	e.startAsync()
	for _, n := range e.g.order {
		e.evalNodeAll(n)
	}
	e.finishAsync()
	e.finishConditions()
	e.checkMovedBlocks(e.root)
	e.checkMovedInstances()
	e.checkDataValues()
	e.collectView(rootInst)
}

func (e *evaluator) evalNode(n *node, mi *modInst) {
	if n.cycle != "" || n.selfRef != "" {
		why := n.selfRef
		if n.cycle != "" {
			why = "dependency cycle: " + n.cycle
		}
		v := unknown(why)
		switch n.kind {
		case kindVar:
			mi.vars[n.name] = v
		case kindLocal:
			mi.locals[n.name] = v
		case kindOutput:
			mi.outputs[n.name] = v
		case kindResource:
			mi.resources[n.name] = v
			e.unexpanded(mi.addrPrefix()+n.name, why, n.rng)
		case kindCall:
			mi.callUnknown[n.name] = why
			e.unexpanded(mi.addrPrefix()+"module."+n.name, why, n.rng)
		}
		return
	}
	switch n.kind {
	case kindVar:
		mi.vars[n.name] = e.evalVar(mi, n.name)
	case kindValidation:
		e.evalValidations(mi, n.name)
	case kindLocal:
		l := mi.mod.Locals[n.name]
		mi.locals[n.name] = e.eval(mi, l.Expr, nil, mi.addrPrefix()+"local."+n.name)
	case kindOutput:
		o := mi.mod.Outputs[n.name]
		path := mi.addrPrefix() + "output." + n.name
		v := e.eval(mi, o.Value, nil, path)
		switch {
		case o.Ephemeral && mi.parent == nil:
			e.ephemeralRootOutput(o.DeclRange, path)
			v = unknown("output." + n.name + " is ephemeral in the root module")
		case o.Ephemeral:
			v = v.Mark(ephemeralMark) // ephemeral to the caller
		case containsEphemeral(v):
			e.ephemeralNotAllowed(o.Value.Range(), path, n.name, false)
			v = unknown(path + " refers to ephemeral values without ephemeral = true")
		}
		switch {
		case o.Sensitive && mi.parent != nil:
			v = v.Mark(sensitiveMark) // sensitive to the caller
		case !o.Sensitive && mi.parent == nil && containsSensitive(v):
			r := o.DeclRange
			e.diags = append(e.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Output refers to sensitive values",
				Detail: "To reduce the risk of accidentally exporting sensitive data that was intended to be only internal, " +
					e.engineName() + " requires that any root module output containing sensitive data be explicitly marked as sensitive, to confirm your intent.\n\n" +
					"If you do intend to export this data, annotate the output value as sensitive by adding the following argument:\n    sensitive = true",
				Subject: &r, Path: path})
			v = unknown("output." + n.name + " refers to sensitive values without sensitive = true")
		}
		mi.outputs[n.name] = v
		for i, c := range o.Preconditions {
			e.condition(mi, c, nil, path+".precondition["+itoa(i)+"]", condOutputPre, nil)
		}
	case kindProvider:
		if mi.deferred == "" {
			e.evalProvider(mi, mi.mod.ProviderConfigs[n.name])
		}
	case kindCheck:
		c := mi.mod.Checks[n.name]
		if e.unreadChecks[mi.addrPrefix()+"check."+c.Name] {
			break
		}
		for i, a := range c.Asserts {
			e.condition(mi, a, nil, mi.addrPrefix()+"check."+c.Name+".assert["+itoa(i)+"]", condAssert, nil)
		}
	case kindResource:
		e.evalResource(mi, mi.mod.Resources[n.name], n.used)
	case kindCall:
		e.evalCall(mi, mi.mod.Calls[n.name])
	}
}

func (mi *modInst) addrPrefix() string {
	if mi.addr == "" {
		return ""
	}
	return mi.addr + "."
}

// eval evaluates one expression in mi with the iterators of it bound,
// seeing only what the expression references.
func (e *evaluator) eval(mi *modInst, expr hcl.Expression, it *iter, path string) cty.Value {
	v, _ := e.evalChecked(mi, expr, it, path)
	return v
}

// evalChecked is eval that also says whether the expression evaluated
// without errors (those are reported).
func (e *evaluator) evalChecked(mi *modInst, expr hcl.Expression, it *iter, path string) (cty.Value, bool) {
	before := len(e.diags)
	ctx := e.scope(mi, expr, it, path)
	v, hd := expr.Value(ctx)
	if hd.HasErrors() && e.addProviderFuncs(mi, expr) {
		v, hd = expr.Value(ctx)
	}
	if !hd.HasErrors() && e.reshapes(expr) && !v.IsWhollyKnown() {
		// Unknowns list the reasons of what they were built from, and only
		// those (reasons.go).
		v = withoutUnchosenReasons(v, expr, e.variables(expr), ctx)
		if hasBareUnknown(v) {
			v = withReadReasons(v, expr, e.variables(expr), ctx)
		}
	}
	if hd.HasErrors() {
		explainUnknownFuncs(mi, hd, e.opts.Engine == tffile.OpenTofu)
		if e.marked {
			e.noteMissing(hd)
		}
		for _, d := range diag.FromHCL(hd) {
			if d.Severity == diag.Error && d.Path == "" {
				d.Path = path
			}
			e.diags = append(e.diags, d)
		}
		for _, d := range hd {
			if d.Severity == hcl.DiagError {
				return e.failedUnknown("evaluation failed: " + d.Summary), false
			}
		}
	}
	return v, !e.diags[before:].HasErrors()
}

// scope builds the evaluation context of expr: only the variables, locals,
// resources and module outputs it references, and the iterators of it.
// What does not depend on the iterators is the same for every instance of
// a resource, so it is built once per module instance and expression.
func (e *evaluator) scope(mi *modInst, expr hcl.Expression, it *iter, path string) *hcl.EvalContext {
	var parent *hcl.EvalContext
	if it != nil && len(it.named) > 0 {
		parent = &hcl.EvalContext{Variables: e.baseScope(mi, expr, it, path), Functions: e.funcsOf(mi)}
	} else {
		parent = e.parentScope(mi, expr, it, path)
	}
	if !usesIterators(e.variables(expr)) {
		if e.readonly {
			// HCL evaluates splats concurrently only in distinct contexts.
			return parent.NewChild()
		}
		return parent
	}
	// count and each differ per instance: a child context holds them and
	// finds everything else in the shared parent.
	vars := map[string]cty.Value{}
	for _, tr := range e.variables(expr) {
		switch tr.RootName() {
		case "count":
			if it != nil && it.named != nil {
				if _, ok := it.named["count"]; ok {
					continue
				}
			}
			if summary, detail := iterRefWords(tr, it != nil && it.count != cty.NilVal); summary != "" {
				rng := tr.SourceRange() // only here: it walks the traversal
				e.errorf(&rng, path, summary, detail)
				vars["count"] = unknown("count.index outside a counted block")
				continue
			}
			vars["count"] = e.countObject(it.count)
		case "each":
			if it != nil && it.named != nil {
				if _, ok := it.named["each"]; ok {
					continue
				}
			}
			if summary, detail := iterRefWords(tr, it != nil && it.each != nil); summary != "" {
				rng := tr.SourceRange()
				e.errorf(&rng, path, summary, detail)
				vars["each"] = unknown("each outside a for_each block")
				continue
			}
			if it.eachObj == cty.NilVal {
				// Built once per instance, shared by its attributes.
				it.eachObj = cty.ObjectVal(map[string]cty.Value{"key": it.each[0], "value": it.each[1]})
			}
			vars["each"] = it.eachObj
		}
	}
	ctx := parent.NewChild()
	ctx.Variables = vars
	return ctx
}

// parentScope is the context of expr in mi without the iterators, built
// once per module instance and expression.
func (e *evaluator) parentScope(mi *modInst, expr hcl.Expression, it *iter, path string) *hcl.EvalContext {
	k := scopeKey{mi, expr}
	if parent, ok := e.contexts[k]; ok {
		return parent
	}
	parent := &hcl.EvalContext{Variables: e.baseScope(mi, expr, it, path), Functions: e.funcsOf(mi)}
	if !e.readonly {
		if e.contexts == nil {
			e.contexts = map[scopeKey]*hcl.EvalContext{}
		}
		e.contexts[k] = parent
	}
	return parent
}

func usesIterators(trs []hcl.Traversal) bool {
	for _, tr := range trs {
		if r := tr.RootName(); r == "count" || r == "each" {
			return true
		}
	}
	return false
}

type scopeKey struct {
	mi   *modInst
	expr hcl.Expression
}

// terraformObject is the value of terraform (and OpenTofu's tofu): the
// workspace, and whether the engine is applying, which a plan is not.
func (e *evaluator) terraformObject() cty.Value {
	// applying is ephemeral: it differs between the plan and the apply.
	return cty.ObjectVal(map[string]cty.Value{"workspace": cty.StringVal(e.opts.workspace()), "applying": cty.False.Mark(ephemeralMark)})
}

// baseScope is the part of scope that does not depend on count and each.
func (e *evaluator) baseScope(mi *modInst, expr hcl.Expression, it *iter, path string) map[string]cty.Value {
	vars := map[string]cty.Value{}
	groups := map[string]map[string]cty.Value{}
	put := func(group, name string, v cty.Value) {
		g := groups[group]
		if g == nil {
			g = map[string]cty.Value{}
			groups[group] = g
		}
		g[name] = v
	}
	// listAttr: the calls read without an instance key (moduleListAttr),
	// which stay unknown whatever else reads them.
	var listAttr map[string]bool
	for _, tr := range e.variables(expr) {
		root := tr.RootName()
		rng := tr.SourceRange()
		if it != nil {
			if v, ok := it.named[root]; ok {
				vars[root] = v
				continue
			}
		}
		names, _ := attrNames(tr[1:], 2)
		if root == "tofu" && e.opts.Engine == tffile.OpenTofu {
			// OpenTofu's own name for terraform.
			vars["tofu"] = e.terraformObject()
			continue
		}
		switch root {
		case "var", "local":
			if len(names) == 0 {
				e.errorf(&rng, path, "Invalid reference", "a reference to "+root+" needs an attribute name, such as "+root+".name")
				continue
			}
			var v cty.Value
			var ok bool
			declared := false
			if root == "var" {
				v, ok = mi.vars[names[0]]
				declared = mi.mod.Variables[names[0]] != nil
			} else {
				v, ok = mi.locals[names[0]]
				declared = mi.mod.Locals[names[0]] != nil
			}
			if !declared {
				hint := suggest(names[0], keysOf(mi.mod, root))
				summary, detail := undeclaredWords(mi.mod, root, names[0], hint != "")
				e.diags = append(e.diags, &diag.Diagnostic{Severity: diag.Error, Summary: summary, Detail: detail,
					Subject: &rng, Path: path, Suggestion: hint})
				v = unknown("undeclared " + root + "." + names[0])
			} else if !ok {
				v = unknown("not evaluated: " + root + "." + names[0])
			}
			put(root, names[0], v)
		case "module":
			if len(names) == 0 {
				continue
			}
			if e.moduleListAttr(mi, names[0], tr, path) {
				if listAttr == nil {
					listAttr = map[string]bool{}
				}
				listAttr[names[0]] = true
				put("module", names[0], unknown("no instance key: module."+names[0]))
			} else if !listAttr[names[0]] {
				put("module", names[0], e.callValue(mi, names[0], &rng, path))
			}
		case "count", "each":
			// bound per instance by scope
		case "path":
			vars["path"] = cty.ObjectVal(map[string]cty.Value{
				"module": cty.StringVal(mi.mod.Dir), "root": cty.StringVal("."), "cwd": cty.StringVal(e.rootDir)})
		case "terraform":
			vars["terraform"] = e.terraformObject()
		case "ephemeral":
			vars["ephemeral"] = unknown("ephemeral resources are not evaluated").Mark(ephemeralMark)
		case "self":
			e.errorf(&rng, path, selfSummary, selfDetail)
			vars["self"] = unknown("self")
		default:
			key, rest := splitResourceRef(tr)
			if key == "" {
				e.errorf(&rng, path, "Invalid reference", resourceRefDetail(tr))
				continue
			}
			v, ok := mi.resources[key]
			if mi.mod.Resources[key] == nil {
				summary, detail := undeclaredWords(mi.mod, root, key, false)
				e.diags = append(e.diags, &diag.Diagnostic{Severity: diag.Error, Summary: summary, Detail: detail,
					Subject: &rng, Path: path})
				v = unknown("undeclared " + key)
			} else if e.missingInstanceKey(mi.mod.Resources[key], key, tr, rest, path) {
				v = unknown("no instance key: " + key)
			} else if !ok {
				v = unknown("not evaluated: " + key)
			} else if r, whole := wholeRead(mi.mod, tr); whole && r.escapes && !e.withSchema[r] {
				// An object shaped by a schema is complete: what it lacks
				// is an error, as in Terraform (see whole.go).
				v = mi.markWhole(r, key, v, !e.readonly)
				e.marked = true
			}
			if root == "data" {
				t := strings.Split(key, ".")
				dg := groups["data"]
				if dg == nil {
					dg = map[string]cty.Value{}
					groups["data"] = dg
				}
				// data is two levels deep: data.TYPE.NAME.
				inner := map[string]cty.Value{}
				if prev, ok := dg[t[1]]; ok {
					for k, x := range prev.AsValueMap() {
						inner[k] = x
					}
				}
				inner[t[2]] = v
				dg[t[1]] = cty.ObjectVal(inner)
			} else {
				put(root, names[0], v)
			}
		}
	}
	for g, m := range groups {
		vars[g] = cty.ObjectVal(m)
	}
	return vars
}

func moduleLabel(m *Module) string {
	if len(m.Path) == 0 {
		return "root"
	}
	return strings.TrimSuffix(m.Name(), ".")
}

func keysOf(m *Module, root string) []string {
	if root == "var" {
		return sortedKeys(m.Variables)
	}
	return sortedKeys(m.Locals)
}

func suggest(name string, options []string) string {
	return diag.DidYouMean(name, options)
}

// callValue is the value of module.NAME in mi: the object of the outputs
// evaluated so far, per instance.
// moduleListAttr reports an output read straight from a module call with
// count (module.net.vpc_id), whose value is a list of instances, in the
// engines' words: they check it as they validate, whatever the count,
// with the list's words.
func (e *evaluator) moduleListAttr(mi *modInst, name string, tr hcl.Traversal, path string) bool {
	c := mi.mod.Calls[name]
	if c == nil || c.Count == nil || len(tr) < 3 {
		return false
	}
	attr, ok := tr[2].(hcl.TraverseAttr)
	if !ok {
		return false
	}
	rng := attr.SrcRange
	e.diags = append(e.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Unsupported attribute",
		Detail:  fmt.Sprintf("Can't access attributes on a list of objects. Did you mean to access attribute %q for a specific element of the list, or across all elements of the list?", attr.Name),
		Subject: &rng, Path: path,
		Suggestion: fmt.Sprintf("read one instance, such as module.%s[0].%s, or all of them, such as module.%s[*].%s", name, attr.Name, name, attr.Name)})
	return true
}

func (e *evaluator) callValue(mi *modInst, name string, rng *hcl.Range, path string) cty.Value {
	if mi.mod.Calls[name] == nil {
		summary, detail := undeclaredWords(mi.mod, "module", name, false)
		e.diags = append(e.diags, &diag.Diagnostic{Severity: diag.Error, Summary: summary, Detail: detail, Subject: rng, Path: path})
		return unknown("undeclared module." + name)
	}
	if why, ok := mi.callUnknown[name]; ok {
		return unknown(why)
	}
	insts, ok := mi.calls[name]
	if !ok {
		return unknown("module." + name + " not loaded")
	}
	obj := func(c *modInst) cty.Value {
		if len(c.outputs) == 0 {
			return cty.EmptyObjectVal
		}
		return cty.ObjectVal(c.outputs)
	}
	switch mi.callMode[name] {
	case "count":
		if len(insts) == 0 {
			return cty.EmptyTupleVal
		}
		vs := make([]cty.Value, len(insts))
		for i, c := range insts {
			vs[i] = obj(c)
		}
		return cty.TupleVal(vs)
	case "for_each":
		if len(insts) == 0 {
			return cty.EmptyObjectVal
		}
		vs := map[string]cty.Value{}
		for _, c := range insts {
			vs[c.key.AsString()] = obj(c)
		}
		return cty.ObjectVal(vs)
	}
	if len(insts) == 1 {
		return obj(insts[0])
	}
	if len(insts) == 0 && mi.callMode[name] == "enabled" {
		return cty.NullVal(cty.DynamicPseudoType) // disabled: null
	}
	return unknown("module." + name + " not loaded")
}

// expansion evaluates count or for_each and returns the instance keys and
// each.value per key; ok is false (with a diagnostic) when it cannot.
func (e *evaluator) expansion(mi *modInst, count, forEach, enabled hcl.Expression, path string) (mode string, keys, values []cty.Value, why string) {
	switch {
	case enabled != nil:
		// OpenTofu's lifecycle { enabled = BOOL }: the one instance, with
		// no key, or none.
		marked := e.eval(mi, enabled, nil, path+".lifecycle.enabled")
		v, _ := marked.UnmarkDeep()
		r := enabled.Range()
		switch {
		case containsSensitive(marked):
			e.errorf(&r, path, "Invalid enabled argument", "Sensitive values, or values derived from sensitive values, cannot be used in \"enabled\" arguments. If used, the sensitive value would be exposed by whether an instance is present.")
			return "enabled", nil, nil, "enabled is invalid"
		case !v.IsKnown():
			if e.followsError(marked) {
				return "enabled", nil, nil, unknownEnabled + because(marked)
			}
			e.notKnown(&r, path, "Invalid enabled argument", "The given \"enabled\" argument value is derived from a value that won't be known until the apply phase, so OpenTofu cannot determine whether an instance of this object is declared or not.")
			return "enabled", nil, nil, unknownEnabled + because(marked)
		case v.IsNull():
			e.errorf(&r, path, "Invalid enabled argument", "The given \"enabled\" argument value is unsuitable: the given value is null.")
			return "enabled", nil, nil, "enabled is invalid"
		}
		bv, err := convert.Convert(v, cty.Bool)
		if err != nil {
			e.errorf(&r, path, "Invalid enabled argument", "The given \"enabled\" argument value is unsuitable: "+err.Error()+".")
			return "enabled", nil, nil, "enabled is invalid"
		}
		if bv.False() {
			return "enabled", []cty.Value{}, []cty.Value{}, ""
		}
		e.made++
		return "enabled", []cty.Value{cty.NilVal}, []cty.Value{cty.NilVal}, ""
	case count != nil:
		marked, ok := e.evalChecked(mi, count, nil, path+".count")
		if marked.HasMark(ephemeralMark) {
			e.ephemeralExpansion(count.Range(), path, "count")
			return "count", nil, nil, "count is ephemeral"
		}
		v, _ := marked.UnmarkDeep()
		if !v.IsKnown() {
			r := count.Range()
			// An error, reported, leaves count unknown (here or in
			// what it reads): the body is evaluated once all the same,
			// without a warning besides.
			if !ok || e.followsError(marked) {
				return "count", nil, nil, unknownCount + because(marked)
			}
			e.notKnown(&r, path, "Invalid count argument", "the count value depends on values that are not known until apply, so the number of instances cannot be determined")
			return "count", nil, nil, unknownCount + because(marked)
		}
		// The engines' words: the conversion is HCL's, the rest theirs.
		nv, err := convert.Convert(v, cty.Number)
		r := count.Range()
		switch {
		case err != nil:
			e.errorf(&r, path, "Incorrect value type", "Invalid expression value: "+err.Error()+".")
			return "count", nil, nil, "count is invalid"
		case nv.IsNull():
			e.errorf(&r, path, "Invalid count argument", `The given "count" argument value is null. An integer is required.`)
			return "count", nil, nil, "count is invalid"
		}
		bf := nv.AsBigFloat()
		n, acc := bf.Int64()
		switch {
		case !bf.IsInt() || acc != 0:
			e.errorf(&r, path, "Invalid count argument", `The given "count" argument value is unsuitable: value must be a whole number, between -9223372036854775808 and 9223372036854775807.`)
			return "count", nil, nil, "count is invalid"
		case n < 0:
			e.errorf(&r, path, "Invalid count argument", `The given "count" argument value is unsuitable: must be greater than or equal to zero.`)
			return "count", nil, nil, "count is invalid"
		}
		if e.made+n > maxInstances {
			r := count.Range()
			e.errorf(&r, path, "Too many instances", fmt.Sprintf("count = %d would take the configuration past %d resource and module instances, more than tfkit evaluates", n, maxInstances))
			return "count", nil, nil, "count is too large to evaluate"
		}
		e.made += n
		keys = make([]cty.Value, n)
		for i := int64(0); i < n; i++ {
			keys[i] = e.countKey(i)
		}
		return "count", keys, nil, ""
	case forEach != nil:
		marked, ok := e.evalChecked(mi, forEach, nil, path+".for_each")
		if marked.HasMark(ephemeralMark) {
			e.ephemeralExpansion(forEach.Range(), path, "for_each")
			return "for_each", nil, nil, "for_each is ephemeral"
		}
		v, pvms := marked.UnmarkDeepWithPaths()
		r := forEach.Range()
		if !v.IsKnown() || (v.Type().IsSetType() && !v.IsWhollyKnown()) {
			if !ok || e.followsError(marked) {
				return "for_each", nil, nil, unknownForEach + because(marked)
			}
			e.notKnown(&r, path, "Invalid for_each argument", "the for_each value depends on values that are not known until apply, so the instance keys cannot be determined")
			return "for_each", nil, nil, unknownForEach + because(marked)
		}
		if v.IsNull() {
			e.forEachUnsuitable(&r, path, "", "the given \"for_each\" argument value is null.", " A map, or set of strings is allowed.", "for no instances, give an empty map ({}) or set (toset([]))")
			return "for_each", nil, nil, "for_each is null"
		}
		// The keys name the instances, in the plan and in the state: a
		// sensitive collection would show them (sensitive elements of a
		// map are values, and fine).
		if marked.HasMark(sensitiveMark) {
			e.diags = append(e.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Invalid for_each argument",
				Detail:  "Sensitive values, or values derived from sensitive values, cannot be used as for_each arguments. If used, the sensitive value could be exposed as a resource instance key.",
				Subject: &r, Path: path, Suggestion: "take the keys from a value that is not sensitive, or pass the collection through nonsensitive() if its keys reveal nothing"})
			return "for_each", nil, nil, "for_each is sensitive"
		}
		t := v.Type()
		switch {
		case t.IsSetType():
			if et := t.ElementType(); !et.Equals(cty.String) && !et.Equals(cty.DynamicPseudoType) {
				// OpenTofu dropped "maps and" from the words.
				what := `"for_each" supports maps and sets of strings`
				if e.opts.Engine == tffile.OpenTofu {
					what = `"for_each" supports sets of strings`
				}
				e.forEachUnsuitable(&r, path, " set", what+", but you have provided a set containing type "+et.FriendlyName()+".", "", "convert the elements to strings: toset([for x in SET : tostring(x)])")
				return "for_each", nil, nil, "for_each is invalid"
			}
			for it := v.ElementIterator(); it.Next(); {
				_, ev := it.Element()
				if ev.IsNull() {
					e.forEachUnsuitable(&r, path, " set", `"for_each" sets must not contain null values.`, "", "leave the nulls out: toset(compact(LIST))")
					return "for_each", nil, nil, "for_each is invalid"
				}
				keys = append(keys, ev)
				values = append(values, ev)
			}
		case t.IsMapType() || t.IsObjectType():
			// each.value keeps the reasons of its unknown parts.
			keys, values = elementsOf(v, pvms)
		default:
			e.forEachUnsuitable(&r, path, "", `the "for_each" argument must be a map, or set of strings, and you have provided a value of type `+t.FriendlyName()+".", "", "toset(LIST) makes a set of a list of strings, and { for x in LIST : x.name => x } a map of a list of objects")
			return "for_each", nil, nil, "for_each is invalid"
		}
		e.made += int64(len(keys))
		return "for_each", keys, values, ""
	}
	return "", []cty.Value{cty.NilVal}, []cty.Value{cty.NilVal}, ""
}

// forEachUnsuitable reports a for_each value the engines refuse, in the
// words of the engine eval follows: what is wrong, after "The given
// "for_each" argument value is unsuitable: ", and what Terraform adds.
// Terraform's summary names a set ("Invalid for_each set argument") when
// set is " ", OpenTofu's never does.
func (e *evaluator) forEachUnsuitable(rng *hcl.Range, path, set, what, terraformAdds, suggestion string) {
	summary := "Invalid for_each" + set + " argument"
	if e.opts.Engine == tffile.OpenTofu {
		summary, terraformAdds = "Invalid for_each argument", ""
	}
	d := &diag.Diagnostic{Severity: diag.Error, Summary: summary,
		Detail: `The given "for_each" argument value is unsuitable: ` + what + terraformAdds, Subject: rng, Path: path, Suggestion: suggestion}
	e.diags = append(e.diags, d)
}

// The reasons expansion gives when count or for_each is unknown, before
// the reasons of the value.
const (
	unknownCount   = "count is unknown"
	unknownForEach = "for_each is unknown"
	unknownEnabled = "enabled is unknown"
)

// isDeferred says whether why (from expansion) is an unknown count or
// for_each, as opposed to an invalid one.
func isDeferred(why string) bool {
	return strings.HasPrefix(why, unknownCount) || strings.HasPrefix(why, unknownForEach)
}

// because is ": " and the reasons marked in v, or "" when it has none.
func because(v cty.Value) string {
	rs := reasonsIn(v)
	if len(rs) == 0 {
		return ""
	}
	return ": " + strings.Join(rs, "; ")
}

// reasonsIn returns the unknown reasons marked anywhere in v, sorted.
func reasonsIn(v cty.Value) []string {
	if !v.ContainsMarked() {
		return nil
	}
	set := map[string]bool{}
	_, pvms := v.UnmarkDeepWithPaths()
	for _, pvm := range pvms {
		for m := range pvm.Marks {
			if r, ok := m.(reason); ok {
				set[string(r)] = true
			}
		}
	}
	return sortedKeys(set)
}

// onlyIfInstances makes warnings of the errors found in the one
// evaluation of an unexpanded resource's arguments (ds) whose expression
// reads a value of the configuration (a variable, a local value, a module
// output, a resource), unless Strict. Such an error comes from the engine
// only if the resource has instances, which eval does not know (why): an
// error would be wrong whenever it has none (a for_each over a map that
// is empty with the module's defaults, read from a module that is not
// installed). An error that reads nothing of the kind (element([], 0))
// is the engine's too, which validates every resource's arguments with
// its values unknown.
func (e *evaluator) onlyIfInstances(ds diag.Diagnostics, body *Body, addr, why string) {
	if e.opts.Strict {
		return
	}
	for _, d := range ds {
		if d.Severity != diag.Error || d.Subject == nil || !readsValues(body, *d.Subject) {
			continue
		}
		d.Severity = diag.Warning
		d.Detail += " This is an error for every instance of " + addr + ", whose instances eval does not know (" + why + "): the engine reports it if there are any (--strict makes this an error)."
	}
}

// readsValues reports whether the argument of body (nested blocks
// included) whose expression holds rng reads a value of the
// configuration, as opposed to literals, each, count, path and terraform.
func readsValues(body *Body, rng hcl.Range) bool {
	for _, a := range body.Attrs {
		r := a.Expr.Range()
		if r.Filename != rng.Filename || rng.Start.Byte < r.Start.Byte || rng.End.Byte > r.End.Byte {
			continue
		}
		for _, tr := range a.Expr.Variables() {
			switch tr.RootName() {
			case "each", "count", "path", "terraform", "self":
			default:
				return true
			}
		}
		return false
	}
	for _, b := range body.Blocks {
		if b.Body != nil && readsValues(b.Body, rng) {
			return true
		}
	}
	return false
}

// notKnown reports a count or for_each that only apply would know: an
// error with Options.Strict, as in Terraform, else a warning, since the
// resource or call is then listed as unexpanded and the rest evaluated.
func (e *evaluator) notKnown(rng *hcl.Range, path, summary, detail string) {
	if e.opts.Strict {
		e.errorf(rng, path, summary, detail)
		return
	}
	e.diags = append(e.diags, &diag.Diagnostic{Severity: diag.Warning, Summary: summary,
		Detail:  detail + "; eval lists it as unexpanded, with its arguments evaluated once, and evaluates the rest (--strict makes this an error)",
		Subject: rng, Path: path})
}

func keyString(k cty.Value) string {
	if k == cty.NilVal {
		return ""
	}
	if k.Type() == cty.Number {
		bf := k.AsBigFloat()
		i, _ := bf.Int64()
		return "[" + itoa(int(i)) + "]"
	}
	return "[" + quote(k.AsString()) + "]"
}

func (e *evaluator) evalCall(mi *modInst, c *CallDecl) {
	child := mi.mod.Children[c.Name]
	path := mi.addrPrefix() + "module." + c.Name
	if child == nil {
		if why, ok := mi.mod.missing[c.Name]; ok {
			mi.callUnknown[c.Name] = why
			e.unexpanded(path, why, c.DeclRange)
			return
		}
		mi.callUnknown[c.Name] = "module." + c.Name + " could not be loaded"
		e.unexpanded(path, "the module could not be loaded", c.DeclRange)
		return
	}
	mode, keys, values, why := e.expansion(mi, c.Count, c.ForEach, c.Enabled, path)
	if why != "" {
		mi.callUnknown[c.Name] = "module." + c.Name + ": " + why
		e.unexpanded(path, why, c.DeclRange)
		if isDeferred(why) {
			// One instance with unknown keys, so that what the module's
			// resources say is evaluated; references to the call stay
			// unknown (callUnknown), so nothing else sees it.
			ci := newInst(child, path+"[*]", mi)
			ci.deferred = mi.callUnknown[c.Name]
			ci.key, ci.value = deferredKey(mode, ci.deferred)
			e.instanceProviders(mi, c, e.callProviders(mi, c), ci)
			e.instances[child] = append(e.instances[child], ci)
		}
		return
	}
	if (mode != "" || c.DependsOn != nil) && hasProviderBlocks(child) && !e.reported[c] {
		if e.reported == nil {
			e.reported = map[*CallDecl]bool{}
		}
		e.reported[c] = true
		r := c.DeclRange
		what := "depends_on"
		if mode != "" {
			what = mode
		}
		e.diags = append(e.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Module is incompatible with count, for_each, and depends_on",
			Detail:  fmt.Sprintf("module.%s uses %s, but its module (or a module it calls) contains provider blocks; Terraform refuses this", c.Name, what),
			Subject: &r, Path: path, Suggestion: "declare the provider configurations in the root module and pass them in the providers map"})
	}
	mi.callMode[c.Name] = mode
	mi.calls[c.Name] = []*modInst{}
	provs := e.callProviders(mi, c)
	for i, k := range keys {
		ci := newInst(child, path+keyString(k), mi)
		ci.key = k
		if values != nil {
			ci.value = values[i]
		}
		e.instanceProviders(mi, c, provs, ci)
		mi.calls[c.Name] = append(mi.calls[c.Name], ci)
		e.instances[child] = append(e.instances[child], ci)
	}
}

// deferredKey is the instance key and each.value of the one evaluation of
// a resource or call whose count or for_each is unknown for why.
func deferredKey(mode, why string) (key, value cty.Value) {
	if mode == "count" {
		return cty.UnknownVal(cty.Number).Mark(reason(why)), cty.NilVal
	}
	return cty.UnknownVal(cty.String).Mark(reason(why)), cty.DynamicVal.Mark(reason(why))
}

func (ci *modInst) iter() *iter {
	it := &iter{}
	switch {
	case ci.key == cty.NilVal:
		return nil
	case ci.key.Type() == cty.Number:
		it.count = ci.key
	default:
		it.each = &[2]cty.Value{ci.key, ci.value}
	}
	return it
}

func (e *evaluator) evalVar(mi *modInst, name string) cty.Value {
	decl := mi.mod.Variables[name]
	path := mi.addrPrefix() + "var." + name
	var ty cty.Type = cty.DynamicPseudoType
	var defaults *typeexpr.Defaults
	if decl.Type != nil {
		t, d, hd := config.VariableType(decl.Type)
		if hd.HasErrors() {
			e.diags = append(e.diags, typeDiags(hd)...)
		} else {
			ty, defaults = t, d
		}
	}
	var v cty.Value
	// src is where the value was written: a variables file's value, the
	// expression of a module call's argument, the default; the engines
	// report a value given by -var or TF_VAR_, which is written nowhere,
	// at the declaration, and name where it came from (using).
	var src hcl.Range
	using := ""
	given := false
	if mi.parent == nil {
		if in, ok := e.inputs[name]; ok {
			v, src, given = in.value, in.rng, true
			if in.raw {
				// -var and TF_VAR_ values are text; complex types parse as HCL.
				v, given = e.parseRawInput(in, ty)
				src, using = decl.DeclRange, in.using
			}
		}
	} else if in := mi.parent.mod.Calls[mi.mod.Path[len(mi.mod.Path)-1]].Inputs[name]; in != nil {
		v = e.eval(mi.parent, in.Expr, mi.iter(), path)
		src, given = in.Expr.Range(), true
		if !decl.Ephemeral && containsEphemeral(v) {
			e.ephemeralNotAllowed(src, path, name, true)
			return e.failedUnknown("ephemeral value for " + path)
		}
	}
	if !given || (v.IsKnown() && v.IsNull() && nonNullable(decl)) {
		if decl.Default == nil {
			if !given {
				if mi.parent != nil {
					// Reported where the call is checked (checkCallInputs).
					return e.failedUnknown("no value for required variable " + path)
				}
				r := decl.DeclRange
				e.diags = append(e.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "No value for required variable",
					Detail:  "The root module input variable " + strconv.Quote(name) + " is not set, and has no default value. Use a -var or -var-file command line argument to provide a value for this variable.",
					Subject: &r, Path: path,
					Suggestion: "set it with -var, a .tfvars file or TF_VAR_" + name})
				return e.failedUnknown("no value for required variable " + path)
			}
		} else {
			dv, hd := decl.Default.Value(nil)
			if hd.HasErrors() {
				e.diags = append(e.diags, diag.FromHCL(hd)...)
				return e.failedUnknown("invalid default of " + path)
			}
			v, src = dv, decl.Default.Range()
			given = false
		}
	}
	if defaults != nil {
		uv, pvms := v.UnmarkDeepWithPaths()
		v = remark(defaults.Apply(uv), pvms)
	}
	uv, pvms := v.UnmarkDeepWithPaths()
	marks := cty.ValueMarks{}
	for _, pvm := range pvms {
		for m := range pvm.Marks {
			marks[m] = struct{}{}
		}
	}
	cv, err := convert.Convert(uv, ty)
	if err != nil {
		e.noteMissingConversion(marks, err)
		if !given {
			// A default that does not fit: the engines' words, which
			// tffile.ReadModule gives too.
			d := tffile.InvalidDefault(ty, err, src)
			d.Path = path
			e.diags = append(e.diags, d)
			return e.failedUnknown("invalid value for " + path)
		}
		// The engines' words, by where the value came from.
		detail := fmt.Sprintf("The given value is not suitable for %s declared at %s: %s.", path, decl.DeclRange.String(), err.Error())
		if using != "" {
			detail = fmt.Sprintf("Unsuitable value for %s set using %s: %s.", path, using, err.Error())
		}
		e.diags = append(e.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Invalid value for input variable", Detail: detail, Subject: &src, Path: path})
		return e.failedUnknown("invalid value for " + path)
	}
	if given {
		mi.varSrc[name] = src
	}
	out := remark(cv, pvms)
	if decl.Sensitive {
		out = out.Mark(sensitiveMark)
	}
	if decl.Ephemeral {
		out = out.Mark(ephemeralMark)
	}
	return out
}

// remark puts the marks pvms (of a value before conversion) on its
// converted value cv where they were, so that a sensitive attribute of
// an object stays the only sensitive one when the object becomes a map;
// a mark whose path is gone (inside a set, or an unknown) goes on what
// holds it, so that none is lost.
func remark(cv cty.Value, pvms []cty.PathValueMarks) cty.Value {
	for _, pvm := range pvms {
		cv = markAt(cv, pvm.Path, pvm.Marks)
	}
	return cv
}

// markAt marks the part of v at path, reading attribute and index steps
// alike (an object's attribute is a map's key after conversion); where
// the path cannot be followed, the part reached is marked.
func markAt(v cty.Value, path cty.Path, marks cty.ValueMarks) cty.Value {
	if len(path) == 0 {
		return v.WithMarks(marks)
	}
	uv, own := v.Unmark()
	if !uv.IsKnown() || uv.IsNull() || uv.Type().IsSetType() {
		return v.WithMarks(marks)
	}
	var key cty.Value
	switch s := path[0].(type) {
	case cty.GetAttrStep:
		key = cty.StringVal(s.Name)
	case cty.IndexStep:
		key, _ = s.Key.Unmark()
	}
	t := uv.Type()
	switch {
	case (t.IsObjectType() || t.IsMapType()) && key.Type() == cty.String && key.IsKnown() && !key.IsNull():
		elems := uv.AsValueMap()
		k := key.AsString()
		ev, ok := elems[k]
		if !ok {
			return v.WithMarks(marks)
		}
		elems[k] = markAt(ev, path[1:], marks)
		if t.IsMapType() {
			return cty.MapVal(elems).WithMarks(own)
		}
		return cty.ObjectVal(elems).WithMarks(own)
	case (t.IsListType() || t.IsTupleType()) && key.Type() == cty.Number && key.IsKnown() && !key.IsNull():
		elems := uv.AsValueSlice()
		i, acc := key.AsBigFloat().Int64()
		if acc != 0 || i < 0 || int(i) >= len(elems) {
			return v.WithMarks(marks)
		}
		elems[i] = markAt(elems[i], path[1:], marks)
		if t.IsListType() {
			return cty.ListVal(elems).WithMarks(own)
		}
		return cty.TupleVal(elems).WithMarks(own)
	}
	return v.WithMarks(marks)
}

// evalValidations checks the validation blocks of variable name in mi,
// after the variable and whatever else the conditions read.
func (e *evaluator) evalValidations(mi *modInst, name string) {
	decl := mi.mod.Variables[name]
	path := mi.addrPrefix() + "var." + name
	src, ok := mi.varSrc[name]
	if !ok {
		src = decl.DeclRange
	}
	for i, va := range decl.Validations {
		e.condition(mi, va, nil, path+".validation["+itoa(i)+"]", condValidation, &src)
	}
}

func nonNullable(v *VariableDecl) bool {
	if v.Nullable == nil {
		return false
	}
	n, hd := v.Nullable.Value(nil)
	return !hd.HasErrors() && n.Type() == cty.Bool && n.IsKnown() && !n.IsNull() && n.False()
}

// checkIgnoreChanges reports an ignore_changes entry that names an
// attribute or block the resource's schema (given, or the built-in one)
// lacks, as the engines report it.
func (e *evaluator) checkIgnoreChanges(mi *modInst, r *ResourceDecl, sch *schema.Block) {
	if sch == nil {
		sch = builtinBlock(r.Mode, r.Type, r.Provider != nil)
	}
	if sch == nil || r.Lifecycle == nil {
		return
	}
	for _, a := range r.Lifecycle.Attrs {
		if a.Name != "ignore_changes" {
			continue
		}
		items, hd := hcl.ExprList(a.Expr)
		if hd.HasErrors() {
			continue
		}
		for _, x := range items {
			tr, hd := hcl.RelTraversalForExpr(x)
			if hd.HasErrors() || len(tr) == 0 {
				continue
			}
			name := ""
			switch t := tr[0].(type) {
			case hcl.TraverseRoot:
				name = t.Name
			case hcl.TraverseAttr:
				name = t.Name
			}
			if name == "" || sch.Attribute(name) != nil || sch.NestedBlock(name) != nil {
				continue
			}
			rng := tr[0].SourceRange()
			e.diags = append(e.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Unsupported attribute",
				Detail:  fmt.Sprintf("This object has no argument, nested block, or exported attribute named %q.", name),
				Subject: &rng, Path: mi.addrPrefix() + r.Addr() + ".lifecycle.ignore_changes",
				Suggestion: diag.DidYouMean(name, schemaNames(sch))})
		}
	}
}

// markUnexpected records the dynamic blocks of body, and of its nested
// blocks, whose type the schema (sch, else the built-in schema builtin)
// lacks, which are reported where the schema is checked.
func (e *evaluator) markUnexpected(body *Body, sch, builtin *schema.Block) {
	if sch == nil {
		sch = builtin
	}
	if sch == nil || body == nil || e.unexpected == nil {
		return
	}
	for _, nb := range body.Blocks {
		name := nb.Type
		if nb.Type == "dynamic" && len(nb.Labels) == 1 {
			name = nb.Labels[0]
		}
		inner := sch.NestedBlock(name)
		switch {
		case inner != nil && nb.Type == "dynamic":
			for _, cb := range nb.Body.Blocks {
				if cb.Type == "content" {
					e.markUnexpected(cb.Body, inner.Block, nil)
				}
			}
		case inner != nil:
			e.markUnexpected(nb.Body, inner.Block, nil)
		case nb.Type == "dynamic" && sch.Attribute(name) == nil:
			e.unexpected.Store(nb, true)
		}
	}
}

// evalResource evaluates every instance of r in mi.
func (e *evaluator) evalResource(mi *modInst, r *ResourceDecl, used bool) {
	base := mi.addrPrefix() + r.Addr()
	mode, keys, values, why := e.expansion(mi, r.Count, r.ForEach, r.Enabled, base)
	provider := e.providerOf(mi, r)
	sch := e.blockSchema(r, provider)
	e.markUnexpected(r.Body, sch, builtinBlock(r.Mode, r.Type, r.Provider != nil))
	if !e.ignoreChecked[r] { // once for all the instances of its module
		if e.ignoreChecked == nil {
			e.ignoreChecked = map[*ResourceDecl]bool{}
		}
		e.ignoreChecked[r] = true
		e.checkIgnoreChanges(mi, r, sch)
	}
	if sch != nil {
		if e.withSchema == nil {
			e.withSchema = map[*ResourceDecl]bool{}
		}
		e.withSchema[r] = true
	}
	if why != "" {
		ref := base + ": " + why
		mi.resources[r.Addr()] = unknown(ref)
		u := e.unexpanded(base, why, r.DeclRange)
		if isDeferred(why) {
			// Arguments that do not depend on the instance are known:
			// evaluated once, count.index and each unknown.
			it := &iter{}
			k, v := deferredKey(mode, ref)
			if mode == "count" {
				it.count = k
			} else {
				it.each = &[2]cty.Value{k, v}
			}
			from := len(e.diags)
			u.Attributes = e.evalInstances(mi, r, []*iter{it}, []string{base}, sch)[0]
			u.Mode, u.Type, u.Provider, u.Module = r.Mode, r.Type, provider, mi.addr
			e.onlyIfInstances(e.diags[from:], r.Body, base, why)
		}
		return
	}
	// First the bodies of all instances (in parallel for many instances,
	// see evalInstances), then, in order, the view and the conditions.
	its := make([]*iter, len(keys))
	addrs := make([]string, len(keys))
	// The provider instance of each, and why it is not known.
	provs, provWhy := make([]string, len(keys)), make([]string, len(keys))
	for i, k := range keys {
		it := &iter{}
		switch mode {
		case "count":
			it.count = k
		case "for_each":
			it.each = &[2]cty.Value{k, values[i]}
		}
		its[i] = it
		addrs[i] = base + keyString(k)
		provs[i], provWhy[i] = e.providerInstance(mi, r, provider, it, addrs[i])
	}
	from := len(e.diags)
	attrs := e.evalInstances(mi, r, its, addrs, sch)
	if mi.deferred != "" {
		// In a module call whose instances are unknown.
		e.onlyIfInstances(e.diags[from:], r.Body, base, mi.deferred)
	}
	if r.Mode == "data" {
		read := len(e.diags)
		attrs = e.readData(r, provs, provWhy, addrs, base, attrs, sch)
		for i := range attrs {
			attrs[i] = e.dataResult(r, addrs[i], base, attrs[i], sch)
		}
		if r.Check != "" {
			e.checkReadFailed(mi, r.Check, e.diags[read:])
		}
	}
	var scoped []cty.Value
	if used {
		scoped = make([]cty.Value, 0, len(keys))
	}
	insts := make([]Instance, len(keys))
	for i, k := range keys {
		it, addr := its[i], addrs[i]
		insts[i] = Instance{Address: addr, Mode: r.Mode, Type: r.Type, Name: r.Name, Key: k,
			Provider: provs[i], ProviderUnknown: provWhy[i], Module: mi.addr, Attributes: attrs[i], Range: r.DeclRange}
		if mi.deferred != "" {
			// In a module call whose instances are unknown.
			u := e.unexpanded(addr, mi.deferred, r.DeclRange)
			u.Attributes, u.Mode, u.Type, u.Provider, u.Module = attrs[i], r.Mode, r.Type, provider, mi.addr
		} else {
			e.view.Resources = append(e.view.Resources, &insts[i])
		}
		for j, c := range r.Preconditions {
			e.condition(mi, c, it, addr+".lifecycle.precondition["+itoa(j)+"]", condPrecondition, nil)
		}
		if !used && len(r.Postconditions) == 0 {
			continue
		}
		self := attrs[i]
		if sch == nil {
			// What other expressions see: the configured attributes plus
			// the referenced ones the provider computes, as unknowns. With
			// a schema every attribute is there, and a reference to
			// another one is an error, as in Terraform.
			self = e.scopedValue(r, addr, self)
		}
		if len(r.Postconditions) > 0 {
			pit := &iter{count: it.count, each: it.each, named: map[string]cty.Value{"self": self}}
			for j, c := range r.Postconditions {
				e.condition(mi, c, pit, addr+".lifecycle.postcondition["+itoa(j)+"]", condPostcondition, nil)
			}
		}
		if used {
			scoped = append(scoped, self)
		}
	}
	if !used {
		return
	}
	switch mode {
	case "count":
		if len(scoped) == 0 {
			mi.resources[r.Addr()] = cty.EmptyTupleVal
		} else {
			mi.resources[r.Addr()] = cty.TupleVal(scoped)
		}
	case "for_each":
		m := map[string]cty.Value{}
		for i, k := range keys {
			m[k.AsString()] = scoped[i]
		}
		mi.resources[r.Addr()] = cty.ObjectVal(m)
	case "enabled":
		if len(scoped) == 0 {
			mi.resources[r.Addr()] = cty.NullVal(cty.DynamicPseudoType) // disabled: null
		} else {
			mi.resources[r.Addr()] = scoped[0]
		}
	default:
		mi.resources[r.Addr()] = scoped[0]
	}
}

// scopedValue is the value other expressions see of a resource instance
// without a schema: its configured attributes plus, as unknowns, the
// attributes read from it that it does not set. An attribute set to null
// and read elsewhere is unknown too: without a schema it may be one the
// provider computes when it is not set (as an AWS VPC's ipv6_cidr_block),
// and Terraform's plan has it unknown then.
func (e *evaluator) scopedValue(r *ResourceDecl, addr string, attrs cty.Value) cty.Value {
	missing := len(r.blockReads) > 0 || len(r.wholeBlocks) > 0
	for n := range r.Refs {
		if !attrs.Type().HasAttribute(n) || isNull(attrs.GetAttr(n)) || noBlocksWritten(r, n, attrs.GetAttr(n)) {
			missing = true
			break
		}
	}
	if !missing {
		return attrs
	}
	// The object itself may carry marks (a remote state's outputs read
	// from a configuration holding sensitive values); they stay on it.
	attrs, marks := attrs.Unmark()
	full := attrs.AsValueMap()
	if full == nil {
		full = map[string]cty.Value{}
	}
	builtin := builtinBlock(r.Mode, r.Type, r.Provider != nil)
	for n := range r.Refs {
		if builtin != nil {
			a := builtin.Attribute(n)
			if a == nil {
				continue // read where it is: "Unsupported attribute"
			}
			// What the built-in provider plans, as the engines know
			// it: an argument left unset is null, and terraform_data's
			// output is null while its input is (else unknown).
			in, set := full["input"]
			switch {
			case !a.Computed && !isNull(full[n]):
			case !a.Computed:
				full[n] = cty.NullVal(cty.DynamicPseudoType)
				continue
			case r.Mode == "managed" && n == "output" && (!set || isNull(in)):
				full[n] = cty.NullVal(cty.DynamicPseudoType)
				continue
			case r.Mode == "managed" && n == "id":
				// The built-in provider plans a new id as a string not yet
				// known but never null: id != null is true in the plan.
				full[n] = cty.UnknownVal(cty.String).RefineNotNull().Mark(reason(addr + ".id is computed by the provider"))
				continue
			}
		}
		if why, ok := e.unread[r]; ok {
			if v, ok := full[n]; !ok || isNull(v) {
				full[n] = unknown(addr + "." + n + " is not read: " + why)
			}
		} else if v, ok := full[n]; !ok {
			full[n] = unknown(addr + "." + n + " is computed by the provider")
		} else if isNull(v) {
			full[n] = unknown(addr + "." + n + " is null in the configuration and may be computed by the provider")
		} else if noBlocksWritten(r, n, v) {
			full[n] = unknown(addr + "." + n + " has no blocks in the configuration and may be computed by the provider")
		}
	}
	for t, reads := range r.blockReads {
		v, ok := full[t]
		if !ok {
			continue
		}
		full[t] = withBlockReads(v, addr+"."+t, reads, func(path string, unset unsetKind) cty.Value {
			if why, ok := e.unread[r]; ok {
				return unknown(path + " is not read: " + why)
			}
			switch unset {
			case setNull:
				return unknown(path + " is null in the configuration and may be computed by the provider")
			case noBlocks:
				return unknown(path + " has no blocks in the configuration and may be computed by the provider")
			}
			return unknown(path + " is computed by the provider")
		})
	}
	for _, p := range sortedKeys(r.wholeBlocks) {
		types := strings.Split(p, ".")
		if v, ok := full[types[0]]; ok {
			full[types[0]] = markBlockObjects(v, types[1:], blockMark{r, p})
			e.marked = true
		}
	}
	return cty.ObjectVal(full).WithMarks(marks)
}

// isNull says whether v is a known null, marked or not.
func isNull(v cty.Value) bool {
	return v.IsKnown() && v.IsNull()
}

// evalBody evaluates a resource body: attributes, then nested blocks by
// type as lists of objects, dynamic blocks expanded in place.
func (e *evaluator) evalBody(mi *modInst, b *Body, it *iter, path string) cty.Value {
	out := make(map[string]cty.Value, len(b.Attrs))
	for _, a := range b.Attrs {
		out[a.Name] = e.eval(mi, a.Expr, it, path+"."+a.Name)
	}
	if len(b.Blocks) == 0 {
		return cty.ObjectVal(out)
	}
	blocks := map[string][]cty.Value{}
	var order []string
	addBlock := func(t string, v cty.Value) {
		if _, ok := blocks[t]; !ok {
			order = append(order, t)
		}
		blocks[t] = append(blocks[t], v)
	}
	unknownBlocks := map[string]cty.Value{}
	// In JSON, blocks written out are attributes (there is no schema to
	// tell them apart); those of a type that dynamic blocks also make are
	// blocks, placed before or after the dynamic ones by their position.
	static := map[string]*Expr{}
	for _, a := range b.Attrs {
		static[a.Name] = a
	}
	placeStatic := func(t string, before hcl.Pos) {
		a, ok := static[t]
		if !ok || a.Range.Start.Byte > before.Byte {
			return
		}
		delete(static, t)
		v := out[t]
		delete(out, t)
		uv, marks := v.Unmark()
		switch {
		case !uv.IsKnown() || uv.IsNull():
			unknownBlocks[t] = v
		case uv.Type().IsObjectType() || uv.Type().IsMapType():
			addBlock(t, v)
		case uv.Type().IsTupleType() || uv.Type().IsListType():
			for it := uv.ElementIterator(); it.Next(); {
				_, ev := it.Element()
				addBlock(t, ev.WithMarks(marks))
			}
		default:
			r := a.Range
			e.errorf(&r, path+"."+t, "Invalid block", t+" is written as a block by a dynamic block, so this must be an object or a list of objects, not "+uv.Type().FriendlyName())
			unknownBlocks[t] = unknown("invalid " + t + " blocks")
		}
	}
	for _, nb := range b.Blocks {
		if nb.Type == "dynamic" && len(nb.Labels) == 1 {
			placeStatic(nb.Labels[0], nb.Range.Start)
		}
		if nb.Type != "dynamic" {
			v := e.evalBody(mi, nb.Body, it, path+"."+nb.Type)
			if len(nb.Labels) > 0 {
				ls := make([]cty.Value, len(nb.Labels))
				for i, l := range nb.Labels {
					ls[i] = cty.StringVal(l)
				}
				v = withLabels(v, cty.ListVal(ls))
			}
			addBlock(nb.Type, v)
			continue
		}
		if len(nb.Labels) != 1 {
			if !nb.Invalid {
				r := nb.Range
				e.errorf(&r, path, "Invalid dynamic block", "a dynamic block needs one label: the type of the blocks it makes")
			}
			continue
		}
		t := nb.Labels[0]
		if _, ok := blocks[t]; !ok {
			blocks[t] = nil
			order = append(order, t)
		}
		if e.unexpected != nil {
			if _, ok := e.unexpected.Load(nb); ok {
				continue // reported with the schema's other checks
			}
		}
		var forEach, labels hcl.Expression
		iterName := t
		var content *Body
		for _, a := range nb.Body.Attrs {
			switch a.Name {
			case "labels":
				labels = a.Expr
			case "for_each":
				forEach = a.Expr
			case "iterator":
				if tr, hd := hcl.AbsTraversalForExpr(a.Expr); !hd.HasErrors() && len(tr) == 1 {
					iterName = tr.RootName()
				}
			}
		}
		for _, cb := range nb.Body.Blocks {
			if cb.Type == "content" {
				content = cb.Body
			}
		}
		if nb.Invalid {
			unknownBlocks[t] = unknown("dynamic " + t + " blocks: the dynamic block is invalid")
			continue
		}
		if forEach == nil || content == nil {
			r := nb.Range
			e.errorf(&r, path, "Invalid dynamic block", "a dynamic block needs a for_each argument and a content block")
			continue
		}
		fe := e.eval(mi, forEach, it, path+".dynamic."+t+".for_each")
		ufe, _ := fe.UnmarkDeep()
		// HCL's checks and words (dynblock), in its order: a type that
		// cannot be iterated (a null string too), then null.
		if ufe.Type() != cty.DynamicPseudoType && !ufe.CanIterateElements() || ufe.IsNull() {
			r := forEach.Range()
			detail := "Cannot use a null value in for_each."
			if ufe.Type() != cty.DynamicPseudoType && !ufe.CanIterateElements() {
				detail = "Cannot use a " + ufe.Type().FriendlyName() + " value in for_each. An iterable collection is required."
			}
			e.diags = append(e.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Invalid dynamic for_each value", Detail: detail,
				Subject: &r, Path: path, Suggestion: "for no " + t + " blocks, give an empty list ([]) or map ({})"})
			unknownBlocks[t] = unknown("dynamic " + t + " blocks: for_each is invalid")
			continue
		}
		if !ufe.IsKnown() {
			unknownBlocks[t] = unknown("dynamic " + t + " blocks: for_each is unknown")
			continue
		}
		if !ufe.IsWhollyKnown() && ufe.Type().IsSetType() {
			unknownBlocks[t] = unknown("dynamic " + t + " blocks: for_each is unknown")
			continue
		}
		ks, vs := elements(fe)
		for i, k := range ks {
			v := vs[i]
			sub := &iter{named: map[string]cty.Value{}}
			if it != nil {
				sub.count, sub.each = it.count, it.each
				for n, iv := range it.named {
					sub.named[n] = iv
				}
			}
			sub.named[iterName] = cty.ObjectVal(map[string]cty.Value{"key": k, "value": v})
			bv := e.evalBody(mi, content, sub, path+"."+t)
			if labels != nil {
				bv = withLabels(bv, e.dynamicLabels(mi, labels, sub, path+".dynamic."+t+".labels"))
			}
			addBlock(t, bv)
		}
	}
	for _, t := range order {
		placeStatic(t, hcl.Pos{Byte: int(^uint(0) >> 1)})
		if u, ok := unknownBlocks[t]; ok {
			out[t] = u
			continue
		}
		if len(blocks[t]) == 0 {
			out[t] = cty.EmptyTupleVal
		} else {
			out[t] = cty.TupleVal(blocks[t])
		}
	}
	return cty.ObjectVal(out)
}

// withLabels adds the labels of a nested block to its object as
// "_labels", a list of strings.
func withLabels(obj, labels cty.Value) cty.Value {
	m := obj.AsValueMap()
	if m == nil {
		m = map[string]cty.Value{}
	}
	m["_labels"] = labels
	return cty.ObjectVal(m)
}

// dynamicLabels evaluates the labels argument of a dynamic block for one
// of its blocks: a list of strings.
func (e *evaluator) dynamicLabels(mi *modInst, x hcl.Expression, it *iter, path string) cty.Value {
	marked := e.eval(mi, x, it, path)
	v, marks := marked.UnmarkDeep()
	if !v.IsWhollyKnown() {
		return cty.UnknownVal(cty.List(cty.String)).WithMarks(marks).Mark(reason("the labels of a dynamic block are unknown"))
	}
	lv, err := convert.Convert(v, cty.List(cty.String))
	if err != nil || lv.IsNull() {
		r := x.Range()
		msg := "labels must be a list of strings"
		if err != nil {
			msg += ": " + err.Error()
		}
		e.errorf(&r, path, "Invalid dynamic block labels", msg)
		return cty.UnknownVal(cty.List(cty.String)).Mark(reason("invalid labels of a dynamic block"))
	}
	return lv
}

// elements returns the keys and elements of a collection that may carry
// marks, each element with the marks that were on it or on the whole.
func elements(v cty.Value) (keys, vals []cty.Value) {
	return elementsOf(v.UnmarkDeepWithPaths())
}

// elementsOf is elements of the value uv, unmarked, with its marks pvms.
func elementsOf(uv cty.Value, pvms []cty.PathValueMarks) (keys, vals []cty.Value) {
	// The marks below the top, by the element they are in; those on the
	// whole apply to every element, as do all marks in a set, whose
	// elements have no path.
	var all []cty.PathValueMarks
	byElem := map[string][]cty.PathValueMarks{}
	for _, pvm := range pvms {
		if len(pvm.Path) == 0 || uv.Type().IsSetType() {
			if len(pvm.Path) > 0 {
				pvm = cty.PathValueMarks{Path: pvm.Path[1:], Marks: pvm.Marks}
			}
			all = append(all, pvm)
			continue
		}
		k := stepKey(pvm.Path[0])
		byElem[k] = append(byElem[k], cty.PathValueMarks{Path: pvm.Path[1:], Marks: pvm.Marks})
	}
	isObj := uv.Type().IsObjectType()
	for it := uv.ElementIterator(); it.Next(); {
		k, ev := it.Element()
		var step cty.PathStep = cty.IndexStep{Key: k}
		if isObj {
			step = cty.GetAttrStep{Name: k.AsString()}
		}
		keys = append(keys, k)
		sub := byElem[stepKey(step)]
		if len(all) > 0 {
			sub = append(append([]cty.PathValueMarks(nil), all...), sub...)
		}
		if len(sub) > 0 {
			ev = ev.MarkWithPaths(sub)
		}
		vals = append(vals, ev)
	}
	return keys, vals
}

// stepKey identifies a path step by value: index steps hold cty values,
// which == does not compare.
func stepKey(s cty.PathStep) string {
	switch x := s.(type) {
	case cty.GetAttrStep:
		return "." + x.Name
	case cty.IndexStep:
		k, _ := x.Key.Unmark()
		switch {
		case !k.IsKnown() || k.IsNull():
			return "?"
		case k.Type() == cty.String:
			return "s" + k.AsString()
		case k.Type() == cty.Number:
			return "n" + k.AsBigFloat().String()
		}
	}
	return "?"
}

// unexpanded records a resource or module call whose instances are not in
// the view, so that nothing goes missing without a trace.
func (e *evaluator) unexpanded(addr, why string, rng hcl.Range) *Unexpanded {
	u := &Unexpanded{Address: addr, Reason: why, Range: rng}
	e.view.Unexpanded = append(e.view.Unexpanded, u)
	return u
}

// countKey returns count.index i; the numbers are shared by every
// counted resource and call.
func (e *evaluator) countKey(i int64) cty.Value {
	for int64(len(e.countKeys)) <= i {
		e.countKeys = append(e.countKeys, cty.NumberIntVal(int64(len(e.countKeys))))
	}
	return e.countKeys[i]
}

// countObject returns the count object for index i; the objects are shared
// by every counted block, as building one costs more than looking it up.
func (e *evaluator) countObject(i cty.Value) cty.Value {
	if !i.IsKnown() {
		// The one evaluation of a resource whose count is unknown.
		return cty.ObjectVal(map[string]cty.Value{"index": i})
	}
	bf := i.AsBigFloat()
	n, _ := bf.Int64()
	if o, ok := e.counts[n]; ok {
		return o
	}
	if e.readonly {
		return cty.ObjectVal(map[string]cty.Value{"index": i})
	}
	if e.counts == nil {
		e.counts = map[int64]cty.Value{}
	}
	o := cty.ObjectVal(map[string]cty.Value{"index": i})
	e.counts[n] = o
	return o
}
