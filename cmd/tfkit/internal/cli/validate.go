package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/project"
	"github.com/tfkit/tfkit/internal/schemacache"
	"github.com/tfkit/tfkit/internal/validate"
	"github.com/tfkit/tfkit/load"
	"github.com/tfkit/tfkit/manifest"
	"github.com/tfkit/tfkit/schema"
	"github.com/tfkit/tfkit/tffile"
)

func init() {
	register(&command{
		name:     "validate",
		synopsis: "Check Terraform configuration against provider schemas",
		usage:    "validate [--schema FILE.json] [--bindings DIR] [--engine ENGINE] [DIR...]",
		help: `
Checks each module's files as Terraform reads them (names, declarations
made twice, misplaced arguments, count with for_each, quoted references:
the rules 'tfkit eval' applies), then every resource, data source and
provider block against the providers' schemas, without running Terraform:
missing required attributes, unknown attributes and blocks (with a
did-you-mean), computed-only attributes that are set, literal values of
the wrong type, too few or too many nested blocks, deprecated attributes
(warnings).
Checked for Terraform (--engine, else the engine deploy would run), what
only OpenTofu accepts is an error at its place: encryption blocks,
provider blocks with for_each, language blocks, variables and locals in
module sources and versions and in backend settings (early evaluation).

The configuration is the .tf and .tf.json files of each DIR given, else every stack of
the synth output (the project's "output" directory). The schemas come from
--schema FILE.json (terraform providers schema -json), else from the last
'tfkit get' (DIR/.tfkit-schemas.json in the bindings directory: --bindings,
else "codeMakerOutput" of tfkit.json, else .gen).

Exits 1 when there is an error; warnings alone do not fail.`,
		setup: func(fs *flag.FlagSet) func(context.Context, *run, []string) int {
			o := &validateOptions{}
			fs.Var(schemaFlag{&o.schema}, "schema", "read provider schemas from `FILE.json` (terraform providers schema -json)")
			fs.StringVar(&o.bindings, "bindings", "", "read the schemas 'tfkit get' kept in `DIR`")
			o.engine.register(fs)
			return func(ctx context.Context, r *run, args []string) int {
				endAtOnceOnInterrupt()
				return runValidate(ctx, r, o, args)
			}
		},
	})
}

// schemaFlag is --schema, which names one file: the output of terraform
// providers schema -json holds every provider of a configuration, and a
// second file would replace the first unseen, so it is refused.
type schemaFlag struct{ path *string }

func (f schemaFlag) String() string {
	if f.path == nil {
		return ""
	}
	return *f.path
}

// Get gives the file named, so that an empty one is refused as no value.
func (f schemaFlag) Get() any { return f.String() }

func (f schemaFlag) Set(s string) error {
	if *f.path != "" {
		return fmt.Errorf("given twice (%s, then %s); it takes one file: run 'terraform providers schema -json' where the configuration requires every provider, and give its output once", *f.path, s)
	}
	*f.path = s
	return nil
}

type validateOptions struct {
	schema   string
	bindings string
	engine   engineFlag
}

// args gives the options as a command line of validate would, to repeat
// them in a hint.
func (o *validateOptions) args() []string {
	args := []string{"validate"}
	if o.schema != "" {
		args = append(args, "--schema", o.schema)
	}
	if o.bindings != "" {
		args = append(args, "--bindings", o.bindings)
	}
	if o.engine != "" {
		args = append(args, "--engine", string(o.engine))
	}
	return args
}

// hasConfigFiles tells whether dir holds configuration files of either
// engine.
func hasConfigFiles(dir string) bool {
	primary, overrides, err := tffile.DirNamesFor(dir, tffile.OpenTofu)
	return err == nil && len(primary)+len(overrides) > 0
}

func (r *run) abs(path string) string {
	if filepath.IsAbs(path) {
		return path
	}
	return filepath.Join(dirOrDot(r.dir), path)
}

// shown is how messages print a path: relative to the directory tfkit
// runs in (the project directory) when it is inside it, as one would type
// it there; absolute otherwise. Every command prints paths this way.
func (r *run) shown(path string) string {
	abs, err := filepath.Abs(r.abs(path))
	if err != nil {
		return path
	}
	base, err := filepath.Abs(dirOrDot(r.dir))
	if err != nil {
		return abs
	}
	if rel, err := filepath.Rel(base, abs); err == nil && filepath.IsLocal(rel) {
		return rel
	}
	return abs
}

func runValidate(ctx context.Context, r *run, o *validateOptions, args []string) int {
	collectLessOften(gcPercentValidate)
	engine, code := o.engine.resolve(ctx, r, "validate")
	if code != ExitOK {
		return code
	}
	proj, code := loadGetProject(r, false)
	if code != ExitOK {
		return code
	}
	// The schemas are read while the configuration is parsed: native
	// syntax needs no schema, only Terraform JSON does.
	schemaPath := schemasPath(proj, o.schema, o.bindings)
	type read struct {
		providers []*schema.Provider
		err       error
	}
	schemas := make(chan read, 1)
	go func() {
		ps, err := r.readSchemaFile(schemaPath)
		schemas <- read{ps, err}
	}()
	var providers []*schema.Provider
	var schemaErr error
	waited := false
	wait := func() []*schema.Provider {
		if !waited {
			got := <-schemas
			providers, schemaErr, waited = got.providers, got.err, true
		}
		return providers
	}
	reportSchemaErr := func() int {
		hint := "run 'tfkit get' first, or give --schema FILE.json"
		if proj == nil {
			// A Terraform directory, not a tfkit project: the engine
			// writes the schemas of the providers init installed.
			hint = "give --schema FILE.json, written in the directory after 'terraform init' by 'terraform providers schema -json > FILE.json' (tofu the same way), or run 'tfkit get' in a tfkit project"
		}
		if o.schema != "" {
			hint = "give the output of 'terraform providers schema -json' with --schema"
		}
		r.errorf(hint, "no provider schemas: %v", schemaErr)
		return ExitFailure
	}

	dirs := args
	if len(dirs) == 0 {
		if proj == nil {
			if wait(); schemaErr != nil {
				return reportSchemaErr()
			}
			hint := "give the directories of .tf files to check, or run tfkit validate in a project"
			if hasConfigFiles(r.abs(".")) {
				hint = "to check the configuration files here, give the directory: " + r.tfkitCommand(append(o.args(), ".")...)
			}
			r.errorf(hint, "no tfkit.json or cdktf.json, and no directory given")
			return ExitFailure
		}
		m, err := manifest.Read(proj.OutputDir())
		if err != nil {
			if wait(); schemaErr != nil {
				return reportSchemaErr()
			}
			r.errorf("run 'tfkit synth' first", "read the synth output: %v", err)
			return ExitFailure
		}
		for _, st := range m.Stacks {
			dirs = append(dirs, filepath.Join(proj.OutputDir(), filepath.FromSlash(st.Directory)))
		}
	}
	type parsed struct {
		dir   string
		mod   *tffile.Module
		diags diag.Diagnostics
		n     int
	}
	results := make([]parsed, len(dirs))
	for i, d := range dirs {
		mod, ds, n := parseDir(r.abs(d), r.shown, wait, engine)
		results[i] = parsed{r.abs(d), mod, ds, n}
	}
	if wait(); schemaErr != nil {
		// What reading found (a directory that is not there, syntax
		// errors) needs no schemas and is reported all the same, so that
		// one run names every mistake, not the missing schemas alone.
		// (Without schemas, Terraform JSON reads nested blocks as
		// object arguments: no error of their own.)
		var ds diag.Diagnostics
		for _, p := range results {
			ds = append(ds, p.diags...)
		}
		r.report(ds)
		return reportSchemaErr()
	}
	var diags diag.Diagnostics
	checked := 0
	for _, p := range results {
		diags = append(diags, p.diags...)
		checked += p.n
		if !p.diags.HasErrors() {
			cfg := p.mod.Config
			var openTofuOnly diag.Diagnostics
			if engine != tffile.OpenTofu {
				openTofuOnly = notTerraform(cfg)
				diags = append(diags, openTofuOnly...)
			}
			children := validate.ReadChildren(p.dir, cfg, engine)
			// The engine checks each module's files as it reads them,
			// before anything is evaluated; when that finds an error, it
			// reports what loading the modules found, and nothing more.
			// What only OpenTofu accepts is reported once, as such. Both
			// only read the configuration: the files' checks run on
			// another core while the schemas are checked, whose findings
			// are dropped when the files' checks find an error.
			staticDone := make(chan diag.Diagnostics, 1)
			go func() {
				static := outside(load.Rules(p.mod, engine), openTofuOnly)
				if !static.HasErrors() {
					static = append(static, childRules(children, engine)...)
				}
				staticDone <- static
			}()
			bySchema := validate.AsEngine(cfg, providers, children)
			static := <-staticDone
			diags = append(diags, static...)
			if !static.HasErrors() {
				diags = append(diags, bySchema...)
			}
		}
	}
	if r.report(diags) {
		return ExitFailure
	}
	r.printf("Valid: %s checked against %s.\n", countNoun(checked, "file"), countNoun(len(providers), "provider schema"))
	return ExitOK
}

// outside are the diagnostics of ds that are not placed inside the
// subject of one of those of in.
func outside(ds, in diag.Diagnostics) diag.Diagnostics {
	var out diag.Diagnostics
	for _, d := range ds {
		if d.Subject == nil || !slices.ContainsFunc(in, func(o *diag.Diagnostic) bool {
			return o.Subject != nil && o.Subject.Filename == d.Subject.Filename &&
				o.Subject.Start.Byte <= d.Subject.Start.Byte && d.Subject.End.Byte <= o.Subject.End.Byte
		}) {
			out = append(out, d)
		}
	}
	return out
}

// childRules are the static checks of the files of the child modules in
// cs (load.Rules), and of theirs, depth first in the order of the calls'
// names, as the engine reads them; a module that did not load is left to
// the diagnostics of reading it.
func childRules(cs validate.Children, engine tffile.Engine) diag.Diagnostics {
	var ds diag.Diagnostics
	for _, name := range slices.Sorted(maps.Keys(cs)) {
		c := cs[name]
		if c == nil || c.Config == nil {
			continue
		}
		ds = append(ds, load.Rules(&tffile.Module{Config: c.Config, Files: c.Files}, engine)...)
		ds = append(ds, childRules(c.Children, engine)...)
	}
	return ds
}

// notTerraform reports what cfg uses that only OpenTofu accepts
// (config.OpenTofuOnly: encryption, provider for_each, early evaluation),
// each at its place, in the words of synth's and the runner's engine
// checks: Terraform refuses it, so a configuration checked for Terraform
// is not valid with it.
func notTerraform(cfg *config.Config) diag.Diagnostics {
	var ds diag.Diagnostics
	for _, u := range config.OpenTofuOnly(cfg) {
		r := u.Range
		ds = append(ds, &diag.Diagnostic{Severity: diag.Error, Summary: "Not supported by Terraform",
			Detail:     fmt.Sprintf("This configuration uses %s, which Terraform does not support (OpenTofu does from %s), and is checked for Terraform.", u.What, u.Since),
			Subject:    &r,
			Path:       u.Path,
			Suggestion: "check it with --engine tofu if OpenTofu deploys it, or leave it out"})
	}
	return ds
}

// schemasPath names the provider schemas to check against: the file given,
// else the one 'tfkit get' keeps in the bindings directory (given, else
// the project's codeMakerOutput, else .gen).
func schemasPath(proj *project.Config, file, bindings string) string {
	if file != "" {
		return file
	}
	if bindings == "" {
		bindings = proj.BindingsDir()
	}
	return filepath.Join(bindings, getSchemaFile)
}

// readSchemaFile reads a terraform providers schema -json document
// (path relative to the project directory unless absolute); errors name
// it as shown, with the line and column of JSON that does not parse.
func (r *run) readSchemaFile(path string) ([]*schema.Provider, error) {
	name := r.shown(path)
	f, err := os.Open(r.abs(path))
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s does not exist", name)
		}
		return nil, err
	}
	defer f.Close()
	src, err := io.ReadAll(f)
	if err != nil {
		// As schema.ReadProviders words it.
		return nil, fmt.Errorf("%s: read provider schemas: %w", name, err)
	}
	// The same schema file is read run after run: its model is kept in
	// the user's cache, keyed by the file's content (docs/cli.md).
	ps, err := schemacache.Read(src, schemacache.Dir(os.Getenv))
	var se *schema.SyntaxError
	switch {
	case errors.As(err, &se):
		return nil, fmt.Errorf("%s:%d:%d: read provider schemas: %w", name, se.Line, se.Column, se.Err)
	case err != nil:
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return ps, nil
}

// parseDir reads the .tf and .tf.json files of dir, in name order with
// override files merged (tffile), into one configuration, and returns how
// many it read. JSON files are read with the providers' schemas, which say
// which properties are blocks: schemas is called for them only when dir
// holds a JSON file. engine decides which files are configuration. Paths
// in diagnostics are as shown gives them (relative to the directory tfkit
// runs in).
func parseDir(dir string, shown func(string) string, schemas func() []*schema.Provider, engine tffile.Engine) (*tffile.Module, diag.Diagnostics, int) {
	primary, overrides, err := tffile.DirNamesFor(dir, engine)
	if err != nil {
		detail := err.Error()
		if errors.Is(err, fs.ErrNotExist) {
			detail = fmt.Sprintf("%s does not exist.", shown(dir))
		}
		return nil, diag.Diagnostics{{Severity: diag.Error, Summary: "Cannot read configuration directory", Detail: detail,
			Suggestion: "name a directory of Terraform configuration"}}, 0
	}
	names := append(primary, overrides...)
	var diags diag.Diagnostics
	var srcs []tffile.Source
	var providers []*schema.Provider
	for _, n := range names {
		path := filepath.Join(dir, n)
		src, err := os.ReadFile(path)
		if err != nil {
			diags = append(diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Cannot read configuration file", Detail: err.Error()})
			continue
		}
		if _, isJSON, _ := tffile.KindFor(n, engine); isJSON && providers == nil {
			providers = schemas()
		}
		srcs = append(srcs, tffile.Source{Name: shown(path), Src: src})
	}
	m, ds := tffile.Read(srcs, tffile.Options{Providers: providers})
	diags = append(diags, ds...)
	if len(names) == 0 {
		diags = append(diags, &diag.Diagnostic{Severity: diag.Error, Summary: "No configuration files",
			Detail: fmt.Sprintf("%s holds no .tf or .tf.json files.", shown(dir)), Suggestion: "name a directory of Terraform configuration, or run 'tfkit synth' first"})
	}
	return m, diags, len(names)
}
