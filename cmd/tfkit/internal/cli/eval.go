package cli

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"

	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/load"
	"github.com/tfkit/tfkit/schema"
)

func init() {
	register(&command{
		name:     "eval",
		synopsis: "Evaluate an existing Terraform configuration and print its resources as JSON",
		usage:    "eval [--var NAME=VALUE]... [--var-file FILE]... [--workspace NAME] [--schema FILE]... [--data-values FILE] [--read-data] [--strict] [--engine ENGINE] [DIR]",
		help: `
Loads the root module in DIR (default: the current directory) with its
child modules, local ones and those terraform init installed under
.terraform/modules, and evaluates it as terraform plan would before asking
any provider: variables, locals, module inputs and outputs, count,
for_each, dynamic blocks and Terraform's functions.

Prints one JSON document: every resource and data source instance by full
address with its type, provider configuration ("_provider"), module,
source range and configured attributes; the evaluated provider blocks;
then the root module's outputs and variables. A value only a provider can
know is null, and its path is listed under "unknown" with the reason.
Resources whose count or for_each could not be evaluated are listed under
"unexpanded". The paths of sensitive values (sensitive variables and
outputs, sensitive(), attributes a --schema declares sensitive) are
listed under "sensitive"; a root output holding one without
sensitive = true is an error, as in terraform plan.

What only the cloud or terraform init can supply does not stop the
evaluation: a count or for_each that is unknown before apply is a
warning, the resource (or module call) is listed under "unexpanded" with
the reason and its arguments evaluated once, and references to it are
unknown with that reason; a registry or remote module that is not
installed is a warning, and its outputs are unknown. --strict makes both
errors, as in terraform plan.

Data sources are not read through providers unless --read-data is
given: their computed attributes are unknown, except those
--data-values FILE sets (a JSON object from data source addresses,
data.TYPE.NAME or one instance's, to objects of attribute values) and the
outputs of terraform_remote_state with the local backend, read from its
state file.

With --read-data, the providers terraform init installed under
.terraform/providers (else those in the filesystem mirror of the CLI
configuration, TF_CLI_CONFIG_FILE or ~/.terraformrc) are started (each
once), their schemas shape their
resources as --schema does, they are configured from the provider blocks,
and every data source whose configuration is known is read, in
dependency order, as terraform plan reads it. A provider that cannot be
started or configured (no credentials offline) leaves its data sources
unknown with that reason, and the evaluation goes on. --data-values wins
over a read.

Validation, precondition, postcondition and check conditions are checked;
one that cannot be evaluated before apply is reported as a warning with
the reason, never passed silently.

Variables are read as Terraform reads them, later ones winning: defaults,
TF_VAR_ environment variables, terraform.tfvars, *.auto.tfvars, then
--var-file and --var in the order given.

With --schema (the output of terraform providers schema -json), resources
of those providers get every attribute of their schema, converted to its
type; unset computed attributes are unknown, other unset ones null.

Problems (syntax errors, undeclared references, wrong types, unsupported
functions, cycles) are printed on stderr, and the exit status is 1; the
JSON is still printed unless the configuration could not be parsed.`,
		setup: setupEval,
	})
}

// inputFlag collects --var and --var-file into one list, keeping their
// command-line order: the later one wins, whatever its kind.
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(s string) error { *m = append(*m, s); return nil }

type inputFlag struct {
	list *[]load.Input
	file bool
}

func (f inputFlag) String() string {
	if f.list == nil {
		return ""
	}
	var parts []string
	for _, in := range *f.list {
		parts = append(parts, in.Var+in.File)
	}
	return strings.Join(parts, ",")
}

func (f inputFlag) Set(s string) error {
	if f.file {
		*f.list = append(*f.list, load.Input{File: s})
	} else {
		*f.list = append(*f.list, load.Input{Var: s})
	}
	return nil
}

func setupEval(fs *flag.FlagSet) func(context.Context, *run, []string) int {
	var inputs []load.Input
	workspace := ""
	fs.Var(inputFlag{list: &inputs}, "var", "set a root variable, as `NAME=VALUE` (repeatable)")
	fs.Var(inputFlag{list: &inputs, file: true}, "var-file", "read root variables from `FILE` (repeatable)")
	fs.StringVar(&workspace, "workspace", "", "the value of terraform.workspace, `NAME` (default \"default\")")
	var engine engineFlag
	engine.register(fs)
	var schemas multiFlag
	fs.Var(&schemas, "schema", "read provider schemas from `FILE`, the output of terraform providers schema -json (repeatable)")
	dataValues := fs.String("data-values", "", "set data source results by address from `FILE`, a JSON object such as {\"data.aws_availability_zones.available\": {\"names\": [\"a\", \"b\"]}}")
	readData := fs.Bool("read-data", false, "read data sources through the providers installed under .terraform/providers, as terraform plan does")
	strict := fs.Bool("strict", false, "make an unknown count or for_each and a module that is not installed errors, as in terraform plan")
	return func(ctx context.Context, r *run, args []string) int {
		if !*readData { // with it, providers run, which eval stops on its way out
			endAtOnceOnInterrupt()
		}
		collectLessOften(gcPercentEval)
		if len(args) > 1 {
			return usageError(r.stderr, commands["eval"], "eval takes one directory, not %d arguments", len(args))
		}
		dir := r.dir
		if len(args) == 1 {
			dir = args[0]
			if !filepath.IsAbs(dir) {
				dir = filepath.Join(r.dir, dir)
			}
		}
		for i, in := range inputs {
			if in.File != "" && !filepath.IsAbs(in.File) {
				// --var-file is relative to where the command runs, as in
				// terraform; load.Options wants it relative to the module.
				if a, err := filepath.Abs(filepath.Join(r.dir, in.File)); err == nil {
					inputs[i].File = a
				}
			}
		}
		eng, code := engine.resolve(ctx, r, "eval")
		if code != ExitOK {
			return code
		}
		var providers []*schema.Provider
		for _, f := range schemas {
			ps, err := r.readSchemaFile(f)
			if err != nil {
				r.errorf("give the output of 'terraform providers schema -json'", "cannot read provider schemas: %v", err)
				return ExitFailure
			}
			providers = append(providers, ps...)
		}
		opts := load.Options{Inputs: inputs, Env: r.env.Environ, Workspace: workspace, Providers: providers, Strict: *strict, Engine: eng, ReadData: *readData,
			EngineVersion: engine.version(ctx, r, eng)}
		if *dataValues != "" {
			f := *dataValues
			if !filepath.IsAbs(f) {
				f = filepath.Join(r.dir, f)
			}
			hint := `give a JSON object from data source addresses to objects of attribute values, such as {"data.aws_ami.ubuntu": {"id": "ami-123"}}`
			dv, keys, err := load.ReadDataValues(f, filepath.ToSlash(r.shown(f)))
			if err != nil {
				r.errorf(hint, "--data-values %v", err)
				return ExitFailure
			}
			opts.DataValues, opts.DataValueKeys = dv, keys
		}
		view, diags := load.Dir(dir, opts)
		if len(view.Resources) > 0 || len(view.Outputs) > 0 || len(view.Variables) > 0 || !diags.HasErrors() {
			if _, err := r.stdout.Write(view.JSON()); err != nil {
				return ExitFailure
			}
		}
		diags = r.shownDiags(diags, dir)
		if r.report(diags) {
			return ExitFailure
		}
		return ExitOK
	}
}

// shownDiags names the files of load's diagnostics as messages name
// paths (see shown): load names a module's files relative to the root
// module dir and --var-file files absolute. Names that are not files
// ("-var 1", "TF_VAR_x", "--data-values") are kept.
func (r *run) shownDiags(diags diag.Diagnostics, dir string) diag.Diagnostics {
	name := func(f string) string {
		if f == "" {
			return f
		}
		p := f
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, filepath.FromSlash(f))
		}
		if _, err := os.Lstat(p); err != nil {
			return f
		}
		return filepath.ToSlash(r.shown(p))
	}
	for _, d := range diags {
		if d.Subject != nil {
			s := *d.Subject
			s.Filename = name(s.Filename)
			d.Subject = &s
		}
		for i := range d.Related {
			d.Related[i].Range.Filename = name(d.Related[i].Range.Filename)
		}
	}
	return diags
}
