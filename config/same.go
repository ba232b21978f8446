package config

import (
	"slices"

	"github.com/hashicorp/hcl/v2"
)

// Model comparison: two blocks are the same when they say the same thing,
// wherever they were declared. Source ranges are not compared (nor the
// parsed syntax of raw text, which only locates); every field the renderers
// write is, trivia included, so blocks the same here render to the same
// text.

// SameBlock reports whether two blocks say the same thing: type, labels,
// trivia and body, wherever they were declared.
func SameBlock(a, b *Block) bool {
	return a.Type == b.Type && slices.Equal(a.Labels, b.Labels) &&
		sameTrivia(a.Trivia, b.Trivia) && SameBody(a.Body, b.Body)
}

// SameBody reports whether two bodies say the same thing, as SameBlock.
func SameBody(a, b *Body) bool {
	if len(a.Items) != len(b.Items) || !slices.Equal(a.Trailing, b.Trailing) {
		return false
	}
	for i, it := range a.Items {
		switch x := it.(type) {
		case *Attribute:
			y, ok := b.Items[i].(*Attribute)
			if !ok || x.Name != y.Name || !SameExpr(x.Expr, y.Expr) || !sameTrivia(x.Trivia, y.Trivia) {
				return false
			}
			// The renderer writes the text as written only while it is
			// still that of the expression.
			if x.Trivia != nil && (x.Trivia.TextOf == x.Expr) != (y.Trivia.TextOf == y.Expr) {
				return false
			}
		case *Block:
			y, ok := b.Items[i].(*Block)
			if !ok || !SameBlock(x, y) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

func sameTrivia(a, b *Trivia) bool {
	if a == nil || b == nil {
		return a == b
	}
	return slices.Equal(a.Before, b.Before) && a.After == b.After && a.Open == b.Open && a.Text == b.Text
}

func sameExprs(a, b []Expr) bool {
	return slices.EqualFunc(a, b, SameExpr)
}

// SameExpr compares two expressions of the model, nil being the absent
// optional part of a for expression.
func SameExpr(a, b Expr) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	switch x := a.(type) {
	case *Literal:
		y, ok := b.(*Literal)
		return ok && x.Val.RawEquals(y.Val)
	case *Template:
		y, ok := b.(*Template)
		return ok && sameExprs(x.Parts, y.Parts)
	case *Reference:
		y, ok := b.(*Reference)
		return ok && sameTraversal(x.Traversal, y.Traversal)
	case *Call:
		y, ok := b.(*Call)
		return ok && x.Name == y.Name && x.ExpandFinal == y.ExpandFinal && sameExprs(x.Args, y.Args)
	case *Conditional:
		y, ok := b.(*Conditional)
		return ok && SameExpr(x.Cond, y.Cond) && SameExpr(x.True, y.True) && SameExpr(x.False, y.False)
	case *For:
		y, ok := b.(*For)
		return ok && x.KeyVar == y.KeyVar && x.ValVar == y.ValVar && x.Group == y.Group &&
			SameExpr(x.Collection, y.Collection) && SameExpr(x.Key, y.Key) &&
			SameExpr(x.Value, y.Value) && SameExpr(x.Cond, y.Cond)
	case *Splat:
		y, ok := b.(*Splat)
		return ok && SameExpr(x.Source, y.Source) && sameTraversal(x.Each, y.Each)
	case *Index:
		y, ok := b.(*Index)
		return ok && SameExpr(x.Collection, y.Collection) && SameExpr(x.Key, y.Key)
	case *GetAttr:
		y, ok := b.(*GetAttr)
		return ok && SameExpr(x.Source, y.Source) && sameTraversal(x.Traversal, y.Traversal)
	case *Tuple:
		y, ok := b.(*Tuple)
		return ok && sameExprs(x.Items, y.Items)
	case *Object:
		y, ok := b.(*Object)
		return ok && slices.EqualFunc(x.Items, y.Items, func(p, q ObjectItem) bool {
			return SameExpr(p.Key, q.Key) && SameExpr(p.Value, q.Value)
		})
	case *BinaryOp:
		y, ok := b.(*BinaryOp)
		return ok && x.Op == y.Op && SameExpr(x.Left, y.Left) && SameExpr(x.Right, y.Right)
	case *UnaryOp:
		y, ok := b.(*UnaryOp)
		return ok && x.Op == y.Op && SameExpr(x.Operand, y.Operand)
	case *Paren:
		y, ok := b.(*Paren)
		return ok && SameExpr(x.Inner, y.Inner)
	case *Raw:
		y, ok := b.(*Raw)
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
