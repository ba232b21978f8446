package load

import (
	"fmt"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/tffile"
)

// passedProvider is one entry of a module call's providers map: the
// child's name for a configuration (aws, aws.west) and the caller's.
type passedProvider struct {
	inChild, inParent       string
	childRange, parentRange hcl.Range
}

// passedProviders reads the entries of a providers map that name
// configurations, bare or in Terraform 0.11's quotes; entries of another
// shape are reported where the map is evaluated.
func passedProviders(x hcl.Expression) []passedProvider {
	if x == nil {
		return nil
	}
	pairs, hd := hcl.ExprMap(x)
	if hd.HasErrors() {
		return nil
	}
	var out []passedProvider
	for _, p := range pairs {
		child, ok1 := providerMapName(p.Key)
		parent, ok2 := providerMapName(p.Value)
		if ok1 && ok2 {
			out = append(out, passedProvider{inChild: child, inParent: parent, childRange: p.Key.Range(), parentRange: p.Value.Range()})
		}
	}
	return out
}

// providerMapName is the configuration name a providers map key or value
// writes: aws.west, "aws.west", or aws.west[each.key] (its configuration).
func providerMapName(x hcl.Expression) (string, bool) {
	if tr, _, ok := providerRefParts(x); ok && len(tr) >= 1 && len(tr) <= 2 {
		return traversalName(tr), true
	}
	if t, ok := x.(*hclsyntax.TemplateExpr); ok && len(t.Parts) == 1 {
		if lit, ok := t.Parts[0].(*hclsyntax.LiteralValueExpr); ok && lit.Val.Type() == cty.String && lit.Val.IsKnown() && !lit.Val.IsNull() {
			s := lit.Val.AsString()
			if n := strings.Count(s, "."); n <= 1 && s != "" {
				return s, true
			}
		}
	}
	return "", false
}

// checkCallProviders reports, for every module call below m, what does not
// fit the child's variables (checkCallInputs), and what the
// engines' static validation of provider configurations reports when they
// load the configuration (terraform init, validate, plan alike): a
// configuration the child expects (configuration_aliases) that the call
// does not pass, a configuration passed to a child that has its own, a
// configuration passed for a provider of another type than the child's,
// and, as warnings, names neither side declares.
//
// into are the configurations m's own caller passes it, by m's names, and
// caller that call (nil for the root module).
func (l *loader) checkCallProviders(m *Module, into map[string]bool, caller *CallDecl) {
	for _, name := range sortedKeys(m.Calls) {
		c, child := m.Calls[name], m.Children[name]
		if child == nil {
			continue
		}
		l.checkCallInputs(m, c, child)
		passed := passedProviders(c.Providers)
		l.checkPassedFromParent(m, passed, into, caller)
		l.checkPassedToChild(m, c, child, passed)
		in := map[string]bool{}
		for _, p := range passed {
			in[p.inChild] = true
		}
		l.checkCallProviders(child, in, c)
	}
}

// moduleText names m as the engines' provider messages do.
func moduleText(m *Module) string {
	if len(m.Path) == 0 {
		return "the root module"
	}
	return strings.TrimSuffix(m.Name(), ".")
}

// displaySource is a provider source as the engines display it:
// hashicorp/aws for the public registry's, the full address otherwise.
func displaySource(src string) string {
	return strings.TrimPrefix(src, "registry.terraform.io/")
}

// checkPassedFromParent warns of entries passing a default configuration
// that the calling module m neither configures nor names in
// required_providers: the engine assumes the hashicorp provider of that
// name.
func (l *loader) checkPassedFromParent(m *Module, passed []passedProvider, into map[string]bool, caller *CallDecl) {
	for _, p := range passed {
		if strings.Contains(p.inParent, ".") {
			continue // aliases are checked where they are used
		}
		pc, ok := m.ProviderConfigs[p.inParent]
		configured := ok && !pc.proxy
		if _, local := m.Providers[p.inParent]; local || configured {
			if !configured && caller != nil && !into[p.inParent] {
				// A module that passes on a configuration it inherits
				// gets it only when its own caller passes it.
				src := displaySource(providerSource(m, p.inParent))
				rng := caller.DeclRange
				l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Warning, Summary: "Missing required provider configuration", Subject: &rng,
					Detail: fmt.Sprintf("The configuration for %s expects to inherit a configuration for provider %s with local name %q, but its caller doesn't pass a configuration under that name.",
						moduleText(m), src, p.inParent),
					Suggestion: fmt.Sprintf("add an entry for %q to the providers argument of module %q", p.inParent, caller.Name)})
			}
			continue
		}
		def := "hashicorp/" + p.inParent
		rng := p.parentRange
		l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Warning, Summary: "Reference to undefined provider", Subject: &rng,
			Detail: fmt.Sprintf("There is no explicit declaration for local provider name %q in %s, so %s is assuming you mean to pass a configuration for provider %q.",
				p.inParent, moduleText(m), l.engine, def),
			Suggestion: fmt.Sprintf("add to %s a required_providers entry named %q with source = %q, or a different source address if appropriate", moduleText(m), p.inParent, def)})
	}
}

// checkPassedToChild checks the call c of module m against what its
// child expects.
func (l *loader) checkPassedToChild(m *Module, c *CallDecl, child *Module, passed []passedProvider) {
	in := map[string]bool{}
	for _, p := range passed {
		in[p.inChild] = true
	}
	// Configurations the child declares in configuration_aliases and
	// neither configures itself nor is passed.
	var aliases []string
	for a := range child.ProviderAliases {
		if own, ok := child.ProviderConfigs[a]; (!ok || own.proxy) && !in[a] {
			aliases = append(aliases, a)
		}
	}
	sort.Strings(aliases)
	for _, a := range aliases {
		rng := c.DeclRange
		l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Missing required provider configuration", Subject: &rng,
			Detail: fmt.Sprintf("The child module requires an additional configuration for provider %s, with the local name %q.",
				displaySource(providerSource(child, strings.SplitN(a, ".", 2)[0])), a),
			Suggestion: fmt.Sprintf("add an entry for %s in the providers argument of module %q to choose which provider configuration the module uses for that purpose", a, c.Name)})
	}
	for _, p := range passed {
		rng := p.childRange
		own, configured := child.ProviderConfigs[p.inChild]
		if configured && !own.proxy {
			l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Cannot override provider configuration", Subject: &rng,
				Detail: fmt.Sprintf("The configuration of %s has its own local configuration for %s, and so it cannot accept an overridden configuration provided by %s.",
					moduleText(child), p.inChild, moduleText(m)),
				Suggestion: fmt.Sprintf("remove %s from the providers argument, or the provider block from the module", p.inChild)})
		}
		childName := strings.SplitN(p.inChild, ".", 2)[0]
		// The child accepts a configuration by its whole name: a bare
		// name in required_providers, an aliased one in
		// configuration_aliases (or an empty provider block), never an
		// alias of a provider it declares only.
		_, local := child.Providers[p.inChild]
		if !local && !child.ProviderAliases[p.inChild] && !(configured && own.proxy) {
			src := displaySource(providerSource(child, childName))
			if l.isDefaultProvider(providerSource(child, childName)) {
				// The engines assume the configuration is the hashicorp
				// provider's.
				l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Warning, Summary: "Reference to undefined provider", Subject: &rng,
					Detail: fmt.Sprintf("There is no explicit declaration for local provider name %q in %s, so %s is assuming you mean to pass a configuration for %q.",
						p.inChild, moduleText(child), l.engine, src),
					Suggestion: fmt.Sprintf("if you also control the child module, add a required_providers entry named %q with the source address %q", p.inChild, src)})
			} else {
				l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Reference to undefined provider", Subject: &rng,
					Detail:     fmt.Sprintf("The child module does not declare any provider requirement with the local name %q.", p.inChild),
					Suggestion: fmt.Sprintf("if you also control the child module, add a required_providers entry named %q with the source address %q to accept this provider configuration", p.inChild, src)})
			}
		}
		// The configuration passed must be of the child's provider type.
		childType := providerSource(child, childName)
		parentName := strings.SplitN(p.inParent, ".", 2)[0]
		parentType := providerSource(m, parentName)
		if !strings.Contains(p.inChild, ".") {
			if _, ok := m.Providers[p.inChild]; ok {
				parentType = providerSource(m, p.inChild)
			}
		}
		if childType == parentType {
			continue
		}
		var other string
		for _, n := range sortedKeys(m.Providers) {
			if providerSource(m, n) == childType {
				other = n
				break
			}
		}
		if other != "" {
			l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Provider type mismatch", Subject: &rng,
				Detail: fmt.Sprintf("The assigned configuration is for provider %q, but local name %q in %s represents %q.",
					displaySource(childType), p.inChild, moduleText(m), displaySource(parentType)),
				Suggestion: fmt.Sprintf("to pass this configuration to the child module, use the local name %q instead", other)})
			continue
		}
		prng := p.parentRange
		l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Provider type mismatch", Subject: &prng,
			Detail: fmt.Sprintf("The local name %q in %s represents provider %q, but %q in %s represents %q: each provider has its own configuration schema, so %q of the child can be assigned only a configuration for %s, which %s does not require.",
				p.inParent, moduleText(m), displaySource(parentType), p.inChild, moduleText(child), displaySource(childType),
				p.inChild, displaySource(childType), moduleText(m))})
	}
}

// isDefaultProvider says whether src (as providerSource writes it) is a
// provider of the engine's default registry in the hashicorp namespace.
func (l *loader) isDefaultProvider(src string) bool {
	return strings.HasPrefix(src, "registry.terraform.io/hashicorp/") ||
		l.engine == tffile.OpenTofu && strings.HasPrefix(src, "registry.opentofu.org/hashicorp/")
}

// checkCallInputs checks call c of module m against the variables of its
// module, child: arguments it declares no variable for and required
// variables not set, reported once per call (as terraform validate does,
// whatever the call's count or for_each).
func (l *loader) checkCallInputs(m *Module, c *CallDecl, child *Module) {
	iface := &config.ModuleInterface{}
	for _, n := range sortedKeys(child.Variables) {
		iface.Variables = append(iface.Variables, config.ModuleVariable{Name: n, Required: child.Variables[n].Default == nil})
	}
	addr := m.Name() + "module." + c.Name
	call := config.ModuleCall{Address: addr, Module: fmt.Sprintf("module %q", c.Name), InputsIn: "the module block " + addr,
		DeclRange: c.DeclRange, OpenBrace: c.OpenBrace}
	for _, in := range c.Inputs {
		call.Arguments = append(call.Arguments, config.ModuleArgument{Name: in.Name, Range: in.Range})
	}
	sort.Slice(call.Arguments, func(i, j int) bool { return call.Arguments[i].Range.Start.Byte < call.Arguments[j].Range.Start.Byte })
	l.diags = append(l.diags, iface.CheckCall(call)...)
}
