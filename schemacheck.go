package tfkit

import (
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/schema"
)

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
