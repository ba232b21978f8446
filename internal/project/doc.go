// Package project reads a tfkit project file: tfkit.json, or CDK for
// Terraform's cdktf.json, which tfkit accepts as it is.
//
// It knows the file's keys (app, output, language, providers, modules,
// codeMakerOutput, and CDK for Terraform's terraformProviders and
// terraformModules for the same lists), their defaults and where each one was
// written, so that mistakes come back as diagnostics naming file:line:col,
// and unknown keys as warnings with a did-you-mean.
//
// This package must never run the app, touch the output directory or decide
// what a command does with the settings; it only reads and checks them.
package project
