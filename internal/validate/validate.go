// Package validate checks a configuration against provider schemas before
// Terraform runs: every resource, data source, ephemeral resource and
// provider body is compared with its schema, and each problem is reported
// with its attribute path (aws_instance.web.ebs_block_device[0].volume_size)
// and the place it was declared (Go file:line, .tsx line, .tf range).
//
// It reports missing required attributes, unknown attributes and blocks
// (with a did-you-mean), computed-only attributes set by the user, literal
// values of the wrong type, too few or too many nested blocks, unknown
// resource, data source and ephemeral resource types, and deprecated
// attributes and blocks (as warnings), and references to attributes a
// resource's schema does not have (aws_vpc.main.cidr). Values of nested attributes
// (protocol 6) are checked object by object in the same ways, with paths
// into them (settings.mode, rules[1].port). Types nobody has a schema for
// are left alone: schemas help, they do not gate.
//
// This package must never import a front end or write text.
package validate

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/schema"
	"github.com/tfkit/tfkit/tffile"
)

// Config checks every resource, data source (also those scoped in check
// blocks), ephemeral resource and provider block of cfg against the
// schemas of providers.
//
// References to attributes that a resource's, data source's or ephemeral
// resource's schema lacks (aws_vpc.main.cidr) are reported too, and so
// are calls of provider functions the provider's schema does not offer.
//
// A large configuration is checked on all processors, in runs of blocks
// whose diagnostics are joined in the order of the blocks, so the result
// is the same as one pass over them.
func Config(cfg *config.Config, providers []*schema.Provider) diag.Diagnostics {
	units := checkUnits(cfg, providers, nil, false, "")
	var bodies, refs, fns diag.Diagnostics
	for _, u := range units {
		bodies = append(bodies, u.body...)
		refs = append(refs, u.refs...)
		fns = append(fns, u.fns...)
	}
	return append(append(bodies, refs...), fns...)
}

// AsEngine checks cfg as terraform validate checks a root module: what
// Config checks, and references to what cfg does not declare (an input
// variable, local value, module call, resource, data source or ephemeral
// resource), in the engines' words. Like the engine, it leaves out what
// depends on something with an error (by a reference, depends_on, or the
// provider configuration a resource uses): the engine does not check it
// then; and in a block whose body does not decode against its schema, it
// reports no computed attribute set and no deprecation. The diagnostics
// are in the order of the blocks.
//
// The child modules in children (ReadChildren: those of local module
// calls, and theirs) are checked too, as the engine checks every module of
// the configuration: in the same ways, with the engine's words naming the
// module (has not been declared in module.net) and paths from the root
// module (module.net.aws_subnet.a.cidr), after the root module's
// diagnostics, depth first in the order of the calls' names. Warnings are
// reported as errors are. A reference to a module call's output is
// checked against the outputs its child module declares, and anything
// that refers to a module call whose module has an error is not checked,
// as the engine does not check it. Calls children does not name are not
// checked.
//
// When a child module cannot be loaded (its directory is not there, its
// files do not parse, it calls itself), that is what the engine reports,
// and all it reports: it checks nothing of a configuration whose modules
// do not load. Next the engine matches the arguments of the module calls
// with the child modules' input variables (a required one missing, one
// not declared), and when one does not match, reports that alone.
func AsEngine(cfg *config.Config, providers []*schema.Provider, children Children) diag.Diagnostics {
	loaded := children.loadDiagnostics()
	if loaded.HasErrors() {
		return loaded
	}
	if ds := children.callArguments(cfg); ds.HasErrors() {
		return append(loaded, ds...)
	}
	ds, _ := checkModule(cfg, providers, children, "")
	return append(loaded, ds...)
}

// checkModule checks cfg, the module of address module ("" for the root
// module), and its children, as AsEngine does, and reports whether
// something of it has an error.
func checkModule(cfg *config.Config, providers []*schema.Provider, children Children, module string) (diag.Diagnostics, bool) {
	var below diag.Diagnostics
	failed := map[string]bool{}
	for _, name := range children.names() {
		child := children[name]
		if child.Config == nil {
			continue
		}
		addr := child.Module
		if addr == "" {
			addr = "module." + name
			if module != "" {
				addr = module + "." + addr
			}
		}
		ds, bad := checkModule(child.Config, providers, child.Children, addr)
		below = append(below, ds...)
		failed["module."+name] = bad
	}
	units := checkUnits(cfg, providers, children, true, module)
	for i := range units {
		if failed[units[i].name] {
			units[i].failed = true
		}
	}
	ds := withoutDependents(units)
	if module != "" {
		for _, d := range ds {
			if d.Path != "" {
				d.Path = module + "." + d.Path
			}
		}
	}
	ds = append(ds, below...)
	return ds, ds.HasErrors()
}

// checkUnits checks the blocks of cfg, the module of address module ("" for
// the root module), on all processors when there are many, and returns
// what each unit of the configuration gave, in order.
func checkUnits(cfg *config.Config, providers []*schema.Provider, children Children, engine bool, module string) []unit {
	proto := checker{providers: indexProviders(cfg, providers), used: usedProviders(cfg), declared: declare(cfg), children: children, engine: engine, module: module}
	results := make([][]unit, len(cfg.Blocks))
	run := func(from, to int) {
		c := proto
		for i := from; i < to; i++ {
			results[i] = c.block(cfg.Blocks[i])
		}
	}
	workers := min(runtime.GOMAXPROCS(0), len(cfg.Blocks)/minBlocksPerWorker)
	if workers <= 1 {
		run(0, len(cfg.Blocks))
	} else {
		var wg sync.WaitGroup
		per := (len(cfg.Blocks) + workers - 1) / workers
		for w := range workers {
			from, to := w*per, min((w+1)*per, len(cfg.Blocks))
			wg.Go(func() { run(from, to) })
		}
		wg.Wait()
	}
	var out []unit
	for _, us := range results {
		out = append(out, us...)
	}
	return out
}

// minBlocksPerWorker is how many top-level blocks make a run worth a
// goroutine of its own.
const minBlocksPerWorker = 256

// block checks one top-level block and the blocks scoped in it: its body
// against the schema, the references and the function calls in it. A
// locals block is a unit for each local value, which the engine checks
// one by one; any other block is one unit.
func (c *checker) block(b *config.Block) []unit {
	if b.Type != "locals" {
		u := unit{name: nodeName(b)}
		c.diags = nil
		c.topLevel(b)
		for _, nb := range scoped(b) {
			c.topLevel(nb)
		}
		u.body = c.diags
		body := b.Body
		if c.engine && c.invalidType(b) {
			body = metaArguments(b)
		}
		c.expressions(b, body, &u)
		return []unit{u}
	}
	var out []unit
	for _, a := range b.Body.Attributes() {
		u := unit{name: "local." + a.Name}
		c.expressions(b, &config.Body{Items: []config.Item{a}}, &u)
		out = append(out, u)
	}
	return out
}

// invalidType reports whether b is a resource, data source or ephemeral
// resource of a type its provider's schema does not have.
func (c *checker) invalidType(b *config.Block) bool {
	if len(b.Labels) != 2 {
		return false
	}
	p := c.providerFor(b, b.Labels[0])
	if p == nil {
		return false
	}
	switch b.Type {
	case "resource":
		return p.Resource(b.Labels[0]) == nil
	case "data":
		return p.DataSource(b.Labels[0]) == nil
	case "ephemeral":
		return p.EphemeralResource(b.Labels[0]) == nil
	}
	return false
}

// metaArguments is the part of the body of b, a resource of a type that
// has no schema, in which the engine finds references: without a schema
// it reads no argument of the provider's, only count, for_each,
// depends_on, provider and the lifecycle, provisioner and connection
// blocks. So it neither waits for what the other arguments refer to, nor
// reports their references to what is not declared.
func metaArguments(b *config.Block) *config.Body {
	body := &config.Body{}
	for _, it := range b.Body.Items {
		switch it := it.(type) {
		case *config.Attribute:
			switch it.Name {
			case "count", "for_each", "depends_on", "provider":
				body.Items = append(body.Items, it)
			}
		case *config.Block:
			switch it.Type {
			case "lifecycle", "provisioner", "connection":
				body.Items = append(body.Items, it)
			}
		}
	}
	return body
}

// expressions checks the references and function calls in body, of the
// top-level block b, into u.
func (c *checker) expressions(b *config.Block, body *config.Body, u *unit) {
	c.diags, c.late = nil, nil
	c.referencesIn(body, b.Address(), b.DeclRange)
	if c.engine {
		c.dependencies(b, body, u)
		// The engine evaluates a body in steps, and stops at the first
		// that fails: references to resources, data sources, module
		// calls and their attributes, then input variables and local
		// values, then the body against the schema.
		switch {
		case c.diags.HasErrors():
			u.body = nil
		case c.late.HasErrors():
			u.body = nil
			c.diags = append(c.diags, c.late...)
		}
	}
	u.refs = c.diags
	c.diags = nil
	c.functionsIn(body, b.Address(), b.DeclRange)
	u.fns = c.diags
	c.diags = nil
}

// Warnings returns ds with every error made a warning, for schemas that
// may be older than the providers the engine installs (an attribute a
// newer provider added would be an error otherwise): the configuration is
// written as it is, and Terraform has the last word. ds is changed in
// place.
func Warnings(ds diag.Diagnostics) diag.Diagnostics {
	for _, d := range ds {
		if d.Severity == diag.Error {
			d.Severity = diag.Warning
		}
	}
	return ds
}

type checker struct {
	providers map[string]*schema.Provider // local name → schema
	diags     diag.Diagnostics
	// used are the provider configurations that something in the
	// configuration may use; Terraform checks no other.
	used *providerUses
	// declared is what the configuration declares, for references.
	declared *declarations
	// children are the child modules of module calls, for their outputs.
	children Children
	// module is the address of the module checked (module.net), for the
	// engine's words; "" for the root module.
	module string
	// sdk is set while checking the body of a resource whose provider
	// words its diagnostics as the plugin SDK does (sdkWords).
	sdk bool
	// engine is set to check as terraform validate does (AsEngine).
	engine bool
	// late are the references to input variables and local values not
	// declared, which the engine reports after the others.
	late diag.Diagnostics
	// afterDecode are the diagnostics of the block being checked that
	// the engine gives only once the body decodes against the schema:
	// computed attributes set, deprecations.
	afterDecode []*diag.Diagnostic
}

// markAfterDecode marks the last diagnostic as one the engine gives only
// when the body has no other error (afterDecode).
func (c *checker) markAfterDecode() {
	c.afterDecode = append(c.afterDecode, c.diags[len(c.diags)-1])
}

// dropAfterDecode drops, from the diagnostics of one block (from index
// start on), those marked afterDecode when another is an error: the
// engine decodes a body against its schema first, and when that fails it
// reports no computed attribute set and no deprecation of the block.
func (c *checker) dropAfterDecode(start int) {
	if len(c.afterDecode) == 0 {
		return
	}
	marked := c.afterDecode
	c.afterDecode = c.afterDecode[:0]
	if !slices.ContainsFunc(c.diags[start:], func(d *diag.Diagnostic) bool {
		return d.Severity == diag.Error && !slices.Contains(marked, d)
	}) {
		return
	}
	c.diags = slices.DeleteFunc(c.diags, func(d *diag.Diagnostic) bool { return slices.Contains(marked, d) })
}

// providerUses are the provider configurations a configuration's
// resources, data sources, ephemeral resources, import blocks and module
// calls use.
type providerUses struct {
	// names are configurations by local name, and alias after a dot
	// (aws, aws.west).
	names map[string]bool
	// defaults is set when a module call passes no providers: the module
	// may use every default (unaliased) configuration.
	defaults bool
}

// usedProviders finds the provider configurations cfg uses, or nil when
// cfg has no provider block (no need to know then).
func usedProviders(cfg *config.Config) *providerUses {
	if !slices.ContainsFunc(cfg.Blocks, func(b *config.Block) bool { return b.Type == config.KindProvider.Type }) {
		return nil
	}
	return providerUsesOf(cfg)
}

// ProvidersUsed are the local names of the providers cfg needs: those its
// resources, data sources, ephemeral resources, import blocks and module
// calls use (by their type or a provider meta-argument), and those its
// provider blocks configure.
func ProvidersUsed(cfg *config.Config) map[string]bool {
	out := map[string]bool{}
	for name := range providerUsesOf(cfg).names {
		local, _, _ := strings.Cut(name, ".")
		out[local] = true
	}
	for _, b := range cfg.Blocks {
		if b.Type == config.KindProvider.Type && len(b.Labels) == 1 {
			out[b.Labels[0]] = true
		}
	}
	return out
}

// providerUsesOf finds the provider configurations cfg uses.
func providerUsesOf(cfg *config.Config) *providerUses {
	u := &providerUses{names: map[string]bool{}}
	for _, b := range cfg.Blocks {
		switch b.Type {
		case config.KindModule.Type:
			a := b.Body.Attribute("providers")
			if a == nil {
				u.defaults = true
				continue
			}
			if o, ok := a.Expr.(*config.Object); ok {
				for _, it := range o.Items {
					u.reference(it.Value)
				}
			} else {
				u.defaults = true // read as Terraform may: it passes something
			}
		case "import":
			if a := b.Body.Attribute("provider"); a != nil {
				u.reference(a.Expr)
			}
		default:
			u.resource(b)
			for _, nb := range scoped(b) {
				u.resource(nb)
			}
		}
	}
	return u
}

// resource records the provider configuration of a resource, data source
// or ephemeral resource: its provider meta-argument, else the default
// configuration of the provider its type's prefix names.
func (u *providerUses) resource(b *config.Block) {
	k, ok := config.KindOf(b.Type)
	if !ok || !k.ProviderSchema || k.Refer != config.ByAddress || len(b.Labels) != 2 {
		return
	}
	if a := b.Body.Attribute("provider"); a != nil {
		u.reference(a.Expr)
		return
	}
	u.names[tffile.ImpliedProvider(b.Labels[0])] = true
}

// reference records the provider configuration x refers to (aws,
// aws.west).
func (u *providerUses) reference(x config.Expr) {
	trs, ok := config.StaticReferences(x)
	if !ok || len(trs) != 1 {
		return
	}
	name := trs[0].RootName()
	if len(trs[0]) > 1 {
		if a, ok := trs[0][1].(hcl.TraverseAttr); ok {
			name += "." + a.Name
		}
	}
	u.names[name] = true
}

// uses reports whether the provider block b may be used.
func (u *providerUses) uses(b *config.Block) bool {
	if u == nil || len(b.Labels) != 1 {
		return true
	}
	if alias, ok := b.Body.StringAttr("alias"); ok {
		return u.names[b.Labels[0]+"."+alias]
	}
	if b.Body.Attribute("alias") != nil {
		return true // an alias that is not a literal: it cannot be told
	}
	return u.defaults || u.names[b.Labels[0]]
}

// indexProviders maps the local names a configuration uses to provider
// schemas, as the reader of Terraform files does for JSON.
func indexProviders(cfg *config.Config, providers []*schema.Provider) map[string]*schema.Provider {
	return tffile.ProviderSchemas(cfg, providers)
}

// scoped are the blocks nested in b that a provider's schema describes,
// as it describes top-level ones: the data sources of a check block.
func scoped(b *config.Block) []*config.Block {
	k, ok := config.KindOf(b.Type)
	if !ok {
		return nil
	}
	var out []*config.Block
	for _, s := range k.Blocks {
		if s.ProviderSchema {
			out = append(out, b.Body.Blocks(s.Type)...)
		}
	}
	return out
}

// topLevel checks a block whose body a provider's schema describes: a
// resource, data source, ephemeral resource (by its type) or provider.
func (c *checker) topLevel(b *config.Block) {
	start := len(c.diags)
	c.afterDecode = c.afterDecode[:0]
	c.checkTopLevel(b)
	if c.engine {
		c.dropAfterDecode(start)
	}
}

func (c *checker) checkTopLevel(b *config.Block) {
	k, ok := config.KindOf(b.Type)
	if !ok || !k.ProviderSchema {
		return
	}
	switch k.Refer {
	case config.ByAddress:
		if len(b.Labels) != 2 {
			return
		}
		typ := b.Labels[0]
		p := c.providerFor(b, typ)
		if p == nil {
			return
		}
		kinds, list, summary, noun := p.Resources, p.Resource, "Invalid resource type", "resource type"
		switch b.Type {
		case "data":
			kinds, list, summary, noun = p.DataSources, p.DataSource, "Invalid data source", "data source"
		case "ephemeral":
			kinds, list, summary, noun = p.EphemeralResources, p.EphemeralResource, "Invalid ephemeral resource", "ephemeral resource"
		}
		rs := list(typ)
		if rs == nil {
			// The engine's words: terraform validate's summary and
			// detail; the did-you-mean is the hint.
			detail := fmt.Sprintf("The provider %s does not support %s %q.", providerForDisplay(p.Source), noun, typ)
			hint := ""
			if b.Type == "resource" && p.DataSource(typ) != nil {
				detail += fmt.Sprintf("\n\nDid you intend to use the data source %q? If so, declare this using a \"data\" block instead of a \"resource\" block.", typ)
			} else {
				names := make([]string, len(kinds))
				for i, r := range kinds {
					names[i] = r.Type
				}
				hint = diag.DidYouMean(typ, names)
			}
			c.add(diag.Error, labelRange(b, b.DeclRange), b.Address(), summary, detail, hint)
			return
		}
		c.sdk = sdkWords(rs.Block)
		c.body(b.Body, rs.Block, b.Address(), missingRange(b, b.DeclRange), true)
		c.sdk = false
		if b.Type == "resource" {
			c.ignoreChanges(b, rs.Block)
		}
	case config.ByConfiguration:
		if len(b.Labels) != 1 {
			return
		}
		// Terraform checks the provider configurations that something
		// uses, and drops the others unchecked.
		if p := c.providers[b.Labels[0]]; p != nil && c.used.uses(b) {
			c.providerBody(b, p)
		}
	}
}

// ignoreChanges checks the names a resource's lifecycle.ignore_changes
// lists against the resource type's schema, as the engine does once the
// body decodes (both are marked afterDecode): a name the schema does not
// have is an error, one the provider alone decides (computed, not
// optional) a warning that it has no effect. Only the first step of each
// path is checked.
func (c *checker) ignoreChanges(b *config.Block, sch *schema.Block) {
	for _, lc := range b.Body.Blocks("lifecycle") {
		a := lc.Body.Attribute("ignore_changes")
		if a == nil {
			continue
		}
		trs, ok := config.StaticReferences(a.Expr)
		if !ok {
			continue // the keyword all, or a mistake config.Validate reports
		}
		// Each name is reported where it was written (the model keeps
		// no ranges of its own for them).
		var items []hcl.Expression
		if a.Source != nil {
			items, _ = hcl.ExprList(a.Source)
		}
		path := b.Address() + ".lifecycle.ignore_changes"
		failed := false
		for i, tr := range trs {
			name := tr.RootName()
			if len(tr) == 1 && name == "all" {
				continue
			}
			rng := where(tr.SourceRange(), where(a.Range, b.DeclRange))
			if len(items) == len(trs) {
				rng = nameRange(items[i], name)
			}
			if attr := sch.Attribute(name); attr != nil {
				// The engine warns only while no name has failed.
				if attr.Computed && !attr.Optional && !failed {
					c.add(diag.Warning, labelRange(b, b.DeclRange), path, "Redundant ignore_changes element",
						"Adding an attribute name to ignore_changes tells Terraform to ignore future changes to the argument in configuration after the object has been created, retaining the value originally configured.\n\n"+
							fmt.Sprintf("The attribute %s is decided by the provider alone and therefore there can be no configured value to compare with. Including this attribute in ignore_changes has no effect. Remove the attribute from ignore_changes to quiet this warning.", name),
						"remove "+name+" from ignore_changes")
					c.markAfterDecode()
				}
				continue
			}
			if sch.NestedBlock(name) != nil {
				continue
			}
			var candidates []string
			for _, at := range sch.Attributes {
				candidates = append(candidates, at.Name)
			}
			for _, nb := range sch.Blocks {
				candidates = append(candidates, nb.Name)
			}
			c.add(diag.Error, rng, path, "Unsupported attribute",
				fmt.Sprintf("This object has no argument, nested block, or exported attribute named %q.", name),
				hintOr(diag.DidYouMean(name, candidates), fmt.Sprintf("list attributes of %s %q in ignore_changes", kindNoun(b.Type), b.Labels[0])))
			c.markAfterDecode()
			failed = true
		}
	}
}

// nameRange is where the first name of the path written as item was, as
// the engine reports it: from the item's start (a JSON string's quote).
func nameRange(item hcl.Expression, name string) hcl.Range {
	r := item.Range()
	n := len(name)
	if strings.HasSuffix(r.Filename, ".json") {
		n += 2 // the quotes
	}
	if r.End.Byte-r.Start.Byte > n {
		r.End = r.Start
		r.End.Column += n
		r.End.Byte += n
	}
	return r
}

// sdkWords reports whether the provider of a resource of schema rs words
// the diagnostics it gives itself (a computed attribute set, a
// deprecation) as providers built on the plugin SDK do, rather than as
// those built on the plugin framework: the SDK gives every resource an
// optional and computed id, the framework none.
func sdkWords(rs *schema.Block) bool {
	id := rs.Attribute("id")
	return id != nil && id.Optional && id.Computed
}

// providerForDisplay is a provider's source address as the engines show
// it: without the host of their default registry (hashicorp/aws).
func providerForDisplay(source string) string {
	for _, host := range []string{"registry.terraform.io/", "registry.opentofu.org/"} {
		if rest, ok := strings.CutPrefix(source, host); ok {
			return rest
		}
	}
	return source
}

// providerFor finds the schema of the provider serving a resource type:
// the provider meta-argument when set, else the type's prefix.
func (c *checker) providerFor(b *config.Block, typ string) *schema.Provider {
	return tffile.ProviderOf(c.providers, b, typ)
}

func (c *checker) providerBody(b *config.Block, p *schema.Provider) {
	// alias and version are Terraform's own provider arguments.
	body := &config.Body{}
	for _, it := range b.Body.Items {
		if a, ok := it.(*config.Attribute); ok && config.KindProvider.Owns(a.Name) {
			continue
		}
		body.Items = append(body.Items, it)
	}
	if len(body.Items) == 0 {
		// Terraform does not check a provider block that sets only its
		// own arguments (an alias), nor does the provider.
		return
	}
	c.body(body, p.Config, b.Address(), missingRange(b, b.DeclRange), false)
}

func (c *checker) add(sev diag.Severity, rng hcl.Range, path, summary, detail, suggestion string) {
	r := rng
	d := &diag.Diagnostic{Severity: sev, Summary: summary, Detail: detail, Path: path, Suggestion: suggestion}
	if r.Filename != "" || r.Start.Line != 0 {
		d.Subject = &r
	}
	c.diags = append(c.diags, d)
}

// valueRange is where an attribute's value was written, as Terraform
// places the problems of a value (its type, setting a computed attribute,
// a deprecated one), else fallback.
func valueRange(a *config.Attribute, fallback hcl.Range) hcl.Range {
	if a.Source != nil {
		if r := a.Source.Range(); r.Filename != "" && r.Start.Line != 0 {
			return r
		}
	}
	return fallback
}

func where(r, fallback hcl.Range) hcl.Range {
	if r.Filename != "" || r.Start.Line != 0 {
		return r
	}
	return fallback
}

// missingRange is where Terraform reports what the body of b lacks (a
// required argument, a nested block) and a nested block too many
// (config.Block.MissingRange), else fallback.
func missingRange(b *config.Block, fallback hcl.Range) hcl.Range {
	return where(b.MissingRange(), fallback)
}

// typeRange is where the type of block b was written, else its
// declaration, else fallback.
func typeRange(b *config.Block, fallback hcl.Range) hcl.Range {
	return where(b.TypeRange, where(b.DeclRange, fallback))
}

// labelRange is where the first label of block b was written, else its
// declaration, else fallback.
func labelRange(b *config.Block, fallback hcl.Range) hcl.Range {
	if len(b.LabelRanges) > 0 {
		return where(b.LabelRanges[0], where(b.DeclRange, fallback))
	}
	return where(b.DeclRange, fallback)
}

// body checks one block body against its schema. top is true for the body
// of a resource or data source, where meta-arguments are allowed. rng is
// where what the body lacks is reported (missingRange).
func (c *checker) body(body *config.Body, sch *schema.Block, path string, rng hcl.Range, top bool) {
	set := map[string]bool{}
	blockCounts := map[string]int{}
	// blocksOf are the blocks of each type, in order, so that "too many"
	// can point at the first one too many.
	blocksOf := map[string][]*config.Block{}
	dynamicTypes := map[string]bool{}
	// nulls are the attributes set to null, which is not setting them.
	var nulls map[string]*config.Attribute
	for _, it := range body.Items {
		switch it := it.(type) {
		case *config.Attribute:
			// Meta-arguments are Terraform's, never a provider's schema.
			if top && config.KindResource.Owns(it.Name) {
				continue
			}
			set[it.Name] = true
			if isNull(it.Expr) {
				if nulls == nil {
					nulls = map[string]*config.Attribute{}
				}
				nulls[it.Name] = it
			}
			c.attribute(it, sch, path, rng)
		case *config.Block:
			if top && config.KindResource.Owns(it.Type) {
				continue
			}
			if it.Type == "dynamic" {
				c.dynamic(it, sch, path, rng, dynamicTypes)
				if len(it.Labels) == 1 && sch.Attribute(it.Labels[0]) != nil {
					set[it.Labels[0]] = true // an attribute written as dynamic blocks
				}
				continue
			}
			if c.extraneousLabel(it, sch, path, rng) {
				continue // Terraform leaves the block out
			}
			if sch.NestedBlock(it.Type) == nil && sch.Attribute(it.Type) != nil {
				set[it.Type] = true // an attribute written as blocks
			}
			i := blockCounts[it.Type]
			blockCounts[it.Type]++
			blocksOf[it.Type] = append(blocksOf[it.Type], it)
			c.nestedBlock(it, i, sch, path, rng)
		}
	}
	for _, a := range sch.Attributes {
		if a.Required && !set[a.Name] {
			c.add(diag.Error, rng, path+"."+a.Name, "Missing required argument",
				fmt.Sprintf("The argument %q is required, but no definition was found.", a.Name), fmt.Sprintf("set %s (%s)", a.Name, typeName(a.Type)))
		} else if na := nulls[a.Name]; a.Required && na != nil {
			// The provider rejects it, at the null.
			c.add(diag.Error, valueRange(na, where(na.Range, rng)), path+"."+a.Name, "Missing required argument",
				fmt.Sprintf("The argument %q is required, but no definition was found.", a.Name), fmt.Sprintf("set %s to a value (%s): null does not set it", a.Name, typeName(a.Type)))
		}
	}
	for _, nb := range sch.Blocks {
		if dynamicTypes[nb.Name] {
			continue // generated blocks are counted by Terraform
		}
		n := blockCounts[nb.Name]
		max := nb.MaxItems
		if nb.Nesting == schema.NestingSingle || nb.Nesting == schema.NestingGroup {
			max = 1
		}
		switch {
		case n < nb.MinItems:
			c.add(diag.Error, rng, path+"."+nb.Name, fmt.Sprintf("Insufficient %s blocks", nb.Name),
				fmt.Sprintf("At least %d %q blocks are required.", nb.MinItems, nb.Name),
				fmt.Sprintf("%s needs at least %d %s block(s), it has %d: add a %s block", path, nb.MinItems, nb.Name, n, nb.Name))
		case max > 0 && n > max:
			// The diagnostic points at the first block too many, as
			// Terraform does: at its body for a list or set, at its
			// declaration for a single block; the first block of the
			// type is related.
			bs := blocksOf[nb.Name]
			first := where(bs[0].DeclRange, rng)
			if nb.Nesting == schema.NestingSingle || nb.Nesting == schema.NestingGroup {
				detail := fmt.Sprintf("Only one block of type %q is allowed.", nb.Name)
				if r := typeRange(bs[0], hcl.Range{}); r.Filename != "" {
					detail += fmt.Sprintf(" Previous definition was at %s.", r)
				}
				c.add(diag.Error, where(bs[1].DeclRange, rng), path+"."+nb.Name, fmt.Sprintf("Duplicate %s block", nb.Name), detail,
					fmt.Sprintf("%s allows only one %s block, it has %d: merge them into one", path, nb.Name, n))
			} else {
				c.add(diag.Error, missingRange(bs[max], rng), path+"."+nb.Name, fmt.Sprintf("Too many %s blocks", nb.Name),
					fmt.Sprintf("No more than %d %q blocks are allowed", max, nb.Name),
					fmt.Sprintf("%s allows at most %d %s block(s), it has %d: remove the %s block(s) after the first %d", path, max, nb.Name, n, nb.Name, max))
			}
			if last := c.diags[len(c.diags)-1]; first != where(bs[max].DeclRange, rng) {
				last.Related = append(last.Related, diag.Related{Message: "first " + nb.Name + " block", Range: first})
			}
		}
	}
}

// deprecated is the summary of the warning for a deprecated attribute or
// block (what), in the provider's words (sdkWords).
func (c *checker) deprecated(what string) string {
	if c.sdk {
		return "Argument is deprecated"
	}
	return what + " Deprecated"
}

func (c *checker) attribute(a *config.Attribute, sch *schema.Block, path string, rng hcl.Range) {
	apath := path + "." + a.Name
	arng := where(a.Range, rng)
	sa := sch.Attribute(a.Name)
	if sa == nil {
		if sch.NestedBlock(a.Name) != nil {
			c.add(diag.Error, arng, apath, unsupportedArgument, blockAsArgumentDetail(a.Name),
				fmt.Sprintf("write it as a nested block: %s { ... }", a.Name))
			return
		}
		hint := diag.DidYouMean(a.Name, attributeNames(sch))
		if hint == "" {
			// A misspelt block written as an argument (always so in JSON).
			hint = diag.DidYouMean(a.Name, blockNames(sch))
		}
		c.add(diag.Error, arng, apath, unsupportedArgument,
			fmt.Sprintf("An argument named %q is not expected here.", a.Name), hint)
		return
	}
	if sa.ComputedOnly() {
		if isNull(a.Expr) {
			return // null is not setting it, for Terraform
		}
		// The provider's words, not the engine's: the provider
		// reports it.
		summary, detail := "Invalid Configuration for Read-Only Attribute",
			"Cannot set value for this attribute as the provider has marked it as read-only. Remove the configuration line setting the value.\n\n"+
				"Refer to the provider documentation or contact the provider developers for additional information about configurable and read-only attributes that are supported."
		if c.sdk {
			summary, detail = "Value for unconfigurable attribute",
				fmt.Sprintf("Can't configure a value for %q: its value will be decided automatically based on the result of applying this configuration.", a.Name)
		}
		c.add(diag.Error, valueRange(a, arng), apath, summary, detail, fmt.Sprintf("remove %s, or read it with a reference instead", a.Name))
		c.markAfterDecode()
		return
	}
	if sa.Deprecated && !isNull(a.Expr) {
		c.add(diag.Warning, valueRange(a, arng), apath, c.deprecated("Attribute"), deprecationNote(sa.Description), "")
		c.markAfterDecode()
	}
	if sa.NestedType != nil && c.nestedValue(a.Expr, sa.NestedType, apath, arng) {
		return
	}
	if c.objectsValue(a, sa, apath, valueRange(a, arng)) {
		return
	}
	if v, ok := config.StaticValue(a.Expr); ok && !v.IsNull() {
		if _, err := convert.Convert(v, sa.Type); err != nil {
			c.add(diag.Error, valueRange(a, arng), apath, "Incorrect attribute value type",
				fmt.Sprintf("Inappropriate value for attribute %q: %s.", a.Name, err), fmt.Sprintf("%s takes %s", a.Name, typeName(sa.Type)))
		}
	}
}

// extraneousLabel reports a nested block with more labels than its type
// takes (none, but one for the key of a map of blocks), which Terraform
// leaves out of the body: it is neither counted nor checked further.
func (c *checker) extraneousLabel(b *config.Block, sch *schema.Block, path string, rng hcl.Range) bool {
	want := 0
	if nb := sch.NestedBlock(b.Type); nb != nil {
		if nb.Nesting == schema.NestingMap {
			want = 1
		}
	} else if a := sch.Attribute(b.Type); a == nil || a.ComputedOnly() {
		return false
	} else if _, ok := tffile.BlocksAsAttribute(a); !ok {
		return false
	}
	if len(b.Labels) <= want {
		return false
	}
	r := where(b.DeclRange, rng)
	if want < len(b.LabelRanges) {
		r = where(b.LabelRanges[want], r)
	}
	detail := fmt.Sprintf("No labels are expected for %s blocks.", b.Type)
	if want == 1 {
		detail = fmt.Sprintf("Only one label, the key, is expected for %s blocks.", b.Type)
	}
	c.add(diag.Error, r, path+"."+b.Type, fmt.Sprintf("Extraneous label for %s", b.Type), detail,
		fmt.Sprintf("remove the label %q", b.Labels[want]))
	return true
}

func (c *checker) nestedBlock(b *config.Block, i int, sch *schema.Block, path string, rng hcl.Range) {
	nb := sch.NestedBlock(b.Type)
	brng := where(b.DeclRange, rng)
	trng := typeRange(b, rng)
	if nb == nil {
		if a := sch.Attribute(b.Type); a != nil && !a.ComputedOnly() {
			if obj, ok := tffile.BlocksAsAttribute(a); ok {
				epath := fmt.Sprintf("%s.%s[%d]", path, b.Type, i)
				// Terraform accepts blocks for a list or set of objects
				// (attributes in block syntax, as aws 3.x's ingress).
				c.body(b.Body, obj, epath, missingRange(b, rng), false)
				return
			}
		}
		if sch.Attribute(b.Type) != nil {
			c.add(diag.Error, trng, path+"."+b.Type, "Unsupported block type",
				fmt.Sprintf("Blocks of type %q are not expected here. Did you mean to define argument %q? If so, use the equals sign to assign it a value.", b.Type, b.Type),
				fmt.Sprintf("write %s = { ... } or %s = [ ... ]", b.Type, b.Type))
			return
		}
		c.add(diag.Error, trng, path+"."+b.Type, "Unsupported block type",
			fmt.Sprintf("Blocks of type %q are not expected here.", b.Type), diag.DidYouMean(b.Type, blockNames(sch)))
		return
	}
	npath := fmt.Sprintf("%s.%s[%d]", path, b.Type, i)
	if nb.Nesting == schema.NestingMap {
		if len(b.Labels) == 1 {
			npath = fmt.Sprintf("%s.%s[%q]", path, b.Type, b.Labels[0])
		} else {
			c.add(diag.Error, missingRange(b, rng), npath, fmt.Sprintf("Missing key label on %s block", b.Type), "Blocks of this type are a map and need one label as their key.", "")
		}
	} else if nb.Nesting == schema.NestingSingle || nb.Nesting == schema.NestingGroup {
		npath = path + "." + b.Type
	}
	if nb.Block.Deprecated {
		c.add(diag.Warning, brng, npath, c.deprecated("Block"), deprecationNote(nb.Block.Description), "")
		c.markAfterDecode()
	}
	c.body(b.Body, nb.Block, npath, missingRange(b, rng), false)
}

// objectsValue checks the value of a list or set of objects attribute
// (not a nested attribute) written as objects, which Terraform converts to
// the attribute's type: an object alone is no list, and each object must
// give every attribute of the element type (null for none), while keys
// the type lacks are dropped. Like Terraform, it reports the first problem
// only. It reports whether it could look inside the value; when not, the
// caller checks the value as a whole.
func (c *checker) objectsValue(a *config.Attribute, sa *schema.Attribute, path string, rng hcl.Range) bool {
	switch a.Expr.(type) {
	case *config.Object, *config.Tuple, *config.Paren:
	default:
		// A reference, a call: its objects are not written out; a
		// literal value is converted whole by the caller.
		return false
	}
	t := sa.Type
	if sa.NestedType != nil || !(t.IsListType() || t.IsSetType()) || !t.ElementType().IsObjectType() {
		return false
	}
	obj, ok := tffile.BlocksAsAttribute(sa)
	if !ok {
		return false
	}
	inappropriate := func(what, hint string) {
		c.add(diag.Error, rng, path, "Incorrect attribute value type",
			fmt.Sprintf("Inappropriate value for attribute %q: %s.", a.Name, what), hint)
	}
	if _, ok := objectItems(a.Expr); ok {
		inappropriate(collectionNoun(sa.Type)+" of object required", "put the object in a list: [{ ... }]")
		return true
	}
	elems, ok := tupleItems(a.Expr)
	if !ok {
		return false
	}
	for i, e := range elems {
		items, ok := objectItems(e)
		if !ok {
			if isNull(e) {
				continue
			}
			if _, static := config.StaticValue(e); static {
				return false // the value as a whole says what is wrong
			}
			continue
		}
		given := map[string]bool{}
		for _, it := range items {
			given[it.key] = true
		}
		var missing []string
		for _, oa := range obj.Attributes {
			if !given[oa.Name] {
				missing = append(missing, fmt.Sprintf("%q", oa.Name))
			}
		}
		if len(missing) > 0 {
			what := "attribute " + missing[0] + " is"
			if n := len(missing); n > 1 {
				what = "attributes " + strings.Join(missing[:n-1], ", ") + " and " + missing[n-1] + " are"
				if n > 2 {
					what = "attributes " + strings.Join(missing[:n-1], ", ") + ", and " + missing[n-1] + " are"
				}
			}
			inappropriate(fmt.Sprintf("element %d: %s required", i, what), "give every attribute of each object, null for the ones not wanted")
			return true
		}
	}
	for i, e := range elems {
		items, _ := objectItems(e)
		for _, it := range items {
			oa := obj.Attribute(it.key)
			if oa == nil {
				continue
			}
			if v, ok := config.StaticValue(it.value); ok && !v.IsNull() {
				if _, err := convert.Convert(v, oa.Type); err != nil {
					inappropriate(fmt.Sprintf("element %d: attribute %q: %s", i, it.key, err), "")
					return true
				}
			}
		}
	}
	return true
}

// collectionNoun names the kind of a list or set type as Terraform's
// messages do.
func collectionNoun(t cty.Type) string {
	if t.IsSetType() {
		return "set"
	}
	return "list"
}

// nestedValue checks the value of a nested attribute (protocol 6) against
// its nested type, object by object, as far as the expression shows its
// structure: each object is checked as a body of the object's attributes,
// so an unknown key gets a did-you-mean, a computed-only attribute set is
// reported, and paths name the object (settings.mode, rules[1].port,
// by_name["a"].v). It reports whether it could look inside; when not (a
// reference, a call), the caller checks the value as a whole.
func (c *checker) nestedValue(x config.Expr, nt *schema.Object, path string, rng hcl.Range) bool {
	switch nt.Nesting {
	case schema.NestingSingle, schema.NestingGroup:
		if isNull(x) {
			return true
		}
		items, ok := objectItems(x)
		if !ok {
			return false
		}
		c.nestedObject(items, &schema.Block{Attributes: nt.Attributes}, path, rng)
		return true
	case schema.NestingList, schema.NestingSet:
		elems, ok := tupleItems(x)
		if !ok {
			return false
		}
		for i, e := range elems {
			c.nestedElement(e, nt, fmt.Sprintf("%s[%d]", path, i), rng)
		}
		c.itemCount(len(elems), nt, path, rng)
		return true
	case schema.NestingMap:
		entries, ok := objectItems(x)
		if !ok {
			return false
		}
		for _, e := range entries {
			c.nestedElement(e.value, nt, fmt.Sprintf("%s[%q]", path, e.key), rng)
		}
		c.itemCount(len(entries), nt, path, rng)
		return true
	}
	return false
}

// nestedElement checks one object of a list, set or map nested attribute;
// a static value that is no object is checked against the object type.
func (c *checker) nestedElement(x config.Expr, nt *schema.Object, path string, rng hcl.Range) {
	if isNull(x) {
		return
	}
	if items, ok := objectItems(x); ok {
		c.nestedObject(items, &schema.Block{Attributes: nt.Attributes}, path, rng)
		return
	}
	if v, ok := config.StaticValue(x); ok {
		want := (&schema.Object{Attributes: nt.Attributes}).ImpliedType()
		if _, err := convert.Convert(v, want); err != nil {
			c.add(diag.Error, rng, path, "Incorrect attribute value type",
				fmt.Sprintf("Inappropriate value for %s: %s.", path, err), fmt.Sprintf("each element takes %s", typeName(want)))
		}
	}
}

// nestedObject checks the items of one object of a nested attribute.
func (c *checker) nestedObject(items []objectItem, obj *schema.Block, path string, rng hcl.Range) {
	body := &config.Body{}
	for _, it := range items {
		body.Items = append(body.Items, &config.Attribute{Name: it.key, Expr: it.value, Range: rng})
	}
	c.body(body, obj, path, rng, false)
}

// itemCount checks the number of objects of a list, set or map nested
// attribute against its bounds.
func (c *checker) itemCount(n int, nt *schema.Object, path string, rng hcl.Range) {
	switch {
	case n < nt.MinItems:
		c.add(diag.Error, rng, path, "Not enough list items",
			fmt.Sprintf("%s needs at least %d item(s); it has %d.", path, nt.MinItems, n), "")
	case nt.MaxItems > 0 && n > nt.MaxItems:
		c.add(diag.Error, rng, path, "Too many list items",
			fmt.Sprintf("%s allows at most %d item(s); it has %d.", path, nt.MaxItems, n), "")
	}
}

// objectItem is one key and value of an object written in the
// configuration.
type objectItem struct {
	key   string
	value config.Expr
}

// objectItems returns the items of an object whose keys are all known:
// an object constructor or an object or map literal.
func objectItems(x config.Expr) ([]objectItem, bool) {
	switch x := x.(type) {
	case *config.Paren:
		return objectItems(x.Inner)
	case *config.Object:
		out := make([]objectItem, 0, len(x.Items))
		for _, it := range x.Items {
			k, ok := config.LiteralString(it.Key)
			if !ok {
				return nil, false
			}
			out = append(out, objectItem{k, it.Value})
		}
		return out, true
	case *config.Literal:
		v := x.Val
		if !v.IsKnown() || v.IsNull() || !(v.Type().IsObjectType() || v.Type().IsMapType()) {
			return nil, false
		}
		var out []objectItem
		for it := v.ElementIterator(); it.Next(); {
			k, e := it.Element()
			out = append(out, objectItem{k.AsString(), &config.Literal{Val: e}})
		}
		return out, true
	}
	return nil, false
}

// tupleItems returns the elements of a tuple constructor or of a list,
// set or tuple literal.
func tupleItems(x config.Expr) ([]config.Expr, bool) {
	switch x := x.(type) {
	case *config.Paren:
		return tupleItems(x.Inner)
	case *config.Tuple:
		return x.Items, true
	case *config.Literal:
		v := x.Val
		t := v.Type()
		if !v.IsKnown() || v.IsNull() || !(t.IsListType() || t.IsSetType() || t.IsTupleType()) {
			return nil, false
		}
		var out []config.Expr
		for it := v.ElementIterator(); it.Next(); {
			_, e := it.Element()
			out = append(out, &config.Literal{Val: e})
		}
		return out, true
	}
	return nil, false
}

func isNull(x config.Expr) bool {
	v, ok := config.StaticValue(x)
	return ok && v.IsKnown() && v.IsNull()
}

// dynamic checks a dynamic block's content against the block type it
// generates.
func (c *checker) dynamic(b *config.Block, sch *schema.Block, path string, rng hcl.Range, dynamicTypes map[string]bool) {
	if len(b.Labels) != 1 {
		return
	}
	name := b.Labels[0]
	dynamicTypes[name] = true
	brng := where(b.DeclRange, rng)
	var content *schema.Block
	if nb := sch.NestedBlock(name); nb != nil {
		content = nb.Block
	} else if a := sch.Attribute(name); a != nil && !a.ComputedOnly() {
		content, _ = tffile.BlocksAsAttribute(a)
	}
	if content == nil {
		c.add(diag.Error, labelRange(b, rng), path+".dynamic."+name, "Unsupported block type",
			fmt.Sprintf("Blocks of type %q are not expected here.", name), diag.DidYouMean(name, blockNames(sch)))
		return
	}
	if a := b.Body.Attribute("for_each"); a != nil {
		if v, ok := config.StaticValue(a.Expr); ok && v.IsWhollyKnown() && !v.IsNull() && v.CanIterateElements() && v.LengthInt() == 0 {
			return // it generates no block, and Terraform checks none
		}
	}
	for _, cb := range b.Body.Blocks("content") {
		c.body(cb.Body, content, path+".dynamic."+name+".content", missingRange(cb, brng), false)
	}
}

func attributeNames(b *schema.Block) []string {
	var out []string
	for _, a := range b.Attributes {
		if !a.ComputedOnly() {
			out = append(out, a.Name)
		}
	}
	return out
}

func blockNames(b *schema.Block) []string {
	out := make([]string, len(b.Blocks))
	for i, nb := range b.Blocks {
		out[i] = nb.Name
	}
	return out
}

func typeName(t cty.Type) string {
	if t == cty.NilType {
		return "any"
	}
	return typeexpr.TypeString(t)
}

// deprecationNote is what a description says of a deprecation, as the
// provider's own message (which schemas do not carry) says it: its first
// sentence that speaks of it ("**NOTE**: This is deprecated, use `numeric`
// instead."), else its first sentence, on one line (descriptions may wrap
// their lines).
func deprecationNote(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	first := ""
	for s != "" {
		sentence := s
		if i := strings.Index(s, ". "); i > 0 {
			sentence, s = s[:i+1], s[i+2:]
		} else {
			s = ""
		}
		if first == "" {
			first = sentence
		}
		if strings.Contains(strings.ToLower(sentence), "deprecat") {
			return sentence
		}
	}
	return first
}
