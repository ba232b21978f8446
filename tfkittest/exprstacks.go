package tfkittest

import (
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/internal/exprrefs"
	"github.com/tfkit/tfkit/internal/synth"
)

// Expressions and their stacks. An Expr made with a handle
// (pet.Ref("id"), tfkit.Fn("upper", pet.Ref("id"))) knows the elements it
// refers to, with their stacks, as a handle does: a property given one
// must match a reference to those elements, never one to an element of
// the same address in another stack. tfkit.Expr keeps what it refers to
// out of its public surface; package exprrefs hands it to these helpers.

// appIndex names the stacks of an app and the addresses of their elements.
type appIndex struct {
	stacks map[*tfkit.Stack]string  // a stack → its name
	blocks map[*config.Block]string // an element's block → its address
}

func indexApp(app *tfkit.App) *appIndex {
	if app == nil {
		return nil
	}
	ix := &appIndex{stacks: map[*tfkit.Stack]string{}, blocks: map[*config.Block]string{}}
	var add func(bs []*config.Block)
	add = func(bs []*config.Block) {
		for _, b := range bs {
			if names, ok := config.ReferenceNames(nil, b); ok {
				ix.blocks[b] = strings.Join(names, ".")
			}
			if b.Type == "check" && b.Body != nil {
				add(b.Body.Blocks("data")) // scoped data sources
			}
		}
	}
	for _, st := range app.Stacks() {
		ix.stacks[st] = st.Name()
		add(st.Config().Blocks)
	}
	return ix
}

// exprTarget is an element an expression refers to.
type exprTarget struct {
	stack string // the name of its stack
	addr  string // its address in expressions: random_pet.name, local.tags
}

// exprTargets returns the elements of the app that e refers to; ok is false
// when e says nothing about them (no references made with handles, or
// handles of another app).
func (ix *appIndex) exprTargets(e tfkit.Expr) ([]exprTarget, bool) {
	if ix == nil || exprrefs.Of == nil {
		return nil, false
	}
	targets, ok := exprrefs.Of(e)
	if !ok {
		return nil, false
	}
	out := make([]exprTarget, 0, len(targets))
	for _, t := range targets {
		st, _ := t.Stack.(*tfkit.Stack)
		name, ok := ix.stacks[st]
		if !ok {
			return nil, false
		}
		addr := ""
		if t.Local != "" {
			addr = "local." + t.Local
		} else if addr, ok = ix.blocks[t.Block]; !ok {
			return nil, false
		}
		out = append(out, exprTarget{stack: name, addr: addr})
	}
	return out, true
}

// exprOf is the expression a wanted value stands for: a tfkit.Expr, or a
// typed value holding one.
func exprOf(v any) (tfkit.Expr, bool) {
	switch v := v.(type) {
	case tfkit.Expr:
		return v, !v.IsZero()
	case tfkit.Valuer:
		e, ok := v.TerraformValue().(tfkit.Expr)
		return e, ok && !e.IsZero()
	}
	return tfkit.Expr{}, false
}

// stackExpr is a wanted expression whose elements are known.
type stackExpr struct {
	text string // as Terraform JSON writes it: "${random_pet.name.id}"
	// marked is text with the references to other stacks' elements marked
	// with their stack, as resolved.marked has them; "" when it refers to
	// this stack's elements only.
	marked string
	// reads names the other stacks' elements: "stack network's random_pet.name".
	reads []string
}

// stackExpr reads e for a body of stack: ok is false when the stacks of
// its elements are unknown, or when it refers to one address in two
// stacks (which synth refuses).
func (m matcher) stackExpr(e tfkit.Expr) (stackExpr, bool) {
	targets, ok := m.app.exprTargets(e)
	if !ok {
		return stackExpr{}, false
	}
	return m.stackExprOf(e.Model(), targets)
}

// stackExprOf reads model, an expression or a part of one (a value of a
// tfkit.Ordered object), whose elements are among targets: those it does
// not read are left out.
func (m matcher) stackExprOf(model config.Expr, targets []exprTarget) (stackExpr, bool) {
	read := map[string]bool{}
	for _, t := range config.Variables(model) {
		read[synth.RootAddress(t)] = true
	}
	x := stackExpr{text: tfkit.ExprOf(model).String()}
	foreign := map[string]string{} // address → stack
	own := map[string]bool{}
	for _, t := range targets {
		if !read[t.addr] {
			continue
		}
		if t.stack == m.stack {
			own[t.addr] = true
			continue
		}
		if s, seen := foreign[t.addr]; seen && s != t.stack {
			return stackExpr{}, false
		}
		if _, seen := foreign[t.addr]; !seen {
			x.reads = append(x.reads, "stack "+t.stack+"'s "+t.addr)
		}
		foreign[t.addr] = t.stack
	}
	for addr := range foreign {
		if own[addr] {
			return stackExpr{}, false
		}
	}
	if len(foreign) == 0 {
		return x, true
	}
	// Mark each reference to another stack's element with a root name no
	// configuration has, then write the mark as resolve does.
	var stacks []string
	marked := synth.RewriteExpr(model, func(t hcl.Traversal) config.Expr {
		s, ok := foreign[synth.RootAddress(t)]
		if !ok {
			return nil
		}
		i := len(stacks)
		stacks = append(stacks, s)
		out := append(hcl.Traversal{hcl.TraverseRoot{Name: markRoot(i) + t.RootName()}}, t[1:]...)
		return &config.Reference{Traversal: out}
	})
	text := tfkit.ExprOf(marked).String()
	for i, s := range stacks {
		text = strings.ReplaceAll(text, markRoot(i), "<stack "+s+">")
	}
	x.marked = text
	return x, true
}

func markRoot(i int) string { return fmt.Sprintf("tfkittest-stack-%d-", i) }
