package load

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclparse"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/hcldepth"
	"github.com/tfkit/tfkit/tffile"
)

// Module is one module of the tree: its declarations and its children by
// call name. The same directory used by two calls is two Modules, because
// names and values differ per call.
type Module struct {
	// Path is the static module address: the call names from the root
	// (["net", "subnets"] for module.net.module.subnets).
	Path []string
	// Dir is the module's directory relative to the root module's; "." for
	// the root.
	Dir string

	Variables map[string]*VariableDecl
	Locals    map[string]*Expr
	Outputs   map[string]*OutputDecl
	// Resources holds managed resources ("aws_vpc.main") and data sources
	// ("data.aws_ami.ubuntu") by local address.
	Resources map[string]*ResourceDecl
	Calls     map[string]*CallDecl
	// Providers maps a provider local name to its source address from
	// required_providers.
	Providers map[string]string
	// ProviderAliases holds the aliased configurations the module expects
	// from its callers (configuration_aliases in required_providers), as
	// "aws.east".
	ProviderAliases map[string]bool
	// ProviderConfigs are the provider blocks by local name and alias:
	// "aws", "aws.west".
	ProviderConfigs map[string]*ProviderDecl
	// Checks are the check blocks by name; their scoped data sources are
	// in Resources with Check set.
	Checks map[string]*CheckDecl
	// Imports, Moved and Removed are the state-changing blocks in
	// declaration order. They are walked and their references checked,
	// not evaluated.
	Imports []*ImportDecl
	Moved   []*MovedDecl
	Removed []*RemovedDecl

	Children map[string]*Module
}

// Name is the static address prefix of the module: "" for the root,
// "module.net.module.subnets." otherwise.
func (m *Module) Name() string {
	var b strings.Builder
	for _, p := range m.Path {
		b.WriteString("module.")
		b.WriteString(p)
		b.WriteString(".")
	}
	return b.String()
}

// Expr is one expression of the configuration with where it is.
type Expr struct {
	Name  string
	Expr  hcl.Expression
	Range hcl.Range
}

// VariableDecl is a variable block.
type VariableDecl struct {
	Name        string
	Type        hcl.Expression // nil when no type is declared
	Default     hcl.Expression // nil when the variable is required
	Nullable    hcl.Expression
	Validations []*Condition
	DeclRange   hcl.Range
}

// Condition is a validation block of a variable, a precondition or
// postcondition block, or an assert block of a check.
type Condition struct {
	Condition    hcl.Expression
	ErrorMessage hcl.Expression // nil when absent
	Range        hcl.Range
}

// Validation is a variable's validation block.
type Validation = Condition

// OutputDecl is an output block.
type OutputDecl struct {
	Name          string
	Value         hcl.Expression
	Preconditions []*Condition
	DependsOn     hcl.Expression // a tuple of references; nil when absent
	DeclRange     hcl.Range
}

// ProviderDecl is a provider block.
type ProviderDecl struct {
	Name  string // the provider's local name, such as aws
	Alias string // "" for the default configuration
	// Body holds the configuration arguments and blocks, without alias
	// and version.
	Body      *Body
	DeclRange hcl.Range
}

// Key is the provider configuration's name in its module: aws or aws.west.
func (p *ProviderDecl) Key() string {
	if p.Alias == "" {
		return p.Name
	}
	return p.Name + "." + p.Alias
}

// CheckDecl is a check block.
type CheckDecl struct {
	Name    string
	Asserts []*Condition
	// Data lists the local addresses of the check's scoped data sources
	// (data.TYPE.NAME), which only the check's own expressions may read.
	Data      []string
	DeclRange hcl.Range
}

// ImportDecl is an import block: To is the address of the resource
// instance to import into, a reference expression.
type ImportDecl struct {
	To, ID, ForEach, Provider hcl.Expression // nil when absent
	DeclRange                 hcl.Range
}

// MovedDecl is a moved block; From and To are address expressions.
type MovedDecl struct {
	From, To  hcl.Expression
	DeclRange hcl.Range
}

// RemovedDecl is a removed block: From is an address expression; Body
// holds its lifecycle and provisioner blocks.
type RemovedDecl struct {
	From      hcl.Expression
	Body      *Body
	DeclRange hcl.Range
}

// ResourceDecl is a resource or data block.
type ResourceDecl struct {
	Mode     string // "managed" or "data"
	Type     string
	Name     string
	Count    hcl.Expression
	ForEach  hcl.Expression
	Provider hcl.Expression // the provider meta-argument; nil when absent
	Body     *Body
	// DependsOn is the depends_on argument, a tuple of references; nil
	// when absent.
	DependsOn hcl.Expression
	// Lifecycle holds the lifecycle block's arguments (ignore_changes,
	// replace_triggered_by, ...); its conditions are in Preconditions and
	// Postconditions.
	Lifecycle      *Body
	Preconditions  []*Condition
	Postconditions []*Condition
	// Provisioners and Connection are the provisioner blocks (labelled by
	// type) and the connection block; they are walked, not evaluated.
	Provisioners []*NestedBlock
	Connection   *NestedBlock
	// Check is the name of the check block that holds this data source;
	// "" for resources and data sources of the module.
	Check string
	// Refs are the names read as attributes of this resource anywhere in
	// the configuration; those the configuration does not set are
	// computed by the provider and unknown.
	Refs      map[string]bool
	DeclRange hcl.Range
	// escapes is set when an expression of the module passes the whole
	// resource on as a value (local.vpc = aws_vpc.main), so that the
	// attributes read from it elsewhere are not known statically.
	escapes bool
}

// Addr is the local address: aws_vpc.main or data.aws_ami.ubuntu.
func (r *ResourceDecl) Addr() string {
	if r.Mode == "data" {
		return "data." + r.Type + "." + r.Name
	}
	return r.Type + "." + r.Name
}

// CallDecl is a module block.
type CallDecl struct {
	Name      string
	Source    string
	Count     hcl.Expression
	ForEach   hcl.Expression
	Inputs    map[string]*Expr
	Providers hcl.Expression
	DependsOn hcl.Expression // nil when absent
	DeclRange hcl.Range
}

// Body is a block body in source order: attributes and nested blocks.
type Body struct {
	Attrs  []*Expr
	Blocks []*NestedBlock
}

// NestedBlock is a block inside a resource body, including dynamic blocks.
type NestedBlock struct {
	Type   string
	Labels []string
	Body   *Body
	Range  hcl.Range
}

// meta-arguments and meta-blocks of resources that are not attributes.
var resourceMeta = map[string]bool{
	"count": true, "for_each": true, "provider": true, "depends_on": true,
	"lifecycle": true, "provisioner": true, "connection": true,
}

var topSchema = &hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{
	{Type: "variable", LabelNames: []string{"name"}},
	{Type: "locals"},
	{Type: "output", LabelNames: []string{"name"}},
	{Type: "resource", LabelNames: []string{"type", "name"}},
	{Type: "data", LabelNames: []string{"type", "name"}},
	{Type: "module", LabelNames: []string{"name"}},
	{Type: "provider", LabelNames: []string{"name"}},
	{Type: "terraform"},
	{Type: "moved"}, {Type: "import"}, {Type: "removed"},
	{Type: "check", LabelNames: []string{"name"}},
	// Ephemeral resources and actions are never part of a plan's values;
	// they are accepted and not evaluated.
	{Type: "ephemeral", LabelNames: []string{"type", "name"}},
	{Type: "action", LabelNames: []string{"type", "name"}},
}}

// loader reads module directories.
type loader struct {
	root   string // absolute root directory
	parser *hclparse.Parser
	remote map[string]string // modules.json key -> dir relative to root
	diags  diag.Diagnostics
	// fatal is set by errors that make evaluation pointless (syntax
	// errors); a module that is not installed is not fatal: its call
	// evaluates to unknown.
	fatal   bool
	parents map[*Module]*Module
	maxDeep int
}

type modulesJSON struct {
	Modules []struct {
		Key    string `json:"Key"`
		Source string `json:"Source"`
		Dir    string `json:"Dir"`
	} `json:"Modules"`
}

func (l *loader) readManifest() {
	p := filepath.Join(l.root, ".terraform", "modules", "modules.json")
	data, err := os.ReadFile(p)
	if err != nil {
		return
	}
	var m modulesJSON
	if err := json.Unmarshal(data, &m); err != nil {
		l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error,
			Summary: "Invalid module manifest", Detail: err.Error(),
			Subject:    &hcl.Range{Filename: ".terraform/modules/modules.json"},
			Suggestion: "run terraform init again"})
		return
	}
	l.remote = map[string]string{}
	for _, e := range m.Modules {
		l.remote[e.Key] = filepath.ToSlash(filepath.Clean(e.Dir))
	}
}

// ancestorCalling returns the name of m or of the ancestor of m whose
// directory is dir ("the root module" for the root), or "".
func ancestorCalling(m *Module, dir string, l *loader) string {
	for a := m; a != nil; a = l.parents[a] {
		if a.Dir == dir {
			if len(a.Path) == 0 {
				return "the root module"
			}
			return strings.TrimSuffix(a.Name(), ".")
		}
	}
	return ""
}

// loadModule parses the module in dir (relative to root) at path, called
// from parent (nil for the root).
func (l *loader) loadModule(dir string, path []string, parent *Module) *Module {
	m := &Module{
		Path: path, Dir: dir,
		Variables: map[string]*VariableDecl{}, Locals: map[string]*Expr{},
		Outputs: map[string]*OutputDecl{}, Resources: map[string]*ResourceDecl{},
		Calls: map[string]*CallDecl{}, Providers: map[string]string{},
		ProviderAliases: map[string]bool{}, ProviderConfigs: map[string]*ProviderDecl{},
		Checks: map[string]*CheckDecl{}, Children: map[string]*Module{},
	}
	if l.parents == nil {
		l.parents = map[*Module]*Module{}
	}
	l.parents[m] = parent
	primary, overrides, err := tffile.DirNames(filepath.Join(l.root, dir))
	if err != nil {
		l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error,
			Summary: "Cannot read module directory", Detail: err.Error(),
			Path: strings.TrimSuffix(m.Name(), ".")})
		return m
	}
	for _, n := range primary {
		l.loadFile(m, dir, n, false)
	}
	for _, n := range overrides {
		l.loadFile(m, dir, n, true)
	}
	collectRefs(m)
	if len(path) >= l.maxDeep {
		if len(m.Calls) > 0 {
			l.diags = l.diags.Errorf(nil, "Module tree too deep at %s (more than %d levels); is a module calling itself?", m.Name(), l.maxDeep)
		}
		return m
	}
	for _, name := range sortedKeys(m.Calls) {
		c := m.Calls[name]
		cp := append(append([]string(nil), path...), name)
		cdir, ok := l.remote[strings.Join(cp, ".")]
		if !ok {
			if !isLocalSource(c.Source) {
				r := c.DeclRange
				l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error,
					Summary: "Module not installed",
					Detail:  "module \"" + name + "\" has source " + QuoteOrEmpty(c.Source) + ", which is not a local path, and .terraform/modules/modules.json has no entry for it",
					Subject: &r, Suggestion: "run terraform init (or tofu init) in the root module directory"})
				continue
			}
			cdir = filepath.ToSlash(filepath.Clean(filepath.Join(dir, c.Source)))
		}
		if calls := ancestorCalling(m, cdir, l); calls != "" {
			r := c.DeclRange
			l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error,
				Summary: "Module calls itself",
				Detail:  "module \"" + name + "\" has source " + QuoteOrEmpty(c.Source) + ", the directory of " + calls + ", which contains this call: the module tree would never end",
				Subject: &r, Path: strings.TrimSuffix(m.Name(), ".")})
			l.fatal = true
			continue
		}
		if fi, err := os.Stat(filepath.Join(l.root, cdir)); err != nil || !fi.IsDir() {
			r := c.DeclRange
			l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error,
				Summary: "Module directory not found",
				Detail:  "module \"" + name + "\" refers to " + cdir + ", which is not a directory",
				Subject: &r})
			continue
		}
		m.Children[name] = l.loadModule(cdir, cp, m)
	}
	return m
}

// QuoteOrEmpty quotes s for messages.
func QuoteOrEmpty(s string) string { return "\"" + s + "\"" }

func isLocalSource(s string) bool {
	return strings.HasPrefix(s, "./") || strings.HasPrefix(s, "../") || s == "." || s == ".."
}

func (l *loader) loadFile(m *Module, dir, name string, override bool) {
	rel := filepath.ToSlash(filepath.Join(dir, name))
	if dir == "." {
		rel = name
	}
	src, err := os.ReadFile(filepath.Join(l.root, dir, name))
	if err != nil {
		l.diags = l.diags.Errorf(&hcl.Range{Filename: rel}, "Cannot read file: %v", err)
		return
	}
	var f *hcl.File
	hd := hcldepth.File(src, rel)
	if !hd.HasErrors() {
		if strings.HasSuffix(name, ".json") {
			f, hd = l.parser.ParseJSON(src, rel)
		} else {
			f, hd = l.parser.ParseHCL(src, rel)
		}
	}
	l.diags = append(l.diags, diag.FromHCL(hd)...)
	if f == nil || hd.HasErrors() {
		l.fatal = true
		return
	}
	content, hd := f.Body.Content(topSchema)
	l.diags = append(l.diags, diag.FromHCL(hd)...)
	for _, b := range content.Blocks {
		l.decodeBlock(m, b, override)
	}
}

func (l *loader) dup(kind, name string, b *hcl.Block, prev hcl.Range) {
	r := b.DefRange
	l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error,
		Summary: "Duplicate " + kind + " " + QuoteOrEmpty(name),
		Detail:  "a " + kind + " of this name is already declared in this module",
		Subject: &r, Related: []diag.Related{{Message: "first declared here", Range: prev}},
		Suggestion: "rename one of them, or put the change in an override file (override.tf or *_override.tf)"})
}

func (l *loader) missingBase(kind, name string, b *hcl.Block) {
	r := b.DefRange
	l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error,
		Summary: "Missing base " + kind + " for override",
		Detail:  "an override file declares " + kind + " " + QuoteOrEmpty(name) + ", which no primary file declares",
		Subject: &r})
}

func (l *loader) attrs(body hcl.Body) hcl.Attributes {
	if sb, ok := body.(*hclsyntax.Body); ok {
		// JustAttributes of a native body left by PartialContent still
		// rejects the blocks that were taken out, so read attributes
		// directly; the blocks were decoded by the caller.
		as := hcl.Attributes{}
		for n, a := range sb.Attributes {
			as[n] = a.AsHCLAttribute()
		}
		return as
	}
	as, hd := body.JustAttributes()
	l.diags = append(l.diags, diag.FromHCL(hd)...)
	return as
}

func (l *loader) decodeBlock(m *Module, b *hcl.Block, override bool) {
	switch b.Type {
	case "variable":
		name := b.Labels[0]
		prev := m.Variables[name]
		if prev != nil && !override {
			l.dup("variable", name, b, prev.DeclRange)
			return
		}
		if prev == nil && override {
			l.missingBase("variable", name, b)
			return
		}
		v := prev
		if v == nil {
			v = &VariableDecl{Name: name, DeclRange: b.DefRange}
		}
		content, rest, hd := b.Body.PartialContent(&hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "validation"}}})
		l.diags = append(l.diags, diag.FromHCL(hd)...)
		for n, a := range l.attrs(rest) {
			switch n {
			case "type":
				v.Type = a.Expr
			case "default":
				v.Default = a.Expr
			case "nullable":
				v.Nullable = a.Expr
			}
		}
		if len(content.Blocks) > 0 && override {
			v.Validations = nil
		}
		for _, vb := range content.Blocks {
			if c := l.condition(vb); c != nil {
				v.Validations = append(v.Validations, c)
			}
		}
		m.Variables[name] = v
	case "locals":
		as := l.attrs(b.Body)
		for _, n := range sortedKeys(as) {
			a := as[n]
			if prev, ok := m.Locals[n]; ok && !override {
				r := a.NameRange
				l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error,
					Summary: "Duplicate local value " + QuoteOrEmpty(n), Subject: &r,
					Related: []diag.Related{{Message: "first declared here", Range: prev.Range}}})
				continue
			}
			m.Locals[n] = &Expr{Name: n, Expr: a.Expr, Range: a.Range}
		}
	case "output":
		name := b.Labels[0]
		prev := m.Outputs[name]
		if prev != nil && !override {
			l.dup("output", name, b, prev.DeclRange)
			return
		}
		if prev == nil && override {
			l.missingBase("output", name, b)
			return
		}
		o := prev
		if o == nil {
			o = &OutputDecl{Name: name, DeclRange: b.DefRange}
		}
		content, _, hd := b.Body.PartialContent(&hcl.BodySchema{
			Attributes: []hcl.AttributeSchema{{Name: "value"}, {Name: "depends_on"}},
			Blocks:     []hcl.BlockHeaderSchema{{Type: "precondition"}}})
		l.diags = append(l.diags, diag.FromHCL(hd)...)
		if a, ok := content.Attributes["value"]; ok {
			o.Value = a.Expr
		}
		if a, ok := content.Attributes["depends_on"]; ok {
			o.DependsOn = l.references(a.Expr)
		}
		if len(content.Blocks) > 0 {
			o.Preconditions = nil
			for _, pb := range content.Blocks {
				if c := l.condition(pb); c != nil {
					o.Preconditions = append(o.Preconditions, c)
				}
			}
		}
		if o.Value == nil {
			r := b.DefRange
			l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error,
				Summary: "Missing required argument", Detail: "output " + QuoteOrEmpty(name) + " has no value argument", Subject: &r})
			return
		}
		m.Outputs[name] = o
	case "resource", "data":
		l.decodeResource(m, b, override, "")
	case "module":
		name := b.Labels[0]
		prev := m.Calls[name]
		if prev != nil && !override {
			l.dup("module", name, b, prev.DeclRange)
			return
		}
		if prev == nil && override {
			l.missingBase("module", name, b)
			return
		}
		c := prev
		if c == nil {
			c = &CallDecl{Name: name, Inputs: map[string]*Expr{}, DeclRange: b.DefRange}
		}
		content, rest, hd := b.Body.PartialContent(&hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "lifecycle"}}})
		_ = content
		l.diags = append(l.diags, diag.FromHCL(hd)...)
		for n, a := range l.attrs(rest) {
			switch n {
			case "source":
				v, hd := a.Expr.Value(nil)
				if hd.HasErrors() || v.Type().FriendlyName() != "string" || v.IsNull() {
					r := a.Expr.Range()
					l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error,
						Summary: "Invalid module source", Detail: "the source of a module must be a literal string", Subject: &r})
					continue
				}
				c.Source = v.AsString()
			case "count":
				c.Count = a.Expr
			case "for_each":
				c.ForEach = a.Expr
			case "providers":
				c.Providers = a.Expr
			case "depends_on":
				c.DependsOn = l.references(a.Expr)
			case "version":
			default:
				c.Inputs[n] = &Expr{Name: n, Expr: a.Expr, Range: a.Range}
			}
		}
		m.Calls[name] = c
	case "terraform":
		content, _, _ := b.Body.PartialContent(&hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "required_providers"}}})
		for _, rp := range content.Blocks {
			l.requiredProviders(m, rp.Body)
		}
	case "provider":
		l.decodeProvider(m, b, override)
	case "check":
		l.decodeCheck(m, b, override)
	case "import":
		if len(m.Path) > 0 {
			r := b.DefRange
			l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Invalid import block",
				Detail: "import blocks are only allowed in the root module", Subject: &r})
			return
		}
		content, _, hd := b.Body.PartialContent(&hcl.BodySchema{Attributes: []hcl.AttributeSchema{
			{Name: "to"}, {Name: "id"}, {Name: "for_each"}, {Name: "provider"}}})
		l.diags = append(l.diags, diag.FromHCL(hd)...)
		im := &ImportDecl{DeclRange: b.DefRange}
		for n, a := range content.Attributes {
			switch n {
			case "to":
				im.To = l.reference(a.Expr)
			case "id":
				im.ID = a.Expr
			case "for_each":
				im.ForEach = a.Expr
			case "provider":
				im.Provider = l.reference(a.Expr)
			}
		}
		if im.To == nil {
			r := b.DefRange
			l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Missing required argument",
				Detail: "an import block needs a to argument: the address of the resource to import into", Subject: &r})
		}
		m.Imports = append(m.Imports, im)
	case "moved":
		content, _, hd := b.Body.PartialContent(&hcl.BodySchema{Attributes: []hcl.AttributeSchema{
			{Name: "from", Required: true}, {Name: "to", Required: true}}})
		l.diags = append(l.diags, diag.FromHCL(hd)...)
		mv := &MovedDecl{DeclRange: b.DefRange}
		if a, ok := content.Attributes["from"]; ok {
			mv.From = l.reference(a.Expr)
		}
		if a, ok := content.Attributes["to"]; ok {
			mv.To = l.reference(a.Expr)
		}
		m.Moved = append(m.Moved, mv)
	case "removed":
		content, rest, hd := b.Body.PartialContent(&hcl.BodySchema{Attributes: []hcl.AttributeSchema{{Name: "from", Required: true}}})
		l.diags = append(l.diags, diag.FromHCL(hd)...)
		rm := &RemovedDecl{DeclRange: b.DefRange}
		if a, ok := content.Attributes["from"]; ok {
			rm.From = l.reference(a.Expr)
		}
		rm.Body = l.body(rest, 0)
		rm.Body.Attrs = without(rm.Body.Attrs, "from")
		m.Removed = append(m.Removed, rm)
	}
}

// without returns attrs without the one called name.
func without(attrs []*Expr, name string) []*Expr {
	out := attrs[:0:0]
	for _, a := range attrs {
		if a.Name != name {
			out = append(out, a)
		}
	}
	return out
}

// condition decodes a validation, precondition, postcondition or assert
// block; nil (with a diagnostic) when it has no condition.
func (l *loader) condition(b *hcl.Block) *Condition {
	content, _, hd := b.Body.PartialContent(&hcl.BodySchema{Attributes: []hcl.AttributeSchema{
		{Name: "condition"}, {Name: "error_message"}}})
	l.diags = append(l.diags, diag.FromHCL(hd)...)
	c := &Condition{Range: b.DefRange}
	if a, ok := content.Attributes["condition"]; ok {
		c.Condition = a.Expr
	}
	if a, ok := content.Attributes["error_message"]; ok {
		c.ErrorMessage = a.Expr
	}
	if c.Condition == nil {
		r := b.DefRange
		l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Missing required argument",
			Detail: "a " + b.Type + " block needs a condition argument", Subject: &r})
		return nil
	}
	return c
}

// references reads a depends_on or replace_triggered_by list as a tuple
// of reference expressions, so that JSON strings ("aws_vpc.main") are
// references too, as Terraform reads them. Elements that are not
// references are reported.
func (l *loader) references(e hcl.Expression) hcl.Expression {
	list, hd := hcl.ExprList(e)
	if hd.HasErrors() {
		r := e.Range()
		l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Invalid reference list",
			Detail: "the value must be a list of references, such as [aws_vpc.main]", Subject: &r})
		return nil
	}
	t := &hclsyntax.TupleConsExpr{SrcRange: e.Range(), OpenRange: e.StartRange()}
	for _, x := range list {
		if ref := l.reference(x); ref != nil {
			t.Exprs = append(t.Exprs, ref.(hclsyntax.Expression))
		}
	}
	return t
}

// reference reads an expression that must be a static reference (an
// address such as module.net.aws_vpc.main["a"] or a provider aws.west).
func (l *loader) reference(e hcl.Expression) hcl.Expression {
	tr, hd := hcl.AbsTraversalForExpr(e)
	if hd.HasErrors() {
		r := e.Range()
		l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Invalid reference",
			Detail: "a static reference is required here, such as aws_vpc.main or module.net", Subject: &r})
		return nil
	}
	return &hclsyntax.ScopeTraversalExpr{Traversal: tr, SrcRange: e.Range()}
}

// requiredProviders reads a required_providers block: each entry's source
// and configuration_aliases (entries that are only a version string are
// skipped).
func (l *loader) requiredProviders(m *Module, body hcl.Body) {
	for n, a := range l.attrs(body) {
		pairs, hd := hcl.ExprMap(a.Expr)
		if hd.HasErrors() {
			continue
		}
		for _, p := range pairs {
			k, hd := p.Key.Value(nil)
			if hd.HasErrors() || k.Type() != cty.String || k.IsNull() || !k.IsKnown() {
				if kw := hcl.ExprAsKeyword(p.Key); kw != "" {
					k = cty.StringVal(kw)
				} else {
					continue
				}
			}
			switch k.AsString() {
			case "source":
				if v, hd := p.Value.Value(nil); !hd.HasErrors() && v.Type() == cty.String && v.IsKnown() && !v.IsNull() {
					m.Providers[n] = v.AsString()
				}
			case "configuration_aliases":
				list, hd := hcl.ExprList(p.Value)
				if hd.HasErrors() {
					continue
				}
				for _, x := range list {
					if tr, hd := hcl.AbsTraversalForExpr(x); !hd.HasErrors() {
						m.ProviderAliases[traversalName(tr)] = true
					}
				}
			}
		}
	}
}

// decodeProvider reads a provider block.
func (l *loader) decodeProvider(m *Module, b *hcl.Block, override bool) {
	p := &ProviderDecl{Name: b.Labels[0], DeclRange: b.DefRange}
	body := l.body(b.Body, 0)
	for _, a := range body.Attrs {
		if a.Name != "alias" {
			continue
		}
		v, hd := a.Expr.Value(nil)
		if hd.HasErrors() || v.Type() != cty.String || v.IsNull() || !v.IsKnown() || !hclsyntax.ValidIdentifier(v.AsString()) {
			r := a.Expr.Range()
			l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Invalid provider alias",
				Detail: "alias must be a literal string that is a valid identifier", Subject: &r})
			continue
		}
		p.Alias = v.AsString()
	}
	body.Attrs = without(without(body.Attrs, "alias"), "version")
	key := p.Key()
	prev := m.ProviderConfigs[key]
	switch {
	case prev != nil && !override:
		r := b.DefRange
		l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error,
			Summary: "Duplicate provider configuration",
			Detail:  "a provider configuration for " + QuoteOrEmpty(key) + " is already declared in this module", Subject: &r,
			Related:    []diag.Related{{Message: "first declared here", Range: prev.DeclRange}},
			Suggestion: "give one of them an alias, or put the change in an override file"})
		return
	case prev == nil && override:
		l.missingBase("provider", key, b)
		return
	case prev != nil:
		prev.Body = mergeBody(prev.Body, body)
		return
	}
	p.Body = body
	m.ProviderConfigs[key] = p
}

// decodeCheck reads a check block: its asserts and scoped data sources.
func (l *loader) decodeCheck(m *Module, b *hcl.Block, override bool) {
	name := b.Labels[0]
	prev := m.Checks[name]
	if prev != nil && !override {
		l.dup("check", name, b, prev.DeclRange)
		return
	}
	if prev == nil && override {
		l.missingBase("check", name, b)
		return
	}
	c := prev
	if c == nil {
		c = &CheckDecl{Name: name, DeclRange: b.DefRange}
	}
	content, _, hd := b.Body.PartialContent(&hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{
		{Type: "data", LabelNames: []string{"type", "name"}}, {Type: "assert"}}})
	l.diags = append(l.diags, diag.FromHCL(hd)...)
	var asserts []*Condition
	for _, cb := range content.Blocks {
		switch cb.Type {
		case "data":
			if key := l.decodeResource(m, cb, override, name); key != "" && !contains(c.Data, key) {
				c.Data = append(c.Data, key)
			}
		case "assert":
			if a := l.condition(cb); a != nil {
				asserts = append(asserts, a)
			}
		}
	}
	if len(asserts) > 0 || !override {
		c.Asserts = asserts
	}
	if len(c.Asserts) == 0 && !override {
		r := b.DefRange
		l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Missing assert block",
			Detail: "check " + QuoteOrEmpty(name) + " needs at least one assert block", Subject: &r})
	}
	m.Checks[name] = c
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// resourceMetaSchema picks the meta-arguments and meta-blocks of a
// resource body that are not decoded into Body, in both syntaxes.
var resourceMetaSchema = &hcl.BodySchema{
	Attributes: []hcl.AttributeSchema{{Name: "depends_on"}},
	Blocks: []hcl.BlockHeaderSchema{{Type: "lifecycle"}, {Type: "provisioner", LabelNames: []string{"type"}},
		{Type: "connection"}},
}

var lifecycleSchema = &hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "precondition"}, {Type: "postcondition"}}}

// decodeResource reads a resource or data block (of check block check
// when check is not "") and returns its local address, "" when it was
// not added.
func (l *loader) decodeResource(m *Module, b *hcl.Block, override bool, check string) string {
	mode := "managed"
	if b.Type == "data" {
		mode = "data"
	}
	r := &ResourceDecl{Mode: mode, Type: b.Labels[0], Name: b.Labels[1], Check: check, DeclRange: b.DefRange}
	key := r.Addr()
	prev := m.Resources[key]
	if prev != nil && !override {
		l.dup(b.Type, key, b, prev.DeclRange)
		return ""
	}
	if prev == nil && override {
		l.missingBase(b.Type, key, b)
		return ""
	}
	body := l.body(b.Body, 0)
	if prev != nil {
		r = prev
		r.Body = mergeBody(r.Body, body)
	} else {
		r.Body = body
	}
	var kept []*Expr
	for _, a := range r.Body.Attrs {
		switch a.Name {
		case "count":
			r.Count = a.Expr
		case "for_each":
			r.ForEach = a.Expr
		case "provider":
			r.Provider = l.reference(a.Expr)
		}
		if !resourceMeta[a.Name] {
			kept = append(kept, a)
		}
	}
	r.Body.Attrs = kept
	var blocks []*NestedBlock
	for _, nb := range r.Body.Blocks {
		if !resourceMeta[nb.Type] {
			blocks = append(blocks, nb)
		}
	}
	r.Body.Blocks = blocks
	l.resourceMeta(r, b.Body)
	if r.Count != nil && r.ForEach != nil {
		rr := r.DeclRange
		l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error,
			Summary: "Invalid combination of \"count\" and \"for_each\"",
			Detail:  "the count and for_each meta-arguments are mutually exclusive", Subject: &rr})
	}
	m.Resources[key] = r
	return key
}

// resourceMeta reads depends_on, lifecycle (with its conditions),
// provisioner and connection of a resource body into r; what an override
// body sets replaces what the base set.
func (l *loader) resourceMeta(r *ResourceDecl, b hcl.Body) {
	content, _, hd := b.PartialContent(resourceMetaSchema)
	l.diags = append(l.diags, diag.FromHCL(hd)...)
	if a, ok := content.Attributes["depends_on"]; ok {
		r.DependsOn = l.references(a.Expr)
	}
	var provisioners []*NestedBlock
	for _, mb := range content.Blocks {
		switch mb.Type {
		case "lifecycle":
			lc, rest, hd := mb.Body.PartialContent(lifecycleSchema)
			l.diags = append(l.diags, diag.FromHCL(hd)...)
			r.Lifecycle = l.body(rest, 1)
			var kept []*NestedBlock
			for _, nb := range r.Lifecycle.Blocks {
				if nb.Type != "precondition" && nb.Type != "postcondition" {
					kept = append(kept, nb)
				}
			}
			r.Lifecycle.Blocks = kept
			var pre, post []*Condition
			for _, cb := range lc.Blocks {
				if c := l.condition(cb); c != nil && cb.Type == "precondition" {
					pre = append(pre, c)
				} else if c != nil {
					post = append(post, c)
				}
			}
			if len(pre) > 0 {
				r.Preconditions = pre
			}
			if len(post) > 0 {
				r.Postconditions = post
			}
		case "provisioner":
			provisioners = append(provisioners, &NestedBlock{Type: mb.Type, Labels: mb.Labels, Body: l.body(mb.Body, 1), Range: mb.DefRange})
		case "connection":
			r.Connection = &NestedBlock{Type: mb.Type, Body: l.body(mb.Body, 1), Range: mb.DefRange}
		}
	}
	if len(provisioners) > 0 {
		r.Provisioners = provisioners
	}
}

// dynamicSchema picks the dynamic blocks of a JSON body, and
// dynamicBodySchema the arguments and content of one.
var (
	dynamicSchema     = &hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "dynamic", LabelNames: []string{"type"}}}}
	dynamicBodySchema = &hcl.BodySchema{
		Attributes: []hcl.AttributeSchema{{Name: "for_each"}, {Name: "iterator"}, {Name: "labels"}},
		Blocks:     []hcl.BlockHeaderSchema{{Type: "content"}},
	}
)

// body converts a block body into the ordered model. Native syntax bodies
// keep their nested blocks. JSON bodies have no schema to tell blocks from
// attributes, so every property is an attribute there, except "dynamic",
// which Terraform's JSON syntax reserves for dynamic blocks:
// "dynamic": {"TYPE": {"for_each": ..., "iterator": ..., "labels": [...],
// "content": {...}}}, or a list of such objects for several.
func (l *loader) body(b hcl.Body, depth int) *Body {
	out := &Body{}
	sb, ok := b.(*hclsyntax.Body)
	if !ok {
		content, rest, hd := b.PartialContent(dynamicSchema)
		l.diags = append(l.diags, diag.FromHCL(hd)...)
		as := l.attrs(rest)
		for _, n := range sortedKeys(as) {
			a := as[n]
			out.Attrs = append(out.Attrs, &Expr{Name: n, Expr: a.Expr, Range: a.Range})
		}
		for _, db := range content.Blocks {
			dc, hd := db.Body.Content(dynamicBodySchema)
			l.diags = append(l.diags, diag.FromHCL(hd)...)
			nb := &NestedBlock{Type: "dynamic", Labels: db.Labels, Body: &Body{}, Range: db.DefRange}
			for _, n := range []string{"for_each", "iterator", "labels"} {
				if a, ok := dc.Attributes[n]; ok {
					nb.Body.Attrs = append(nb.Body.Attrs, &Expr{Name: n, Expr: a.Expr, Range: a.Range})
				}
			}
			for _, cb := range dc.Blocks {
				nb.Body.Blocks = append(nb.Body.Blocks, &NestedBlock{Type: "content", Body: l.body(cb.Body, depth+1), Range: cb.DefRange})
			}
			out.Blocks = append(out.Blocks, nb)
		}
		return out
	}
	type item struct {
		pos hcl.Pos
		a   *Expr
		b   *NestedBlock
	}
	var items []item
	for n, a := range sb.Attributes {
		items = append(items, item{pos: a.SrcRange.Start, a: &Expr{Name: n, Expr: a.Expr, Range: a.SrcRange}})
	}
	for _, blk := range sb.Blocks {
		items = append(items, item{pos: blk.TypeRange.Start, b: &NestedBlock{
			Type: blk.Type, Labels: blk.Labels, Body: l.body(blk.Body, depth+1), Range: blk.DefRange()}})
	}
	sort.Slice(items, func(i, j int) bool { return items[i].pos.Byte < items[j].pos.Byte })
	for _, it := range items {
		if it.a != nil {
			out.Attrs = append(out.Attrs, it.a)
		} else {
			out.Blocks = append(out.Blocks, it.b)
		}
	}
	return out
}

// mergeBody applies an override body to a base per Terraform's rules:
// attributes replace attributes of the same name; a nested block type in
// the override replaces all base blocks of that type.
func mergeBody(base, over *Body) *Body {
	out := &Body{}
	oa := map[string]*Expr{}
	for _, a := range over.Attrs {
		oa[a.Name] = a
	}
	for _, a := range base.Attrs {
		if r, ok := oa[a.Name]; ok {
			out.Attrs = append(out.Attrs, r)
			delete(oa, a.Name)
		} else {
			out.Attrs = append(out.Attrs, a)
		}
	}
	for _, a := range over.Attrs {
		if _, ok := oa[a.Name]; ok {
			out.Attrs = append(out.Attrs, a)
		}
	}
	ob := map[string]bool{}
	for _, b := range over.Blocks {
		ob[b.Type] = true
	}
	for _, b := range base.Blocks {
		if !ob[b.Type] {
			out.Blocks = append(out.Blocks, b)
		}
	}
	out.Blocks = append(out.Blocks, over.Blocks...)
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
