package tfkit

import (
	"fmt"
	"os"

	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/schema"
	"github.com/tfkit/tfkit/validate"
)

// EnvSchemas, when set, is a provider schemas file (terraform providers
// schema -json, or the .tfkit-schemas.json 'tfkit get' keeps beside the
// bindings) that Synth checks every stack against. The tfkit CLI sets it
// when it knows the project's schemas.
const EnvSchemas = "TFKIT_SCHEMAS"

// WithSchemas makes Synth check every resource, data source and provider
// body against these provider schemas (see package validate): missing
// required attributes, unknown ones, computed-only ones that are set,
// literal type mismatches, nested block counts, deprecations. Diagnostics
// point at the Go line that set the attribute.
func WithSchemas(providers []*schema.Provider) Option {
	return func(a *App) { a.schemas = providers }
}

// schemaDiagnostics checks each stack against the schemas given with
// WithSchemas, else those in $TFKIT_SCHEMAS; without either it checks
// nothing.
func (a *App) schemaDiagnostics() diag.Diagnostics {
	providers := a.schemas
	if providers == nil {
		file := a.getenv(EnvSchemas)
		if file == "" {
			return nil
		}
		f, err := os.Open(file)
		if err != nil {
			return diag.Diagnostics{{Severity: diag.Error, Summary: "Cannot read provider schemas",
				Detail: err.Error(), Suggestion: "run 'tfkit get' again, or unset " + EnvSchemas}}
		}
		defer f.Close()
		providers, err = schema.ReadProviders(f)
		if err != nil {
			return diag.Diagnostics{{Severity: diag.Error, Summary: "Cannot read provider schemas",
				Detail: fmt.Sprintf("%s: %v", file, err), Suggestion: "run 'tfkit get' again, or unset " + EnvSchemas}}
		}
	}
	var ds diag.Diagnostics
	for _, s := range a.stacks {
		ds = append(ds, validate.Config(s.Config(), providers)...)
	}
	return ds
}
