// Package rendertest holds the checks that tests apply to rendered
// configurations: HCL that is a fixed point of hclwrite.Format (what
// terraform fmt applies), HCL that parses back into the same model, and
// JSON that Terraform's JSON reader decodes into the same blocks and
// arguments. Models are compared in a canonical form (DumpConfig) that
// ignores what does not change the meaning: parentheses, source ranges, a
// template that is one interpolation, a literal string where Terraform
// reads a reference.
//
// The renderers' own tests and those of the Go API use it; it must never be
// imported by non-test code.
package rendertest
