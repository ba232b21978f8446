// Package tfrules is tfkit's knowledge of how Terraform reads arguments:
// which it reads statically (bare references, keywords, type constraints
// rather than expressions), how a string that spells one becomes it, and
// which arguments it reads literally in JSON syntax. The renderers write
// by these rules and the tests that read their output back compare by
// them.
//
// It must never import a front end or a renderer: it is data and pure
// functions over the configuration model.
package tfrules
