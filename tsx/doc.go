// Package tsx is tfkit's TSX front end: a .tsx file whose default export
// renders <Resource>, <DataSource>, <Ephemeral>, <Output>, <Provider>,
// <Variable>, <Locals>, <Terraform>, <Module>, <Moved>, <Import>, <Removed>
// and <Check> elements becomes a configuration model (package config), which
// the renderers write as one main.tf.
//
// The flow, all in-process and without Node:
//
//  1. bundle: esbuild's Go API bundles the entry with its relative imports
//     into one IIFE script with an inline source map. The imports "tfkit",
//     "tfkit/jsx-runtime" and "tfkit/jsx-dev-runtime" resolve to the runtime
//     embedded in this package (runtime/tfkit.js); the JSX settings are fixed
//     (automatic runtime in development mode, which gives every element its
//     .tsx position), whatever the project's tsconfig.json says. require(),
//     dynamic import(), Node built-ins and CommonJS files are refused.
//  2. evaluate: an Engine (goja by default) runs the script with
//     process.env and a timeout. goja compiles it without the elements'
//     position objects, which become indexes into a table kept in Go
//     (indexJSXSites), and reads the source map on another core while it
//     parses and compiles. The runtime calls composite components,
//     flattens fragments, calls innerText functions in declaration order and
//     returns a plain JSON tree: one node per primitive element with its
//     props in written order, its .tsx position and its ref, plus the refs'
//     positions and the expressions that stood in strings (placeholders).
//  3. convert: the tree becomes blocks in declaration order. Refs become
//     references (aws_vpc.main.id, data.x.y.z, module.m.out, aws.west),
//     checked to be bound before they are read; strings are Terraform
//     templates (${...} passes through); innerText is dedented, its
//     placeholders replaced by expressions (bare where HCL expects an
//     expression, ${...} inside strings and heredocs, as HCL's own lexer
//     tells), and parsed as HCL. Reading the values is bounded: a value
//     that contains itself or nests more than 64 levels is an error, and
//     the timeout and cancellation apply while values are read.
//  4. check: config.Validate (duplicates, references, cycles), after a
//     check of variables declared twice that shows what differs.
//
// Nested objects are object-typed attributes, except where Terraform itself
// defines a block (lifecycle, provisioner, connection, required_providers,
// backend, cloud, OpenTofu's encryption, validation, precondition,
// postcondition, assert); blocks with two labels are objects keyed twice
// (key_provider={{ pbkdf2: { main: {...} } }});
// provider blocks are written with tf.block(...) and dynamic blocks with
// tf.dynamic(...).
//
// Every user mistake is a diag.Diagnostic at a .tsx file:line:col, with a
// code frame where the source is known. This package must never write
// Terraform text itself (the renderers do), run Terraform, or give the
// evaluated code access to the file system or the network.
//
// It is public for Go programs that build or synthesize a .tsx file themselves
// (Build returns the model, Synth writes the output through the same synthesis
// path as the command).
package tsx
