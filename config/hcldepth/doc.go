// Package hcldepth refuses HCL and Terraform JSON text nested deeper than
// Limit before it is parsed.
//
// HCL's parsers (native syntax and JSON) and everything that walks what
// they return recurse once or more per level of nesting, so text nested
// some tens of thousands of levels deep ends the process with a Go stack
// overflow, which cannot be recovered from. Every place in tfkit that
// parses HCL (files, bodies, expressions, templates, variable values,
// .tf.json) calls the check of this package first and reports its
// diagnostic, located at the bracket (or operator) too deep, instead.
//
// The check reads the text with HCL's own scanner, which does not recurse,
// and counts what makes the parsers recurse: brackets, braces and
// parentheses, quoted templates and heredocs, template interpolations and
// %{if}/%{for} directives, and chains of operators (unary operators, and
// binary and conditional operators within one expression). Text short
// enough that it cannot reach Limit is let through without scanning.
//
// It must never refuse text that is nested no more than Limit levels deep,
// whatever Terraform accepts, and never parse or evaluate anything itself.
//
// It sits beside the configuration model, which parses HCL with it, and is
// public for the same reason: a program that hands HCL or Terraform JSON it
// did not write to hashicorp/hcl can run the same check first. It imports
// nothing of tfkit.
package hcldepth
