// Package types is jet's type builder: a depth-first walk of a Terraform
// resource schema that builds the Go types of a Kubernetes kind with
// go/types, the standard library's model of Go types.
//
// The walk decides where each attribute goes: arguments (required or
// optional) to spec.forProvider (<Kind>Parameters), observations (computed
// and not optional) to status.atProvider (<Kind>Observation); the "id"
// attribute is always an observation. Sensitive arguments become secret key
// selectors (password → passwordSecretRef); sensitive observations are
// left out of the types and listed for the connection Secret instead.
// Field names are lowerCamelCase in the `json` tag with the Terraform name
// kept in a `tf` tag. Nested objects get types named <Field>Parameters and
// <Field>Observation, prefixed with their parents' names until the name is
// unique in the API package. Configured references add <Field>Ref and
// <Field>Selector fields (<Field>Refs, a list, for a list of strings), in
// the struct of the nested block for an argument of one; Reference.Path
// holds the block fields on the way, which the resolvers walk.
//
// spec.initProvider (<Kind>InitParameters, nested <Field>InitParameters)
// is derived from the finished parameters structs rather than walked again:
// the same fields under the same names, so a Terraform path, a secret key
// selector's path or a reference field means the same in both, but all
// optional. Kind.InitReferences are the references of spec.forProvider with
// the fields of spec.initProvider, which the resolvers fill as well.
//
// What a Go type cannot say (descriptions, required fields, defaults,
// which Terraform attribute paths are sensitive) is kept beside the types,
// in Field and Kind, for the pipeline's printers and CRD generator.
//
// This package must never write files or format source text: it builds a
// model; package pipeline prints it.
package types
