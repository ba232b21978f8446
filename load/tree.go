package load

import (
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	tfaddr "github.com/hashicorp/terraform-registry-address"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
	"github.com/zclconf/go-cty/cty/function"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
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
	// ProviderVersions are the version constraints of required_providers
	// by provider local name (">= 6.28").
	ProviderVersions map[string]string
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
	// missing holds, by call name, why a called module could not be
	// loaded, when it is not a local one that failed (not installed).
	missing map[string]string
	// coreVersions are the module's engine version constraints
	// (coreversion.go).
	coreVersions []coreConstraint
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
	// Sensitive is sensitive = true: the value is marked sensitive.
	Sensitive bool
	// Ephemeral is ephemeral = true: the variable accepts ephemeral
	// values, and its value is ephemeral.
	Ephemeral bool
	DeclRange hcl.Range
	// notConst is OpenTofu's const = false (1.12): the variable may not
	// be read where OpenTofu evaluates early.
	notConst bool
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
	// Sensitive is sensitive = true: a child module's output is sensitive
	// to its caller, and a root output may hold sensitive values.
	Sensitive bool
	// Ephemeral is ephemeral = true: a child module's output may hold
	// ephemeral values, and is ephemeral to its caller.
	Ephemeral bool
	DeclRange hcl.Range
}

// ProviderDecl is a provider block.
type ProviderDecl struct {
	Name  string // the provider's local name, such as aws
	Alias string // "" for the default configuration
	// ForEach makes one configuration per element (OpenTofu 1.9); nil
	// when absent.
	ForEach hcl.Expression
	// Body holds the configuration arguments and blocks, without alias
	// and version.
	Body      *Body
	DeclRange hcl.Range
	// proxy: nothing but an alias, the "proxy configuration" by which a
	// child module of Terraform 0.12 asked for a configuration.
	proxy bool
	// empty: no arguments or blocks but alias and for_each, which
	// OpenTofu warns of in a child module as it warns of a proxy.
	empty bool
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
// instance to import into, a reference expression; ToRange is where the
// to argument is written, from its name to its value's end (to =
// data.x.y), as the engines report the argument.
type ImportDecl struct {
	To, ID, ForEach, Provider hcl.Expression // nil when absent
	ToRange                   hcl.Range
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
	Mode    string // "managed" or "data"
	Type    string
	Name    string
	Count   hcl.Expression
	ForEach hcl.Expression
	// Enabled is OpenTofu's lifecycle { enabled = BOOL } (1.11): one
	// instance, or none; nil when absent (and always for Terraform).
	Enabled  hcl.Expression
	Provider hcl.Expression // the provider meta-argument; nil when absent
	// ProviderKey is the instance key of a provider reference such as
	// random.by_name[each.key] (OpenTofu's provider for_each); Provider is
	// then random.by_name.
	ProviderKey hcl.Expression
	Body        *Body
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
	// blockReads are the attributes read from inside the resource's
	// nested blocks (aws_eks_cluster.this[0].vpc_config[0].vpc_id), by
	// block type; those the blocks do not set are computed by the
	// provider and unknown, as Refs are at the top.
	blockReads map[string]*blockReads
	// wholeBlocks are the blocks (block types from the resource, joined
	// by ".") whose value a reference passes on whole (blockreads.go).
	wholeBlocks map[string]bool
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
	Name   string
	Source string
	// SourceExpr is a source built from variables or locals (OpenTofu's
	// early evaluation), which the loader evaluates into Source.
	SourceExpr hcl.Expression
	// SourceRange is where the source argument's value is.
	SourceRange hcl.Range
	Count       hcl.Expression
	// Enabled is OpenTofu's lifecycle { enabled = BOOL } of a module call
	// (1.11); nil when absent (and always for Terraform).
	Enabled   hcl.Expression
	ForEach   hcl.Expression
	Inputs    map[string]*Expr
	Providers hcl.Expression
	DependsOn hcl.Expression // nil when absent
	DeclRange hcl.Range
	// OpenBrace is where the block's body opens (native syntax only),
	// where the engines report a missing argument.
	OpenBrace hcl.Range

	// Version is the version constraint of a registry module, evaluated
	// (OpenTofu's early evaluation) when VersionExpr, the argument, is
	// built from variables and locals; both empty when absent.
	Version     string
	VersionExpr hcl.Expression
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
	// Invalid is set on a dynamic block of native syntax whose structure
	// the loader reported (a missing for_each or content block, ...): it
	// makes no blocks, and the blocks of its type are unknown.
	Invalid bool
}

// topSchema is the top level of a file: the kinds of Terraform's language
// and the blocks of newer engines that are carried. Ephemeral resources
// and carried blocks (actions) are never part of a plan's values; they
// are accepted and not evaluated.
var topSchema = func() *hcl.BodySchema {
	s := config.TopSchema()
	for _, b := range config.Carried {
		s.Blocks = append(s.Blocks, hcl.BlockHeaderSchema{Type: b.Type, LabelNames: b.Labels})
	}
	return s
}()

// notInstalled is the unknown reason of the outputs of a module that
// terraform init has not installed.
const notInstalled = "module not installed: run terraform init"

// loader reads module directories.
type loader struct {
	root  string // absolute root directory
	named string // the root directory as the caller named it
	// json is set while a block of a JSON file is indexed.
	json bool
	// read holds the module directories read, by directory.
	read   map[string]*readResult
	remote map[string]string // modules.json key -> dir relative to root
	// ahead holds the directories being read ahead (prefetch.go).
	ahead   map[string]*pendingRead
	aheadWG sync.WaitGroup
	// installed is the source of each modules.json entry, by key;
	// versions the version init installed (registry modules).
	installed map[string]string
	versions  map[string]string
	diags     diag.Diagnostics
	// fatal is set by errors that make evaluation pointless (syntax
	// errors); a module that is not installed is not fatal: its call
	// evaluates to unknown.
	fatal bool
	// badDynamic are those of the directory being decoded
	// (readResult.badDynamic).
	badDynamic map[hcl.Range]bool
	parents    map[*Module]*Module
	maxDeep    int
	engine     tffile.Engine // whose choice of files is read
	// bothOperands: && and || evaluate both operands, as the engine's
	// version does (evalLogicLike).
	bothOperands bool
	// strict makes a module that is not installed an error (Options.Strict).
	strict bool
	// opts and funcs serve early evaluation (static.go), statics holds
	// each module's static scope.
	opts    *Options
	funcs   map[string]function.Function
	statics map[*Module]*staticScope
}

type modulesJSON struct {
	Modules []struct {
		Key    string `json:"Key"`
		Source string `json:"Source"`
		Dir    string `json:"Dir"`
		// Version is set for registry modules.
		Version string `json:"Version"`
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
	l.installed = map[string]string{}
	l.versions = map[string]string{}
	for _, e := range m.Modules {
		if e.Dir == "" && e.Key != "" {
			// Recorded by an init that could not read the module's
			// directory: not installed (not the root, which Clean would
			// make of it).
			continue
		}
		l.remote[e.Key] = filepath.ToSlash(filepath.Clean(e.Dir))
		l.installed[e.Key] = e.Source
		l.versions[e.Key] = e.Version
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

// newModule is an empty module at dir and path, its indexes made.
func newModule(dir string, path []string) *Module {
	return &Module{
		Path: path, Dir: dir,
		Variables: map[string]*VariableDecl{}, Locals: map[string]*Expr{},
		Outputs: map[string]*OutputDecl{}, Resources: map[string]*ResourceDecl{},
		Calls: map[string]*CallDecl{}, Providers: map[string]string{},
		ProviderAliases: map[string]bool{}, ProviderConfigs: map[string]*ProviderDecl{}, ProviderVersions: map[string]string{},
		Checks: map[string]*CheckDecl{}, Children: map[string]*Module{},
	}
}

// decodeBlocks decodes the top-level blocks of cfg into m's indexes; json
// says, by file name, which files are in JSON syntax.
func (l *loader) decodeBlocks(m *Module, cfg *config.Config, json map[string]bool) {
	for _, b := range cfg.Blocks {
		if n, ok := topLabels[b.Type]; !ok || n != len(b.Labels) {
			continue
		}
		l.json = json[b.DeclRange.Filename]
		l.decodeBlock(m, b)
	}
}

// loadModule parses the module in dir (relative to root) at path, called
// from parent (nil for the root).
func (l *loader) loadModule(dir string, path []string, parent *Module) *Module {
	m := newModule(dir, path)
	if l.parents == nil {
		l.parents = map[*Module]*Module{}
	}
	l.parents[m] = parent
	primary, overrides, err := tffile.DirNamesFor(filepath.Join(l.root, dir), l.engine)
	if err != nil {
		l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error,
			Summary: "Cannot read module directory", Detail: err.Error(),
			Path: strings.TrimSuffix(m.Name(), ".")})
		return m
	}
	if parent == nil && len(primary)+len(overrides) == 0 {
		// As terraform plan: evaluating nothing is a mistaken directory.
		kinds := ".tf or .tf.json"
		if l.engine == tffile.OpenTofu {
			kinds = ".tf, .tf.json, .tofu or .tofu.json"
		}
		l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "No configuration files",
			Detail:     fmt.Sprintf("%s holds no %s files, so there is no root module to evaluate.", l.named, kinds),
			Suggestion: "name the directory of the root module (tfkit eval DIR), or run the command there"})
		return m
	}
	if parent == nil {
		defer l.aheadWG.Wait()
	}
	l.readModule(m, dir, append(primary, overrides...))
	l.readAhead(m, dir)
	if len(path) >= l.maxDeep {
		if len(m.Calls) > 0 {
			l.diags = l.diags.Errorf(nil, "Module tree too deep at %s (more than %d levels); is a module calling itself?", m.Name(), l.maxDeep)
		}
		return m
	}
	for _, name := range sortedKeys(m.Calls) {
		c := m.Calls[name]
		if c.SourceExpr != nil {
			src, ok := l.staticSource(m, c)
			if !ok {
				if m.missing == nil {
					m.missing = map[string]string{}
				}
				m.missing[name] = "module source not known before planning"
				continue
			}
			c.Source = src
		}
		if c.Source == "" {
			// Missing or invalid, and reported as such by decodeBlock.
			if m.missing == nil {
				m.missing = map[string]string{}
			}
			m.missing[name] = "invalid module source"
			continue
		}
		cp := append(append([]string(nil), path...), name)
		if why := l.moduleVersion(m, c, strings.Join(cp, ".")); why != "" {
			if m.missing == nil {
				m.missing = map[string]string{}
			}
			m.missing[name] = why
			continue
		}
		cdir, ok := l.remote[strings.Join(cp, ".")]
		if was := l.installed[strings.Join(cp, ".")]; ok && !l.sameSource(was, c.Source) {
			// The engines refuse a call whose source is not the one init
			// installed, rather than read the old module.
			detail, hint := "", l.initHint()
			if c.SourceExpr != nil {
				detail, hint = " with these variables", "run tofu init with the same variables (-var, -var-file) in the root module directory"
			}
			l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error,
				Summary: "Module source has changed",
				Detail:  "module \"" + name + "\" has source " + QuoteOrEmpty(c.Source) + detail + ", but it was installed from " + QuoteOrEmpty(was),
				Subject: &c.SourceRange, Suggestion: hint})
			if m.missing == nil {
				m.missing = map[string]string{}
			}
			m.missing[name] = "module source has changed since " + l.initName()
			continue
		}
		if !ok {
			if !isLocalSource(c.Source) {
				r := c.DeclRange
				sev, detail := diag.Error, ""
				if !l.strict {
					sev, detail = diag.Warning, "; its outputs are unknown and the rest is evaluated (--strict makes this an error)"
				}
				version := ""
				if c.VersionExpr != nil {
					// Where the version is, which init would install.
					r, version = c.VersionExpr.Range(), " (version "+QuoteOrEmpty(c.Version)+")"
				}
				l.diags = append(l.diags, &diag.Diagnostic{Severity: sev,
					Summary: "Module not installed",
					Detail:  "module \"" + name + "\" has source " + QuoteOrEmpty(c.Source) + ", which is not a local path, and .terraform/modules/modules.json has no entry for it" + version + detail,
					Subject: &r, Suggestion: l.initHint()})
				if m.missing == nil {
					m.missing = map[string]string{}
				}
				m.missing[name] = notInstalled
				continue
			}
			cdir = filepath.ToSlash(filepath.Clean(filepath.Join(dir, c.Source)))
		}
		if calls := ancestorCalling(m, cdir, l); calls != "" {
			r := c.DeclRange
			d := tffile.ModuleCallsItself(name, c.Source, calls)
			d.Subject, d.Path = &r, strings.TrimSuffix(m.Name(), ".")
			l.diags = append(l.diags, d)
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

// sameSource reports whether a module source modules.json recorded (was)
// and a call's source (now) name the same module, as the engines compare
// them: local paths cleaned ("./m/" is "./m"), registry addresses parsed
// (a recorded one names the registry host, which a call may leave out).
// Other remote addresses are recorded as go-getter rewrote them
// ("github.com/x/y" as "git::https://github.com/x/y.git"), which eval does
// not repeat: two of them count as the same.
func (l *loader) sameSource(was, now string) bool {
	switch {
	case was == now:
		return true
	case isLocalSource(was) || isLocalSource(now):
		return isLocalSource(was) && isLocalSource(now) && cleanLocalSource(was) == cleanLocalSource(now)
	}
	w, errW := tfaddr.ParseModuleSource(was)
	n, errN := tfaddr.ParseModuleSource(now)
	if errW != nil || errN != nil {
		return errW != nil && errN != nil
	}
	wp, np := w.Package, n.Package
	return l.registryHost(was, string(wp.Host)) == l.registryHost(now, string(np.Host)) &&
		wp.Namespace == np.Namespace && wp.Name == np.Name && wp.TargetSystem == np.TargetSystem && w.Subdir == n.Subdir
}

// registryHost is the host of a parsed registry address: the engine's
// default registry when the address names none.
func (l *loader) registryHost(addr, parsed string) string {
	if l.engine == tffile.OpenTofu && parsed == tfaddr.DefaultModuleRegistryHost.String() && !strings.HasPrefix(addr, parsed+"/") {
		return "registry.opentofu.org"
	}
	return parsed
}

// cleanLocalSource is a local module path as the engines record it.
func cleanLocalSource(s string) string {
	c := path.Clean(s)
	if c != "." && c != ".." && !strings.HasPrefix(c, "../") {
		c = "./" + c
	}
	return c
}

func isLocalSource(s string) bool {
	return strings.HasPrefix(s, "./") || strings.HasPrefix(s, "../") || s == "." || s == ".."
}

// topLabels are the labels of the top-level blocks the loader reads, as
// HCL's decoding of topSchema checks them; blocks of other kinds, or with
// other labels, are reported by that decoding and left out.
var topLabels = func() map[string]int {
	out := map[string]int{}
	for _, b := range topSchema.Blocks {
		out[b.Type] = len(b.LabelNames)
	}
	return out
}()

// readModule reads the files of a module (primary files, then overrides)
// through the reader of Terraform files, which merges the overrides, and
// indexes the configuration for evaluation.
func (l *loader) readModule(m *Module, dir string, names []string) {
	r := l.read[dir]
	if r == nil {
		r = l.readAheadResult(dir, names)
	}
	if r == nil {
		r = l.readFiles(dir, names)
		if l.read == nil {
			l.read = map[string]*readResult{}
		}
		l.read[dir] = r
	}
	l.diags = append(l.diags, r.diags...)
	l.fatal = l.fatal || r.fatal
	m.coreVersions = r.coreVersions
	l.badDynamic = r.badDynamic
	l.decodeBlocks(m, r.config, r.json)
	l.proxyProviders(m)
	if l.engine == tffile.OpenTofu {
		l.providerForEachMatches(m)
		if len(m.Path) == 0 {
			l.staticBackend(m, r.config)
		}
	}
}

// readResult is a module directory read: the same for every call of it.
// The model and its expressions are only read from, so calls share them.
type readResult struct {
	config *config.Config
	json   map[string]bool // by file name: in JSON syntax
	diags  diag.Diagnostics
	fatal  bool
	// coreVersions are the engine version constraints of the files.
	coreVersions []coreConstraint
	// badDynamic are the DeclRanges of the dynamic blocks of native files
	// that checkDynamicBlocks reported.
	badDynamic map[hcl.Range]bool
}

// readFiles reads the files of a module directory.
func (l *loader) readFiles(dir string, names []string) *readResult {
	r := &readResult{json: map[string]bool{}, badDynamic: map[hcl.Range]bool{}}
	srcs := make([]tffile.Source, 0, len(names))
	for _, name := range names {
		rel := filepath.ToSlash(filepath.Join(dir, name))
		if dir == "." {
			rel = name
		}
		src, err := os.ReadFile(filepath.Join(l.root, dir, name))
		if err != nil {
			r.diags = r.diags.Errorf(&hcl.Range{Filename: rel}, "Cannot read file: %v", err)
			continue
		}
		srcs = append(srcs, tffile.Source{Name: rel, Src: src})
	}
	mod, ds := tffile.Read(srcs, tffile.Options{})
	jsonLogicLike(l.bothOperands, mod.Config)
	for _, f := range mod.Files {
		if f.Config == nil {
			r.fatal = true
			continue
		}
		r.json[f.Name] = f.JSON
		if f.JSON {
			jsonLogicLike(l.bothOperands, f.Config)
		}
		if f.Syntax != nil {
			evalLogicLike(l.bothOperands, f.Syntax)
			r.diags = append(r.diags, topLevelBlocks(f)...)
			r.diags = append(r.diags, diag.FromHCL(checkDynamicBlocks(f.Syntax, r.badDynamic))...)
		}
	}
	for _, d := range ds {
		if strings.HasPrefix(d.Summary, "Unexpected top-level argument") {
			continue
		}
		if d.Severity == diag.Error && d.Subject != nil && !strings.HasPrefix(d.Summary, "Missing base ") {
			r.fatal = true
		}
		r.diags = append(r.diags, d)
	}
	r.config = mod.Config
	r.coreVersions = coreConstraints(mod.Files, l.engine)
	r.diags = append(r.diags, rules(mod.Files, r.json, l.engine)...)
	return r
}

func (l *loader) dup(kind, name string, b *config.Block, prev hcl.Range) {
	r := b.DeclRange
	// The engines' words.
	var summary, detail string
	at := prev.String()
	switch kind {
	case "variable":
		summary, detail = "Duplicate variable declaration", fmt.Sprintf("A variable named %q was already declared at %s. Variable names must be unique within a module.", name, at)
	case "output":
		summary, detail = "Duplicate output definition", fmt.Sprintf("An output named %q was already defined at %s. Output names must be unique within a module.", name, at)
	case "module":
		summary, detail = "Duplicate module call", fmt.Sprintf("A module call named %q was already defined at %s. Module calls must have unique names within a module.", name, at)
	case "check":
		summary, detail = fmt.Sprintf("Duplicate check %q configuration", name), fmt.Sprintf("A check block named %q was already declared at %s. Check blocks must be unique within each module.", name, at)
	default: // resource, data: name is the address
		typ, rname := b.Labels[0], b.Labels[1]
		noun, what := "resource", "resource"
		switch kind {
		case "data":
			noun, what = "data", "data resource"
		case "ephemeral":
			noun, what = "ephemeral resource", "ephemeral resource"
		}
		summary = fmt.Sprintf("Duplicate %s %q configuration", noun, typ)
		detail = fmt.Sprintf("A %s %s named %q was already declared at %s. Resource names must be unique per type in each module.", typ, what, rname, at)
	}
	l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error,
		Summary: summary, Detail: detail,
		Subject: &r, Related: []diag.Related{{Message: "first declared here", Range: prev}},
		Suggestion: "rename one of them, or put the change in an override file (override.tf or *_override.tf)"})
}

// attrs are the arguments of a body in the order the loader reads them:
// as written, but by name in JSON, whose properties HCL reads as a map.
func (l *loader) attrs(body *config.Body) []*config.Attribute {
	as := body.Attributes()
	if l.json {
		sort.SliceStable(as, func(i, j int) bool { return as[i].Name < as[j].Name })
	}
	return as
}

// attr returns the named argument of a body, or nil.
func attr(body *config.Body, name string) *config.Attribute {
	if a := body.Attribute(name); a != nil && a.Source != nil {
		return a
	}
	return nil
}

func (l *loader) decodeBlock(m *Module, b *config.Block) {
	switch b.Type {
	case config.KindVariable.Type:
		name := b.Labels[0]
		if prev := m.Variables[name]; prev != nil {
			l.dup("variable", name, b, prev.DeclRange)
			return
		}
		v := &VariableDecl{Name: name, DeclRange: b.DeclRange}
		for _, a := range l.attrs(b.Body) {
			switch a.Name {
			case "type":
				if _, quoted := quotedString(a.Source); quoted && !l.json {
					continue // refused by rules: "Invalid quoted type constraints"
				}
				v.Type = a.Source
			case "default":
				v.Default = a.Source
			case "nullable":
				v.Nullable = a.Source
			case "sensitive":
				v.Sensitive = l.literalBool(a)
			case "ephemeral":
				v.Ephemeral = l.literalBool(a)
			case "const":
				// rules checks it is a literal bool.
				if cv, hd := a.Source.Value(nil); l.engine == tffile.OpenTofu && !hd.HasErrors() {
					if bv, err := convert.Convert(cv, cty.Bool); err == nil && bv.IsKnown() && !bv.IsNull() {
						v.notConst = bv.False()
					}
				}
			}
		}
		for _, vb := range b.Body.Blocks("validation") {
			if c := l.condition(vb); c != nil {
				v.Validations = append(v.Validations, c)
			}
		}
		m.Variables[name] = v
	case config.KindLocals.Type:
		as := l.attrs(b.Body)
		sort.SliceStable(as, func(i, j int) bool { return as[i].Name < as[j].Name })
		for _, a := range as {
			n := a.Name
			if prev, ok := m.Locals[n]; ok {
				r := l.nameRange(a)
				l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error,
					Summary: "Duplicate local value definition", Subject: &r,
					Detail:     fmt.Sprintf("A local value named %q was already defined at %s. Local value names must be unique within a module.", n, prev.Range.String()),
					Related:    []diag.Related{{Message: "first declared here", Range: prev.Range}},
					Suggestion: "rename one of them, or remove one"})
				continue
			}
			m.Locals[n] = &Expr{Name: n, Expr: a.Source, Range: a.Range}
		}
	case config.KindOutput.Type:
		name := b.Labels[0]
		if prev := m.Outputs[name]; prev != nil {
			l.dup("output", name, b, prev.DeclRange)
			return
		}
		o := &OutputDecl{Name: name, DeclRange: b.DeclRange}
		if a := attr(b.Body, "value"); a != nil {
			o.Value = a.Source
		}
		if a := attr(b.Body, "depends_on"); a != nil {
			o.DependsOn = l.references(a.Source)
		}
		if a := attr(b.Body, "sensitive"); a != nil {
			o.Sensitive = l.literalBool(a)
		}
		if a := attr(b.Body, "ephemeral"); a != nil {
			o.Ephemeral = l.literalBool(a)
		}
		for _, pb := range b.Body.Blocks("precondition") {
			if c := l.condition(pb); c != nil {
				o.Preconditions = append(o.Preconditions, c)
			}
		}
		if o.Value == nil {
			l.required(b, config.KindOutput)
			return
		}
		m.Outputs[name] = o
	case config.KindResource.Type, config.KindData.Type:
		l.decodeResource(m, b, "")
	case config.KindModule.Type:
		name := b.Labels[0]
		if prev := m.Calls[name]; prev != nil {
			l.dup("module", name, b, prev.DeclRange)
			return
		}
		c := &CallDecl{Name: name, Inputs: map[string]*Expr{}, DeclRange: b.DeclRange}
		if !l.json {
			c.OpenBrace = b.OpenBraceRange // where the engines report a missing argument of a call
		}
		for _, a := range l.attrs(b.Body) {
			switch n := a.Name; n {
			case "source":
				c.SourceRange = a.Source.Range()
				v, hd := a.Source.Value(nil)
				// A JSON string reads as itself without an evaluation
				// context, template sequences and all: its references say
				// it is not literal.
				if hd.HasErrors() || v.Type().FriendlyName() != "string" || v.IsNull() || len(a.Source.Variables()) > 0 {
					r := a.Source.Range()
					detail := "the source of a module must be a literal string"
					// Early evaluation is OpenTofu's (1.8): the loader
					// evaluates it (static.go), function calls included.
					if l.engine == tffile.OpenTofu {
						c.SourceExpr = a.Source
						continue
					}
					if len(a.Source.Variables()) > 0 {
						detail = "Terraform reads a module source before evaluating anything, so it must be a literal string; OpenTofu 1.8 or later evaluates variables and locals in it (--engine tofu)"
					}
					l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error,
						Summary: "Invalid module source", Detail: detail, Subject: &r})
					continue
				}
				c.Source = v.AsString()
			case "count":
				c.Count = a.Source
			case "for_each":
				c.ForEach = a.Source
			case "providers":
				c.Providers = l.unquoteProviders(a.Source)
			case "depends_on":
				c.DependsOn = l.references(a.Source)
			case "version":
				c.VersionExpr = a.Source
			default:
				c.Inputs[n] = &Expr{Name: n, Expr: a.Source, Range: a.Range}
			}
		}
		if l.engine == tffile.OpenTofu {
			for _, lb := range b.Body.Blocks("lifecycle") {
				if a := attr(lb.Body, "enabled"); a != nil {
					c.Enabled = a.Source
				}
			}
		}
		l.required(b, config.KindModule)
		m.Calls[name] = c
	case config.KindTerraform.Type:
		for _, rp := range b.Body.Blocks("required_providers") {
			l.requiredProviders(m, rp.Body)
		}
	case config.KindProvider.Type:
		l.decodeProvider(m, b)
	case config.KindCheck.Type:
		l.decodeCheck(m, b)
	case config.KindImport.Type:
		if len(m.Path) > 0 {
			r := b.DeclRange
			l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Invalid import block",
				Detail: "import blocks are only allowed in the root module", Subject: &r})
			return
		}
		im := &ImportDecl{DeclRange: b.DeclRange}
		for _, a := range l.attrs(b.Body) {
			switch a.Name {
			case "to":
				if tr, ok := keyedAddress(a.Source); ok && attr(b.Body, "for_each") != nil {
					// With for_each, the keys are expressions of each
					// (null_resource.x[each.key]), evaluated per element
					// by the engines; the checks read them as unknown.
					im.To = &hclsyntax.ScopeTraversalExpr{Traversal: tr, SrcRange: a.Source.Range()}
				} else {
					im.To = l.address(a.Source)
				}
				im.ToRange = a.Range
			case "id":
				im.ID = a.Source
			case "for_each":
				im.ForEach = a.Source
			case config.KindProvider.Type:
				im.Provider = l.reference(a.Source)
			}
		}
		if im.To == nil && attr(b.Body, "to") == nil {
			r := b.DeclRange
			l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Missing required argument",
				Detail: "an import block needs a to argument: the address of the resource to import into", Subject: &r})
		}
		m.Imports = append(m.Imports, im)
	case config.KindMoved.Type:
		l.required(b, config.KindMoved)
		mv := &MovedDecl{DeclRange: b.DeclRange}
		if a := attr(b.Body, "from"); a != nil {
			mv.From = l.address(a.Source)
		}
		if a := attr(b.Body, "to"); a != nil {
			mv.To = l.address(a.Source)
		}
		m.Moved = append(m.Moved, mv)
	case config.KindRemoved.Type:
		l.required(b, config.KindRemoved)
		rm := &RemovedDecl{DeclRange: b.DeclRange}
		if a := attr(b.Body, "from"); a != nil {
			rm.From = l.address(a.Source)
		}
		// The body keeps what else the block holds: the nested blocks
		// Terraform owns in it (lifecycle, provisioners, connection).
		rm.Body = l.body(b.Body)
		for _, a := range config.KindRemoved.Args {
			rm.Body.Attrs = without(rm.Body.Attrs, a.Name)
		}
		m.Removed = append(m.Removed, rm)
	}
}

// required reports the arguments the language requires in blocks of kind
// k that block b lacks, as HCL's decoding does.
func (l *loader) required(b *config.Block, k *config.Kind) {
	for _, a := range k.Args {
		n := a.Name
		if !a.Required || attr(b.Body, n) != nil {
			continue
		}
		r := missingArgRange(b, l.json)
		l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error,
			Summary: "Missing required argument",
			Detail:  "The argument \"" + n + "\" is required, but no definition was found.", Subject: &r})
	}
}

// missingArgRange is where HCL's decoding, and so the engines, report an
// argument block b lacks: the start of its opening brace, or in JSON the
// closing brace of its object; the start of the block when neither is
// known.
func missingArgRange(b *config.Block, json bool) hcl.Range {
	switch {
	case json && b.CloseBraceRange != (hcl.Range{}):
		return b.CloseBraceRange
	case !json && b.OpenBraceRange != (hcl.Range{}):
		r := b.OpenBraceRange
		return hcl.Range{Filename: r.Filename, Start: r.Start, End: r.Start}
	}
	r := b.DeclRange
	return hcl.Range{Filename: r.Filename, Start: r.Start, End: r.Start}
}

// nameRange is where an argument's name is written (in quotes in JSON).
func (l *loader) nameRange(a *config.Attribute) hcl.Range {
	n := len(a.Name)
	if l.json {
		n += 2
	}
	r := a.Range
	r.End = r.Start
	r.End.Column += n
	r.End.Byte += n
	return r
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
func (l *loader) condition(b *config.Block) *Condition {
	c := &Condition{Range: b.DeclRange}
	if a := attr(b.Body, "condition"); a != nil {
		c.Condition = a.Source
	}
	if a := attr(b.Body, "error_message"); a != nil {
		c.ErrorMessage = a.Source
	}
	if c.Condition == nil {
		r := b.DeclRange
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
		// The engines' words, as init reports them.
		r := e.Range()
		l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Invalid expression",
			Detail: "A static list expression is required.", Subject: &r,
			Suggestion: "list the objects this one waits for, such as [aws_vpc.main, module.net]"})
		return nil
	}
	t := &hclsyntax.TupleConsExpr{SrcRange: e.Range(), OpenRange: e.StartRange()}
	for _, x := range list {
		if ref := l.referenceAs(x, "Invalid expression", staticRefDetail); ref != nil {
			t.Exprs = append(t.Exprs, ref.(hclsyntax.Expression))
		}
	}
	return t
}

// staticRefDetail is the engines' detail for an element of depends_on that
// is not a reference.
const staticRefDetail = "A single static variable reference is required: only attribute access and indexing with constant keys. No calculations, function calls, template expressions, etc are allowed here."

// reference reads an expression that must be a static reference (an
// address such as module.net.aws_vpc.main["a"] or a provider aws.west).
// providerRef parses a resource's provider argument: a configuration
// (random.by_name) and, with OpenTofu, the key of one of its instances
// (random.by_name[each.key]).
func (l *loader) providerRef(e hcl.Expression) (ref, key hcl.Expression) {
	if l.engine == tffile.OpenTofu {
		if tr, k, ok := providerRefParts(e); ok && k != nil {
			return &hclsyntax.ScopeTraversalExpr{Traversal: tr, SrcRange: tr.SourceRange()}, k
		}
	}
	ref = l.reference(e)
	if ref != nil && !l.providerRefShape(ref.(*hclsyntax.ScopeTraversalExpr).Traversal, e.Range()) {
		return nil, nil
	}
	return ref, nil
}

// providerRefShape reports, in the engine's words, a provider reference
// that is not NAME or NAME.ALIAS (with OpenTofu, NAME.ALIAS["key"]):
// random.a.b, random["a"].
func (l *loader) providerRefShape(tr hcl.Traversal, whole hcl.Range) bool {
	const detail = "Provider name must either stand alone or be followed by a period and then a configuration alias."
	bad := func(rng hcl.Range, detail string) bool {
		l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Invalid provider configuration reference",
			Detail: detail, Subject: &rng, Suggestion: "write the provider's local name, or NAME.ALIAS for a provider block with an alias"})
		return false
	}
	if len(tr) > 1 {
		if _, ok := tr[1].(hcl.TraverseAttr); !ok {
			return bad(tr[1].SourceRange(), detail)
		}
	}
	if len(tr) > 2 {
		if l.engine != tffile.OpenTofu {
			return bad(whole, "The provider argument requires a provider type name, optionally followed by a period and then a configuration alias.")
		}
		// OpenTofu reads a third step as an instance key.
		if _, ok := tr[2].(hcl.TraverseIndex); !ok || len(tr) > 3 {
			return bad(tr[2].SourceRange(), detail)
		}
	}
	return true
}

// keyedAddress reads an address whose instance keys may be expressions
// (module.m[each.key].aws_instance.x[each.value]), the keys that are not
// literals unknown; ok is false when e is no such address or has no key
// that is an expression.
func keyedAddress(e hcl.Expression) (tr hcl.Traversal, ok bool) {
	dynamic := false
	var read func(e hcl.Expression) bool
	read = func(e hcl.Expression) bool {
		switch x := e.(type) {
		case *hclsyntax.ScopeTraversalExpr:
			tr = append(tr, x.Traversal...)
			return true
		case *hclsyntax.RelativeTraversalExpr:
			if !read(x.Source) {
				return false
			}
			tr = append(tr, x.Traversal...)
			return true
		case *hclsyntax.IndexExpr:
			if !read(x.Collection) {
				return false
			}
			key := cty.DynamicVal
			if len(x.Key.Variables()) == 0 {
				v, hd := x.Key.Value(nil)
				if hd.HasErrors() {
					return false
				}
				key = v
			} else {
				dynamic = true
			}
			tr = append(tr, hcl.TraverseIndex{Key: key, SrcRange: x.Key.Range()})
			return true
		}
		return false
	}
	if !read(e) || !dynamic {
		return nil, false
	}
	return tr, true
}

func (l *loader) reference(e hcl.Expression) hcl.Expression {
	return l.referenceAs(e, "Invalid reference", "a static reference is required here, such as aws_vpc.main or module.net")
}

// address reads the address of a moved, removed or import block: a static
// reference, in the engines' words when it is not one. Unlike the
// references of depends_on or provider, a quoted address ("aws_vpc.main",
// Terraform 0.11's form) is refused there by both engines.
func (l *loader) address(e hcl.Expression) hcl.Expression {
	tr, hd := hcl.AbsTraversalForExpr(e)
	if hd.HasErrors() {
		r := e.Range()
		d := &diag.Diagnostic{Severity: diag.Error, Summary: "Invalid expression", Detail: staticRefDetail, Subject: &r}
		if s, quoted := quotedString(e); quoted && !l.json {
			d.Suggestion = "remove the quotes: " + s
		}
		l.diags = append(l.diags, d)
		return nil
	}
	return &hclsyntax.ScopeTraversalExpr{Traversal: tr, SrcRange: e.Range()}
}

// referenceAs is reference with the words of the diagnostic for an
// expression that is not one.
func (l *loader) referenceAs(e hcl.Expression, summary, detail string) hcl.Expression {
	tr, hd := hcl.AbsTraversalForExpr(e)
	if s, quoted := quotedString(e); hd.HasErrors() && quoted && !l.json {
		// "aws_vpc.main": deprecated, and still a reference.
		start := e.Range().Start
		start.Column++
		start.Byte++
		if tr, hd = hclsyntax.ParseTraversalAbs([]byte(s), e.Range().Filename, start); !hd.HasErrors() {
			l.diags = append(l.diags, quotedReference(e.Range(), l.engineName().String()))
		}
	}
	if hd.HasErrors() {
		r := e.Range()
		l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error, Summary: summary, Detail: detail, Subject: &r})
		return nil
	}
	return &hclsyntax.ScopeTraversalExpr{Traversal: tr, SrcRange: e.Range()}
}

// unquoteProviders reads the quoted entries of a module call's providers
// map (`"aws.eu" = "aws.eu"`, Terraform 0.11's form) as the references
// they name, with the engines' warning; other maps are returned as they
// are.
func (l *loader) unquoteProviders(e hcl.Expression) hcl.Expression {
	obj, ok := e.(*hclsyntax.ObjectConsExpr)
	if !ok || l.json {
		return e
	}
	unquote := func(x hclsyntax.Expression) (hclsyntax.Expression, bool) {
		if k, ok := x.(*hclsyntax.ObjectConsKeyExpr); ok {
			x = k.Wrapped
		}
		s, quoted := quotedString(x)
		if !quoted {
			return nil, false
		}
		start := x.Range().Start
		start.Column++
		start.Byte++
		tr, hd := hclsyntax.ParseTraversalAbs([]byte(s), x.Range().Filename, start)
		if hd.HasErrors() {
			return nil, false
		}
		l.diags = append(l.diags, quotedReference(x.Range(), l.engineName().String()))
		return &hclsyntax.ScopeTraversalExpr{Traversal: tr, SrcRange: x.Range()}, true
	}
	out := &hclsyntax.ObjectConsExpr{SrcRange: obj.SrcRange, OpenRange: obj.OpenRange}
	changed := false
	for _, it := range obj.Items {
		if k, ok := unquote(it.KeyExpr); ok {
			it.KeyExpr = &hclsyntax.ObjectConsKeyExpr{Wrapped: k}
			changed = true
		}
		if v, ok := unquote(it.ValueExpr); ok {
			it.ValueExpr = v
			changed = true
		}
		out.Items = append(out.Items, it)
	}
	if !changed {
		return e
	}
	return out
}

// requiredProviders reads a required_providers block: each entry's
// source, version constraint and configuration_aliases (entries that are
// only a version string are skipped).
func (l *loader) requiredProviders(m *Module, body *config.Body) {
	for _, a := range l.attrs(body) {
		n := a.Name
		pairs, hd := hcl.ExprMap(a.Source)
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
			case "version":
				if v, hd := p.Value.Value(nil); !hd.HasErrors() && v.Type() == cty.String && v.IsKnown() && !v.IsNull() {
					m.ProviderVersions[n] = v.AsString()
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
func (l *loader) decodeProvider(m *Module, b *config.Block) {
	p := &ProviderDecl{Name: b.Labels[0], DeclRange: b.DeclRange}
	body := l.body(b.Body)
	for _, a := range body.Attrs {
		if a.Name != "alias" {
			continue
		}
		// The engines decode alias without an evaluation context, and
		// report what does not decode in their words.
		v, hd := a.Expr.Value(nil)
		if hd.HasErrors() {
			l.diags = append(l.diags, diag.FromHCL(hd)...)
			if l.engine != tffile.OpenTofu {
				r := a.Expr.StartRange()
				l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Unsuitable value type",
					Detail: "Unsuitable value: value must be known", Subject: &r})
			}
			continue
		}
		if v.Type() != cty.String || v.IsNull() || !v.IsKnown() || !config.ValidIdentifier(v.AsString()) {
			r := a.Expr.Range()
			l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Invalid provider configuration alias",
				Detail:  "An alias must be a valid name. A name must start with a letter or underscore and may contain only letters, digits, underscores, and dashes.",
				Subject: &r, Suggestion: `write the alias as a literal name, such as alias = "west"`})
			continue
		}
		p.Alias = v.AsString()
	}
	if a := attr(b.Body, "for_each"); a != nil && l.engine == tffile.OpenTofu {
		// For Terraform the name is reserved (rules.go).
		p.ForEach = a.Source
	}
	body.Attrs = without(without(without(body.Attrs, "alias"), "version"), "for_each")
	if p.ForEach != nil && p.Alias == "" {
		r := b.DeclRange
		l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Invalid provider configuration",
			Detail: "a provider block with for_each needs an alias, by which resources refer to its instances", Subject: &r})
	}
	key := p.Key()
	if prev := m.ProviderConfigs[key]; prev != nil {
		r := b.DeclRange
		// The engines' words, as init reports them.
		detail := fmt.Sprintf("A default (non-aliased) provider configuration for %q was already given at %s. If multiple configurations are required, set the \"alias\" argument for alternative configurations.", p.Name, prev.DeclRange)
		if p.Alias != "" {
			detail = fmt.Sprintf("A provider configuration for %q with alias %q was already given at %s. Each configuration for the same provider must have a distinct alias.", p.Name, p.Alias, prev.DeclRange)
		}
		l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error,
			Summary: "Duplicate provider configuration",
			Detail:  detail, Subject: &r,
			Related:    []diag.Related{{Message: "first declared here", Range: prev.DeclRange}},
			Suggestion: "give one of them an alias, or put the change in an override file"})
		return
	}
	p.Body = body
	p.empty = len(body.Attrs) == 0 && len(body.Blocks) == 0 && attr(b.Body, "version") == nil
	p.proxy = p.empty && p.ForEach == nil
	m.ProviderConfigs[key] = p
}

// proxyProviders warns, as the engines do, about the empty provider blocks
// of a child module, one warning per provider with the required_providers
// entry that replaces them.
func (l *loader) proxyProviders(m *Module) {
	if len(m.Path) == 0 {
		return
	}
	byName := map[string][]*ProviderDecl{}
	for _, k := range sortedKeys(m.ProviderConfigs) {
		if p := m.ProviderConfigs[k]; p.proxy || p.empty && l.engine == tffile.OpenTofu {
			byName[p.Name] = append(byName[p.Name], p)
		}
	}
	engine := l.engineName().String()
	where := "module." + strings.Join(m.Path, ".module.")
	for _, name := range sortedKeys(byName) {
		ps := byName[name]
		source := m.Providers[name]
		for _, host := range []string{"registry.terraform.io/", "registry.opentofu.org/"} {
			source = strings.TrimPrefix(source, host)
		}
		if source == "" {
			source = "hashicorp/" + name
		}
		var b strings.Builder
		fmt.Fprintf(&b, "Earlier versions of %s used empty provider blocks (\"proxy provider configurations\") for child modules to declare their need to be passed a provider configuration by their callers. That approach was ambiguous and is now deprecated.\n\n"+
			"If you control this module, you can migrate to the new declaration syntax by removing all of the empty provider %q blocks and then adding or updating an entry like the following to the required_providers block of %s:\n", engine, name, where)
		fmt.Fprintf(&b, "    %s = {\n      source = %q\n", name, source)
		var aliases []string
		for _, p := range ps {
			if p.Alias != "" {
				aliases = append(aliases, p.Key())
			}
		}
		if len(aliases) > 0 {
			b.WriteString("      configuration_aliases = [\n")
			for _, a := range aliases {
				fmt.Fprintf(&b, "        %s,\n", a)
			}
			b.WriteString("      ]\n")
		}
		b.WriteString("    }")
		first := ps[0].DeclRange
		for _, p := range ps[1:] {
			if p.DeclRange.String() < first.String() {
				first = p.DeclRange
			}
		}
		l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Warning, Summary: "Redundant empty provider block", Detail: b.String(), Subject: &first})
	}
}

// decodeCheck reads a check block: its asserts and scoped data sources.
func (l *loader) decodeCheck(m *Module, b *config.Block) {
	name := b.Labels[0]
	if prev := m.Checks[name]; prev != nil {
		l.dup("check", name, b, prev.DeclRange)
		return
	}
	c := &CheckDecl{Name: name, DeclRange: b.DeclRange}
	for _, it := range b.Body.Items {
		cb, ok := it.(*config.Block)
		if !ok {
			continue
		}
		switch {
		case cb.Type == "data" && len(cb.Labels) == 2:
			if key := l.decodeResource(m, cb, name); key != "" && !contains(c.Data, key) {
				c.Data = append(c.Data, key)
			}
		case cb.Type == "assert":
			if a := l.condition(cb); a != nil {
				c.Asserts = append(c.Asserts, a)
			}
		}
	}
	// A check without an assert is "Zero assert blocks" where the module
	// is read (rules.go).
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

// decodeResource reads a resource or data block (of check block check
// when check is not "") and returns its local address, "" when it was
// not added.
func (l *loader) decodeResource(m *Module, b *config.Block, check string) string {
	mode := "managed"
	if b.Type == "data" {
		mode = "data"
	}
	r := &ResourceDecl{Mode: mode, Type: b.Labels[0], Name: b.Labels[1], Check: check, DeclRange: b.DeclRange}
	key := r.Addr()
	if prev := m.Resources[key]; prev != nil {
		l.dup(b.Type, key, b, prev.DeclRange)
		return ""
	}
	r.Body = l.body(b.Body)
	var kept []*Expr
	for _, a := range r.Body.Attrs {
		switch a.Name {
		case "count":
			r.Count = a.Expr
		case "for_each":
			r.ForEach = a.Expr
		case "provider":
			r.Provider, r.ProviderKey = l.providerRef(a.Expr)
		case "depends_on":
			r.DependsOn = l.references(a.Expr)
		}
		if !config.KindResource.Owns(a.Name) {
			kept = append(kept, a)
		}
	}
	r.Body.Attrs = kept
	var blocks []*NestedBlock
	for _, nb := range r.Body.Blocks {
		if !config.KindResource.Owns(nb.Type) {
			blocks = append(blocks, nb)
		}
	}
	r.Body.Blocks = blocks
	l.resourceMeta(r, b.Body)
	if l.engine == tffile.OpenTofu && r.Lifecycle != nil {
		for _, a := range r.Lifecycle.Attrs {
			if a.Name == "enabled" {
				r.Enabled = a.Expr
			}
		}
	}
	m.Resources[key] = r
	return key
}

// resourceMeta reads lifecycle (with its conditions), provisioner and
// connection of a resource body into r.
func (l *loader) resourceMeta(r *ResourceDecl, b *config.Body) {
	for _, it := range b.Items {
		mb, ok := it.(*config.Block)
		if !ok {
			continue
		}
		switch mb.Type {
		case "lifecycle":
			// The conditions, the blocks Terraform owns in a
			// lifecycle, are read apart from its arguments.
			lc, _ := config.KindResource.Block(mb.Type)
			r.Lifecycle = l.body(mb.Body)
			var kept []*NestedBlock
			for _, nb := range r.Lifecycle.Blocks {
				if _, own := lc.Block(nb.Type); !own {
					kept = append(kept, nb)
				}
			}
			r.Lifecycle.Blocks = kept
			for _, cb := range mb.Body.Items {
				cb, ok := cb.(*config.Block)
				if !ok {
					continue
				}
				if _, own := lc.Block(cb.Type); !own {
					continue
				}
				if c := l.condition(cb); c != nil && cb.Type == "precondition" {
					r.Preconditions = append(r.Preconditions, c)
				} else if c != nil {
					r.Postconditions = append(r.Postconditions, c)
				}
			}
		case "provisioner":
			r.Provisioners = append(r.Provisioners, &NestedBlock{Type: mb.Type, Labels: mb.Labels, Body: l.body(mb.Body), Range: mb.DeclRange})
		case "connection":
			r.Connection = &NestedBlock{Type: mb.Type, Body: l.body(mb.Body), Range: mb.DeclRange}
		}
	}
}

// body converts a block body of the model into the evaluation index: its
// arguments with the expressions they were parsed from, and its nested
// blocks. In JSON, only Terraform's own nested blocks (dynamic, lifecycle,
// ...) are blocks; any other object is an argument, as Terraform reads
// JSON without a provider schema.
func (l *loader) body(b *config.Body) *Body {
	out := &Body{}
	for _, a := range l.attrs(b) {
		if a.Source != nil {
			out.Attrs = append(out.Attrs, &Expr{Name: a.Name, Expr: a.Source, Range: a.Range})
		}
	}
	for _, it := range b.Items {
		if nb, ok := it.(*config.Block); ok {
			out.Blocks = append(out.Blocks, &NestedBlock{Type: nb.Type, Labels: nb.Labels, Body: l.body(nb.Body), Range: nb.DeclRange,
				Invalid: nb.Type == "dynamic" && l.badDynamic[nb.DeclRange]})
		}
	}
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

// literalBool reads a literal bool argument (sensitive = true); anything
// else is an error at the argument, and false.
func (l *loader) literalBool(a *config.Attribute) bool {
	v, hd := a.Source.Value(nil)
	if !hd.HasErrors() {
		if bv, err := convert.Convert(v, cty.Bool); err == nil && bv.IsKnown() && !bv.IsNull() {
			return bv.True()
		}
	}
	r := a.Source.StartRange()
	// The engines' words and place (HCL's decoding into a bool: the start
	// of the expression, inside the quotes of a string).
	l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Unsuitable value type",
		Detail: "Unsuitable value: a bool is required", Subject: &r, Suggestion: a.Name + " is true or false"})
	return false
}
