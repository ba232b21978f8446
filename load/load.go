package load

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclparse"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/config/hclguard"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/schema"
	"github.com/tfkit/tfkit/tffile"
)

// Options are the inputs of an evaluation besides the configuration.
type Options struct {
	// VarFiles are -var-file paths, applied in order after the automatic
	// files (terraform.tfvars, *.auto.tfvars); relative to the root module.
	VarFiles []string
	// Vars are -var values as NAME=VALUE, applied in order after VarFiles.
	// Inputs are -var and -var-file options in command-line order, applied
	// after Vars; Terraform gives the later one precedence whatever its kind.
	Inputs []Input
	Vars   []string
	// Env is the environment to read TF_VAR_* from; nil means none, so
	// that results never depend on the caller's environment by accident.
	Env []string
	// Workspace is terraform.workspace; "" means "default".
	Workspace string
	// Providers are provider schemas (schema.ReadProviders of terraform
	// providers schema -json). A resource whose provider is among them has
	// every attribute of its schema, converted to the attribute's type;
	// unset computed attributes are unknown, other unset ones null.
	Providers []*schema.Provider
	// Engine is the engine whose files are read (tffile.Options.Engine):
	// with OpenTofu, .tofu and .tofu.json files too, each hiding the .tf
	// file of its name. The zero value reads as Terraform does.
	Engine tffile.Engine
	// EngineVersion is the version of the engine that will run the
	// configuration ("1.11.4", as terraform version or tofu version
	// prints it), which the modules' version constraints must admit
	// (required_version; OpenTofu's compatible_with). "" checks them
	// against every version tfkit runs: only a constraint none of them
	// meets is refused.
	EngineVersion string
	// Strict makes what only the cloud or terraform init can supply an
	// error, as in Terraform: a count or for_each that is unknown, a
	// module that is not installed. Without it they are warnings, the
	// resource or call is listed as unexpanded, and the rest is evaluated.
	Strict bool
	// DataValues sets data source results by address: data.TYPE.NAME for
	// every instance, or one instance's address (module.net.data.TYPE.NAME["a"]);
	// each value is an object of attributes that replace what the
	// configuration and the provider would give (ReadDataValues reads
	// them from a JSON file).
	DataValues map[string]cty.Value
	// DataValueKeys are where DataValues' addresses are written (from
	// ReadDataValues), for the message about an address that names no
	// data source.
	DataValueKeys map[string]hcl.Range
	// ReadData reads data sources through the providers installed for
	// the root module (.terraform/providers, after terraform init, else
	// the filesystem mirrors of the CLI configuration named by
	// TF_CLI_CONFIG_FILE or ~/.terraformrc in Env), as
	// terraform plan does: each provider is started once, its schema
	// shapes its resources, it is configured from its provider block, and
	// every data source instance whose configuration is known is read.
	// A provider that cannot be started or configured leaves its data
	// sources unknown, with the reason. DataValues take precedence.
	ReadData bool
}

// Input is one -var (Var, as NAME=VALUE) or -var-file (File) option.
type Input struct {
	Var  string
	File string
}

func (o *Options) workspace() string {
	if o.Workspace == "" {
		return "default"
	}
	return o.Workspace
}

// maxDepth bounds the module tree, so that a module calling itself is a
// diagnostic rather than an endless load.
const maxDepth = 32

// Dir loads the root module in dir with its child modules and evaluates
// it. The view is never nil; values that could not be evaluated are
// unknown in it, and each is explained by a diagnostic or an unknown reason.
func Dir(dir string, opts Options) (*View, diag.Diagnostics) {
	view := &View{Providers: map[string]*ProviderConfig{}, Outputs: map[string]*Value{}, Variables: map[string]*Value{}}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return view, diag.Diagnostics{}.Errorf(nil, "Cannot resolve directory %s: %v", dir, err)
	}
	if fi, err := os.Stat(abs); err != nil || !fi.IsDir() {
		return view, diag.Diagnostics{}.Errorf(nil, "Not a directory: %s", dir)
	}
	both := bothOperands(opts.Engine, opts.EngineVersion)
	funcs := functions(abs, opts.Env, opts.Engine, both)
	l := &loader{root: abs, named: filepath.Clean(dir), maxDeep: maxDepth, engine: opts.Engine, bothOperands: both, strict: opts.Strict, opts: &opts, funcs: funcs}
	l.readManifest()
	root := l.loadModule(".", nil, nil)
	l.checkCallProviders(root, nil, nil)
	vds, refused := l.checkCoreVersions(root)
	if refused {
		// The engines report only this: the rest may be what the
		// versions the modules ask for accept.
		return view, vds
	}
	l.diags = append(l.diags, vds...)
	ds := l.diags
	if l.fatal {
		return view, ds
	}
	lossy := lossyFuncs(funcs)
	g := buildGraph(root, opts.Engine, opts.ReadData, lossy)
	var reader *dataReader
	if opts.ReadData {
		reader = startProviders(abs, root, opts.Env)
		defer reader.close()
		opts.Providers = reader.schemas(opts.Providers)
	}
	var e *evaluator
	for pass := 1; ; pass++ {
		e = &evaluator{unexpected: &sync.Map{}, failed: &sync.Map{}, root: root, opts: &opts, rootDir: abs, instances: map[*Module][]*modInst{}, view: view, g: g, funcs: funcs, lossy: lossy, reader: reader, pkeys: &providerKeys{}}
		e.diags = append(diag.Diagnostics(nil), ds...)
		e.inputs = e.rootInputs()
		e.run()
		if len(e.missing) == 0 || pass == maxPasses {
			break
		}
		// Attributes read from whole resource objects that they lack:
		// evaluate again with them as unknowns (see whole.go).
		for _, m := range e.missing {
			m.record()
		}
		view = &View{Providers: map[string]*ProviderConfig{}, Outputs: map[string]*Value{}, Variables: map[string]*Value{}}
	}
	return view, dedupeDiags(e.diags)
}

// dedupeDiags drops diagnostics identical to an earlier one, such as the
// same error in an expression evaluated once per element of a dynamic
// block.
func dedupeDiags(ds diag.Diagnostics) diag.Diagnostics {
	seen := make(map[string]bool, len(ds))
	out := ds[:0]
	for _, d := range ds {
		k := d.Error()
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, d)
	}
	return out
}

// LoadTree parses the module tree rooted at dir without evaluating it.
func LoadTree(dir string) (*Module, diag.Diagnostics) {
	l := &loader{root: dir, named: dir, maxDeep: maxDepth, strict: true, opts: &Options{}}
	l.readManifest()
	m := l.loadModule(".", nil, nil)
	var refs func(m *Module)
	refs = func(m *Module) {
		collectRefs(m)
		for _, c := range m.Children {
			refs(c)
		}
	}
	refs(m)
	return m, l.diags
}

// rootInput is a value for a root variable and where it came from.
type rootInput struct {
	value cty.Value
	text  string // raw text of -var or TF_VAR_
	raw   bool
	rng   hcl.Range
	// using names a raw value's source as the engines do in their
	// errors: -var="NAME=..." or the TF_VAR_NAME environment variable.
	using string
}

// rootInputs gathers root variable values by Terraform's precedence,
// lowest first: TF_VAR_*, terraform.tfvars(.json), *.auto.tfvars(.json) in
// name order, -var-file and -var in order.
func (e *evaluator) rootInputs() map[string]rootInput {
	in := map[string]rootInput{}
	envs := append([]string(nil), e.opts.Env...)
	sort.Strings(envs)
	for _, kv := range envs {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || !strings.HasPrefix(k, "TF_VAR_") {
			continue
		}
		name := strings.TrimPrefix(k, "TF_VAR_")
		if e.root.Variables[name] == nil {
			continue // Terraform ignores environment values of undeclared variables
		}
		in[name] = rootInput{text: v, raw: true, rng: rawInputRange(name), using: "the TF_VAR_" + name + " environment variable"}
	}
	var files []string
	for _, n := range []string{"terraform.tfvars", "terraform.tfvars.json"} {
		if _, err := os.Stat(filepath.Join(e.rootDir, n)); err == nil {
			files = append(files, n)
		}
	}
	entries, _ := os.ReadDir(e.rootDir)
	var auto []string
	for _, ent := range entries {
		n := ent.Name()
		if _, isAuto := tffile.VariablesFile(n); !ent.IsDir() && isAuto {
			auto = append(auto, n)
		}
	}
	sort.Strings(auto)
	files = append(files, auto...)
	files = append(files, e.opts.VarFiles...)
	p := hclparse.NewParser()
	for _, f := range files {
		e.readVarFile(p, f, in)
	}
	for i, kv := range e.opts.Vars {
		e.readVar(i, kv, in)
	}
	for i, x := range e.opts.Inputs {
		if x.File != "" {
			e.readVarFile(p, x.File, in)
		} else {
			e.readVar(len(e.opts.Vars)+i, x.Var, in)
		}
	}
	return in
}

// readVarFile reads one variables file (relative to the root module) into in.
func (e *evaluator) readVarFile(p *hclparse.Parser, f string, in map[string]rootInput) {
	full := f
	if !filepath.IsAbs(f) {
		full = filepath.Join(e.rootDir, f)
	}
	src, err := os.ReadFile(full)
	if err != nil {
		e.diags = e.diags.Errorf(&hcl.Range{Filename: f}, "Cannot read variables file: %v", err)
		return
	}
	var file *hcl.File
	hd := hclguard.File(src, filepath.ToSlash(f))
	if !hd.HasErrors() {
		if strings.HasSuffix(f, ".json") {
			file, hd = p.ParseJSON(src, filepath.ToSlash(f))
		} else {
			file, hd = p.ParseHCL(src, filepath.ToSlash(f))
		}
	}
	e.diags = append(e.diags, diag.FromHCL(hd)...)
	if hd.HasErrors() {
		return
	}
	attrs, hd := file.Body.JustAttributes()
	e.diags = append(e.diags, diag.FromHCL(hd)...)
	for _, n := range sortedKeys(attrs) {
		a := attrs[n]
		if e.root.Variables[n] == nil {
			r := a.NameRange
			e.diags = append(e.diags, &diag.Diagnostic{Severity: diag.Warning, Summary: "Value for undeclared variable",
				Detail: "the root module declares no variable " + QuoteOrEmpty(n) + "; the value is ignored", Subject: &r,
				Suggestion: diag.DidYouMean(n, sortedKeys(e.root.Variables))})
			continue
		}
		v, hd := a.Expr.Value(nil)
		e.diags = append(e.diags, diag.FromHCL(hd)...)
		if hd.HasErrors() {
			continue
		}
		in[n] = rootInput{value: v, rng: a.Expr.Range()}
	}
}

// readVar reads the i-th -var option, NAME=VALUE, into in.
func (e *evaluator) readVar(i int, kv string, in map[string]rootInput) {
	name, text, ok := strings.Cut(kv, "=")
	rng := hcl.Range{Filename: "-var " + itoa(i+1)}
	if !ok {
		e.diags = append(e.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Invalid -var option",
			Detail: "the value " + QuoteOrEmpty(kv) + " is not NAME=VALUE", Subject: &rng})
		return
	}
	if e.root.Variables[name] == nil {
		e.diags = append(e.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Value for undeclared variable",
			Detail: "the root module declares no variable " + QuoteOrEmpty(name), Subject: &rng,
			Suggestion: diag.DidYouMean(name, sortedKeys(e.root.Variables))})
		return
	}
	in[name] = rootInput{text: text, raw: true, rng: rawInputRange(name), using: "-var=\"" + name + "=...\""}
}

// rawInputRange is where the engines place what they find in the text of
// a -var or TF_VAR_ value, which no file holds: "<value for var.NAME>".
func rawInputRange(name string) hcl.Range {
	return hcl.Range{Filename: "<value for var." + name + ">"}
}

// parseRawInput reads -var and TF_VAR_ text as the engines do: as a string
// for primitive (string, number, bool) or undeclared types, converted
// later, else as an HCL expression. Text that does not parse is the
// parser's error, in the value's own place ("<value for var.NAME>",
// line and column within the text), and, as in the engines, the value is
// not given (ok is false): the default applies, or the variable is
// required.
func (e *evaluator) parseRawInput(in rootInput, ty cty.Type) (v cty.Value, ok bool) {
	if ty.IsPrimitiveType() || ty == cty.DynamicPseudoType {
		return cty.StringVal(in.text), true
	}
	hd := hclguard.Expression([]byte(in.text), in.rng.Filename, hcl.InitialPos)
	var expr hclsyntax.Expression
	if !hd.HasErrors() {
		expr, hd = hclsyntax.ParseExpression([]byte(in.text), in.rng.Filename, hcl.InitialPos)
	}
	if !hd.HasErrors() {
		v, hd = expr.Value(nil)
		if !hd.HasErrors() {
			return v, true
		}
	}
	e.diags = append(e.diags, diag.FromHCL(hd)...)
	return cty.NilVal, false
}

// providerOf returns the absolute provider configuration address of r.
func (e *evaluator) providerOf(mi *modInst, r *ResourceDecl) string {
	local := tffile.ImpliedProvider(r.Type)
	if r.Provider != nil {
		if tr, hd := hcl.AbsTraversalForExpr(r.Provider); !hd.HasErrors() {
			local = traversalName(tr)
		}
	}
	return e.resolveProvider(mi, local)
}

func traversalName(tr hcl.Traversal) string {
	return strings.Join(config.TraversalNames(tr), ".")
}

// resolveProvider follows providers maps and implicit inheritance up to
// the module that holds the configuration.
func (e *evaluator) resolveProvider(mi *modInst, local string) string {
	if abs, ok := mi.providers[local]; ok {
		return abs
	}
	name, alias, _ := strings.Cut(local, ".")
	if mi.parent != nil && alias == "" {
		// A child without a providers map inherits the default
		// configurations of its parent, by provider type.
		return e.resolveProvider(mi.parent, name)
	}
	addr := "provider[" + quote(providerSource(mi.mod, name)) + "]"
	if alias != "" {
		addr += "." + alias
	}
	if p := staticPrefix(mi.mod); p != "" {
		addr = p + addr
	}
	return addr
}

// staticPrefix is module.a.module.b. for provider configurations, which
// belong to modules, not module instances.
func staticPrefix(m *Module) string { return m.Name() }

func providerSource(m *Module, name string) string {
	src := m.Providers[name]
	if src == "" && name == "terraform" {
		return "terraform.io/builtin/terraform"
	}
	if src == "" {
		src = "hashicorp/" + name
	}
	if strings.Count(src, "/") == 1 {
		src = "registry.terraform.io/" + src
	}
	return strings.ToLower(src)
}

// callProviders resolves a module call's providers map in the caller.
func (e *evaluator) callProviders(mi *modInst, c *CallDecl) map[string]string {
	out := map[string]string{}
	if c.Providers == nil {
		return out
	}
	pairs, hd := hcl.ExprMap(c.Providers)
	if hd.HasErrors() {
		e.diags = append(e.diags, diag.FromHCL(hd)...)
		return out
	}
	for _, p := range pairs {
		if _, key, ok := providerRefParts(p.Value); ok && key != nil {
			// One instance of a configuration with for_each: evaluated
			// per module instance (instanceProviders).
			continue
		}
		kt, hd1 := hcl.AbsTraversalForExpr(p.Key)
		vt, hd2 := hcl.AbsTraversalForExpr(p.Value)
		if hd1.HasErrors() || hd2.HasErrors() {
			r := p.Key.Range()
			e.errorf(&r, "module."+c.Name+".providers", "Invalid providers map", "each entry must map a provider name to a provider configuration, such as aws = aws.west")
			continue
		}
		if pc := mi.mod.ProviderConfigs[traversalName(vt)]; pc != nil && pc.ForEach != nil {
			r := p.Value.Range()
			e.errorf(&r, "module."+c.Name+".providers", "Invalid provider configuration reference",
				"a providers map passes one instance of a provider configuration with for_each, such as "+traversalName(vt)+"[each.key]; passing the collection of its instances into a child module is not allowed")
		}
		out[traversalName(kt)] = e.resolveProvider(mi, traversalName(vt))
	}
	// Default configurations not named in the map are still inherited by
	// provider type (see resolveProvider).
	return out
}
