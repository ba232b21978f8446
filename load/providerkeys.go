package load

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"

	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/tffile"
)

// OpenTofu's provider for_each (1.9) makes one configuration instance per
// element; a resource's provider argument and a module call's providers
// map pick one by key (random.by_name[each.key], aws.by_region[var.region]).
// The key is evaluated per resource instance, and per module instance for
// a providers map, in the scope of the module that holds the reference:
// each.key and count.index are those of the resource or module instance.
// A key that the provider's for_each lacks is an error, as in OpenTofu; a
// key eval cannot know (a data source not read, a variable with no value)
// leaves the instance unknown, with the reason, and data sources that
// would be read through it are not read.

// providerKeys holds what the evaluation learns about provider instances;
// one per evaluation, shared by the evaluator's copies (parallel.go).
type providerKeys struct {
	mu sync.Mutex
	// each holds, by provider configuration address, the instance keys
	// of a configuration with for_each, or why they are not known.
	each map[string]providerEach
	// why holds, by module instance and provider name in it, why the
	// instance of the configuration its call passes is not known.
	why map[*modInst]map[string]string
}

type providerEach struct {
	keys map[string]bool
	why  string
}

// setEach records the instance keys of the configuration at addr, or why
// they are not known.
func (pk *providerKeys) setEach(addr string, keys []cty.Value, why string) {
	if pk == nil {
		return
	}
	pe := providerEach{why: why, keys: map[string]bool{}}
	for _, k := range keys {
		if k.Type() == cty.String {
			pe.keys[k.AsString()] = true
		}
	}
	pk.mu.Lock()
	defer pk.mu.Unlock()
	if pk.each == nil {
		pk.each = map[string]providerEach{}
	}
	pk.each[addr] = pe
}

// eachOf returns what is known of the instance keys of the configuration
// at addr; ok is false when it was not evaluated.
func (pk *providerKeys) eachOf(addr string) (pe providerEach, ok bool) {
	if pk == nil {
		return providerEach{}, false
	}
	pk.mu.Lock()
	defer pk.mu.Unlock()
	pe, ok = pk.each[addr]
	return pe, ok
}

// setWhy records why the instance of provider local passed to ci is not
// known.
func (pk *providerKeys) setWhy(ci *modInst, local, why string) {
	if pk == nil {
		return
	}
	pk.mu.Lock()
	defer pk.mu.Unlock()
	if pk.why == nil {
		pk.why = map[*modInst]map[string]string{}
	}
	if pk.why[ci] == nil {
		pk.why[ci] = map[string]string{}
	}
	pk.why[ci][local] = why
}

// whyOf is why the provider configuration local of mi resolves to an
// instance that is not known; it follows providers maps and inheritance
// as resolveProvider does.
func (pk *providerKeys) whyOf(mi *modInst, local string) string {
	if pk == nil {
		return ""
	}
	for {
		if _, ok := mi.providers[local]; ok {
			pk.mu.Lock()
			defer pk.mu.Unlock()
			return pk.why[mi][local]
		}
		name, alias, _ := strings.Cut(local, ".")
		if mi.parent == nil || alias != "" {
			return ""
		}
		mi, local = mi.parent, name
	}
}

// providerRefParts splits a reference to a provider configuration into
// the configuration (random.by_name) and the key of one of its instances:
// an expression (random.by_name[each.key]) or a literal
// (random.by_name["a"]); key is nil without one, ok false when x is not
// such a reference.
func providerRefParts(x hcl.Expression) (tr hcl.Traversal, key hcl.Expression, ok bool) {
	if ix, isIndex := x.(*hclsyntax.IndexExpr); isIndex {
		if tr, hd := hcl.AbsTraversalForExpr(ix.Collection); !hd.HasErrors() {
			return tr, ix.Key, true
		}
		return nil, nil, false
	}
	tr, hd := hcl.AbsTraversalForExpr(x)
	if hd.HasErrors() {
		return nil, nil, false
	}
	if len(tr) == 3 {
		if ix, isIndex := tr[2].(hcl.TraverseIndex); isIndex {
			return tr[:2], &hclsyntax.LiteralValueExpr{Val: ix.Key, SrcRange: ix.SrcRange}, true
		}
	}
	return tr, nil, true
}

// keyedProvider is an entry of a providers map that passes one instance
// of a configuration with for_each.
type keyedProvider struct {
	local string         // the child's provider name: aws, aws.west
	ref   hcl.Traversal  // the caller's configuration: aws.by_region
	key   hcl.Expression // the instance key
}

// keyedProviders lists the entries of providers map x that name an
// instance key; the others are callProviders'.
func keyedProviders(x hcl.Expression) []keyedProvider {
	if x == nil {
		return nil
	}
	pairs, hd := hcl.ExprMap(x)
	if hd.HasErrors() {
		return nil
	}
	var out []keyedProvider
	for _, p := range pairs {
		kt, hd := hcl.AbsTraversalForExpr(p.Key)
		ref, key, ok := providerRefParts(p.Value)
		if hd.HasErrors() || !ok || key == nil {
			continue
		}
		out = append(out, keyedProvider{local: traversalName(kt), ref: ref, key: key})
	}
	return out
}

// instanceProviders sets the providers of module instance ci of call c
// in mi: base (callProviders) and, evaluated for ci, the entries that
// pass one instance of a configuration with for_each.
func (e *evaluator) instanceProviders(mi *modInst, c *CallDecl, base map[string]string, ci *modInst) {
	keyed := keyedProviders(c.Providers)
	if len(keyed) == 0 {
		ci.providers = base
		return
	}
	ci.providers = make(map[string]string, len(base)+len(keyed))
	for k, v := range base {
		ci.providers[k] = v
	}
	for _, kp := range keyed {
		addr, why := e.providerKey(mi, traversalName(kp.ref), kp.key, ci.iter(), ci.addr+".providers."+kp.local, ci.addr, kp.key.Range())
		ci.providers[kp.local] = addr
		if why != "" {
			e.pkeys.setWhy(ci, kp.local, why)
		}
	}
}

// providerKey evaluates key x (in mi, with it) of a reference to the
// configuration local of mi with for_each, for user (the resource or
// module instance), and returns the instance's address and, when it is
// not known or not present, why. A key that is not a string, one the
// configuration's for_each lacks, and a key on a configuration without
// for_each are errors at rng.
func (e *evaluator) providerKey(mi *modInst, local string, x hcl.Expression, it *iter, path, user string, rng hcl.Range) (addr, why string) {
	config := e.resolveProvider(mi, local)
	v := e.eval(mi, x, it, path)
	if !v.IsWhollyKnown() {
		why := "the key of its provider instance, " + local + "[...], is not known" + because(v)
		return config + "[*]", why
	}
	v, _ = v.UnmarkDeep()
	k, err := convert.Convert(v, cty.String)
	if err != nil || k.IsNull() {
		what := "null"
		if !v.IsNull() {
			what = v.Type().FriendlyName()
		}
		e.errorf(&rng, path, "Invalid provider instance key", "the key of a provider instance must be a string, not "+what)
		return config, "invalid provider instance key"
	}
	addr = config + keyString(k)
	if pc := mi.mod.ProviderConfigs[local]; pc != nil && pc.ForEach == nil {
		e.errorf(&rng, path, "Invalid provider configuration reference",
			fmt.Sprintf("provider configuration %s (declared at %s:%d) does not use for_each, so a reference to it takes no instance key", local, pc.DeclRange.Filename, pc.DeclRange.Start.Line))
		return addr, "invalid provider configuration reference"
	}
	pe, ok := e.pkeys.eachOf(config)
	switch {
	case !ok:
		// Not a configuration of this evaluation (undeclared: reported
		// by checkProviderRef).
		return addr, ""
	case pe.why != "":
		return addr, "the instances of " + local + " are not known: " + pe.why
	case !pe.keys[k.AsString()]:
		keys := make([]string, 0, len(pe.keys))
		for key := range pe.keys {
			keys = append(keys, quote(key))
		}
		sort.Strings(keys)
		has := "it has no instances"
		if len(keys) > 0 {
			has = "its instance keys are " + strings.Join(keys, ", ")
		}
		e.diags = append(e.diags, diagProviderMissing(rng, path, user, addr, local, k.AsString(), has))
		return addr, "provider instance " + addr + " is not present"
	}
	return addr, ""
}

// providerInstance is the provider configuration instance of the
// instance of r at addr, and why it is not known: provider, with the
// instance key of r's provider reference (random.by_name[each.key])
// evaluated for it, or as its module instance received it.
func (e *evaluator) providerInstance(mi *modInst, r *ResourceDecl, provider string, it *iter, addr string) (string, string) {
	local := resourceProviderName(r)
	if r.ProviderKey == nil {
		if pc := mi.mod.ProviderConfigs[local]; pc != nil && pc.ForEach != nil && r.Provider != nil {
			rng := r.Provider.Range()
			e.errorf(&rng, addr+".provider", "Invalid resource provider configuration",
				"a reference to a provider configuration that uses for_each needs an instance key, such as "+local+"[each.key]")
		}
		return provider, e.pkeys.whyOf(mi, local)
	}
	return e.providerKey(mi, local, r.ProviderKey, it, addr+".provider", addr, r.ProviderKey.Range())
}

// resourceProviderName is the provider configuration r names in its
// module: its provider argument, else the default configuration of the
// prefix of its type.
func resourceProviderName(r *ResourceDecl) string {
	if r.Provider != nil {
		if tr, hd := hcl.AbsTraversalForExpr(r.Provider); !hd.HasErrors() {
			return traversalName(tr)
		}
	}
	local := tffile.ImpliedProvider(r.Type)
	return local
}

// diagProviderMissing is OpenTofu's error for a provider instance key that
// the configuration's for_each lacks.
func diagProviderMissing(rng hcl.Range, path, user, addr, local, key, has string) *diag.Diagnostic {
	return &diag.Diagnostic{Severity: diag.Error, Summary: "Provider instance not present",
		Detail: fmt.Sprintf("To work with %s its provider instance %s is required, but the for_each of provider configuration %s has no element %s: %s",
			user, addr, local, quote(key), has),
		Subject: &rng, Path: path,
		Suggestion: "use one of the provider's instance keys, or add " + quote(key) + " to its for_each"}
}

// providerForEachMatches warns, as OpenTofu does when it reads module m,
// of a managed resource or module call that picks the instance of a
// provider configuration by a for_each written as the configuration's
// own: removing an element from it later would remove the provider
// instance together with the objects that need it to be destroyed. Only
// expressions that refer to something are compared (a constant for_each
// is not expected to change), and only as written, as OpenTofu compares
// them: (local.names) is local.names, toset(local.names) is not.
func (l *loader) providerForEachMatches(m *Module) {
	var ds diag.Diagnostics
	warn := func(kind, target string, forEach hcl.Expression, provider string) {
		p := m.ProviderConfigs[provider]
		if p == nil || p.ForEach == nil || forEach == nil {
			return
		}
		if len(forEach.Variables()) == 0 || len(p.ForEach.Variables()) == 0 || !sameForEach(forEach, p.ForEach) {
			return
		}
		rng := forEach.Range()
		ds = append(ds, &diag.Diagnostic{Severity: diag.Warning,
			Summary: "Provider configuration for_each matches " + kind,
			Detail: fmt.Sprintf("This provider configuration uses the same for_each expression as a %s, which means that subsequent removal of elements from this collection would cause a planning error.\n\n"+
				"OpenTofu relies on a provider instance to destroy resource instances that are associated with it, and so the provider instance must outlive all of its resource instances by at least one plan/apply round. "+
				"For removal of instances to succeed in future you must structure the configuration so that the provider block's for_each expression can produce a superset of the instances of the resources associated with the provider configuration. "+
				"Refer to the OpenTofu documentation for specific suggestions.\n\n"+
				"To destroy this object before removing the provider configuration, consider first performing a targeted destroy:\n    tofu apply -destroy -target=%s", kind, target),
			Subject:    &rng,
			Suggestion: fmt.Sprintf("give provider configuration %s a for_each that keeps the elements the %s's for_each may drop (a superset of it)", provider, kind),
		})
	}
	prefix := ""
	for _, name := range m.Path {
		prefix += "module." + name + "."
	}
	for _, name := range sortedKeys(m.Calls) {
		c := m.Calls[name]
		for _, kp := range keyedProviders(c.Providers) {
			warn("module", prefix+"module."+name, c.ForEach, traversalName(kp.ref))
		}
	}
	for _, key := range sortedKeys(m.Resources) {
		if r := m.Resources[key]; r.Mode == "managed" && r.ProviderKey != nil {
			warn("resource", prefix+key, r.ForEach, resourceProviderName(r))
		}
	}
	sort.SliceStable(ds, func(i, j int) bool {
		a, b := ds[i].Subject, ds[j].Subject
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		return a.Start.Byte < b.Start.Byte
	})
	l.diags = append(l.diags, ds...)
}

// sameForEach reports whether two for_each expressions are written alike,
// as OpenTofu judges it: parentheses aside, the same references,
// literals, function calls, operators, conditionals, collections, for
// expressions and templates, part by part. Anything else (a splat, a
// JSON expression) is never alike.
func sameForEach(a, b hcl.Expression) bool {
	a, b = unwrapForEach(a), unwrapForEach(b)
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	switch x := a.(type) {
	case *hclsyntax.ScopeTraversalExpr:
		y, ok := b.(*hclsyntax.ScopeTraversalExpr)
		return ok && sameTraversal(x.Traversal, y.Traversal)
	case *hclsyntax.RelativeTraversalExpr:
		y, ok := b.(*hclsyntax.RelativeTraversalExpr)
		return ok && sameTraversal(x.Traversal, y.Traversal) && sameForEach(x.Source, y.Source)
	case *hclsyntax.LiteralValueExpr:
		y, ok := b.(*hclsyntax.LiteralValueExpr)
		return ok && sameValue(x.Val, y.Val)
	case *hclsyntax.FunctionCallExpr:
		y, ok := b.(*hclsyntax.FunctionCallExpr)
		return ok && x.Name == y.Name && sameForEachs(x.Args, y.Args)
	case *hclsyntax.ConditionalExpr:
		y, ok := b.(*hclsyntax.ConditionalExpr)
		return ok && sameForEach(x.Condition, y.Condition) && sameForEach(x.TrueResult, y.TrueResult) && sameForEach(x.FalseResult, y.FalseResult)
	case *hclsyntax.IndexExpr:
		y, ok := b.(*hclsyntax.IndexExpr)
		return ok && sameForEach(x.Collection, y.Collection) && sameForEach(x.Key, y.Key)
	case *hclsyntax.TupleConsExpr:
		y, ok := b.(*hclsyntax.TupleConsExpr)
		return ok && sameForEachs(x.Exprs, y.Exprs)
	case *hclsyntax.ObjectConsExpr:
		y, ok := b.(*hclsyntax.ObjectConsExpr)
		if !ok || len(x.Items) != len(y.Items) {
			return false
		}
		for i := range x.Items {
			if !sameForEach(x.Items[i].KeyExpr, y.Items[i].KeyExpr) || !sameForEach(x.Items[i].ValueExpr, y.Items[i].ValueExpr) {
				return false
			}
		}
		return true
	case *hclsyntax.ForExpr:
		y, ok := b.(*hclsyntax.ForExpr)
		return ok && x.KeyVar == y.KeyVar && x.ValVar == y.ValVar && x.Group == y.Group &&
			sameForEach(x.CollExpr, y.CollExpr) && sameForEach(x.KeyExpr, y.KeyExpr) &&
			sameForEach(x.ValExpr, y.ValExpr) && sameForEach(x.CondExpr, y.CondExpr)
	case *hclsyntax.BinaryOpExpr:
		y, ok := b.(*hclsyntax.BinaryOpExpr)
		return ok && x.Op == y.Op && sameForEach(x.LHS, y.LHS) && sameForEach(x.RHS, y.RHS)
	case *hclsyntax.UnaryOpExpr:
		y, ok := b.(*hclsyntax.UnaryOpExpr)
		return ok && x.Op == y.Op && sameForEach(x.Val, y.Val)
	case *hclsyntax.TemplateExpr:
		y, ok := b.(*hclsyntax.TemplateExpr)
		return ok && sameForEachs(x.Parts, y.Parts)
	}
	return false
}

// unwrapForEach drops the parentheses around x and the wrapping of an
// object key; a nil expression (of any interface) is nil.
func unwrapForEach(x hcl.Expression) hcl.Expression {
	for {
		switch w := x.(type) {
		case nil:
			return nil
		case *hclsyntax.ParenthesesExpr:
			if w == nil {
				return nil
			}
			x = w.Expression
		case *hclsyntax.ObjectConsKeyExpr:
			if w == nil {
				return nil
			}
			x = w.Wrapped
		default:
			return x
		}
	}
}

func sameForEachs(a, b []hclsyntax.Expression) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !sameForEach(a[i], b[i]) {
			return false
		}
	}
	return true
}

// sameTraversal: the same names and literal keys, step by step.
func sameTraversal(a, b hcl.Traversal) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		switch x := a[i].(type) {
		case hcl.TraverseRoot:
			y, ok := b[i].(hcl.TraverseRoot)
			if !ok || x.Name != y.Name {
				return false
			}
		case hcl.TraverseAttr:
			y, ok := b[i].(hcl.TraverseAttr)
			if !ok || x.Name != y.Name {
				return false
			}
		case hcl.TraverseIndex:
			y, ok := b[i].(hcl.TraverseIndex)
			if !ok || !sameValue(x.Key, y.Key) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// sameValue: two literal values are equal (and known).
func sameValue(a, b cty.Value) bool {
	if !a.IsWhollyKnown() || !b.IsWhollyKnown() {
		return false
	}
	return a.Equals(b).True()
}
