package tfkit

import (
	"fmt"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/internal/synth"
)

// Cross-stack references. Each stack is its own Terraform configuration, so
// an expression of stack B cannot name an element of stack A. Synth rewrites
// such a reference: A gets an output holding the referenced expression,
// B gets one terraform_remote_state data source per stack it reads, the
// reference becomes data.terraform_remote_state.<A>.outputs.<output>, and B
// depends on A (in the manifest, so that A is deployed first and destroyed
// last).
//
// Which stack a reference reads is decided when a value is given to an
// element: a reference made with a handle of another stack's element is
// kept marked with that stack (markedRef), so that stacks may declare
// elements of the same address. A reference without a handle (spliced into
// a Go string, "${random_pet.a.id}") reads another stack when the consumer
// does not declare its address and exactly one other stack does (handles
// used elsewhere in the consumer decide between several).
//
// This file marks the references; the rewrite itself is package
// internal/synth's (NewPlan), on the stacks' configurations when they are
// written: the declared blocks stay as they were built (with the marks),
// and the outputs of a stack depend on every stack that reads it.

// target is an element an expression refers to through a handle: its stack
// and its block (with the local value's name for a locals block).
type target struct {
	stack *Stack
	block *config.Block
	local string
}

// addr is the address expressions use for the target: random_pet.a,
// data.x.y, module.m, var.v, local.l; aws.west for a provider.
func (t target) addr() string {
	if t.local != "" {
		return "local." + t.local
	}
	if tr, ok := elementTraversal(t.block); ok {
		return config.TraversalString(tr)
	}
	return t.block.Address()
}

func (t target) provider() bool { return t.block.Type == "provider" }

// ephemeral reports whether the target is an ephemeral resource, whose
// values no output of a root module may carry: another stack cannot read
// it through terraform_remote_state.
func (t target) ephemeral() bool { return t.block.Type == "ephemeral" }

// use records that a stack refers, through a handle, to an element of
// another stack: it decides which stack a reference written as text reads
// when several declare its address.
type use struct {
	producer *Stack
	addr     string // the producer's element
}

// markedRef returns the marked reference to t in stack s.
func markedRef(s *Stack, t hcl.Traversal) *config.Reference {
	return synth.MarkedRef(s.name, t)
}

// foreign reports whether a target is an element of another stack of the
// same app that a value of c.stack may read.
func (c *conv) foreign(t target) bool {
	return c.stack != nil && t.stack != c.stack && t.stack.app == c.stack.app && !t.provider() && !t.ephemeral()
}

// markForeign marks, in an expression given to an element of c.stack, the
// references to other stacks' elements that its metadata names. One
// expression cannot refer to two elements of the same address, which it
// could not tell apart.
func (c *conv) markForeign(x config.Expr, m *exprMeta, path string) config.Expr {
	fn := c.foreignMarks(m, path)
	if fn == nil || x == nil {
		return x
	}
	return synth.RewriteExpr(x, fn)
}

// markItems is markForeign for the items of a body.
func (c *conv) markItems(items []config.Item, m *exprMeta, path string) []config.Item {
	fn := c.foreignMarks(m, path)
	if fn == nil {
		return items
	}
	return synth.RewriteItems(items, fn)
}

// foreignMarks returns the function that marks references to the foreign
// elements m names, or nil when there are none.
func (c *conv) foreignMarks(m *exprMeta, path string) func(hcl.Traversal) config.Expr {
	if c.stack == nil || m == nil {
		return nil
	}
	other := false
	for _, t := range m.refs {
		if t.stack != c.stack {
			other = true
			break
		}
	}
	if !other {
		return nil
	}
	foreign := map[string]*Stack{}
	own := map[string]bool{}
	dropped := map[string]bool{} // reported by finish: providers, ephemerals, other apps
	var bad []string
	for _, t := range m.refs {
		if c.foreign(t) {
			addr := t.addr()
			if s, ok := foreign[addr]; ok && s != t.stack {
				bad = append(bad, fmt.Sprintf("%s of stacks %q and %q", addr, s.name, t.stack.name))
			}
			foreign[addr] = t.stack
		} else if t.stack != c.stack {
			dropped[t.addr()] = true
		}
	}
	if len(foreign) == 0 && len(dropped) == 0 {
		return nil
	}
	for _, t := range m.refs {
		if t.stack == c.stack {
			own[t.addr()] = true
		}
	}
	for addr, s := range foreign {
		if own[addr] {
			bad = append(bad, fmt.Sprintf("%s of stacks %q and %q", addr, c.stack.name, s.name))
		}
	}
	if len(bad) > 0 {
		sort.Strings(bad)
		c.errorf(path, "Ambiguous cross-stack reference",
			fmt.Sprintf("The expression refers to %s, which cannot be told apart in one expression.", strings.Join(bad, ", ")),
			"build the value from two attributes or locals, one per stack, or rename one of the elements")
		for _, b := range bad {
			addr, _, _ := strings.Cut(b, " of stacks ")
			delete(foreign, addr)
		}
	}
	if len(foreign) == 0 && len(dropped) == 0 {
		return nil
	}
	return func(t hcl.Traversal) config.Expr {
		addr := synth.RootAddress(t)
		if s := foreign[addr]; s != nil {
			return markedRef(s, t)
		}
		if dropped[addr] || (len(t) == 1 && dropped[t.RootName()]) {
			return config.Null()
		}
		return nil
	}
}
