// Package schema is tfkit's schema model: what a provider or a module
// accepts and exposes. Providers have a configuration block, resources, data
// sources, ephemeral resources and functions; each is a Block of Attributes
// (with cty types, or nested attribute types in protocol 6) and nested
// blocks with a nesting mode and item limits. Modules have inputs (from
// `variable` blocks, with full type constraints, optional() attributes and
// defaults) and outputs.
//
// ReadProviders builds the model of providers from `terraform providers
// schema -json` output; the model of a module is read from its source
// directory by package tffile (tffile.ReadModule), the one reader of
// Terraform files. Everything is kept in a deterministic order (names
// sorted) so that code generated from it is stable.
//
// This package must never import another tfkit package except diag, must
// never parse Terraform files and must never run Terraform: callers hand it
// the schema text.
package schema
