// Package render writes the configuration model out as Terraform text: HCL
// native syntax (main.tf) built from hclwrite tokens and formatted exactly as
// `terraform fmt` would leave it, and Terraform's JSON configuration syntax
// (main.tf.json). Same model in, byte-identical text out.
//
// Renderers know Terraform's own structure (which attributes hold bare
// references, which nested constructs are blocks) but never see front ends.
// This package must never import a front end or the CLI.
package render
