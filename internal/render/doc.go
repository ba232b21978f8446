// Package render writes the configuration model out as Terraform text: HCL
// native syntax (main.tf) built from hclwrite tokens and formatted exactly as
// `terraform fmt` would leave it, and Terraform's JSON configuration syntax
// (main.tf.json). Same model in, byte-identical text out.
//
// # HCL layout
//
// The renderer emits the tokens the HCL lexer would read back and spaces
// them with terraform fmt's own rules (indentation by brackets, spacing
// between tokens, `=` aligned across consecutive one-line arguments), so
// the output is a fixed point of terraform fmt without re-parsing it. The
// choices fmt leaves open are fixed as follows:
//
//   - One blank line between top-level blocks; a final newline.
//   - Body items keep their order. Arguments go one per line; a blank line
//     separates a nested block from the item before and after it.
//   - Non-empty objects put one item per line; tuples stay on one line
//     unless an item spans lines, then one item per line with trailing
//     commas; a call whose last argument spans lines hugs it
//     (`merge(a, {` ... `})`), otherwise such a call puts one argument per
//     line.
//   - Text with two or more lines that ends in a newline is written as a
//     heredoc when it is an argument or object value; other text is quoted.
//   - A template that is a single interpolation is written as its
//     expression; parentheses are added only where precedence needs them.
//   - Raw expression text is re-lexed and spaced like everything else.
//
// # Terraform knowledge
//
// Renderers know Terraform's own structure but never see front ends.
// Arguments that Terraform reads statically (depends_on, provider, module
// providers, lifecycle ignore_changes and replace_triggered_by, moved,
// import and removed addresses, variable type, provisioner when and
// on_failure, dynamic iterator, required_providers configuration_aliases)
// accept a string that spells the reference, keyword or type: it is written
// bare, and a string that does not parse is a diagnostic. In JSON these
// arguments are bare strings, and the arguments Terraform reads literally
// (variable default and description, terraform block settings, module
// source and version, ...) keep `${` as written and refuse expressions.
// These rules are in internal/tfrules, which the tests that read the
// output back (internal/rendertest) compare by.
//
// Template text is written so that HCL's template scanner reads it back
// unchanged: `${` and `%{` in text are escaped, a `$` right before an
// interpolation is written as ${"$"}, and in JSON a lone carriage return
// with a template sequence after it (HCL reads everything after one as
// literal text) as ${"\r"}.
//
// User mistakes in the model come back as diag.Diagnostics with the
// argument's address and source range. This package must never import a
// front end or the CLI, and never writes files.
package render
