package tffile

import (
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/config/hclguard"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/schema"
)

// Options control reading.
type Options struct {
	// Providers are provider schemas (schema.ReadProviders). With them,
	// the properties of resource, data source and provider bodies in
	// Terraform JSON that the schemas declare as nested blocks are read
	// as blocks; without them, as arguments with object values. What
	// the schemas declare as arguments is read as arguments, lists of
	// objects too (which native syntax may write as blocks).
	Providers []*schema.Provider
	// Engine is the engine whose choice of files Dir follows (NamesFor):
	// with OpenTofu, .tofu and .tofu.json files are read and hide the .tf
	// files of the same name. The zero value reads as Terraform does.
	Engine Engine
}

// File is one file as read, before overrides are merged.
type File struct {
	// Name is the file's name as diagnostics give it.
	Name string
	Src  []byte
	// JSON is set for Terraform JSON, Override for override files.
	JSON, Override bool
	// Config holds the file's blocks in order; nil when the file could
	// not be read.
	Config *config.Config
	// Syntax is the native syntax tree of the file's body, for tools that
	// need the text of blocks; nil for JSON.
	Syntax *hclsyntax.Body
}

// Module is a set of files read into one configuration.
type Module struct {
	// Config is the configuration: the blocks of the primary files in
	// order, those an override file changes replaced by the merged
	// block in place, then the blocks override files add (terraform,
	// moved, import, removed, and local values no primary file
	// declares).
	Config *config.Config
	// Files are the files as read: primary files in the order given, then
	// override files.
	Files []*File

	// merged maps a merged block to the primary file's block it was
	// merged from.
	merged map[*config.Block]*config.Block
}

// Merged returns the block of a primary file that b, a block of Config,
// was merged from, and whether b is such a merge; a block no override
// changed is returned as is.
func (m *Module) Merged(b *config.Block) (*config.Block, bool) {
	if base, ok := m.merged[b]; ok {
		return base, true
	}
	return b, false
}

// Read reads files into one module: primary files in the order given,
// then override files (by Kind of their names) merged into them in the
// order given. Every file given is read, .tofu and .tofu.json names too
// (native and JSON syntax as for .tf and .tf.json): which files an engine
// reads is NamesFor's choice. Diagnostics say what could not be read; the files that
// could are in the module.
func Read(srcs []Source, opts Options) (*Module, diag.Diagnostics) {
	m := &Module{Config: &config.Config{}}
	// Diagnostics by file, so that they come in the order of the files.
	fileDiags := make([]diag.Diagnostics, len(srcs))
	var jsons []*jsonFile
	var primary, overrides []*File
	for i, s := range srcs {
		// The caller chose the files; a .tofu name only tells the syntax.
		_, isJSON, over, _ := kind(s.Name, true)
		f := &File{Name: s.Name, Src: s.Src, JSON: isJSON, Override: over}
		if f.JSON {
			jf, d := parseJSONFile(s.Name, s.Src)
			fileDiags[i] = d
			jsons = append(jsons, jf)
		} else {
			cfg, sb, d := readNative(s.Name, s.Src)
			fileDiags[i] = d
			f.Config, f.Syntax = cfg, sb
			jsons = append(jsons, nil)
		}
		if over {
			overrides = append(overrides, f)
		} else {
			primary = append(primary, f)
		}
		m.Files = append(m.Files, f)
	}
	var index map[string]*schema.Provider
	if opts.Providers != nil {
		// JSON bodies are read with the schemas of the providers the
		// module's required_providers name, in any of its files.
		all := &config.Config{}
		for i, f := range m.Files {
			switch {
			case f.Config != nil:
				all.Add(f.Config.BlocksOfType("terraform")...)
			case jsons[i] != nil:
				tc, _ := jsons[i].read(nil, "terraform")
				all.Add(tc.Blocks...)
			}
		}
		index = ProviderSchemas(all, opts.Providers)
	}
	var ds diag.Diagnostics
	for i, f := range m.Files {
		if jsons[i] != nil {
			cfg, d := jsons[i].read(index, "")
			fileDiags[i] = append(fileDiags[i], d...)
			f.Config = cfg
		}
		ds = append(ds, fileDiags[i]...)
	}
	m.Files = append(primary, overrides...)
	for _, f := range primary {
		if f.Config != nil {
			m.Config.Add(f.Config.Blocks...)
		}
	}
	for _, f := range overrides {
		if f.Config != nil {
			ds = append(ds, m.merge(f.Config)...)
		}
	}
	return m, ds
}

// ReadFile reads one file, by the syntax its name says, without merging:
// an override file's blocks are returned as written.
func ReadFile(s Source, opts Options) (*config.Config, diag.Diagnostics) {
	m, ds := Read([]Source{{Name: s.Name, Src: s.Src}}, opts)
	if m.Files[0].Config == nil {
		return nil, ds
	}
	return m.Files[0].Config, ds
}

// ReadHeaders reads the top-level blocks of one file with their types,
// labels and places, and the bodies of only those blocks whose type is in
// bodiesOf (the others are empty): for tools that need what a file
// declares, or one kind of block, without the cost of reading every body
// into the model. The syntax is JSON when the name ends in .json, native
// otherwise. The diagnostics are those of reading the file's syntax, its
// top-level structure and the bodies read.
func ReadHeaders(s Source, bodiesOf ...string) (*config.Config, diag.Diagnostics) {
	if strings.HasSuffix(s.Name, ".json") {
		jf, ds := parseJSONFile(s.Name, s.Src)
		if jf == nil {
			return nil, ds
		}
		r := &jsonReader{pos: jf.pos, headers: true, bodiesOf: bodiesOf}
		cfg := jf.readWith(r, "")
		return cfg, append(ds, r.ds...)
	}
	if hds := hclguard.Config(s.Src, s.Name, hcl.InitialPos); hds.HasErrors() {
		return nil, diag.FromHCL(hds)
	}
	f, hds := hclsyntax.ParseConfig(s.Src, s.Name, hcl.InitialPos)
	if hds.HasErrors() {
		return nil, diag.FromHCL(hds)
	}
	body := f.Body.(*hclsyntax.Body)
	if len(body.Attributes) > 0 {
		// Not a Terraform file: read as a whole for the model's diagnostics.
		return config.ConfigFromSyntax(body, s.Src)
	}
	cfg := &config.Config{Blocks: make([]*config.Block, 0, len(body.Blocks))}
	for _, b := range body.Blocks {
		nb := config.NewBlock(b.Type, b.Labels...)
		nb.DeclRange, nb.TypeRange = b.DefRange(), b.TypeRange
		nb.LabelRanges = b.LabelRanges[:len(b.LabelRanges):len(b.LabelRanges)]
		nb.OpenBraceRange, nb.CloseBraceRange = b.OpenBraceRange, b.CloseBraceRange
		if slices.Contains(bodiesOf, b.Type) {
			nb.Body = config.BodyFromSyntax(b.Body, s.Src, 0)
		}
		cfg.Add(nb)
	}
	return cfg, nil
}

// ReadJSON reads one file of Terraform JSON, whatever its name, without
// merging.
func ReadJSON(s Source, opts Options) (*config.Config, diag.Diagnostics) {
	jf, ds := parseJSONFile(s.Name, s.Src)
	if jf == nil {
		return nil, ds
	}
	var index map[string]*schema.Provider
	if opts.Providers != nil {
		tc, _ := jf.read(nil, "terraform")
		index = ProviderSchemas(tc, opts.Providers)
	}
	return jf.read(index, "")
}

// ProviderOf is the schema of the provider serving b, a resource, data
// source or ephemeral resource of type typ, among schemas by local name
// (ProviderSchemas): the one its provider meta-argument names when set,
// else the one the type's prefix names (aws for aws_instance); nil when it
// is not known.
func ProviderOf(schemas map[string]*schema.Provider, b *config.Block, typ string) *schema.Provider {
	if a := b.Body.Attribute("provider"); a != nil {
		if trs, ok := config.StaticReferences(a.Expr); ok && len(trs) == 1 {
			return schemas[trs[0].RootName()]
		}
		return nil
	}
	return schemas[ImpliedProvider(typ)]
}

// ModuleCallsItself is the error for the module call name whose local
// source names the directory of outer ("the root module", or the address
// of a module the call is in): the module would contain itself without
// end (terraform init installs it until a path is too long). The caller
// sets where, and the path.
func ModuleCallsItself(name, source, outer string) *diag.Diagnostic {
	return &diag.Diagnostic{Severity: diag.Error, Summary: "Module calls itself",
		Detail:     `module "` + name + `" has source "` + source + `", the directory of ` + outer + ", which contains this call: the module tree would never end",
		Suggestion: "correct the source to name another module's directory, or remove the call"}
}

// ImpliedProvider is the local name of the provider that serves a
// resource, data source or ephemeral resource of type typ when no
// provider meta-argument names one: the type's prefix, up to its first
// underscore (aws for aws_instance), or the whole type when it has none.
func ImpliedProvider(typ string) string {
	if i := strings.IndexByte(typ, '_'); i > 0 {
		return typ[:i]
	}
	return typ
}

// ProviderSchemas maps the provider local names a configuration uses to
// provider schemas: names from required_providers first, then each
// provider's own name (the last part of its source address).
func ProviderSchemas(cfg *config.Config, providers []*schema.Provider) map[string]*schema.Provider {
	bySource := map[string]*schema.Provider{}
	out := map[string]*schema.Provider{}
	for _, p := range providers {
		bySource[p.Source] = p
		bySource[strings.TrimPrefix(p.Source, "registry.terraform.io/")] = p
		if _, taken := out[p.Name()]; !taken {
			out[p.Name()] = p
		}
	}
	for _, tb := range cfg.BlocksOfType("terraform") {
		for _, rp := range tb.Body.Blocks("required_providers") {
			for _, a := range rp.Body.Attributes() {
				obj, ok := a.Expr.(*config.Object)
				if !ok {
					continue
				}
				for _, it := range obj.Items {
					if k, _ := config.LiteralString(it.Key); k == "source" {
						if src, ok := config.LiteralString(it.Value); ok {
							if p := bySource[strings.ToLower(src)]; p != nil {
								out[a.Name] = p
							}
						}
					}
				}
			}
		}
	}
	return out
}
