// Package golang generates typed Go bindings from provider schemas: one Go
// package per provider, with a config struct, a constructor and typed
// reference getters per resource and data source, structs for nested
// blocks, and the provider's configuration; and one package per module,
// with an Inputs struct typed after the variables' type constraints (object
// types become structs) and a getter per output.
//
// The generated code only calls the public API of package tfkit, so what a
// binding declares is exactly what tfkit.NewResource would: the bindings add
// types, never behaviour. Names are derived from the schema alone and
// claimed in sorted order, so the same schema always gives the same,
// byte-identical output.
//
// What users pay for most is compiling a large provider's package (aws
// 3.3.0 has over 7,000 getters), so the generated code keeps the number and
// size of functions down: every getter is one call of the package's ref or
// attr function, which is not inlined, and a handle's exported Resource,
// DataSource or Provider method is its only accessor of the untyped handle.
//
// This package must never run an engine, touch the network or write files:
// it turns a *schema.Provider into file contents; callers decide where they
// go.
package golang
