// Package resource is the runtime side of jet that generated API packages
// import: the Terraformed interface every generated kind implements, the
// Managed interface the generic controller works with, the spec and status
// fields every managed resource shares (provider config reference, deletion
// and management policies, connection secret, conditions), references and
// secret selectors, and the conversion between generated Go values and
// Terraform JSON by the `tf` struct tags the type builder writes.
//
// Its types are the Crossplane resource model written anew: the JSON names
// match Crossplane's (providerConfigRef, deletionPolicy, managementPolicies,
// writeConnectionSecretToRef, conditions, atProvider), so manifests written
// for Crossplane providers read the same.
//
// This package must never import controller-runtime, client-go or any other
// part of jet: generated code depends on it, and it must stay small enough
// that an API package compiles without a Kubernetes client.
package resource
