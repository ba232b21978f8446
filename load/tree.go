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

	"github.com/tfkit/tfkit/diag"
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
	Validations []*Validation
	DeclRange   hcl.Range
}

// Validation is one validation block of a variable.
type Validation struct {
	Condition    hcl.Expression
	ErrorMessage hcl.Expression
	Range        hcl.Range
}

// OutputDecl is an output block.
type OutputDecl struct {
	Name      string
	Value     hcl.Expression
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
	// Attrs are the names referenced as attributes of this resource
	// anywhere in its module; those the configuration does not set are
	// computed by the provider and unknown.
	Refs      map[string]bool
	DeclRange hcl.Range
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
		Children: map[string]*Module{},
	}
	if l.parents == nil {
		l.parents = map[*Module]*Module{}
	}
	l.parents[m] = parent
	entries, err := os.ReadDir(filepath.Join(l.root, dir))
	if err != nil {
		l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error,
			Summary: "Cannot read module directory", Detail: err.Error(),
			Path: strings.TrimSuffix(m.Name(), ".")})
		return m
	}
	var primary, overrides []string
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || !(strings.HasSuffix(n, ".tf") || strings.HasSuffix(n, ".tf.json")) {
			continue
		}
		if strings.HasPrefix(n, ".") || strings.HasSuffix(n, "~") {
			continue
		}
		base := strings.TrimSuffix(strings.TrimSuffix(n, ".json"), ".tf")
		if base == "override" || strings.HasSuffix(base, "_override") {
			overrides = append(overrides, n)
		} else {
			primary = append(primary, n)
		}
	}
	sort.Strings(primary)
	sort.Strings(overrides)
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
	var hd hcl.Diagnostics
	if strings.HasSuffix(name, ".json") {
		f, hd = l.parser.ParseJSON(src, rel)
	} else {
		f, hd = l.parser.ParseHCL(src, rel)
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
			va := &Validation{Range: vb.DefRange}
			for n, a := range l.attrs(vb.Body) {
				switch n {
				case "condition":
					va.Condition = a.Expr
				case "error_message":
					va.ErrorMessage = a.Expr
				}
			}
			if va.Condition != nil {
				v.Validations = append(v.Validations, va)
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
		content, _, hd := b.Body.PartialContent(&hcl.BodySchema{Attributes: []hcl.AttributeSchema{{Name: "value"}}})
		l.diags = append(l.diags, diag.FromHCL(hd)...)
		if a, ok := content.Attributes["value"]; ok {
			o.Value = a.Expr
		}
		if o.Value == nil {
			r := b.DefRange
			l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error,
				Summary: "Missing required argument", Detail: "output " + QuoteOrEmpty(name) + " has no value argument", Subject: &r})
			return
		}
		m.Outputs[name] = o
	case "resource", "data":
		mode := "managed"
		if b.Type == "data" {
			mode = "data"
		}
		r := &ResourceDecl{Mode: mode, Type: b.Labels[0], Name: b.Labels[1], DeclRange: b.DefRange}
		key := r.Addr()
		prev := m.Resources[key]
		if prev != nil && !override {
			l.dup(b.Type, key, b, prev.DeclRange)
			return
		}
		if prev == nil && override {
			l.missingBase(b.Type, key, b)
			return
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
				r.Provider = a.Expr
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
		if r.Count != nil && r.ForEach != nil {
			rr := r.DeclRange
			l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error,
				Summary: "Invalid combination of \"count\" and \"for_each\"",
				Detail:  "the count and for_each meta-arguments are mutually exclusive", Subject: &rr})
		}
		m.Resources[key] = r
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
			case "version", "depends_on":
			default:
				c.Inputs[n] = &Expr{Name: n, Expr: a.Expr, Range: a.Range}
			}
		}
		m.Calls[name] = c
	case "terraform":
		content, _, _ := b.Body.PartialContent(&hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "required_providers"}}})
		for _, rp := range content.Blocks {
			for n, a := range l.attrs(rp.Body) {
				v, hd := a.Expr.Value(nil)
				if hd.HasErrors() || v.IsNull() || !v.IsKnown() {
					continue
				}
				if v.Type().IsObjectType() && v.Type().HasAttribute("source") {
					if s := v.GetAttr("source"); s.IsKnown() && !s.IsNull() && s.Type().FriendlyName() == "string" {
						m.Providers[n] = s.AsString()
					}
				}
			}
		}
	}
}

// body converts a block body into the ordered model. Native syntax bodies
// keep their nested blocks; JSON bodies have no schema to tell blocks from
// attributes, so every property is an attribute there.
func (l *loader) body(b hcl.Body, depth int) *Body {
	out := &Body{}
	sb, ok := b.(*hclsyntax.Body)
	if !ok {
		as := l.attrs(b)
		for _, n := range sortedKeys(as) {
			a := as[n]
			out.Attrs = append(out.Attrs, &Expr{Name: n, Expr: a.Expr, Range: a.Range})
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
