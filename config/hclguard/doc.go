// Package hclguard refuses HCL and Terraform JSON text that tfkit cannot
// read safely, before it is parsed: text nested deeper than Limit, and
// number literals written with an exponent beyond ExponentLimit.
//
// HCL's parsers (native syntax and JSON) and everything that walks what
// they return recurse once or more per level of nesting, so text nested
// some tens of thousands of levels deep ends the process with a Go stack
// overflow, which cannot be recovered from. And numbers are written
// exactly, digit by digit (as Terraform writes them), so the eleven
// characters 1e80000000 become eighty million digits wherever the number is
// printed, which takes minutes. Every place in tfkit that parses HCL
// (files, bodies, expressions, templates, variable values, .tf.json) calls
// the check of this package first and reports its diagnostic, located at
// the bracket, operator or number, instead.
//
// The check reads the text with HCL's own scanner, which does not recurse,
// and counts what makes the parsers recurse: brackets, braces and
// parentheses, quoted templates and heredocs, template interpolations and
// %{if}/%{for} directives, and chains of operators (unary operators, and
// binary and conditional operators within one expression); and it reads
// the exponent of each number literal. Text that can be neither too deep
// (it is too short) nor hold such an exponent (no byte sequence of one) is
// let through without scanning.
//
// It must never refuse text that is nested no more than Limit levels deep
// and whose exponents are within ExponentLimit, whatever Terraform
// accepts, and never parse or evaluate anything itself. Terraform reads
// larger exponents; tfkit refuses them on purpose, as no configuration
// needs one and printing one does not end.
//
// It sits beside the configuration model, which parses HCL with it, and is
// public for the same reason: a program that hands HCL or Terraform JSON it
// did not write to hashicorp/hcl can run the same check first. It imports
// nothing of tfkit.
package hclguard
