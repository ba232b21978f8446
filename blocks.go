package tfkit

import (
	"fmt"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/config/hclguard"
	"github.com/tfkit/tfkit/internal/synth"
)

// Provider is a provider configuration: `provider "aws" { ... }`.
type Provider struct{ element }

// NewProvider declares a configuration of the provider with local name
// name (aws, docker) in stack. Declare several with different aliases for
// several configurations; the one without an alias is the default.
func NewProvider(stack *Stack, name string, body Body) *Provider {
	site := callerSite()
	p := &Provider{declare(stack, site, "provider", name)}
	p.addBody(site, body)
	return p
}

// Alias sets the configuration's alias; resources select it with their
// Provider method (provider = aws.west). Set it before the provider is
// referenced.
func (p *Provider) Alias(alias string) *Provider {
	if absent(p) {
		return p
	}
	site := callerSite()
	if !hclsyntax.ValidIdentifier(alias) {
		p.errorf(site, p.address()+".alias", "Invalid provider alias",
			fmt.Sprintf("%q is not a valid name.", alias), "names start with a letter or underscore and contain letters, digits, underscores and dashes")
	}
	p.placeAttr(site, "alias", config.String(alias))
	return p
}

// Source records where the provider comes from and which versions to use,
// such as Source("hashicorp/aws", "~> 5.0"): the stack's terraform block
// gets a required_providers entry for it (the block is created if the stack
// has none). version may be empty.
func (p *Provider) Source(source, version string) *Provider {
	if absent(p) {
		return p
	}
	p.stack.requireProvider(callerSite(), p.block.Labels[0], source, version)
	return p
}

// Ref returns a reference to the provider configuration (aws or aws.west),
// the value the provider and providers meta-arguments take.
func (p *Provider) Ref() Expr {
	if absent(p) {
		return nullExpr()
	}
	return p.ref(nil)
}

// Set sets one argument; see Resource.Set.
func (p *Provider) Set(name string, value any) *Provider {
	if absent(p) {
		return p
	}
	p.set(callerSite(), name, value)
	return p
}

// Append adds a body's items after the ones already there.
func (p *Provider) Append(body Body) *Provider {
	if absent(p) {
		return p
	}
	p.addBody(callerSite(), body)
	return p
}

// Override sets the value at an attribute path; see Resource.Override.
func (p *Provider) Override(path string, value any) *Provider {
	if absent(p) {
		return p
	}
	p.override(callerSite(), path, value, false)
	return p
}

// Unset deletes what is at an attribute path; see Resource.Unset.
func (p *Provider) Unset(path string) *Provider {
	if absent(p) {
		return p
	}
	p.override(callerSite(), path, nil, true)
	return p
}

// Variable is an input variable: `variable "region" { ... }`.
type Variable struct{ element }

// VariableConfig holds a variable's arguments. Zero fields are left out.
type VariableConfig struct {
	// Type is a type constraint: HCL text such as "list(string)" or
	// "object({ name = string, port = optional(number, 80) })", or a
	// cty.Type.
	Type any
	// Default is the default value (any value Attrs accept; Null for null).
	Default     any
	Description string
	Sensitive   bool
	// Nullable, when set, writes nullable = true or false; Terraform's
	// default is true.
	Nullable  *bool
	Ephemeral bool
	// Validations are written as validation blocks.
	Validations []Condition
}

// NewVariable declares an input variable in stack.
func NewVariable(stack *Stack, name string, cfg VariableConfig) *Variable {
	site := callerSite()
	v := &Variable{declare(stack, site, "variable", name)}
	c := v.conv(site)
	path := v.address()
	body := v.block.Body
	set := func(name string, x config.Expr) {
		if x != nil {
			body.Set(name, x).Range = site
		}
	}
	if cfg.Type != nil {
		set("type", c.typeConstraint(cfg.Type, path+".type"))
	}
	if cfg.Description != "" {
		set("description", config.String(cfg.Description))
	}
	set("default", c.value(cfg.Default, path+".default"))
	if cfg.Sensitive {
		set("sensitive", config.Bool(true))
	}
	if cfg.Nullable != nil {
		set("nullable", config.Bool(*cfg.Nullable))
	}
	if cfg.Ephemeral {
		set("ephemeral", config.Bool(true))
	}
	body.Items = append(body.Items, conditionBlocks(c, "validation", cfg.Validations, path)...)
	v.finish(c, path)
	return v
}

// typeConstraint checks a type constraint and keeps it as raw HCL, the
// model's form for type expressions.
func (c *conv) typeConstraint(t any, path string) config.Expr {
	var text string
	switch t := t.(type) {
	case string:
		text = t
	case cty.Type:
		text = typeexpr.TypeString(t)
	case Expr:
		c.take(t.meta, path)
		if t.x == nil {
			return nil
		}
		text = exprText(t.x)
	default:
		c.errorf(path, "Invalid type constraint",
			fmt.Sprintf("A variable type is a string such as \"list(string)\" or a cty.Type; a %T was given.", t), "")
		return nil
	}
	var syn hclsyntax.Expression
	hds := hclguard.Expression([]byte(text), "<type>", hcl.InitialPos)
	if !hds.HasErrors() {
		syn, hds = hclsyntax.ParseExpression([]byte(text), "<type>", hcl.InitialPos)
		if !hds.HasErrors() {
			_, _, hds = typeexpr.TypeConstraintWithDefaults(syn)
		}
	}
	if hds.HasErrors() {
		c.errorf(path, "Invalid type constraint",
			fmt.Sprintf("%q is not a type constraint: %s", text, hclMessage(hds)),
			`write a type such as "string", "list(number)", "map(string)" or "object({ name = string })"`)
		return nil
	}
	return &config.Raw{Text: strings.TrimSpace(text), Syntax: syn}
}

// Ref returns var.name, or a path inside an object variable:
// Ref("tags", "Name") is var.name.tags.Name.
func (v *Variable) Ref(path ...string) Expr {
	if absent(v) {
		return nullExpr()
	}
	return v.ref(path)
}

// Override sets the value at an attribute path; see Resource.Override.
func (v *Variable) Override(path string, value any) *Variable {
	if absent(v) {
		return v
	}
	v.override(callerSite(), path, value, false)
	return v
}

// Unset deletes what is at an attribute path; see Resource.Unset.
func (v *Variable) Unset(path string) *Variable {
	if absent(v) {
		return v
	}
	v.override(callerSite(), path, nil, true)
	return v
}

// Output is an output value: `output "vpc_id" { ... }`.
type Output struct{ element }

// OutputConfig holds an output's arguments. Zero fields are left out.
type OutputConfig struct {
	// Value is required (use Null for null).
	Value       any
	Description string
	Sensitive   bool
	Ephemeral   bool
	// DependsOn lists resources, data sources or modules.
	DependsOn     []Element
	Preconditions []Condition
}

// NewOutput declares an output value in stack.
func NewOutput(stack *Stack, name string, cfg OutputConfig) *Output {
	site := callerSite()
	o := &Output{declare(stack, site, "output", name)}
	c := o.conv(site)
	path := o.address()
	body := o.block.Body
	// A missing value is reported by config.Validate.
	if x := c.value(cfg.Value, path+".value"); x != nil {
		body.Set("value", x).Range = site
	}
	if cfg.Description != "" {
		body.Set("description", config.String(cfg.Description)).Range = site
	}
	if cfg.Sensitive {
		body.Set("sensitive", config.Bool(true)).Range = site
	}
	if cfg.Ephemeral {
		body.Set("ephemeral", config.Bool(true)).Range = site
	}
	o.finish(c, path)
	if len(cfg.DependsOn) > 0 {
		o.dependsOn(site, cfg.DependsOn)
	}
	c = o.conv(site)
	body.Items = append(body.Items, conditionBlocks(c, "precondition", cfg.Preconditions, path)...)
	o.finish(c, path)
	return o
}

// Override sets the value at an attribute path; see Resource.Override.
func (o *Output) Override(path string, value any) *Output {
	if absent(o) {
		return o
	}
	o.override(callerSite(), path, value, false)
	return o
}

// Unset deletes what is at an attribute path; see Resource.Unset.
func (o *Output) Unset(path string) *Output {
	if absent(o) {
		return o
	}
	o.override(callerSite(), path, nil, true)
	return o
}

// Locals is a locals block. Several stay separate blocks, in order.
type Locals struct{ element }

// NewLocals declares a locals block with the given local values.
func NewLocals(stack *Stack, body Body) *Locals {
	site := callerSite()
	l := &Locals{declare(stack, site, "locals")}
	l.addBody(site, body)
	return l
}

// Ref returns local.name, or a path inside it: Ref("tags", "Name").
func (l *Locals) Ref(name string, path ...string) Expr {
	if absent(l) {
		return nullExpr()
	}
	tg := target{stack: l.stack, block: l.block, local: name}
	declared := l.block.Body.Attribute(name) != nil
	if declared && len(path) == 0 {
		return Expr{x: config.Ref("local", name), meta: oneRef(tg)}
	}
	c := lazyConv()
	c.refs = append(c.refs, tg)
	if !declared {
		c.errorf("local."+name, "Undeclared local value",
			fmt.Sprintf("This locals block declares no %q.", name), "")
	}
	base := config.Ref("local", name)
	if len(path) == 0 {
		return c.expr(base)
	}
	x, ok := c.pathExpr(base, joinSegments(path))
	if !ok {
		return c.expr(config.Null())
	}
	return c.expr(x)
}

// Set sets one local value; see Resource.Set.
func (l *Locals) Set(name string, value any) *Locals {
	if absent(l) {
		return l
	}
	l.set(callerSite(), name, value)
	return l
}

// Module is a module call: `module "net" { source = ... }`.
type Module struct{ element }

// ModuleConfig holds a module call's arguments.
type ModuleConfig struct {
	// Source is required: a registry address, a path, a URL.
	Source string
	// SourceExpr, instead of Source, builds the source from variables and
	// locals (Var, Local, Fn, Format), which OpenTofu 1.8 or later
	// evaluates before planning (early evaluation); a stack that uses it
	// is refused when it goes to Terraform.
	SourceExpr Expr
	// Version constrains registry module versions; empty for none.
	Version string
	// VersionExpr, instead of Version, builds the constraint from
	// variables and locals, which OpenTofu 1.8 or later evaluates before
	// planning, as it does SourceExpr; a stack that uses it is refused
	// when it goes to Terraform.
	VersionExpr Expr
	// Inputs are the module's input variables.
	Inputs Body
	// Providers passes provider configurations to the module, by the name
	// the module uses ("aws", or "aws.west" for a module's aliased
	// configuration), sorted by that name.
	Providers map[string]*Provider
	// ProviderInstances passes instances of providers with for_each
	// (Provider.Instance, OpenTofu 1.9) in the same way; a name is in
	// Providers or here, not in both.
	ProviderInstances map[string]*ProviderInstance
}

// NewModule declares a module call in stack.
func NewModule(stack *Stack, name string, cfg ModuleConfig) *Module {
	site := callerSite()
	m := &Module{declare(stack, site, "module", name)}
	// A missing source is reported by config.Validate.
	m.textOrExpr(site, "source", "Source", cfg.Source, cfg.SourceExpr)
	m.textOrExpr(site, "version", "Version", cfg.Version, cfg.VersionExpr)
	m.addBody(site, cfg.Inputs)
	if len(cfg.Providers) > 0 || len(cfg.ProviderInstances) > 0 {
		ps := map[string]any{}
		for n, p := range cfg.Providers {
			ps[n] = p
		}
		for n, p := range cfg.ProviderInstances {
			if _, dup := ps[n]; dup {
				c := newConv(site)
				c.errorf(m.address()+".providers."+n, "Duplicate provider name", fmt.Sprintf("%q is in both Providers and ProviderInstances.", n), "pass it in one of them")
				m.finishLocal(c, m.address()+".providers", "a module's providers")
				continue
			}
			ps[n] = p
		}
		m.providers(site, ps)
	}
	return m
}

// textOrExpr sets the module argument name from text, or from x (the
// field field+"Expr", early evaluation), reporting both set.
func (m *Module) textOrExpr(site hcl.Range, name, field, text string, x Expr) {
	path := m.address() + "." + name
	what := "a module's " + name
	switch {
	case !x.IsZero() && text != "":
		c := newConv(site)
		c.errorf(path, "Conflicting module "+name, fmt.Sprintf("%s and %sExpr are both set.", field, field), "set one of them")
		m.finishLocal(c, path, what)
	case !x.IsZero():
		c := newConv(site)
		v := c.valueOrNull(x, path)
		m.finishLocal(c, path, what)
		m.block.Body.Set(name, v).Range = site
	case text != "":
		m.block.Body.Set(name, config.String(text)).Range = site
	}
}

// providers writes `providers = { aws = aws.west }`. Keys that name an
// aliased configuration in the module (aws.src) are references, as
// Terraform reads them.
func (m *Module) providers(site hcl.Range, ps map[string]any) {
	path := m.address() + ".providers"
	names := make([]string, 0, len(ps))
	for n := range ps {
		names = append(names, n)
	}
	sort.Strings(names)
	obj := &config.Object{}
	c := newConv(site)
	for _, n := range names {
		p := ps[n]
		if isNil(p) {
			c.errorf(path+"."+n, "Nil provider", "A nil provider was given.", "pass the *tfkit.Provider that tfkit.NewProvider(stack, name, body) returns")
			continue
		}
		var key config.Expr
		t, hds := hclsyntax.ParseTraversalAbs([]byte(n), "<providers>", hcl.InitialPos)
		switch {
		case hds.HasErrors() || len(t) > 2:
			c.errorf(path, "Invalid provider name", fmt.Sprintf("%q is not a provider name such as aws or aws.west.", n), "")
			continue
		case len(t) == 1:
			key = config.String(n)
		default:
			key = &config.Reference{Traversal: config.StripRanges(t)}
		}
		pc := newConv(site)
		el, ok := p.(Element)
		if !ok {
			c.errorf(path+"."+n, "Not a provider", fmt.Sprintf("%T is not a provider.", p), "pass a *tfkit.Provider or a *tfkit.ProviderInstance")
			continue
		}
		v := pc.elementRef(el, path+"."+n)
		if pi, ok := p.(*ProviderInstance); ok && v != nil {
			v = pc.instanceRef(v, pi, path+"."+n)
		}
		out := pc.reachesOut(m.stack)
		m.finishLocal(pc, path+"."+n, "a module's providers")
		if !out {
			obj.Items = append(obj.Items, config.ObjectItem{Key: key, Value: v})
		}
	}
	m.finishLocal(c, path, "a module's providers")
	m.placeAttr(site, "providers", obj)
}

// Output returns a reference to one of the module's outputs: module.net.id.
func (m *Module) Output(name string) Expr {
	if absent(m) {
		return nullExpr()
	}
	return m.ref([]string{name})
}

// Ref returns a reference to the module (module.net) or a path inside it.
func (m *Module) Ref(path ...string) Expr {
	if absent(m) {
		return nullExpr()
	}
	return m.ref(path)
}

// Count sets the count meta-argument.
func (m *Module) Count(n any) *Module {
	if absent(m) {
		return m
	}
	m.count(callerSite(), n)
	return m
}

// ForEach sets the for_each meta-argument.
func (m *Module) ForEach(coll any) *Module {
	if absent(m) {
		return m
	}
	m.forEach(callerSite(), coll)
	return m
}

// DependsOn adds explicit dependencies.
func (m *Module) DependsOn(els ...Element) *Module {
	if absent(m) {
		return m
	}
	m.dependsOn(callerSite(), els)
	return m
}

// Providers sets the providers passed to the module; see
// ModuleConfig.Providers.
func (m *Module) Providers(ps map[string]*Provider) *Module {
	if absent(m) {
		return m
	}
	anys := make(map[string]any, len(ps))
	for n, p := range ps {
		anys[n] = p
	}
	m.providers(callerSite(), anys)
	return m
}

// Set sets one input; see Resource.Set.
func (m *Module) Set(name string, value any) *Module {
	if absent(m) {
		return m
	}
	m.set(callerSite(), name, value)
	return m
}

// Override sets the value at an attribute path; see Resource.Override.
func (m *Module) Override(path string, value any) *Module {
	if absent(m) {
		return m
	}
	m.override(callerSite(), path, value, false)
	return m
}

// Unset deletes what is at an attribute path; see Resource.Unset.
func (m *Module) Unset(path string) *Module {
	if absent(m) {
		return m
	}
	m.override(callerSite(), path, nil, true)
	return m
}

// Terraform is the terraform settings block.
type Terraform struct{ element }

// ProviderRequirement is one required_providers entry.
type ProviderRequirement struct {
	Source  string
	Version string
}

// BackendConfig is a backend block; make one with Backend.
type BackendConfig struct {
	typ  string
	body Body
}

// Backend returns a backend block of the given type, such as
// Backend("s3", tfkit.Attrs{"bucket": "state", ...}).
func Backend(typ string, body Body) *BackendConfig { return &BackendConfig{typ: typ, body: body} }

// TerraformConfig holds the terraform block's settings. Zero fields are
// left out.
type TerraformConfig struct {
	RequiredVersion string
	// RequiredProviders are written sorted by local name.
	RequiredProviders map[string]ProviderRequirement
	Backend           *BackendConfig
	// Cloud is the body of a cloud block (HCP Terraform).
	Cloud Body
	// Encryption is OpenTofu's state and plan encryption.
	Encryption *Encryption
	// Body is added after the settings above; RawBody fits here for a
	// terraform block written in HCL.
	Body Body
}

// NewTerraform declares the stack's terraform block. A stack has at most
// one; providers' Source requirements are merged into it.
func NewTerraform(stack *Stack, cfg TerraformConfig) *Terraform {
	site := callerSite()
	t := &Terraform{declare(stack, site, "terraform")}
	c := t.conv(site)
	body := t.block.Body
	if cfg.RequiredVersion != "" {
		body.Set("required_version", config.String(cfg.RequiredVersion)).Range = site
	}
	if len(cfg.RequiredProviders) > 0 {
		names := make([]string, 0, len(cfg.RequiredProviders))
		for n := range cfg.RequiredProviders {
			names = append(names, n)
		}
		sort.Strings(names)
		rp := config.NewBlock("required_providers")
		rp.DeclRange = site
		for _, n := range names {
			r := cfg.RequiredProviders[n]
			rp.Body.Set(n, synth.RequirementObject(r.Source, r.Version)).Range = site
		}
		body.AppendBlock(rp)
	}
	if cfg.Backend != nil {
		if !hclsyntax.ValidIdentifier(cfg.Backend.typ) {
			c.errorf("terraform.backend", "Invalid backend type", fmt.Sprintf("%q is not a backend type.", cfg.Backend.typ), "")
		}
		b := config.NewBlock("backend", cfg.Backend.typ)
		b.DeclRange = site
		b.Body.Items = c.body(cfg.Backend.body, "terraform.backend")
		body.AppendBlock(b)
	}
	if cfg.Cloud != nil {
		b := config.NewBlock("cloud")
		b.DeclRange = site
		b.Body.Items = c.body(cfg.Cloud, "terraform.cloud")
		body.AppendBlock(b)
	}
	if cfg.Encryption != nil {
		body.AppendBlock(c.encryptionBlock(site, cfg.Encryption))
	}
	body.Items = append(body.Items, c.body(cfg.Body, "terraform")...)
	t.finish(c, "terraform")
	return t
}

// Set sets one setting; see Resource.Set.
func (t *Terraform) Set(name string, value any) *Terraform {
	if absent(t) {
		return t
	}
	t.set(callerSite(), name, value)
	return t
}

// Override sets the value at an attribute path; see Resource.Override.
func (t *Terraform) Override(path string, value any) *Terraform {
	if absent(t) {
		return t
	}
	t.override(callerSite(), path, value, false)
	return t
}

// Unset deletes what is at an attribute path; see Resource.Unset.
func (t *Terraform) Unset(path string) *Terraform {
	if absent(t) {
		return t
	}
	t.override(callerSite(), path, nil, true)
	return t
}

// Moved records that an element was renamed or moved:
// `moved { from = aws_instance.old  to = aws_instance.new }`.
type Moved struct{ element }

// NewMoved declares a moved block. from and to are element handles or
// addresses as text ("aws_instance.old", "module.net", "aws_instance.web[0]");
// from usually names something no longer declared, so text is common there.
func NewMoved(stack *Stack, from, to any) *Moved {
	site := callerSite()
	m := &Moved{declare(stack, site, config.KindMoved.Type)}
	m.setAddress(site, "from", from)
	m.setAddress(site, "to", to)
	return m
}

// setAddress sets an attribute that holds a bare address: aws_instance.web,
// module.net, aws_instance.web[0], or aws_instance.web[each.key] in an
// import with for_each.
func (e *element) setAddress(site hcl.Range, name string, v any) {
	path := e.address() + "." + name
	// Not e.conv: an address is written as given, never read from another
	// stack.
	c := newConv(site)
	var x config.Expr
	switch v := v.(type) {
	case string:
		parsed, ds := config.ParseExpression(v, "<address>", hcl.InitialPos)
		if ds.HasErrors() {
			c.errorf(path, "Invalid address", fmt.Sprintf("%q is not an address: %s", v, firstMessage(ds)),
				`write an address such as "aws_instance.web", "aws_instance.web[0]" or "module.net"`)
		} else {
			x = parsed
		}
	case Element, Expr:
		x = c.value(v, path)
	default:
		c.errorf(path, "Invalid address", fmt.Sprintf("An address is an element handle, a reference or text; a %T was given.", v), "")
	}
	if x != nil && !isAddress(x) {
		c.errorf(path, "Invalid address", fmt.Sprintf("%s is not an address such as aws_instance.web or module.net.", exprText(x)), "")
		x = nil
	}
	// Addresses often name what is no longer declared, so they do not tie
	// stacks together; but a handle of another stack names what this
	// stack's configuration and state do not hold.
	for _, t := range c.refs {
		if t.stack != e.stack {
			c.errorf(path, "Address in another stack",
				fmt.Sprintf("The %s address of the %s block in stack %q is %s of stack %q; each stack is a separate Terraform configuration with its own state, so %s %s block names only elements of its own stack.",
					name, e.block.Type, e.stack.name, t.addr(), t.stack.name, strings.ToLower(article(e.block.Type)), e.block.Type),
				"give a handle of this stack, or the address as text for what is no longer declared")
			break
		}
	}
	c.refs = nil
	e.finish(c, path)
	if x != nil {
		e.block.Body.Set(name, x).Range = site
	}
}

// isAddress reports whether x is a reference, possibly indexed.
func isAddress(x config.Expr) bool {
	switch x := x.(type) {
	case *config.Reference:
		return true
	case *config.Index:
		return isAddress(x.Collection)
	case *config.GetAttr:
		return isAddress(x.Source)
	}
	return false
}

// Import imports existing infrastructure into a resource:
// `import { to = aws_instance.web  id = "i-123" }`.
type Import struct{ element }

// NewImport declares an import block: to is the resource (a handle or an
// address as text) and id the provider's identifier of the existing object.
func NewImport(stack *Stack, to any, id any) *Import {
	site := callerSite()
	i := &Import{declare(stack, site, config.KindImport.Type)}
	i.setAddress(site, "to", to)
	i.set(site, "id", id)
	return i
}

// Provider selects the provider configuration used to import.
func (i *Import) Provider(p Element) *Import {
	if absent(i) {
		return i
	}
	i.provider(callerSite(), p)
	return i
}

// ForEach sets for_each, to import several objects with one block.
func (i *Import) ForEach(coll any) *Import {
	if absent(i) {
		return i
	}
	i.forEach(callerSite(), coll)
	return i
}

// Removed removes an element from the state, and with destroy=false keeps
// the real object: `removed { from = aws_instance.old  lifecycle { destroy = false } }`.
type Removed struct{ element }

// NewRemoved declares a removed block; from is an address as text (the
// element is no longer declared).
func NewRemoved(stack *Stack, from any, destroy bool) *Removed {
	site := callerSite()
	r := &Removed{declare(stack, site, config.KindRemoved.Type)}
	r.setAddress(site, "from", from)
	lc := config.NewBlock("lifecycle")
	lc.DeclRange = site
	lc.Body.Set("destroy", config.Bool(destroy)).Range = site
	r.block.Body.AppendBlock(lc)
	return r
}

// Check is a check block: assertions Terraform evaluates on every plan and
// apply, reported as warnings.
type Check struct{ element }

// NewCheck declares a check block with the given assertions.
func NewCheck(stack *Stack, name string, asserts ...Condition) *Check {
	site := callerSite()
	ch := &Check{declare(stack, site, "check", name)}
	ch.assert(site, asserts)
	return ch
}

// Assert adds assertions.
func (ch *Check) Assert(asserts ...Condition) *Check {
	if absent(ch) {
		return ch
	}
	ch.assert(callerSite(), asserts)
	return ch
}

func (ch *Check) assert(site hcl.Range, asserts []Condition) {
	c := ch.conv(site)
	path := ch.address()
	ch.block.Body.Items = append(ch.block.Body.Items, conditionBlocks(c, "assert", asserts, path)...)
	ch.finish(c, path)
}

// Data declares the check's scoped data source, placed before the
// assertions; only the check's assertions can refer to it.
func (ch *Check) Data(typ, name string, body Body) *DataSource {
	if absent(ch) {
		return nil
	}
	site := callerSite()
	b := config.NewBlock("data", typ, name)
	b.DeclRange = site
	d := &DataSource{element{stack: ch.stack, block: b}}
	d.addBody(site, body)
	items := ch.block.Body.Items
	at := len(items)
	for i, it := range items {
		if nb, ok := it.(*config.Block); ok && nb.Type == "assert" {
			at = i
			break
		}
	}
	items = append(items, nil)
	copy(items[at+1:], items[at:])
	items[at] = b
	ch.block.Body.Items = items
	return d
}

// Ephemeral is an ephemeral resource (Terraform 1.10 and later):
// `ephemeral "random_password" "db" { ... }`. Terraform opens it anew on
// every run and never stores its values in the plan or the state, so they
// may be read only where nothing is stored: provider blocks, local values,
// ephemeral variables and outputs, and write-only attributes. tfkit does not
// enforce that; terraform validate does.
//
// An ephemeral resource can be referenced only from its own stack: stacks
// share values through outputs kept in state, which an ephemeral value may
// not reach, so Synth refuses a reference from another stack.
type Ephemeral struct{ element }

// NewEphemeral declares an ephemeral resource of type typ named name in
// stack. It may share type and name with a resource and a data source.
func NewEphemeral(stack *Stack, typ, name string, body Body) *Ephemeral {
	site := callerSite()
	e := &Ephemeral{declare(stack, site, "ephemeral", typ, name)}
	e.addBody(site, body)
	return e
}

// Ref returns a reference to the ephemeral resource
// (ephemeral.random_password.db) or to an attribute path inside it
// (Ref("result") is ephemeral.random_password.db.result); see Resource.Ref.
func (e *Ephemeral) Ref(path ...string) Expr {
	if absent(e) {
		return nullExpr()
	}
	return e.ref(path)
}

// Count sets the count meta-argument.
func (e *Ephemeral) Count(n any) *Ephemeral {
	if absent(e) {
		return e
	}
	e.count(callerSite(), n)
	return e
}

// ForEach sets the for_each meta-argument.
func (e *Ephemeral) ForEach(coll any) *Ephemeral {
	if absent(e) {
		return e
	}
	e.forEach(callerSite(), coll)
	return e
}

// DependsOn adds explicit dependencies.
func (e *Ephemeral) DependsOn(els ...Element) *Ephemeral {
	if absent(e) {
		return e
	}
	e.dependsOn(callerSite(), els)
	return e
}

// Provider selects a non-default provider configuration.
func (e *Ephemeral) Provider(p Element) *Ephemeral {
	if absent(e) {
		return e
	}
	e.provider(callerSite(), p)
	return e
}

// Lifecycle sets the lifecycle block; like a data source, an ephemeral
// resource accepts only Preconditions and Postconditions.
func (e *Ephemeral) Lifecycle(l Lifecycle) *Ephemeral {
	if absent(e) {
		return e
	}
	site := callerSite()
	if l.CreateBeforeDestroy || l.PreventDestroy || l.IgnoreAllChanges || len(l.IgnoreChanges) > 0 || len(l.ReplaceTriggeredBy) > 0 {
		e.errorf(site, e.address()+".lifecycle", "Unsupported lifecycle setting",
			"An ephemeral resource's lifecycle block accepts only preconditions and postconditions.", "")
		l = Lifecycle{Preconditions: l.Preconditions, Postconditions: l.Postconditions}
	}
	e.lifecycle(site, l)
	return e
}

// Dynamic adds a dynamic block of the given block type.
func (e *Ephemeral) Dynamic(blockType string, dyn Dynamic) *Ephemeral {
	if absent(e) {
		return e
	}
	e.dynamic(callerSite(), blockType, dyn)
	return e
}

// Set sets one attribute; see Resource.Set.
func (e *Ephemeral) Set(name string, value any) *Ephemeral {
	if absent(e) {
		return e
	}
	e.set(callerSite(), name, value)
	return e
}

// Append adds a body's items after the ones already there.
func (e *Ephemeral) Append(body Body) *Ephemeral {
	if absent(e) {
		return e
	}
	e.addBody(callerSite(), body)
	return e
}

// Override sets the value at an attribute path; see Resource.Override.
func (e *Ephemeral) Override(path string, value any) *Ephemeral {
	if absent(e) {
		return e
	}
	e.override(callerSite(), path, value, false)
	return e
}

// Unset deletes what is at an attribute path; see Resource.Unset.
func (e *Ephemeral) Unset(path string) *Ephemeral {
	if absent(e) {
		return e
	}
	e.override(callerSite(), path, nil, true)
	return e
}

// Resource is a managed resource: `resource "aws_vpc" "main" { ... }`. Its
// methods set meta-arguments and return the resource, so they chain:
//
//	web := tfkit.NewResource(stack, "aws_instance", "web", attrs).
//		Count(3).
//		DependsOn(vpc)
type Resource struct{ element }

// NewResource declares a resource of type typ named name in stack, with the
// given body (Attrs, Ordered, RawBody; nil for none).
func NewResource(stack *Stack, typ, name string, body Body) *Resource {
	site := callerSite()
	r := &Resource{declare(stack, site, "resource", typ, name)}
	r.addBody(site, body)
	return r
}

// Ref returns a reference to the resource (no path: aws_vpc.main) or to an
// attribute path inside it: Ref("id") is aws_vpc.main.id, and paths may be
// longer: "ingress[0].from_port", `tags["Name"]`, "[0].id" (an instance of a
// counted resource), "[*].id" (a splat). Several arguments are joined with
// dots.
func (r *Resource) Ref(path ...string) Expr {
	if absent(r) {
		return nullExpr()
	}
	return r.ref(path)
}

// Count sets the count meta-argument (an int or an Expr).
func (r *Resource) Count(n any) *Resource {
	if absent(r) {
		return r
	}
	r.count(callerSite(), n)
	return r
}

// ForEach sets the for_each meta-argument (a map, a set, or an Expr).
func (r *Resource) ForEach(coll any) *Resource {
	if absent(r) {
		return r
	}
	r.forEach(callerSite(), coll)
	return r
}

// DependsOn adds explicit dependencies on resources, data sources or
// modules; they are written as bare references: depends_on = [aws_vpc.main].
func (r *Resource) DependsOn(els ...Element) *Resource {
	if absent(r) {
		return r
	}
	r.dependsOn(callerSite(), els)
	return r
}

// Provider selects a non-default provider configuration: provider = aws.west.
func (r *Resource) Provider(p Element) *Resource {
	if absent(r) {
		return r
	}
	r.provider(callerSite(), p)
	return r
}

// Lifecycle sets the lifecycle block, replacing an earlier one.
func (r *Resource) Lifecycle(l Lifecycle) *Resource {
	if absent(r) {
		return r
	}
	r.lifecycle(callerSite(), l)
	return r
}

// Provisioner adds a provisioner block, after earlier ones.
func (r *Resource) Provisioner(p Provisioner) *Resource {
	if absent(r) {
		return r
	}
	site := callerSite()
	c := r.conv(site)
	path := r.address() + ".provisioner"
	if b := c.provisioner(p, path); b != nil {
		r.place(b)
	}
	r.finish(c, path)
	return r
}

// Connection sets the resource-level connection block used by its
// provisioners, replacing an earlier one.
func (r *Resource) Connection(body Body) *Resource {
	if absent(r) {
		return r
	}
	site := callerSite()
	c := r.conv(site)
	path := r.address() + ".connection"
	b := config.NewBlock("connection")
	b.DeclRange = site
	b.Body.Items = c.body(body, path)
	r.finish(c, path)
	r.removeBlocks("connection")
	r.place(b)
	return r
}

// Dynamic adds a dynamic block of the given block type.
func (r *Resource) Dynamic(blockType string, d Dynamic) *Resource {
	if absent(r) {
		return r
	}
	r.dynamic(callerSite(), blockType, d)
	return r
}

// Set sets one attribute (or nested block) after the ones already there, or
// replaces it in place; a nil value removes it.
func (r *Resource) Set(name string, value any) *Resource {
	if absent(r) {
		return r
	}
	r.set(callerSite(), name, value)
	return r
}

// Append adds a body's items after the ones already there.
func (r *Resource) Append(body Body) *Resource {
	if absent(r) {
		return r
	}
	r.addBody(callerSite(), body)
	return r
}

// Override sets the value at an attribute path of the resource after it
// was built, as CDK for Terraform's addOverride does: through nested
// blocks (a number chooses among several of one type), objects, lists and
// the blocks Terraform owns, whose labels are steps of the path:
//
//	web.Override("ebs_block_device.0.volume_size", 100).
//		Override("lifecycle.create_before_destroy", true).
//		Override("provisioner.local-exec.command", "echo created").
//		Override(`tags["kubernetes.io/role"]`, "web")
//
// What is missing is created: an attribute, an object key, a lifecycle,
// connection or provisioner block. A path that cannot exist (an index
// past the blocks or list items there, a step through a string or a
// reference, a schema block the body does not have) is an error at the Go
// line that called Override, and the resource is left as it was. A nil
// value writes null; Unset deletes.
func (r *Resource) Override(path string, value any) *Resource {
	if absent(r) {
		return r
	}
	r.override(callerSite(), path, value, false)
	return r
}

// Unset deletes the attribute, object key, list item or nested block at an
// attribute path ("tags.Name", "ebs_block_device.1", "lifecycle"); see
// Override. Deleting what is not there changes nothing.
func (r *Resource) Unset(path string) *Resource {
	if absent(r) {
		return r
	}
	r.override(callerSite(), path, nil, true)
	return r
}

// Provisioner is a provisioner block of a resource.
type Provisioner struct {
	// Type is the provisioner: "local-exec", "remote-exec", "file".
	Type string
	// Config holds the provisioner's arguments (command, inline, ...).
	Config Body
	// When is "" (at creation) or "destroy".
	When string
	// OnFailure is "" (fail), "continue" or "fail".
	OnFailure string
	// Connection overrides the resource's connection for this provisioner.
	Connection Body
}

func (c *conv) provisioner(p Provisioner, path string) *config.Block {
	if p.Type == "" {
		c.errorf(path, "Provisioner without type", "A provisioner needs a type such as local-exec.", "set Provisioner.Type")
		return nil
	}
	b := config.NewBlock("provisioner", p.Type)
	b.DeclRange = c.at()
	path = fmt.Sprintf("%s[%q]", path, p.Type)
	keyword := func(name, v string, allowed ...string) {
		if v == "" {
			return
		}
		for _, a := range allowed {
			if v == a {
				// Terraform requires these as keywords, not strings.
				b.Body.Set(name, config.Ref(v)).Range = c.at()
				return
			}
		}
		c.errorf(path+"."+name, "Invalid "+name, fmt.Sprintf("%s must be one of %q; it is %q.", name, allowed, v), "")
	}
	keyword("when", p.When, "destroy", "create")
	keyword("on_failure", p.OnFailure, "continue", "fail")
	b.Body.Items = append(b.Body.Items, c.body(p.Config, path)...)
	if p.Connection != nil {
		conn := config.NewBlock("connection")
		conn.DeclRange = c.at()
		conn.Body.Items = c.body(p.Connection, path+".connection")
		b.Body.AppendBlock(conn)
	}
	return b
}

// DataSource is a data source: `data "aws_ami" "ubuntu" { ... }`.
type DataSource struct{ element }

// NewDataSource declares a data source of type typ named name in stack.
func NewDataSource(stack *Stack, typ, name string, body Body) *DataSource {
	site := callerSite()
	d := &DataSource{declare(stack, site, "data", typ, name)}
	d.addBody(site, body)
	return d
}

// Ref returns a reference to the data source (data.aws_ami.ubuntu) or to an
// attribute path inside it (Ref("id") is data.aws_ami.ubuntu.id); see
// Resource.Ref.
func (d *DataSource) Ref(path ...string) Expr {
	if absent(d) {
		return nullExpr()
	}
	return d.ref(path)
}

// Count sets the count meta-argument.
func (d *DataSource) Count(n any) *DataSource {
	if absent(d) {
		return d
	}
	d.count(callerSite(), n)
	return d
}

// ForEach sets the for_each meta-argument.
func (d *DataSource) ForEach(coll any) *DataSource {
	if absent(d) {
		return d
	}
	d.forEach(callerSite(), coll)
	return d
}

// DependsOn adds explicit dependencies.
func (d *DataSource) DependsOn(els ...Element) *DataSource {
	if absent(d) {
		return d
	}
	d.dependsOn(callerSite(), els)
	return d
}

// Provider selects a non-default provider configuration.
func (d *DataSource) Provider(p Element) *DataSource {
	if absent(d) {
		return d
	}
	d.provider(callerSite(), p)
	return d
}

// Lifecycle sets the lifecycle block; data sources accept only
// Preconditions and Postconditions.
func (d *DataSource) Lifecycle(l Lifecycle) *DataSource {
	if absent(d) {
		return d
	}
	site := callerSite()
	if l.CreateBeforeDestroy || l.PreventDestroy || l.IgnoreAllChanges || len(l.IgnoreChanges) > 0 || len(l.ReplaceTriggeredBy) > 0 {
		d.errorf(site, d.address()+".lifecycle", "Unsupported lifecycle setting",
			"A data source's lifecycle block accepts only preconditions and postconditions.", "")
		l = Lifecycle{Preconditions: l.Preconditions, Postconditions: l.Postconditions}
	}
	d.lifecycle(site, l)
	return d
}

// Dynamic adds a dynamic block of the given block type.
func (d *DataSource) Dynamic(blockType string, dyn Dynamic) *DataSource {
	if absent(d) {
		return d
	}
	d.dynamic(callerSite(), blockType, dyn)
	return d
}

// Set sets one attribute; see Resource.Set.
func (d *DataSource) Set(name string, value any) *DataSource {
	if absent(d) {
		return d
	}
	d.set(callerSite(), name, value)
	return d
}

// Append adds a body's items after the ones already there.
func (d *DataSource) Append(body Body) *DataSource {
	if absent(d) {
		return d
	}
	d.addBody(callerSite(), body)
	return d
}

// Override sets the value at an attribute path; see Resource.Override.
func (d *DataSource) Override(path string, value any) *DataSource {
	if absent(d) {
		return d
	}
	d.override(callerSite(), path, value, false)
	return d
}

// Unset deletes what is at an attribute path; see Resource.Unset.
func (d *DataSource) Unset(path string) *DataSource {
	if absent(d) {
		return d
	}
	d.override(callerSite(), path, nil, true)
	return d
}

// RemoteState is a terraform_remote_state data source, which reads the
// outputs of another configuration (typically another stack).
type RemoteState struct{ *DataSource }

// NewRemoteState declares `data "terraform_remote_state" name` with the given
// backend type and backend configuration (a map or Attrs, written as the
// config object).
func NewRemoteState(stack *Stack, name, backend string, cfg any) *RemoteState {
	site := callerSite()
	d := &DataSource{declare(stack, site, "data", "terraform_remote_state", name)}
	if backend == "" {
		// Terraform would refuse backend = "" only when planning.
		d.errorf(site, d.address()+".backend", "Missing backend",
			"A remote state needs the type of the backend holding the state.", `give one such as "local", "s3" or "remote"`)
	}
	d.addBody(site, Ordered("backend", backend, "config", cfg))
	return &RemoteState{d}
}

// Output returns a reference to one of the other configuration's outputs:
// data.terraform_remote_state.name.outputs.output.
func (r *RemoteState) Output(name string) Expr {
	if r == nil || r.DataSource == nil || r.block == nil {
		misusedHandle("RemoteState", r == nil)
		return nullExpr()
	}
	return r.ref([]string{"outputs", name})
}

// The parts of the language that OpenTofu alone accepts, below:
// state and plan encryption, and providers with for_each. A stack that
// uses them is refused by terraform before it runs (docs/engines.md).

// Encryption is OpenTofu's state and plan encryption, the encryption
// block of the terraform settings (TerraformConfig.Encryption). Key
// providers make keys, methods encrypt with them, and State and Plan say
// which method encrypts what; OpenTofu 1.7 or later.
type Encryption struct {
	KeyProviders []*KeyProvider
	Methods      []*EncryptionMethod
	// State and Plan are the state and plan settings; nil leaves them
	// out (and that file unencrypted).
	State, Plan *EncryptionTarget
	// RemoteStateDataSources is the body of a remote_state_data_sources
	// block, for reading other configurations' encrypted state.
	RemoteStateDataSources Body
}

// KeyProvider is a key_provider block: key_provider "pbkdf2" "main" {
// passphrase = ... }. Methods take its Ref as their keys.
type KeyProvider struct {
	Type, Name string
	Body       Body
}

// NewKeyProvider returns a key provider of typ (pbkdf2, aws_kms, ...)
// named name with its settings.
func NewKeyProvider(typ, name string, body Body) *KeyProvider {
	return &KeyProvider{Type: typ, Name: name, Body: body}
}

// Ref refers to the key provider's keys: key_provider.pbkdf2.main.
func (k *KeyProvider) Ref() Expr {
	if k == nil {
		misusedHandle("KeyProvider", true)
		return nullExpr()
	}
	return reference("key_provider", k.Type, k.Name)
}

// EncryptionMethod is a method block: method "aes_gcm" "main" { keys =
// ... }; the method "unencrypted" takes no body and marks the way in and
// out of encryption.
type EncryptionMethod struct {
	Type, Name string
	Body       Body
}

// NewEncryptionMethod returns a method of typ (aes_gcm, unencrypted) named
// name with its settings.
func NewEncryptionMethod(typ, name string, body Body) *EncryptionMethod {
	return &EncryptionMethod{Type: typ, Name: name, Body: body}
}

// Ref refers to the method: method.aes_gcm.main.
func (m *EncryptionMethod) Ref() Expr {
	if m == nil {
		misusedHandle("EncryptionMethod", true)
		return nullExpr()
	}
	return reference("method", m.Type, m.Name)
}

// EncryptionTarget is the state or plan block of Encryption.
type EncryptionTarget struct {
	// Method encrypts: an EncryptionMethod or its Ref.
	Method any
	// Enforced refuses to write the file unencrypted.
	Enforced bool
	// Fallback is the method that reads what Method cannot, while moving
	// from one method to another: an EncryptionMethod or its Ref.
	Fallback any
}

// encryptionBlock converts e into the encryption block.
func (c *conv) encryptionBlock(site hcl.Range, e *Encryption) *config.Block {
	const path = "terraform.encryption"
	b := config.NewBlock("encryption")
	b.DeclRange = site
	labeled := func(typ, kind, name string, body Body) {
		p := fmt.Sprintf("%s.%s.%s.%s", path, typ, kind, name)
		for _, l := range []struct{ what, v string }{{"type", kind}, {"name", name}} {
			if !hclsyntax.ValidIdentifier(l.v) {
				c.errorf(p, fmt.Sprintf("Invalid %s %s", typ, l.what),
					fmt.Sprintf("%q is not a valid %s %s.", l.v, typ, l.what), "names start with a letter or underscore and contain letters, digits, underscores and dashes")
			}
		}
		nb := config.NewBlock(typ, kind, name)
		nb.DeclRange = site
		nb.Body.Items = c.body(body, p)
		b.Body.AppendBlock(nb)
	}
	for _, k := range e.KeyProviders {
		if k != nil {
			labeled("key_provider", k.Type, k.Name, k.Body)
		}
	}
	for _, m := range e.Methods {
		if m != nil {
			labeled("method", m.Type, m.Name, m.Body)
		}
	}
	target := func(typ string, t *EncryptionTarget) {
		if t == nil {
			return
		}
		p := path + "." + typ
		tb := config.NewBlock(typ)
		tb.DeclRange = site
		if t.Method == nil {
			c.errorf(p+".method", "Missing encryption method",
				fmt.Sprintf("The %s settings name no method.", typ), "set Method to a method of the encryption block")
		} else {
			tb.Body.Set("method", c.valueOrNull(methodValue(t.Method), p+".method")).Range = site
		}
		if t.Enforced {
			tb.Body.Set("enforced", config.Bool(true)).Range = site
		}
		if t.Fallback != nil {
			fb := config.NewBlock("fallback")
			fb.DeclRange = site
			fb.Body.Set("method", c.valueOrNull(methodValue(t.Fallback), p+".fallback.method")).Range = site
			tb.Body.AppendBlock(fb)
		}
		b.Body.AppendBlock(tb)
	}
	target("state", e.State)
	target("plan", e.Plan)
	if !isNil(e.RemoteStateDataSources) {
		rb := config.NewBlock("remote_state_data_sources")
		rb.DeclRange = site
		rb.Body.Items = c.body(e.RemoteStateDataSources, path+".remote_state_data_sources")
		b.Body.AppendBlock(rb)
	}
	return b
}

// methodValue lets a method be given by its handle.
func methodValue(v any) any {
	if m, ok := v.(*EncryptionMethod); ok && m != nil {
		return m.Ref()
	}
	return v
}

// ForEach makes the provider block one configuration per element of coll
// (a map or a set of strings), OpenTofu 1.9 or later; it needs an Alias.
// Resources and modules select an instance with Instance.
func (p *Provider) ForEach(coll any) *Provider {
	if absent(p) {
		return p
	}
	p.set(callerSite(), "for_each", nilValuesNull(coll))
	return p
}

// Instance is one configuration of a provider with for_each, the value of
// a resource's or module's provider: aws.by_region["eu-west-1"], or
// aws.by_region[each.key] with an expression key.
func (p *Provider) Instance(key any) *ProviderInstance {
	if absent(p) {
		return nil
	}
	return &ProviderInstance{p: p, key: key}
}

// ProviderInstance is one instance of a provider with for_each; see
// Provider.Instance.
type ProviderInstance struct {
	p   *Provider
	key any
}

// Block returns the provider's block.
func (pi *ProviderInstance) Block() *config.Block {
	if pi == nil || pi.p == nil {
		return nil
	}
	return pi.p.Block()
}

// Stack returns the provider's stack.
func (pi *ProviderInstance) Stack() *Stack {
	if pi == nil || pi.p == nil {
		return nil
	}
	return pi.p.stack
}

// Ref returns the reference to the instance: aws.by_region["eu-west-1"].
func (pi *ProviderInstance) Ref() Expr {
	if pi == nil || pi.p == nil {
		misusedHandle("ProviderInstance", pi == nil)
		return nullExpr()
	}
	return pi.p.Ref().Index(pi.key)
}
