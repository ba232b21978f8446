package tsx

import (
	"slices"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfkit/tfkit/config"
)

// Model comparison for checkConfig: two blocks are the same when they say
// the same thing, wherever they were declared. Source ranges are not
// compared (nor the parsed syntax of raw text, which only locates); every
// field the renderer writes is, trivia included, so blocks the same here
// render to the same text.

func sameBlock(a, b *config.Block) bool {
	return a.Type == b.Type && slices.Equal(a.Labels, b.Labels) &&
		sameTrivia(a.Trivia, b.Trivia) && sameBody(a.Body, b.Body)
}

func sameBody(a, b *config.Body) bool {
	if len(a.Items) != len(b.Items) || !slices.Equal(a.Trailing, b.Trailing) {
		return false
	}
	for i, it := range a.Items {
		switch x := it.(type) {
		case *config.Attribute:
			y, ok := b.Items[i].(*config.Attribute)
			if !ok || x.Name != y.Name || !sameExpr(x.Expr, y.Expr) || !sameTrivia(x.Trivia, y.Trivia) {
				return false
			}
			// The renderer writes the text as written only while it is
			// still that of the expression.
			if x.Trivia != nil && (x.Trivia.TextOf == x.Expr) != (y.Trivia.TextOf == y.Expr) {
				return false
			}
		case *config.Block:
			y, ok := b.Items[i].(*config.Block)
			if !ok || !sameBlock(x, y) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

func sameTrivia(a, b *config.Trivia) bool {
	if a == nil || b == nil {
		return a == b
	}
	return slices.Equal(a.Before, b.Before) && a.After == b.After && a.Open == b.Open && a.Text == b.Text
}

func sameExprs(a, b []config.Expr) bool {
	return slices.EqualFunc(a, b, sameExpr)
}

// sameExpr compares two expressions of the model, nil being the absent
// optional part of a for expression.
func sameExpr(a, b config.Expr) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	switch x := a.(type) {
	case *config.Literal:
		y, ok := b.(*config.Literal)
		return ok && x.Val.RawEquals(y.Val)
	case *config.Template:
		y, ok := b.(*config.Template)
		return ok && sameExprs(x.Parts, y.Parts)
	case *config.Reference:
		y, ok := b.(*config.Reference)
		return ok && sameTraversal(x.Traversal, y.Traversal)
	case *config.Call:
		y, ok := b.(*config.Call)
		return ok && x.Name == y.Name && x.ExpandFinal == y.ExpandFinal && sameExprs(x.Args, y.Args)
	case *config.Conditional:
		y, ok := b.(*config.Conditional)
		return ok && sameExpr(x.Cond, y.Cond) && sameExpr(x.True, y.True) && sameExpr(x.False, y.False)
	case *config.For:
		y, ok := b.(*config.For)
		return ok && x.KeyVar == y.KeyVar && x.ValVar == y.ValVar && x.Group == y.Group &&
			sameExpr(x.Collection, y.Collection) && sameExpr(x.Key, y.Key) &&
			sameExpr(x.Value, y.Value) && sameExpr(x.Cond, y.Cond)
	case *config.Splat:
		y, ok := b.(*config.Splat)
		return ok && sameExpr(x.Source, y.Source) && sameTraversal(x.Each, y.Each)
	case *config.Index:
		y, ok := b.(*config.Index)
		return ok && sameExpr(x.Collection, y.Collection) && sameExpr(x.Key, y.Key)
	case *config.GetAttr:
		y, ok := b.(*config.GetAttr)
		return ok && sameExpr(x.Source, y.Source) && sameTraversal(x.Traversal, y.Traversal)
	case *config.Tuple:
		y, ok := b.(*config.Tuple)
		return ok && sameExprs(x.Items, y.Items)
	case *config.Object:
		y, ok := b.(*config.Object)
		return ok && slices.EqualFunc(x.Items, y.Items, func(p, q config.ObjectItem) bool {
			return sameExpr(p.Key, q.Key) && sameExpr(p.Value, q.Value)
		})
	case *config.BinaryOp:
		y, ok := b.(*config.BinaryOp)
		return ok && x.Op == y.Op && sameExpr(x.Left, y.Left) && sameExpr(x.Right, y.Right)
	case *config.UnaryOp:
		y, ok := b.(*config.UnaryOp)
		return ok && x.Op == y.Op && sameExpr(x.Operand, y.Operand)
	case *config.Paren:
		y, ok := b.(*config.Paren)
		return ok && sameExpr(x.Inner, y.Inner)
	case *config.Raw:
		y, ok := b.(*config.Raw)
		return ok && x.Text == y.Text
	}
	return false
}

// sameTraversal compares traversals step by step, without their ranges.
func sameTraversal(a, b hcl.Traversal) bool {
	return slices.EqualFunc(a, b, func(s, t hcl.Traverser) bool {
		switch x := s.(type) {
		case hcl.TraverseRoot:
			y, ok := t.(hcl.TraverseRoot)
			return ok && x.Name == y.Name
		case hcl.TraverseAttr:
			y, ok := t.(hcl.TraverseAttr)
			return ok && x.Name == y.Name
		case hcl.TraverseIndex:
			y, ok := t.(hcl.TraverseIndex)
			return ok && x.Key.RawEquals(y.Key)
		case hcl.TraverseSplat:
			y, ok := t.(hcl.TraverseSplat)
			return ok && sameTraversal(x.Each, y.Each)
		}
		return false
	})
}
