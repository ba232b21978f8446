// Package schema is tfkit's schema model: what a provider or a module
// accepts and exposes. Providers have a configuration block, resources, data
// sources, ephemeral resources and functions; each is a Block of Attributes
// (with cty types, or nested attribute types in protocol 6) and nested
// blocks with a nesting mode and item limits. Modules have inputs (from
// `variable` blocks, with full type constraints, optional() attributes and
// defaults) and outputs.
//
// Readers build the model from `terraform providers schema -json` output
// (ReadProviders) and from module source directories (ReadModule).
// Everything is kept in a deterministic order (names sorted) so that code
// generated from it is stable.
//
// This package must never import another tfkit package except diag, and
// must never run Terraform: callers hand it the schema text.
package schema
