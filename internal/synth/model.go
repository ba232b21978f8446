package synth

import (
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
)

// App is what a front end hands to synthesis: its stacks in declaration
// order and the mistakes it recorded that belong to no stack.
type App struct {
	Stacks []*Stack
	Diags  diag.Diagnostics
	// Engine is the engine the output is for, when the front end knows
	// it ("terraform" or "opentofu"; Options.Engine, when set, decides
	// for Files): diagnostics where the engines' words differ are in its.
	Engine string
}

// Stack is one stack of an App: one Terraform configuration, written to
// Dir (slash-separated, relative to the output directory).
type Stack struct {
	Name string
	// Dir is the stack's directory in the output: stacks/<name> for the
	// Go API, "." for a TSX entry, whose one stack is the output itself.
	Dir string
	// Site is where the stack was declared.
	Site hcl.Range
	// Config holds the declared blocks. References to other stacks'
	// elements made through handles are marked (MarkedRef).
	Config *config.Config
	// Diags are the mistakes recorded while the stack was built.
	Diags diag.Diagnostics
	// Validated says the front end has checked Config with config.Validate
	// itself (adding what it knows better), so synthesis does not again.
	Validated bool
	// DependsOn are the stacks this one is declared to depend on.
	DependsOn []*Stack
	// Required are the required_providers entries recorded for the stack,
	// merged into its terraform block when it is written.
	Required []Requirement
	// Uses are the elements of other stacks referred to through handles:
	// they decide which stack a reference written as text reads when
	// several declare its address.
	Uses []Use
	// Files are files written with the stack besides its configuration
	// (its assets: see package asset), by slash-separated path relative to
	// the stack's directory.
	Files map[string][]byte
}

// Requirement is a required_providers entry: a provider's local name, its
// source and version constraint, and where it was required.
type Requirement struct {
	Name, Source, Version string
	Site                  hcl.Range
}

// Use records that a stack refers, through a handle, to the element at
// Addr (aws_vpc.main, data.x.y) of stack Producer.
type Use struct {
	Producer *Stack
	Addr     string
}

// NormalizeSource makes equal provider sources compare equal:
// registry.terraform.io/hashicorp/aws and hashicorp/aws are the same.
func NormalizeSource(s string) string {
	s = strings.ToLower(s)
	return strings.TrimPrefix(s, "registry.terraform.io/")
}

func containsStack(list []*Stack, s *Stack) bool {
	for _, have := range list {
		if have == s {
			return true
		}
	}
	return false
}

// crossMarker starts the root name of a marked reference: the stack's
// name follows, and the element's traversal after it. No configuration can
// declare a name with ':'.
const crossMarker = "tfkit-stack:"

// MarkedRef returns the reference to t, an element of the stack named
// stack, as a front end gives it to an element of another stack: marked,
// so that the rewrite knows which stack it reads even when several
// declare the address.
func MarkedRef(stack string, t hcl.Traversal) *config.Reference {
	out := make(hcl.Traversal, 0, len(t)+1)
	out = append(out, hcl.TraverseRoot{Name: crossMarker + stack}, hcl.TraverseAttr{Name: t.RootName()})
	return &config.Reference{Traversal: append(out, t[1:]...)}
}

// unmark splits a marked traversal into the stack's name and the element's
// traversal.
func unmark(t hcl.Traversal) (string, hcl.Traversal, bool) {
	name := t.RootName()
	if !strings.HasPrefix(name, crossMarker) || len(t) < 2 {
		return "", nil, false
	}
	a, ok := t[1].(hcl.TraverseAttr)
	if !ok {
		return "", nil, false
	}
	out := append(hcl.Traversal{hcl.TraverseRoot{Name: a.Name}}, t[2:]...)
	return strings.TrimPrefix(name, crossMarker), out, true
}

// RewriteExpr returns x with every reference to an element replaced by
// what fn returns for its traversal (nil keeps it): a copy of the changed
// path, or x itself. Iterator names (of for expressions and dynamic
// blocks) are not references to elements and are left alone.
func RewriteExpr(x config.Expr, fn func(hcl.Traversal) config.Expr) config.Expr {
	if x == nil {
		return nil
	}
	return (&xwalker{fn: fn}).expr(x, nil)
}

// RewriteItems is RewriteExpr for the items of a body.
func RewriteItems(items []config.Item, fn func(hcl.Traversal) config.Expr) []config.Item {
	b := &config.Block{Body: &config.Body{Items: items}}
	return (&xwalker{fn: fn}).block(b, "", nil, nil).Body.Items
}

// OneStack is an app of one stack named name, as the TSX front end gives
// it: the stack's directory is the output directory itself, and the front
// end has checked cfg with config.Validate.
func OneStack(name string, cfg *config.Config) *App {
	return &App{Stacks: []*Stack{{Name: name, Dir: ".", Config: cfg, Validated: true}}}
}
