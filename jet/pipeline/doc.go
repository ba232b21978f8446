// Package pipeline runs jet's generators in order and writes what they
// produce: for every API group and version the Go types, deep copy
// functions, Terraformed implementations, reference resolvers and scheme
// registration; the list of kinds the controller sets up; and one
// CustomResourceDefinition per kind (OpenAPI v3 schema with required
// fields and descriptions, status subresource, printer columns READY,
// SYNCED, EXTERNAL-NAME and AGE, categories); and the ProviderConfig kind
// of the API, in the root group at v1beta1, with its CRD.
//
// Every generated file's name starts with zz_ (CRDs are named
// <group>_<plural>.yaml under package/crds), Go files carry the standard
// generated-code header and are formatted with go/format, and the same
// configuration always gives byte-identical output. Generate returns the
// files in memory; Run writes them, replacing the previous generation
// only when every file was produced. A kind whose CRD would come within 5%
// of the 1.5 MiB the API server stores per object is an error naming it:
// the API server would refuse it at install.
//
// This package must never run Terraform, the Go toolchain or a
// Kubernetes client: it turns configuration into file contents.
package pipeline
