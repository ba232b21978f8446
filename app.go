package tfkit

import (
	"fmt"
	"io"
	"os"
	"path"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/synth"
	"github.com/tfkit/tfkit/schema"
)

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
	stacks []*Stack
	outdir string
	format Format
	// projectDir is what local module sources are relative to.
	projectDir string
	getenv     func(string) string
	stderr     io.Writer
	diags      diag.Diagnostics
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
// TFKIT_FORMAT, TFKIT_SCHEMAS); for tests.
func WithGetenv(getenv func(string) string) Option { return func(a *App) { a.getenv = getenv } }

// WithProjectDir sets the directory that local module sources
// ("./modules/greet") are relative to; default the working directory,
// which tfkit synth sets to the project directory. Synth copies each such
// module directory into the stack that calls it (see Synth).
func WithProjectDir(dir string) Option { return func(a *App) { a.projectDir = dir } }

// WithWarnings sets where Synth prints warnings (default os.Stderr).
func WithWarnings(w io.Writer) Option { return func(a *App) { a.stderr = w } }

// NewApp returns an empty app.
func NewApp(opts ...Option) *App {
	a := &App{outdir: DefaultOutdir, format: FormatHCL, projectDir: ".", getenv: os.Getenv, stderr: os.Stderr}
	for _, o := range opts {
		o(a)
	}
	return a
}

// Stacks returns the app's stacks in declaration order.
func (a *App) Stacks() []*Stack {
	requireApp(a)
	return append([]*Stack(nil), a.stacks...)
}

// Validate returns every diagnostic of the app: invalid or duplicate stack
// names, ambiguous cross-stack references, dependency cycles between
// stacks, and each stack's own (see Stack.Validate), in declaration order.
func (a *App) Validate() diag.Diagnostics {
	requireApp(a)
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

// model returns the app as package synth takes it.
func (a *App) model() *crossPlan {
	m := &crossPlan{
		app:  &synth.App{Stacks: make([]*synth.Stack, len(a.stacks)), Diags: a.diags},
		of:   make(map[*Stack]*synth.Stack, len(a.stacks)),
		back: make(map[*synth.Stack]*Stack, len(a.stacks)),
	}
	for i, s := range a.stacks {
		ms := &synth.Stack{Name: s.name, Dir: path.Join("stacks", s.name), Site: s.site, Config: s.cfg, Diags: s.diags}
		m.app.Stacks[i] = ms
		m.of[s], m.back[ms] = ms, s
	}
	for _, s := range a.stacks {
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
	requireApp(a)
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

// files validates the app and renders its output files.
func (a *App) files() (map[string][]byte, error) {
	format := a.format
	if f := a.getenv(EnvFormat); f != "" {
		format = Format(f)
	}
	o := synth.Options{
		Format:           synth.Format(format),
		FormatSuggestion: "set " + EnvFormat + " (or WithFormat) to hcl or json",
		ProjectDir:       a.projectDir,
		Schemas:          a.providerSchemas,
		SchemaWarnings:   a.getenv(EnvSchemaCheck) == "warn",
		Warn: func(ds diag.Diagnostics) {
			if a.stderr != nil {
				fmt.Fprintln(a.stderr, ds.Error())
			}
		},
	}
	if a.render != nil {
		o.Render = func(cfg *config.Config, f synth.Format) ([]byte, error) { return a.render(cfg, Format(f)) }
	}
	return synth.Files(a.model().app, o)
}

// EnvSchemas, when set, is a provider schemas file (terraform providers
// schema -json, or the .tfkit-schemas.json 'tfkit get' keeps beside the
// bindings) that Synth checks every stack against. The tfkit CLI sets it
// when it knows the project's schemas.
const EnvSchemas = "TFKIT_SCHEMAS"

// EnvSchemaCheck, when "warn", makes what the schemas do not allow a
// warning instead of an error (for schemas older than the providers the
// engine installs); the configuration is then written as it is. The tfkit
// CLI sets it for --schema-check warn or "schemaCheck": "warn".
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
