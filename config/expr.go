package config

import (
	"sync"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// Expr is a Terraform expression. The set of implementations is closed: the
// types in this file.
type Expr interface{ isExpr() }

// Literal is a constant value: string, number, bool, null, or a collection
// of those. A literal string is text: `${` in it is escaped when rendered.
type Literal struct {
	Val cty.Value
}

// Template is a string with interpolations, `"web-${count.index}"`. Parts
// alternate freely between literal strings (Literal with a string value) and
// interpolated expressions.
type Template struct {
	Parts []Expr
}

// Reference is a static traversal: aws_vpc.main.id, var.x, local.y,
// module.m.out, data.t.n.attr, count.index, each.key, self.attr,
// aws_instance.web[0].id.
type Reference struct {
	Traversal hcl.Traversal
}

// Call is a function call, `join(",", var.list)`; with ExpandFinal the last
// argument is expanded, `max(var.nums...)`.
type Call struct {
	Name        string
	Args        []Expr
	ExpandFinal bool
}

// Conditional is `cond ? a : b`.
type Conditional struct {
	Cond, True, False Expr
}

// For is a for-expression. With Key nil it builds a tuple
// `[for v in coll : val if cond]`, else an object
// `{for k, v in coll : key => val... if cond}`.
type For struct {
	KeyVar     string // may be empty
	ValVar     string
	Collection Expr
	Key        Expr // nil for a tuple
	Value      Expr
	Cond       Expr // may be nil
	Group      bool // `...` after the value, object form only
}

// Splat is `source[*].each`, such as aws_instance.web[*].id. Each is the
// traversal applied to every element; it may be empty. A TraverseSplat
// step in Each is a splat inside the splat: aws_instance.web[*].ebs[*].id
// is Each [ebs, [*], id], the id of every ebs of every instance.
type Splat struct {
	Source Expr
	Each   hcl.Traversal
}

// Index is `collection[key]` where key is not a literal (literal keys
// belong in a Reference or GetAttr traversal).
type Index struct {
	Collection, Key Expr
}

// GetAttr applies a relative traversal to the result of an expression:
// `element(list, 0).id`, `var.m["k"].name` when the base is not static.
type GetAttr struct {
	Source    Expr
	Traversal hcl.Traversal // relative: TraverseAttr / TraverseIndex steps
}

// Tuple is `[a, b, c]`.
type Tuple struct {
	Items []Expr
}

// Object is `{ key = value, ... }` with items in order.
type Object struct {
	Items []ObjectItem
}

// ObjectItem is one `key = value` of an Object. Key is usually a Literal
// string; it may be any expression (rendered in parentheses when needed).
type ObjectItem struct {
	Key   Expr
	Value Expr
}

// BinaryOp is `left op right` for the HCL operators
// || && == != < <= > >= + - * / %.
type BinaryOp struct {
	Op          string
	Left, Right Expr
}

// UnaryOp is `!x` or `-x`.
type UnaryOp struct {
	Op      string
	Operand Expr
}

// Paren is an expression in parentheses, kept so rendering keeps precedence.
type Paren struct {
	Inner Expr
}

// Raw is HCL expression text kept as written, after it was parsed and
// checked. It is used for what the other kinds do not cover (template
// directives, type constraints) and by front ends that pass HCL through.
type Raw struct {
	// Text is the expression's source text.
	Text string
	// Syntax is the parsed expression; it is used to find references.
	Syntax hclsyntax.Expression
}

func (*Literal) isExpr()     {}
func (*Template) isExpr()    {}
func (*Reference) isExpr()   {}
func (*Call) isExpr()        {}
func (*Conditional) isExpr() {}
func (*For) isExpr()         {}
func (*Splat) isExpr()       {}
func (*Index) isExpr()       {}
func (*GetAttr) isExpr()     {}
func (*Tuple) isExpr()       {}
func (*Object) isExpr()      {}
func (*BinaryOp) isExpr()    {}
func (*UnaryOp) isExpr()     {}
func (*Paren) isExpr()       {}
func (*Raw) isExpr()         {}

// String returns a literal string expression.
func String(s string) *Literal { return &Literal{Val: cty.StringVal(s)} }

// Number returns a literal number expression.
func Number(n float64) *Literal { return &Literal{Val: cty.NumberFloatVal(n)} }

// Int returns a literal integer expression.
func Int(n int64) *Literal { return &Literal{Val: cty.NumberIntVal(n)} }

// Bool returns a literal bool expression.
func Bool(b bool) *Literal { return &Literal{Val: cty.BoolVal(b)} }

// Null returns the literal null.
func Null() *Literal { return &Literal{Val: cty.NullVal(cty.DynamicPseudoType)} }

// Ref builds a Reference from dotted names: Ref("aws_vpc", "main", "id").
func Ref(root string, attrs ...string) *Reference {
	var t hcl.Traversal
	var r *Reference
	if n := 1 + len(attrs); n <= len(shortRef{}.steps) {
		// The usual reference and its steps in one allocation.
		sr := &shortRef{}
		r, t = &sr.Reference, sr.steps[:n:n]
	} else {
		r, t = &Reference{}, make(hcl.Traversal, n)
	}
	t[0] = steps.get(root, true)
	for i, a := range attrs {
		t[i+1] = steps.get(a, false)
	}
	r.Traversal = t
	return r
}

// steps holds traversal steps already made into hcl.Traverser values, by
// name: references repeat the same few names (var, local, resource types,
// id), and each new step value is an allocation. The values are
// immutable, so every reference may share them. The table stops growing
// at maxSteps names of each kind.
var steps stepTable

const maxSteps = 4096

type stepTable struct {
	mu           sync.RWMutex
	roots, attrs map[string]hcl.Traverser
}

// get returns the root or attribute step of name.
func (st *stepTable) get(name string, root bool) hcl.Traverser {
	st.mu.RLock()
	m := st.attrs
	if root {
		m = st.roots
	}
	s, ok := m[name]
	st.mu.RUnlock()
	if ok {
		return s
	}
	if root {
		s = hcl.TraverseRoot{Name: name}
	} else {
		s = hcl.TraverseAttr{Name: name}
	}
	st.mu.Lock()
	if st.roots == nil {
		st.roots, st.attrs = map[string]hcl.Traverser{}, map[string]hcl.Traverser{}
	}
	m = st.attrs
	if root {
		m = st.roots
	}
	if len(m) < maxSteps {
		m[name] = s
	}
	st.mu.Unlock()
	return s
}

// shortRef holds a Reference together with the array of its traversal.
type shortRef struct {
	Reference
	steps [4]hcl.Traverser
}

// LiteralString returns the text of a literal string expression, or of a
// template made only of literal text.
func LiteralString(e Expr) (string, bool) {
	switch e := e.(type) {
	case *Literal:
		if e.Val.Type() == cty.String && e.Val.IsKnown() && !e.Val.IsNull() {
			return e.Val.AsString(), true
		}
	case *Template:
		s := ""
		for _, p := range e.Parts {
			ps, ok := LiteralString(p)
			if !ok {
				return "", false
			}
			s += ps
		}
		return s, true
	}
	return "", false
}

// TraversalString renders a traversal as Terraform writes it:
// aws_instance.web[0].id, var.m["k"].
func TraversalString(t hcl.Traversal) string {
	return string(traversalBytes(nil, t))
}
