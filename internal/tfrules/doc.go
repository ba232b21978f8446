// Package tfrules turns the way Terraform reads an argument, which the
// language table of package config states (config.ArgRead,
// config.LiteralArgument), into what the renderers write: which arguments
// are written bare (references, keywords, type constraints rather than
// expressions), how a string that spells one becomes it, and which
// arguments JSON syntax holds literally. The renderers write by these
// rules and the tests that read their output back compare by them.
//
// It must never import a front end or a renderer: it is pure functions
// over the configuration model, and holds no rule of the language itself.
package tfrules
