package tfkit

import (
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/asset"
	"github.com/tfkit/tfkit/internal/synth"
	"github.com/tfkit/tfkit/schema"
)

// Stack is one Terraform configuration: one root module, written to
// stacks/<name>/main.tf. Elements are appended to it in the order they are
// declared, and that is the order of the output.
type Stack struct {
	app      *App
	name     string
	site     hcl.Range
	cfg      *config.Config
	diags    diag.Diagnostics
	deps     []*Stack
	required []requirement
	// assets are the stack's assets, in declaration order.
	assets []*Asset
	// uses are the elements of other stacks referred to through handles.
	uses []crossUse
	// aspects visit the elements before the stack is validated.
	aspects elementVisits
}

// elementVisits change a stack's elements before it is validated or
// synthesized: the stack's aspects (aspect.go) are such visits.
type elementVisits interface{ visitNew() }

// crossUse records that a stack refers, through a handle, to an element of
// another stack: it decides which stack a reference written as text reads
// when several declare its address.
type crossUse struct {
	producer *Stack
	addr     string // the producer's element
}

// stackName is what a stack may be called: it becomes a directory name.
var stackName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]*$`)

// maxStackName is the longest stack name: a directory name, which most
// file systems limit to 255 bytes (a stack name is ASCII).
const maxStackName = 255

// NewStack adds a stack named name to app.
func NewStack(app *App, name string) *Stack {
	if app == nil {
		misusedApp(false)
		app = newApp() // the stack goes nowhere; the mistake is reported
	}
	app.ready()
	site := callerSite()
	s := &Stack{app: app, name: name, site: site, cfg: &config.Config{}}
	app.mu.Lock()
	defer app.mu.Unlock()
	switch {
	case !stackName.MatchString(name):
		app.diags = append(app.diags, &diag.Diagnostic{
			Severity: diag.Error, Summary: "Invalid stack name",
			Detail:     fmt.Sprintf("%q cannot name a stack: the name becomes a directory name.", name),
			Subject:    &site,
			Suggestion: "use letters, digits, '-', '_' and '.', starting with a letter or digit",
		})
	case len(name) > maxStackName:
		app.diags = append(app.diags, &diag.Diagnostic{
			Severity: diag.Error, Summary: "Invalid stack name",
			Detail: fmt.Sprintf("The stack name %q is %d characters long: the name becomes a directory name, which file systems limit to %d.",
				name, len(name), maxStackName),
			Subject:    &site,
			Suggestion: fmt.Sprintf("use a name of at most %d characters", maxStackName),
		})
	default:
		for _, other := range app.stacks {
			switch {
			case other.name == name:
				app.diags = append(app.diags, &diag.Diagnostic{
					Severity: diag.Error, Summary: "Duplicate stack",
					Detail:  fmt.Sprintf("A stack named %q is already declared.", name),
					Subject: &site,
					Related: []diag.Related{{Message: "first declared here", Range: other.site}},
				})
			case strings.EqualFold(other.name, name):
				// Both would be one directory where names ignore case
				// (macOS and Windows by default): one stack's files
				// would overwrite the other's.
				app.diags = append(app.diags, &diag.Diagnostic{
					Severity: diag.Error, Summary: "Duplicate stack",
					Detail: fmt.Sprintf("A stack named %q is already declared, and %q differs from it only in case: the names become directory names, which are one directory where names ignore case (macOS and Windows), so one stack would overwrite the other.",
						other.name, name),
					Subject:    &site,
					Related:    []diag.Related{{Message: "first declared here", Range: other.site}},
					Suggestion: "give the stacks names that differ in more than case",
				})
			default:
				continue
			}
			break
		}
	}
	app.stacks = append(app.stacks, s)
	return s
}

// Name returns the stack's name.
func (s *Stack) Name() string {
	if stackAbsent(s) {
		return ""
	}
	return s.name
}

// App returns the app the stack belongs to.
func (s *Stack) App() *App {
	if stackAbsent(s) {
		return nil
	}
	return s.app
}

// DependsOn records that s must be deployed after others (listed in the
// manifest's dependencies, for the CLI to order deployments). It returns s.
func (s *Stack) DependsOn(others ...*Stack) *Stack {
	if stackAbsent(s) {
		return s
	}
	site := callerSite()
	for _, o := range others {
		switch {
		case o == nil || o.cfg == nil:
			s.errorf(site, "Nil stack", "DependsOn was given a nil stack, or one tfkit.NewStack did not make.", "pass the stack that tfkit.NewStack(app, name) returns")
		case o == s:
			s.errorf(site, "Stack depends on itself", fmt.Sprintf("Stack %q cannot depend on itself.", s.name), "")
		case o.app != s.app:
			s.errorf(site, "Stack of another app", fmt.Sprintf("Stack %q belongs to another app.", o.name), "")
		default:
			if !containsStack(s.deps, o) {
				s.deps = append(s.deps, o)
			}
		}
	}
	return s
}

func containsStack(list []*Stack, s *Stack) bool {
	for _, have := range list {
		if have == s {
			return true
		}
	}
	return false
}

// Dependencies returns the stacks s depends on: those declared with
// DependsOn, in the order declared, then those whose elements s refers to,
// in the app's order.
func (s *Stack) Dependencies() []*Stack {
	if stackAbsent(s) {
		return nil
	}
	return s.dependencies(s.app.crossPlan())
}

func (s *Stack) dependencies(p *crossPlan) []*Stack {
	deps := p.plan.Dependencies(p.of[s])
	out := make([]*Stack, len(deps))
	for i, d := range deps {
		out[i] = p.back[d]
	}
	return out
}

func (s *Stack) errorf(site hcl.Range, summary, detail, suggestion string) {
	s.diags = append(s.diags, &diag.Diagnostic{
		Severity: diag.Error, Summary: summary, Detail: detail, Subject: &site, Suggestion: suggestion,
	})
}

// Config returns the stack's configuration as it will be written: the
// declared blocks, with required_providers entries from providers' Source
// merged into the terraform block, references to other stacks' elements
// read through terraform_remote_state, and outputs for what other stacks
// read of this one. It is a new Config sharing the declared blocks that
// were not changed; the others are copies.
func (s *Stack) Config() *config.Config {
	if stackAbsent(s) {
		return &config.Config{}
	}
	p := s.app.crossPlan()
	cfg, _ := p.plan.Config(p.of[s])
	return cfg
}

// Diagnostics returns the mistakes recorded while the stack was built.
// Validate adds those found by checking the whole configuration.
func (s *Stack) Diagnostics() diag.Diagnostics {
	if s == nil || s.cfg == nil {
		return diag.Diagnostics{misusedStack(s, true)}
	}
	return append(diag.Diagnostics(nil), s.diags...)
}

// Validate returns the stack's diagnostics: the mistakes recorded while it
// was built, and those config.Validate finds in its configuration as
// written (see Config: duplicates, undeclared references, cycles).
func (s *Stack) Validate() diag.Diagnostics {
	if s == nil || s.cfg == nil {
		return diag.Diagnostics{misusedStack(s, true)}
	}
	return s.validate(s.app.crossPlan())
}

func (s *Stack) validate(p *crossPlan) diag.Diagnostics {
	return p.plan.ValidateStack(p.of[s])
}

// requirement is a required_providers entry recorded by Provider.Source or
// Stack.RequireProvider.
type requirement struct {
	name, source, version string
	site                  hcl.Range
}

// RequireProvider records a required_providers entry: the provider with
// local name name comes from source (hashicorp/aws), in versions matching
// version (may be empty). Provider.Source calls it; typed bindings call it
// for the resources they declare, so that a stack using only resources of a
// provider still names its source.
func (s *Stack) RequireProvider(name, source, version string) {
	if stackAbsent(s) {
		return
	}
	s.requireProvider(callerSite(), name, source, version)
}

func (s *Stack) requireProvider(site hcl.Range, name, source, version string) {
	if source == "" {
		s.errorf(site, "Empty provider source", fmt.Sprintf("The source of provider %q is empty.", name),
			`give the source as "namespace/type", such as "hashicorp/aws"`)
		return
	}
	for i, r := range s.required {
		if r.name != name {
			continue
		}
		if synth.NormalizeSource(r.source) != synth.NormalizeSource(source) {
			s.diags = append(s.diags, &diag.Diagnostic{
				Severity: diag.Error, Summary: "Conflicting provider sources",
				Detail:  fmt.Sprintf("Provider %q is required from %q here and from %q before.", name, source, r.source),
				Subject: &site, Related: []diag.Related{{Message: "first required here", Range: r.site}},
				Suggestion: "a local name can have one source; give the other provider another local name",
			})
			return
		}
		switch {
		case version == "" || version == r.version:
		case r.version == "":
			s.required[i].version = version
		default:
			s.diags = append(s.diags, &diag.Diagnostic{
				Severity: diag.Error, Summary: "Conflicting provider versions",
				Detail:  fmt.Sprintf("Provider %q is required in versions %q here and %q before.", name, version, r.version),
				Subject: &site, Related: []diag.Related{{Message: "first required here", Range: r.site}},
				Suggestion: "use one version constraint",
			})
		}
		return
	}
	s.required = append(s.required, requirement{name: name, source: source, version: version, site: site})
}

// Format is the syntax stacks are written in.
type Format string

const (
	// FormatHCL writes main.tf in HCL native syntax (the default).
	FormatHCL Format = "hcl"
	// FormatJSON writes main.tf.json in Terraform's JSON syntax.
	FormatJSON Format = "json"
)

// Environment variables Synth reads. The tfkit CLI sets them when it runs
// the app.
const (
	// EnvOutdir, when set, is the directory to write into. The CLI passes a
	// fresh, empty directory and swaps it into place itself.
	EnvOutdir = "TFKIT_OUTDIR"
	// EnvFormat, when set, is "hcl" or "json" and overrides WithFormat.
	EnvFormat = "TFKIT_FORMAT"
)

// DefaultOutdir is where Synth writes when neither TFKIT_OUTDIR nor
// WithOutdir says otherwise.
const DefaultOutdir = "tfkit.out"

// App is a tfkit program: a set of stacks synthesized together.
type App struct {
	// mu guards stacks and diags: stacks may be declared from several
	// goroutines. once sets a zero App up as NewApp does.
	mu     sync.Mutex
	once   sync.Once
	stacks []*Stack
	outdir string
	format Format
	// projectDir is what local module sources are relative to.
	projectDir string
	getenv     func(string) string
	stderr     io.Writer
	diags      diag.Diagnostics
	// misuse are the mistakes recorded for the app by calls that have no
	// stack to record them (see misuse.go); guarded by misuses.mu.
	misuse diag.Diagnostics
	// schemas, when set, are checked against every stack (WithSchemas, or
	// read from TFKIT_SCHEMAS once schemasRead).
	schemas     []*schema.Provider
	schemasRead bool
	// render, when set, writes one stack instead of package render; for
	// tests.
	render func(*config.Config, Format) ([]byte, error)
}

// Option configures an App.
type Option func(*App)

// WithOutdir sets the output directory used when TFKIT_OUTDIR is not set
// (default tfkit.out). Apps building per environment choose it from their
// environment, such as WithOutdir("tfkit.out/" + env).
func WithOutdir(dir string) Option { return func(a *App) { a.outdir = dir } }

// WithFormat sets the output format used when TFKIT_FORMAT is not set.
func WithFormat(f Format) Option { return func(a *App) { a.format = f } }

// WithGetenv replaces os.Getenv for the variables Synth reads (TFKIT_OUTDIR,
// TFKIT_FORMAT, TFKIT_SCHEMAS, TFKIT_ENGINE); for tests.
func WithGetenv(getenv func(string) string) Option { return func(a *App) { a.getenv = getenv } }

// WithProjectDir sets the directory that local module sources
// ("./modules/greet") are relative to; default the working directory,
// which tfkit synth sets to the project directory. Synth copies each such
// module directory into the stack that calls it (see Synth).
func WithProjectDir(dir string) Option { return func(a *App) { a.projectDir = dir } }

// WithWarnings sets where Synth prints warnings (default os.Stderr).
func WithWarnings(w io.Writer) Option { return func(a *App) { a.stderr = w } }

// NewApp returns an empty app.
//
// The zero App (&tfkit.App{}) works as NewApp() does.
func NewApp(opts ...Option) *App {
	a := newApp()
	for _, o := range opts {
		o(a)
	}
	if a.getenv == nil { // WithGetenv(nil)
		a.getenv = os.Getenv
	}
	registerApp(a)
	return a
}

func newApp() *App {
	return &App{outdir: DefaultOutdir, format: FormatHCL, projectDir: ".", getenv: os.Getenv, stderr: os.Stderr}
}

// Stacks returns the app's stacks in declaration order.
func (a *App) Stacks() []*Stack {
	if a == nil {
		misusedApp(true)
		return nil
	}
	a.ready()
	return a.stackList()
}

// stackList returns the app's stacks as they are now.
func (a *App) stackList() []*Stack {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]*Stack(nil), a.stacks...)
}

// Validate returns every diagnostic of the app: invalid or duplicate stack
// names, ambiguous cross-stack references, dependency cycles between
// stacks, and each stack's own (see Stack.Validate), in declaration order.
func (a *App) Validate() diag.Diagnostics {
	if a == nil {
		return append(unclaimed(), misusedApp(true))
	}
	a.ready()
	return a.validate(a.crossPlan())
}

func (a *App) validate(p *crossPlan) diag.Diagnostics {
	return p.plan.Validate()
}

// crossPlan is the app as package synth sees it, with the rewrite of its
// cross-stack references.
type crossPlan struct {
	app  *synth.App
	plan *synth.Plan
	of   map[*Stack]*synth.Stack
	back map[*synth.Stack]*Stack
}

// model returns the app as package synth takes it, after the aspects
// visited what they had not.
func (a *App) model() *crossPlan {
	a.mu.Lock()
	stacks, diags := append([]*Stack(nil), a.stacks...), append(diag.Diagnostics(nil), a.diags...)
	a.mu.Unlock()
	for _, s := range stacks {
		if s.aspects != nil {
			s.aspects.visitNew()
		}
	}
	// The engine chooses the words of diagnostics where the engines'
	// differ; an invalid TFKIT_ENGINE is reported by files.
	engine, _ := a.setting(EnvEngine, engineSettings, "")
	m := &crossPlan{
		app:  &synth.App{Stacks: make([]*synth.Stack, len(stacks)), Diags: append(a.misused(), diags...), Engine: engine},
		of:   make(map[*Stack]*synth.Stack, len(stacks)),
		back: make(map[*synth.Stack]*Stack, len(stacks)),
	}
	for i, s := range stacks {
		ms := &synth.Stack{Name: s.name, Dir: path.Join("stacks", s.name), Site: s.site, Config: s.cfg, Diags: s.diags, Files: s.assetFiles()}
		m.app.Stacks[i] = ms
		m.of[s], m.back[ms] = ms, s
	}
	for _, s := range stacks {
		ms := m.of[s]
		for _, d := range s.deps {
			ms.DependsOn = append(ms.DependsOn, m.of[d])
		}
		for _, r := range s.required {
			ms.Required = append(ms.Required, synth.Requirement{Name: r.name, Source: r.source, Version: r.version, Site: r.site})
		}
		for _, u := range s.uses {
			if p := m.of[u.producer]; p != nil {
				ms.Uses = append(ms.Uses, synth.Use{Producer: p, Addr: u.addr})
			}
		}
	}
	return m
}

// crossPlan computes the rewrite for the app's stacks as they are now.
func (a *App) crossPlan() *crossPlan {
	m := a.model()
	m.plan = synth.NewPlan(m.app, a.loadedSchemas)
	return m
}

// Synth validates every stack and writes the output: for each stack
// stacks/<name>/main.tf (main.tf.json in JSON format) and a manifest.json
// listing the stacks, their files with SHA-256 sums and their dependencies.
//
// When any error is found nothing is written and the returned error is the
// diag.Diagnostics; warnings alone are printed and do not stop synthesis.
//
// The output directory is $TFKIT_OUTDIR when set (written into directly:
// the CLI passes a fresh directory and moves the files into place itself),
// else the one given with WithOutdir, else tfkit.out. Only tfkit's own
// files there change: those the previous synthesis's manifest.json lists
// are replaced (each with a rename, the manifest last) or removed when no
// longer written, and everything else, such as the .terraform directory,
// lock file and terraform.tfstate of a terraform run in a stack directory,
// is kept. A failed Synth leaves the previous output as it was; a file of
// someone else's where Synth must write one fails it before anything
// changes. The directory is locked while it is written, so concurrent
// Synths run one after the other. The format is $TFKIT_FORMAT when set,
// else the one given with WithFormat, else HCL.
func (a *App) Synth() error {
	if a == nil {
		return append(unclaimed(), misusedApp(true))
	}
	a.ready()
	files, err := a.files()
	if err != nil {
		return err
	}
	dir, fresh := a.outdir, false
	if d := a.getenv(EnvOutdir); d != "" {
		dir, fresh = d, true
	}
	edited, err := synth.Write(dir, files, fresh)
	if err != nil {
		return err
	}
	if a.stderr != nil {
		for _, p := range edited {
			fmt.Fprintf(a.stderr, "Warning: %s had been edited since the last synth; the edit was overwritten (change the app instead)\n", path.Join(a.outdir, p))
		}
	}
	return nil
}

// Files validates the app and returns what Synth would write, without
// writing anything: slash-separated paths relative to the output directory
// (stacks/<name>/main.tf, the stacks' assets and local module copies,
// manifest.json) → contents. Errors are as Synth's. Package tfkittest
// synthesizes stacks in tests with it.
func (a *App) Files() (map[string][]byte, error) {
	if a == nil {
		return nil, append(unclaimed(), misusedApp(true))
	}
	a.ready()
	return a.files()
}

// files validates the app and renders its output files.
func (a *App) files() (map[string][]byte, error) {
	format := a.format
	if f := a.getenv(EnvFormat); f != "" {
		format = Format(f)
	}
	engine, ds := a.setting(EnvEngine, engineSettings,
		"set "+EnvEngine+" to terraform or opentofu (the engine the output is deployed with), or unset it")
	check, ds2 := a.setting(EnvSchemaCheck, map[string]string{"error": "error", "warn": "warn"},
		"set "+EnvSchemaCheck+" to error or warn, or unset it")
	if ds = append(ds, ds2...); ds.HasErrors() {
		return nil, ds
	}
	o := synth.Options{
		Format:           synth.Format(format),
		FormatSuggestion: "set " + EnvFormat + " (or WithFormat) to hcl or json",
		ProjectDir:       a.projectDir,
		Schemas:          a.providerSchemas,
		SchemaWarnings:   check == "warn",
		Engine:           engine,
		Warn: func(ds diag.Diagnostics) {
			if a.stderr != nil {
				fmt.Fprintln(a.stderr, ds.Error())
			}
		},
	}
	if a.render != nil {
		o.Render = func(cfg *config.Config, f synth.Format) ([]byte, error) { return a.render(cfg, Format(f)) }
	}
	files, err := synth.Files(a.model().app, o)
	if ds, ok := err.(diag.Diagnostics); ok {
		for _, d := range ds {
			if d.Summary == "Local module not found" {
				d.Detail += a.projectDirNote()
			}
		}
	}
	return files, err
}

// projectDirNote names the directory relative paths were read from: a
// program run from another directory than the project's finds nothing
// there, and the message alone would not say why.
func (a *App) projectDirNote() string {
	abs, err := filepath.Abs(a.projectDir)
	if err != nil {
		abs = a.projectDir
	}
	if a.projectDir == "." {
		return fmt.Sprintf(" The project directory is %s, the directory the app runs in (tfkit synth runs it in the project's; tfkit.WithProjectDir chooses another).", abs)
	}
	return fmt.Sprintf(" The project directory is %s (tfkit.WithProjectDir).", abs)
}

// setting reads the environment variable name, whose values (by what
// they mean) are those of values; unset is "". Any other value is an
// error naming the variable, the value and what to set.
func (a *App) setting(name string, values map[string]string, suggestion string) (string, diag.Diagnostics) {
	v := a.getenv(name)
	if v == "" {
		return "", nil
	}
	if m, ok := values[strings.ToLower(v)]; ok {
		return m, nil
	}
	return "", diag.Diagnostics{{Severity: diag.Error, Summary: "Invalid " + name,
		Detail: fmt.Sprintf("%s is %q, which is not a value tfkit knows.", name, v), Suggestion: suggestion}}
}

// EnvSchemas, when set, is a provider schemas file (terraform providers
// schema -json, or the .tfkit-schemas.json 'tfkit get' keeps beside the
// bindings) that Synth checks every stack against. The tfkit CLI sets it
// when it knows the project's schemas.
const EnvSchemas = "TFKIT_SCHEMAS"

// engineSettings are the values of EnvEngine, by the engine they name.
var engineSettings = map[string]string{"terraform": "terraform", "opentofu": "opentofu", "tofu": "opentofu"}

// EnvEngine, when "terraform", makes Synth refuse what only OpenTofu
// accepts (state encryption, providers with for_each), each at its Go
// line; "opentofu" ("tofu" too) or unset accept it, and any other value
// is an error. tfkit deploy, diff and destroy set it to the engine they
// will run.
const EnvEngine = "TFKIT_ENGINE"

// EnvSchemaCheck, when "warn", makes what the schemas do not allow a
// warning instead of an error (for schemas older than the providers the
// engine installs); the configuration is then written as it is. "error"
// or unset keep it an error; any other value is an error of its own. The
// tfkit CLI sets it for --schema-check warn or "schemaCheck": "warn".
const EnvSchemaCheck = "TFKIT_SCHEMA_CHECK"

// WithSchemas makes Synth check every resource, data source and provider
// body against these provider schemas (see package validate): missing
// required attributes, unknown ones, computed-only ones that are set,
// literal type mismatches, nested block counts, deprecations. Diagnostics
// point at the Go line that set the attribute.
func WithSchemas(providers []*schema.Provider) Option {
	return func(a *App) { a.schemas = providers }
}

// providerSchemas returns the schemas given with WithSchemas, else those
// in $TFKIT_SCHEMAS (read once), else none.
func (a *App) providerSchemas() ([]*schema.Provider, diag.Diagnostics) {
	if a.schemas != nil || a.schemasRead {
		return a.schemas, nil
	}
	file := a.getenv(EnvSchemas)
	if file == "" {
		return nil, nil
	}
	providers, err := schema.ReadProvidersFile(file)
	if err != nil {
		return nil, diag.Diagnostics{{Severity: diag.Error, Summary: "Cannot read provider schemas",
			Detail: err.Error() + ".", Suggestion: "run 'tfkit get' again, or unset " + EnvSchemas}}
	}
	a.schemas, a.schemasRead = providers, true
	return providers, nil
}

// loadedSchemas returns the provider schemas when they are known, for
// what only profits from them (marking cross-stack outputs sensitive).
func (a *App) loadedSchemas() []*schema.Provider {
	p, _ := a.providerSchemas()
	return p
}

// AssetType is what an asset copies into the stack.
type AssetType int

const (
	// AssetFile copies one file.
	AssetFile AssetType = iota
	// AssetDirectory copies a directory's files.
	AssetDirectory
	// AssetArchive writes a zip archive of a file or of a directory's
	// files.
	AssetArchive
)

// Asset is a file, a directory or a zip archive that travels with a stack:
// Synth writes it into the stack's directory under
// assets/<name>/<content hash>/, so a Lambda bundle, a template or a
// module directory is found beside the configuration that names it,
// wherever the stack is run from.
type Asset struct {
	stack *Stack
	site  hcl.Range
	a     *asset.Asset
	name  string
}

// NewAsset reads source, a file or directory relative to the project
// directory (see WithProjectDir) unless absolute, as an asset of stack
// named name. The content is read now, so its hash is known while the
// stack is built; Synth writes it.
//
// Identical content gives an identical hash, path and archive: directory
// entries are sorted, archives hold regular files with a fixed time
// (1980-01-01 UTC) and mode 0644, and .git and .terraform directories are
// left out. A missing source, a directory given as AssetFile or a file as
// AssetDirectory, an empty directory, an invalid name and a name the
// stack already gave an asset are errors at the caller's line.
func NewAsset(stack *Stack, name, source string, typ AssetType) *Asset {
	stack = usable(stack)
	site := callerSite()
	x := &Asset{stack: stack, site: site, name: name}
	for _, other := range stack.assets {
		if other.name == name {
			stack.diags = append(stack.diags, duplicateAsset(name, site, other.site))
			return x
		}
	}
	stack.assets = append(stack.assets, x)
	a, err := asset.Build(name, source, stack.app.projectDir, asset.Kind(typ))
	if err != nil {
		e, ok := err.(*asset.Error)
		if !ok {
			e = &asset.Error{Summary: "Asset not readable", Detail: err.Error()}
		}
		detail := e.Detail
		if e.Summary == "Asset not found" && !filepath.IsAbs(source) {
			detail += stack.app.projectDirNote()
		}
		stack.errorf(site, e.Summary, detail, e.Suggestion)
		return x
	}
	x.a = a
	return x
}

// Name returns the asset's name.
func (x *Asset) Name() string {
	if x == nil {
		nilAsset()
		return ""
	}
	return x.name
}

// Path returns where the stack finds the asset, relative to the stack's
// directory, which is the working directory of terraform run in it (and
// of tfkit deploy): assets/<name>/<hash>/<file name> for a file,
// assets/<name>/<hash> for a directory, assets/<name>/<hash>/archive.zip
// for an archive. It is "" when the asset could not be read (Synth then
// reports why).
func (x *Asset) Path() string {
	if x == nil {
		nilAsset()
		return ""
	}
	if x.a == nil {
		return ""
	}
	return x.a.Path
}

// ModulePath returns Path prefixed with ${path.module}/, for arguments
// that must not depend on the working directory.
func (x *Asset) ModulePath() string {
	if x == nil {
		nilAsset()
		return ""
	}
	if x.a == nil {
		return ""
	}
	return "${path.module}/" + x.a.Path
}

// Hash returns the SHA-256 of the asset's content in hex: of the file, of
// the archive (equal to Terraform's filesha256 of Path), or of the
// directory's sorted paths and contents.
func (x *Asset) Hash() string {
	if x == nil {
		nilAsset()
		return ""
	}
	if x.a == nil {
		return ""
	}
	return x.a.Hash
}

// nilAsset records a method called on a nil *Asset.
func nilAsset() {
	misuse("Nil *tfkit.Asset", fmt.Sprintf("%s was called on a nil *tfkit.Asset.", apiCall()),
		"use the *tfkit.Asset that tfkit.NewAsset(stack, name, source, type) returns (a variable that was declared but never assigned is nil)")
}

func duplicateAsset(name string, site, first hcl.Range) *diag.Diagnostic {
	return &diag.Diagnostic{
		Severity: diag.Error, Summary: "Duplicate asset",
		Detail:  fmt.Sprintf("An asset named %q is already declared in this stack.", name),
		Subject: &site,
		Related: []diag.Related{{Message: "first declared here", Range: first}},
	}
}

// assetFiles are the files of the stack's assets, relative to its
// directory.
func (s *Stack) assetFiles() map[string][]byte {
	if len(s.assets) == 0 {
		return nil
	}
	out := map[string][]byte{}
	for _, x := range s.assets {
		if x.a == nil {
			continue
		}
		for p, data := range x.a.Files {
			out[path.Clean(p)] = data
		}
	}
	return out
}

// registerApp makes a the app that mistakes without a stack go to, and
// gives it those made before it.
func registerApp(a *App) { claimMisuses(&a.misuse) }

// misused returns the mistakes recorded for a.
func (a *App) misused() diag.Diagnostics { return misusesIn(&a.misuse) }

// usable returns s when it is a stack NewStack made; otherwise it records
// the mistake and returns a stack of no app, so that the call goes on
// without effect on the output (the mistake is reported instead).
func usable(s *Stack) *Stack {
	if s != nil && s.cfg != nil {
		return s
	}
	misusedStack(s, false)
	return &Stack{app: newApp(), cfg: &config.Config{}}
}

// misusedStack records the use of a nil stack, or of one NewStack did not
// make.
func misusedStack(s *Stack, receiver bool) *diag.Diagnostic {
	given := "was given"
	if receiver {
		given = "was called on"
	}
	if s == nil {
		return misuse("Nil *tfkit.Stack",
			fmt.Sprintf("%s %s a nil *tfkit.Stack.", apiCall(), given),
			"pass the stack that tfkit.NewStack(app, name) returns (a variable that was declared but never assigned is nil)")
	}
	return misuse("tfkit.Stack not made by tfkit.NewStack",
		fmt.Sprintf("%s %s a tfkit.Stack that tfkit.NewStack did not make (a zero tfkit.Stack{}), which belongs to no app.", apiCall(), given),
		"pass the stack that tfkit.NewStack(app, name) returns")
}

// stackAbsent reports whether s, the receiver of a method, is nil or was
// not made by NewStack, and records that mistake if so.
func stackAbsent(s *Stack) bool {
	if s != nil && s.cfg != nil {
		return false
	}
	misusedStack(s, true)
	return true
}

// misusedApp records the use of a nil *App.
func misusedApp(receiver bool) *diag.Diagnostic {
	given := "was given"
	if receiver {
		given = "was called on"
	}
	return misuse("Nil *tfkit.App",
		fmt.Sprintf("%s %s a nil *tfkit.App.", apiCall(), given),
		"pass the app that tfkit.NewApp() returns (a variable that was declared but never assigned is nil)")
}

// ready gives an App built as a zero value (&tfkit.App{}) the settings
// NewApp gives, so that it works as NewApp() would.
func (a *App) ready() {
	a.once.Do(func() {
		if a.getenv != nil {
			return
		}
		a.outdir, a.format, a.projectDir, a.getenv, a.stderr = DefaultOutdir, FormatHCL, ".", os.Getenv, os.Stderr
		registerApp(a)
	})
}
