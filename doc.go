// Package tfkit is the Go authoring API of tfkit: write infrastructure as a
// Go program and get Terraform configuration out.
//
// An App holds Stacks; each stack is one Terraform configuration (one root
// module). Element constructors (NewResource, NewDataSource, NewEphemeral,
// NewProvider, NewVariable, NewOutput, NewLocals, NewModule, NewTerraform,
// NewMoved, NewImport, NewRemoved, NewCheck) append a block to a stack's
// configuration model (package config) in the order they are called, and
// return a handle for references (vpc.Ref("id") is aws_vpc.main.id) and
// meta-arguments (Count, ForEach, DependsOn, Provider, Lifecycle,
// Provisioner, Dynamic). App.Synth validates every stack and writes it with
// package render, with a manifest for the tfkit CLI.
//
//	app := tfkit.NewApp()
//	stack := tfkit.NewStack(app, "dev")
//	vpc := tfkit.NewResource(stack, "aws_vpc", "main", tfkit.Attrs{"cidr_block": "10.0.0.0/16"})
//	tfkit.NewResource(stack, "aws_subnet", "a", tfkit.Attrs{"vpc_id": vpc.Ref("id")})
//	if err := app.Synth(); err != nil { ... }
//
// Composites are plain Go functions or types that take a stack and call the
// constructors; since output order is call order, what they declare stays
// together. Typed bindings generated from provider schemas are composites
// of one element: they wrap a handle and call Helper so that positions point
// at their caller.
//
// Mistakes are collected, not panicked: each is a diag.Diagnostic with the
// Go file and line that caused it and the Terraform path involved, returned
// by App.Synth (which then writes nothing). So are mistakes in a program's
// own structure: a nil *App or *Stack, and a method called on a nil handle
// or on one its constructor did not make (see misuse.go).
//
// This package must never write Terraform text itself (package render does)
// nor run Terraform; it builds the model, validates it, and writes the
// output directory.
package tfkit
