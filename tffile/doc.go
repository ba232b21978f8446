// Package tffile is the one reader of Terraform files: a directory (or a
// list of files) of .tf and .tf.json files becomes one configuration model
// (config.Config), with override files merged as Terraform merges them.
//
// Import it to read an existing Terraform directory into the model: to
// inspect, check or convert it without running Terraform. Dir reads a
// directory, Read a list of files; both return a Module holding the merged
// configuration and each file as read. ReadModule reads the interface of a
// module (its inputs and outputs, in the schema model) from that
// configuration.
//
// Both syntaxes are read into the same model. Native-syntax files keep
// their syntax tree, and every attribute keeps the expression it was
// parsed from (config.Attribute.Source) and its source range, so an
// evaluator can evaluate it as Terraform does. Terraform JSON does not say
// which properties are nested blocks: Terraform's own nested blocks
// (lifecycle, provisioner, dynamic, validation, ...) are blocks, and with
// provider schemas (Options.Providers) so are the nested blocks the
// schemas declare; any other object is an argument whose value is an
// object, which evaluates to what the block would.
//
// A large native-syntax file is parsed in pieces that start at top-level
// blocks, on all processors, and the pieces' syntax trees are joined; the
// result, and any diagnostic, is what parsing the whole file gives (when a
// piece cannot be shown to parse as it would in the whole, the whole is
// parsed). Text in a plain subset of the syntax (ASCII; quoted strings
// without escapes or templates, whole numbers, literals, references,
// tuples and objects of those; one argument per line; comments to the end
// of a line), which generated files are mostly written in (and about half
// the blocks of public modules), is built into the same syntax tree
// without HCL's scanner and parser; anything else goes to HCL.
//
// Which files belong to a module is decided in one place (Names, NamesFor):
// with Options.Engine set to OpenTofu, .tofu and .tofu.json files are
// configuration too and hide the .tf and .tf.json files of the same name,
// as OpenTofu reads a directory; with Terraform they are not read. What
// Terraform's language says about block kinds is read from its statement
// in package config (language.go).
package tffile
