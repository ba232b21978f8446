package tfkit

import (
	"fmt"
	"reflect"
	"strings"
	"sync"
)

// Value is the value of one attribute of a typed binding: unset (the zero
// Value, which leaves the attribute out), a literal of Go type T, or an
// expression (a reference, a function call) standing for a Terraform value
// of that type. Generated config structs use it for every attribute, so one
// field takes both tfkit.String("web") and img.Name():
//
//	docker.NewContainer(stack, "web", docker.ContainerConfig{
//		Name:  tfkit.String("web"),
//		Image: img.ImageID(), // a Value[string] holding docker_image.x.image_id
//	})
//
// Value implements Valuer; outside typed bindings it can be used wherever a
// value is accepted.
type Value[T any] struct {
	lit  T
	x    Expr
	kind valueKind
}

type valueKind uint8

const (
	valueUnset valueKind = iota
	valueLiteral
	valueExpr
)

// V returns a literal value: V([]string{"a", "b"}), V(map[string]string{...}).
func V[T any](v T) Value[T] { return Value[T]{lit: v, kind: valueLiteral} }

// As returns an expression as a value of type T, for expressions that typed
// getters do not give: As[string](tfkit.Var("name")),
// As[float64](tfkit.Fn("length", tfkit.Var("zones"))). A zero Expr gives an
// unset value.
func As[T any](x Expr) Value[T] {
	if x.IsZero() {
		return Value[T]{}
	}
	return Value[T]{x: x, kind: valueExpr}
}

// String returns a literal string value. Like every string given to tfkit it
// is read as a template: "web-${count.index}" interpolates.
func String(s string) Value[string] { return V(s) }

// Number returns a literal number value from any Go number.
func Number[N ~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~float32 | ~float64](n N) Value[float64] {
	return V(float64(n))
}

// Bool returns a literal bool value.
func Bool(b bool) Value[bool] { return V(b) }

// List returns a list whose elements are values, literals or expressions
// alike: List(sg.ID(), tfkit.String("sg-0123")). Unset elements are null.
func List[T any](elems ...Value[T]) Value[[]T] {
	vs := make([]any, len(elems))
	for i, e := range elems {
		vs[i] = e.element()
	}
	return Value[[]T]{kind: valueExpr, x: composite(vs)}
}

// Map returns a map whose values are values, literals or expressions alike.
// Unset values are null.
func Map[T any](m map[string]Value[T]) Value[map[string]T] {
	vs := make(map[string]any, len(m))
	for k, e := range m {
		vs[k] = e.element()
	}
	return Value[map[string]T]{kind: valueExpr, x: composite(vs)}
}

// composite converts a Go list or map whose elements may be expressions into
// one expression, keeping the diagnostics found on the way.
func composite(v any) Expr {
	c := lazyConv()
	x := c.valueOrNull(v, "value")
	return Expr{x: x, meta: c.meta()}
}

// element is the value inside a list or map: null when unset.
func (v Value[T]) element() any {
	if v.kind == valueUnset {
		return Null
	}
	return v.TerraformValue()
}

// IsSet reports whether v holds a literal or an expression.
func (v Value[T]) IsSet() bool { return v.kind != valueUnset }

// Literal returns the literal v holds and true, or the zero T and false when
// v is unset or an expression.
func (v Value[T]) Literal() (T, bool) { return v.lit, v.kind == valueLiteral }

// TerraformValue implements Valuer: nil when unset, the literal or the
// expression otherwise.
func (v Value[T]) TerraformValue() any {
	switch v.kind {
	case valueLiteral:
		return v.lit
	case valueExpr:
		return v.x
	}
	return nil
}

// Expr returns v as an expression, to go deeper (img.Name().Expr().Attr(...))
// or to pass to Fn, Op and the like; the zero Expr when unset.
func (v Value[T]) Expr() Expr {
	switch v.kind {
	case valueLiteral:
		c := lazyConv()
		x := c.valueOrNull(v.lit, "value")
		return Expr{x: x, meta: c.meta()}
	case valueExpr:
		return v.x
	}
	return Expr{}
}

// String returns v as template text, to splice into a string:
// fmt.Sprintf("%s-logs", bucket.Bucket()) is "${aws_s3_bucket.b.bucket}-logs".
// A literal string is returned as is (its "${" already interpolates); an
// unset value is "".
func (v Value[T]) String() string {
	switch v.kind {
	case valueLiteral:
		if s, ok := any(v.lit).(string); ok {
			return s
		}
		return v.Expr().String()
	case valueExpr:
		return v.x.String()
	}
	return ""
}

// GoString keeps %#v readable in test failures.
func (v Value[T]) GoString() string {
	switch v.kind {
	case valueLiteral:
		return fmt.Sprintf("tfkit.V(%#v)", v.lit)
	case valueExpr:
		return fmt.Sprintf("tfkit.As(%s)", v.x.HCL())
	}
	return "tfkit.Value{}"
}

// Fields returns the body a typed binding's config or nested block struct
// stands for: its fields tagged `tf:"name"`, in order, each a Valuer (such
// as a Value) or nil; fields tagged `tf:"name,block"` are nested blocks, a
// pointer to a struct for one block and a slice of structs for several.
// Generated code calls it so that bindings stay data, not code: a
// constructor is one line however many attributes it has.
//
// v must be a struct or a pointer to one; anything else is a programming
// error and panics.
func Fields(v any) Body {
	rv := reflect.ValueOf(v)
	for rv.Kind() == reflect.Pointer {
		if rv.IsNil() {
			return &OrderedAttrs{}
		}
		rv = rv.Elem()
	}
	if rv.Kind() != reflect.Struct {
		panic(fmt.Sprintf("tfkit.Fields: %T is not a struct", v))
	}
	return fieldsOf(rv)
}

// structField is one tagged field of a binding struct.
type structField struct {
	index int
	name  string
	block bool
}

var structFields sync.Map // reflect.Type → []structField

func fieldsOfType(t reflect.Type) []structField {
	if fs, ok := structFields.Load(t); ok {
		return fs.([]structField)
	}
	var fs []structField
	for i := 0; i < t.NumField(); i++ {
		tag, ok := t.Field(i).Tag.Lookup("tf")
		if !ok {
			continue
		}
		name, opt, _ := strings.Cut(tag, ",")
		fs = append(fs, structField{index: i, name: name, block: opt == "block"})
	}
	structFields.Store(t, fs)
	return fs
}

func fieldsOf(rv reflect.Value) *OrderedAttrs {
	o := &OrderedAttrs{}
	for _, f := range fieldsOfType(rv.Type()) {
		fv := rv.Field(f.index)
		if !f.block {
			o.names = append(o.names, f.name)
			o.values = append(o.values, fv.Interface())
			continue
		}
		switch fv.Kind() {
		case reflect.Pointer:
			if !fv.IsNil() {
				o.names = append(o.names, f.name)
				o.values = append(o.values, Block(fieldsOf(fv.Elem())))
			}
		case reflect.Slice:
			if fv.Len() > 0 {
				bs := make([]NestedBlock, fv.Len())
				for i := range bs {
					bs[i] = Block(fieldsOf(fv.Index(i)))
				}
				o.names = append(o.names, f.name)
				o.values = append(o.values, bs)
			}
		default:
			panic(fmt.Sprintf("tfkit.Fields: block field %s of %s is a %s, not a pointer or slice", f.name, rv.Type(), fv.Kind()))
		}
	}
	return o
}
