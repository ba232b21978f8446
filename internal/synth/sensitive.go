package synth

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
)

// unmarking are the functions whose result does not carry the sensitive
// mark of their arguments.
var unmarking = map[string]bool{"nonsensitive": true, "issensitive": true, "can": true}

// sensitiveOutputs reports the outputs not marked sensitive whose value
// holds a sensitive variable (read directly or through local values) or a
// sensitive(...) call, which terraform validate refuses ("Output refers to
// sensitive values"). Only what validate itself knows is checked: a
// provider's sensitive attributes are known to plan alone. What does not
// pass on the mark is left out: nonsensitive, can and issensitive calls,
// and a for expression's collection, whose elements may be marked while
// the body's result is not.
func sensitiveOutputs(cfg *config.Config) diag.Diagnostics {
	if cfg == nil {
		return nil
	}
	s := &sensitivity{vars: map[string]bool{}, locals: map[string]config.Expr{}, memo: map[string]string{}}
	for _, b := range cfg.Blocks {
		switch {
		case b.Type == "variable" && len(b.Labels) == 1:
			s.vars[b.Labels[0]] = literalTrue(b, "sensitive")
		case b.Type == "locals":
			for _, a := range b.Body.Attributes() {
				s.locals[a.Name] = a.Expr
			}
		}
	}
	var ds diag.Diagnostics
	for _, b := range cfg.Blocks {
		if b.Type != "output" || len(b.Labels) != 1 || b.Body.Attribute("ephemeral") != nil {
			continue
		}
		if a := b.Body.Attribute("sensitive"); a != nil && !literalFalse(a.Expr) {
			continue // marked, or by an expression the engine reads
		}
		v := b.Body.Attribute("value")
		if v == nil {
			continue
		}
		why := s.of(v.Expr)
		if why == "" {
			continue
		}
		site := v.Range
		if site.Filename == "" {
			site = b.DeclRange
		}
		ds = append(ds, &diag.Diagnostic{
			Severity: diag.Error, Summary: "Output refers to sensitive values",
			Detail: fmt.Sprintf("Output %q holds %s, which is sensitive. Terraform requires that any root module output containing sensitive data be explicitly marked as sensitive, to confirm your intent.",
				b.Labels[0], why),
			Subject: &site, Path: "output." + b.Labels[0] + ".value",
			Suggestion: "mark the output sensitive (Sensitive: true in tfkit.OutputConfig, sensitive = true in HCL), or wrap what may be shown in nonsensitive(...)",
		})
	}
	return ds
}

// sensitivity finds what makes an expression sensitive.
type sensitivity struct {
	vars   map[string]bool        // variable name → declared sensitive
	locals map[string]config.Expr // local name → value
	memo   map[string]string      // local name → of(its value); "" while being read
}

// of returns what makes e sensitive (var.pw, local.x reading var.pw,
// sensitive(...)), "" when nothing does.
func (s *sensitivity) of(e config.Expr) string {
	switch e := e.(type) {
	case nil, *config.Literal:
		return ""
	case *config.Reference:
		return s.traversal(e.Traversal)
	case *config.Raw:
		if e.Syntax == nil {
			return ""
		}
		return s.syntax(e.Syntax)
	case *config.Call:
		if unmarking[e.Name] {
			return ""
		}
		if e.Name == "sensitive" {
			return sensitiveCall(e)
		}
	case *config.Index:
		// A part of a collection holding a marked element may not be that
		// element (tomap({user = "a", pass = var.pw})["user"] is not
		// sensitive): only a wholly sensitive variable, or a marked key,
		// makes the part sensitive for certain.
		if w := s.whole(e.Collection); w != "" {
			return w
		}
		return s.of(e.Key)
	case *config.GetAttr:
		return s.whole(e.Source)
	case *config.Splat:
		return s.whole(e.Source)
	case *config.For:
		// The collection's elements are marked, not the result built
		// from the iteration variables; a marked collection as a whole is
		// left to the engine.
		for _, x := range []config.Expr{e.Key, e.Value, e.Cond} {
			if w := s.of(x); w != "" {
				return w
			}
		}
		return ""
	}
	for _, x := range children(e) {
		if w := s.of(x); w != "" {
			return w
		}
	}
	return ""
}

// whole returns what makes e sensitive when all of it is: a reference to a
// variable declared sensitive; "" otherwise.
func (s *sensitivity) whole(e config.Expr) string {
	if r, ok := e.(*config.Reference); ok && r.Traversal.RootName() == "var" {
		return s.traversal(r.Traversal)
	}
	return ""
}

// children are the expressions directly inside e (as config.Walk visits
// them), so that of can leave some out.
func children(e config.Expr) []config.Expr {
	switch e := e.(type) {
	case *config.Template:
		return e.Parts
	case *config.Call:
		return e.Args
	case *config.Conditional:
		return []config.Expr{e.Cond, e.True, e.False}
	case *config.For:
		return []config.Expr{e.Collection, e.Key, e.Value, e.Cond}
	case *config.Splat:
		return []config.Expr{e.Source}
	case *config.Index:
		return []config.Expr{e.Collection, e.Key}
	case *config.GetAttr:
		return []config.Expr{e.Source}
	case *config.Tuple:
		return e.Items
	case *config.Object:
		out := make([]config.Expr, 0, 2*len(e.Items))
		for _, it := range e.Items {
			out = append(out, it.Key, it.Value)
		}
		return out
	case *config.BinaryOp:
		return []config.Expr{e.Left, e.Right}
	case *config.UnaryOp:
		return []config.Expr{e.Operand}
	case *config.Paren:
		return []config.Expr{e.Inner}
	}
	return nil
}

// traversal returns what makes a reference sensitive.
func (s *sensitivity) traversal(t hcl.Traversal) string {
	if len(t) < 2 {
		return ""
	}
	step, ok := t[1].(hcl.TraverseAttr)
	if !ok {
		return ""
	}
	switch t.RootName() {
	case "var":
		if s.vars[step.Name] {
			return "var." + step.Name
		}
	case "local":
		if len(t) > 2 {
			// A part of the local value (local.pair[0]) may not be the
			// part that holds the sensitive value.
			return ""
		}
		why, seen := s.memo[step.Name]
		if seen {
			return why // "" too while it is being read: a cycle, reported elsewhere
		}
		s.memo[step.Name] = ""
		if x, ok := s.locals[step.Name]; ok {
			if w := s.of(x); w != "" {
				why = "local." + step.Name
				if w != why {
					why += " (which reads " + w + ")"
				}
			}
		}
		s.memo[step.Name] = why
		return why
	}
	return ""
}

// syntax is of for a raw HCL expression: its references and sensitive(...)
// calls outside the calls and for collections that drop the mark.
func (s *sensitivity) syntax(e hclsyntax.Expression) string {
	var skip []hcl.Range
	within := func(r hcl.Range) bool {
		for _, k := range skip {
			if r.Start.Byte >= k.Start.Byte && r.End.Byte <= k.End.Byte {
				return true
			}
		}
		return false
	}
	why := ""
	_ = hclsyntax.VisitAll(e, func(n hclsyntax.Node) hcl.Diagnostics {
		switch n := n.(type) {
		case *hclsyntax.FunctionCallExpr:
			if unmarking[n.Name] {
				skip = append(skip, n.Range())
			} else if n.Name == "sensitive" && why == "" && !within(n.Range()) {
				why = "sensitive(...)"
			}
		case *hclsyntax.ForExpr:
			skip = append(skip, n.CollExpr.Range())
		case *hclsyntax.IndexExpr:
			skip = append(skip, n.Collection.Range()) // a part, as of says
		case *hclsyntax.RelativeTraversalExpr:
			skip = append(skip, n.Source.Range())
		}
		return nil
	})
	if why != "" {
		return why
	}
	for _, t := range hclsyntax.Variables(e) {
		if within(t.SourceRange()) {
			continue
		}
		if w := s.traversal(t); w != "" {
			return w
		}
	}
	return ""
}

// literalFalse reports whether e is the literal false.
func literalFalse(e config.Expr) bool {
	l, ok := e.(*config.Literal)
	return ok && l.Val.Type() == cty.Bool && l.Val.IsKnown() && !l.Val.IsNull() && l.Val.False()
}

// sensitiveCall names what a sensitive(...) call marks: another stack's
// value, read through terraform_remote_state, when synth wrapped it so.
func sensitiveCall(c *config.Call) string {
	if len(c.Args) == 1 {
		if r, ok := c.Args[0].(*config.Reference); ok && len(r.Traversal) > 2 && r.Traversal.RootName() == "data" {
			if typ, ok := r.Traversal[1].(hcl.TraverseAttr); ok && typ.Name == "terraform_remote_state" {
				return "a sensitive value of another stack (" + config.TraversalString(r.Traversal) + ")"
			}
		}
	}
	return "sensitive(...)"
}
