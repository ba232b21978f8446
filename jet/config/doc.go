// Package config is how a provider author describes the Kubernetes API jet
// generates from Terraform provider schemas: a Provider (the Go module the
// code goes to, the API group suffix, the schemas, the resources to
// include, how kinds and groups are named) holding one Resource per
// Terraform resource type (kind, group, version, external name,
// references, sensitive fields, late-initialization exclusions, extra
// connection details computed by a Go function at run time), and the
// TerraformSetup function that turns a ProviderConfig's credentials into
// the provider block, with the check of that block against the schema.
//
// Configuration is Go code, not a file: Configurator functions run over
// every resource (provider-wide heuristics such as "every vpc_id refers to
// a VPC"), then the ones registered for a single resource, in the order
// they were added, so the most specific word is the last. Build runs them
// and checks the result; the pipeline generates from what Build returns,
// and the controller reads the same Resource values at run time.
//
// This package must never generate code, write files or talk to
// Kubernetes: it holds and checks configuration.
package config
