// Package load reads an existing Terraform configuration (a root module
// directory with its child modules, local or installed by terraform init)
// and evaluates it the way terraform plan would before asking providers
// anything: variables from defaults, tfvars files, -var options and TF_VAR_
// variables; locals; module inputs and outputs; resources and data sources
// expanded by count and for_each; dynamic blocks; Terraform's functions.
//
// The result is a View: every resource instance by full address with its
// configured attributes (with provider schemas, every attribute of the
// schema). Attributes only a provider can know are unknown values, and
// every unknown carries the reason it is unknown.
//
// Expressions are evaluated in dependency order, and each one sees only
// what it references, so a wrong graph shows up as an error, not as a value
// that happened to be there.
//
// This package must never invent a value: what it cannot evaluate (unknown
// inputs, unsupported functions, cycles, errors) is unknown in the view and
// reported, never dropped or replaced by a default. It must never run
// providers or terraform, and never read the process environment on its
// own (TF_VAR_ values come from Options.Env).
package load
