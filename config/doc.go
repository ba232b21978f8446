// Package config is tfkit's configuration model: what a Terraform
// configuration says, independent of how it was written (Go, TSX, HCL) and of
// how it will be written out (HCL, JSON, Go, TSX).
//
// A Config is an ordered list of top-level Blocks (terraform, provider,
// variable, locals, resource, data, module, output, moved, import, removed,
// check). Each Block has a type, labels, an ordered Body of Attributes and
// nested Blocks, and the place it was declared. Attribute values are typed
// expressions (Expr): literals (cty values), references (traversals such as
// aws_vpc.main.id), templates, function calls, conditionals, for-expressions,
// splats, operators, collections, and raw HCL text that was parsed and kept.
//
// Kinds (language.go) is the one statement of Terraform's language in
// tfkit: the kinds of top-level block with their labels, addresses and
// reference roots, the arguments Terraform defines in each (meta-arguments
// among them) and how it reads them, and the nested blocks it owns
// (lifecycle, provisioner, connection, dynamic, pre- and postconditions,
// ...). Everything that needs to know Terraform's language reads it
// there, so that a new kind of block is one entry in the table.
//
// Validate applies Terraform's structural rules before Terraform runs:
// duplicate declarations, invalid names, references to things that do not
// exist, and dependency cycles.
//
// This package must never import another tfkit package except diag and its
// own parse guard (config/hclguard), and must never write configuration as
// text: the renderers do that. It holds only the string-level rules of the
// language that renderers, front ends and messages share: how a string is
// quoted (QuoteString), how literal text is escaped in a template
// (EscapeTemplate), how a map key is written (KeyString).
package config
