// Package exprrefs carries what a tfkit.Expr refers to, the elements with
// their stacks, from the Go authoring API, which keeps it out of its public
// surface, to the API's testing helpers (package tfkittest), which tell a
// reference to one stack's element from one to another stack's element of
// the same address.
package exprrefs

import "github.com/tfkit/tfkit/config"

// Target is an element an expression refers to.
type Target struct {
	Stack any           // the *tfkit.Stack the element is declared in
	Block *config.Block // the element's block
	Local string        // the name of a local (local.NAME), else ""
}

// Of returns the elements e, a tfkit.Expr, refers to through handles; ok is
// false when e is not one or refers to none that way. Package tfkit sets
// it when it is initialized.
var Of func(e any) (targets []Target, ok bool)
