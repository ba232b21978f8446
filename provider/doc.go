// Package provider writes Terraform and OpenTofu providers in Go.
//
// A Provider is plain data: schemas (attributes with a Type and behavior
// flags, nested blocks, nested attributes) and functions for each
// operation. Operations read and return plain Go values — Values, a
// map[string]any, or structs with `tf:"name"` tags through Values.Decode
// and Encode — never Terraform's wire types; nil is null and Unknown a
// value not known until apply. The framework plans (defaults, values
// known after apply, replacements, semantic equality of custom types such
// as NormalizedJSON), converts values, turns diagnostics with attribute
// paths into the engine's, and turns a panic in an operation into an error
// diagnostic while the process keeps serving. Serve runs a provider over
// protocol 6 (terraform-plugin-go's tf6server); package providertest runs
// one in a test process against the real engine.
//
// Definition mistakes (an attribute both Required and Computed, a default
// of the wrong type, a missing operation) are found by Check, which Serve,
// NewServer and the test harness call first: a provider with a mistake
// does not start, and the error names the element and the attribute path.
//
// This package must never reach the network itself and never write
// anything but what the engine asks of it through user operations; it
// must not panic on any request the engine can send.
package provider
