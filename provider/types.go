package provider

import (
	"encoding/json"
	"math"
	"math/big"
	"sort"
	"strings"

	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/tfkit/tfkit/diag"
)

// Type converts one kind of Terraform value to a plain Go value and back.
// The built-in types are String, Number, Int64, Float64, Bool, List, Set,
// Map, Object, NormalizedJSON, Duration and Timestamp; Custom makes a Type
// from a CustomType.
//
// In every Go value, nil is null and Unknown is an unknown value.
type Type interface {
	// String names the type in messages and documentation.
	String() string

	tfType() tftypes.Type
	// toGo converts a known, non-null value.
	toGo(v tftypes.Value, p *path) (any, error)
	// fromGo converts a Go value that is neither nil nor Unknown. With raw
	// set, custom types take their wire value (the one state JSON holds)
	// instead of the user's value.
	fromGo(v any, p *path, raw bool) (tftypes.Value, error)
}

// String is a Terraform string: a Go string.
var String Type = primitive{kind: kindString}

// Number is a Terraform number of arbitrary precision: a *big.Float.
var Number Type = primitive{kind: kindNumber}

// Int64 is a Terraform number that must be a whole number in the int64
// range: an int64.
var Int64 Type = primitive{kind: kindInt64}

// Float64 is a Terraform number held as a float64.
var Float64 Type = primitive{kind: kindFloat64}

// Bool is a Terraform bool: a Go bool.
var Bool Type = primitive{kind: kindBool}

type primitiveKind int

const (
	kindString primitiveKind = iota
	kindNumber
	kindInt64
	kindFloat64
	kindBool
)

type primitive struct{ kind primitiveKind }

func (t primitive) String() string {
	return [...]string{"string", "number", "int64", "float64", "bool"}[t.kind]
}

func (t primitive) tfType() tftypes.Type {
	switch t.kind {
	case kindString:
		return tftypes.String
	case kindBool:
		return tftypes.Bool
	}
	return tftypes.Number
}

func (t primitive) toGo(v tftypes.Value, p *path) (any, error) {
	switch t.kind {
	case kindString:
		var s string
		if err := v.As(&s); err != nil {
			return nil, p.errorf("expected a string: %v", err)
		}
		return s, nil
	case kindBool:
		var b bool
		if err := v.As(&b); err != nil {
			return nil, p.errorf("expected a bool: %v", err)
		}
		return b, nil
	}
	f := new(big.Float)
	if err := v.As(&f); err != nil {
		return nil, p.errorf("expected a number: %v", err)
	}
	switch t.kind {
	case kindInt64:
		i, acc := f.Int64()
		if acc != big.Exact {
			return nil, p.valueErrorf("not a whole number in the int64 range", "%s is not a whole number in the int64 range", numberText(f))
		}
		return i, nil
	case kindFloat64:
		x, _ := f.Float64()
		return x, nil
	}
	return f, nil
}

func (t primitive) fromGo(v any, p *path, raw bool) (tftypes.Value, error) {
	switch t.kind {
	case kindString:
		if s, ok := v.(string); ok {
			return tftypes.NewValue(tftypes.String, s), nil
		}
		return tftypes.Value{}, p.mismatch(t, v)
	case kindBool:
		if b, ok := v.(bool); ok {
			return tftypes.NewValue(tftypes.Bool, b), nil
		}
		return tftypes.Value{}, p.mismatch(t, v)
	}
	f, ok := toBigFloat(v)
	if !ok {
		return tftypes.Value{}, p.notNumber(t, v)
	}
	if t.kind == kindInt64 {
		if err := checkInt64(f, p); err != nil {
			return tftypes.Value{}, err
		}
	}
	return tftypes.NewValue(tftypes.Number, f), nil
}

// checkInt64 refuses a number an Int64 attribute cannot hold. Refused when
// returned, not when next read: a stored state the schema cannot read
// would fail every later request on the resource, destroy included.
func checkInt64(f *big.Float, p *path) error {
	if !f.IsInt() {
		return p.valueErrorf("not a whole number", "%s is not a whole number", numberText(f))
	}
	if _, acc := f.Int64(); acc != big.Exact {
		return p.valueErrorf("not a whole number in the int64 range", "%s is not a whole number in the int64 range", numberText(f))
	}
	return nil
}

// numberText writes a number for messages: whole numbers in full
// (9223372036854775808, not 9.223372036854776e+18).
func numberText(f *big.Float) string {
	if f.IsInt() {
		i, _ := f.Int(nil)
		return i.String()
	}
	return f.Text('g', -1)
}

// toBigFloat accepts the Go number types user code is likely to return,
// and json.Number (state JSON, NormalizedJSON).
func toBigFloat(v any) (*big.Float, bool) {
	switch n := v.(type) {
	case *big.Float:
		if n == nil {
			return nil, false
		}
		return n, true
	case big.Float:
		return &n, true
	case int:
		return new(big.Float).SetInt64(int64(n)), true
	case int8:
		return new(big.Float).SetInt64(int64(n)), true
	case int16:
		return new(big.Float).SetInt64(int64(n)), true
	case int32:
		return new(big.Float).SetInt64(int64(n)), true
	case int64:
		return new(big.Float).SetInt64(n), true
	case uint:
		return new(big.Float).SetUint64(uint64(n)), true
	case uint8:
		return new(big.Float).SetUint64(uint64(n)), true
	case uint16:
		return new(big.Float).SetUint64(uint64(n)), true
	case uint32:
		return new(big.Float).SetUint64(uint64(n)), true
	case uint64:
		return new(big.Float).SetUint64(n), true
	case float32:
		return floatOK(float64(n))
	case float64:
		return floatOK(n)
	case json.Number:
		f, _, err := big.ParseFloat(string(n), 10, 512, big.ToNearestEven)
		if err != nil || f.IsInf() {
			return nil, false // an exponent too large for any number is not one
		}
		return f, true
	}
	return nil, false
}

func floatOK(x float64) (*big.Float, bool) {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil, false
	}
	return big.NewFloat(x), true
}

// collection is List, Set or Map.
type collection struct {
	kind string // "list", "set", "map"
	elem Type
}

// List is a Terraform list of elem: a []any.
func List(elem Type) Type { return collection{kind: "list", elem: elem} }

// Set is a Terraform set of elem: a []any in no particular order.
func Set(elem Type) Type { return collection{kind: "set", elem: elem} }

// Map is a Terraform map of elem: a map[string]any.
func Map(elem Type) Type { return collection{kind: "map", elem: elem} }

func (t collection) String() string { return t.kind + "(" + t.elem.String() + ")" }

func (t collection) tfType() tftypes.Type {
	switch t.kind {
	case "set":
		return tftypes.Set{ElementType: t.elem.tfType()}
	case "map":
		return tftypes.Map{ElementType: t.elem.tfType()}
	}
	return tftypes.List{ElementType: t.elem.tfType()}
}

func (t collection) toGo(v tftypes.Value, p *path) (any, error) {
	if t.kind == "map" {
		var m map[string]tftypes.Value
		if err := v.As(&m); err != nil {
			return nil, p.errorf("expected a map: %v", err)
		}
		out := make(map[string]any, len(m))
		for k, ev := range m {
			g, err := elemToGo(t.elem, ev, p.key(k))
			if err != nil {
				return nil, err
			}
			out[k] = g
		}
		return out, nil
	}
	var l []tftypes.Value
	if err := v.As(&l); err != nil {
		return nil, p.errorf("expected a %s: %v", t.kind, err)
	}
	out := make([]any, len(l))
	for i, ev := range l {
		g, err := elemToGo(t.elem, ev, p.elem(t.kind, i))
		if err != nil {
			return nil, err
		}
		out[i] = g
	}
	return out, nil
}

func elemToGo(t Type, v tftypes.Value, p *path) (any, error) {
	if !v.IsKnown() {
		return Unknown, nil
	}
	if v.IsNull() {
		return nil, nil
	}
	return t.toGo(v, p)
}

func elemFromGo(t Type, v any, p *path, raw bool) (tftypes.Value, error) {
	if v == nil {
		return tftypes.NewValue(t.tfType(), nil), nil
	}
	if _, ok := v.(unknown); ok {
		return tftypes.NewValue(t.tfType(), tftypes.UnknownValue), nil
	}
	return t.fromGo(v, p, raw)
}

func (t collection) fromGo(v any, p *path, raw bool) (tftypes.Value, error) {
	typ := t.tfType()
	if t.kind == "map" {
		m, ok := v.(map[string]any)
		if !ok {
			if vs, isValues := v.(Values); isValues {
				m, ok = vs, true
			}
		}
		if !ok {
			if ms, isStrings := v.(map[string]string); isStrings {
				m = make(map[string]any, len(ms))
				for k, s := range ms {
					m[k] = s
				}
				ok = true
			}
		}
		if !ok {
			return tftypes.Value{}, p.mismatch(t, v)
		}
		out := make(map[string]tftypes.Value, len(m))
		for k, ev := range m {
			tv, err := elemFromGo(t.elem, ev, p.key(k), raw)
			if err != nil {
				return tftypes.Value{}, err
			}
			out[k] = tv
		}
		return tftypes.NewValue(typ, out), nil
	}
	var l []any
	switch s := v.(type) {
	case []any:
		l = s
	case []string:
		l = make([]any, len(s))
		for i, x := range s {
			l[i] = x
		}
	case []map[string]any:
		l = make([]any, len(s))
		for i, x := range s {
			l[i] = x
		}
	default:
		return tftypes.Value{}, p.mismatch(t, v)
	}
	out := make([]tftypes.Value, len(l))
	for i, ev := range l {
		tv, err := elemFromGo(t.elem, ev, p.elem(t.kind, i), raw)
		if err != nil {
			return tftypes.Value{}, err
		}
		out[i] = tv
	}
	return tftypes.NewValue(typ, out), nil
}

// Object is a Terraform object with the given attribute types: a
// map[string]any. Every attribute is present in values converted from
// Terraform (null ones as nil); missing keys in values returned to
// Terraform are null.
func Object(attrs map[string]Type) Type { return objectType{attrs: attrs} }

type objectType struct {
	attrs map[string]Type
	// optional lists attributes that may be absent from the object type
	// (nested attributes that are not required).
	optional map[string]struct{}
	// names is attrs' keys, sorted, for deterministic messages.
	names []string
	// body marks the object of a block or a nested attribute, whose
	// attributes the engines check one by one in a plan; a value of an
	// Object type they check whole.
	body bool
}

func (t objectType) sortedNames() []string {
	if t.names != nil {
		return t.names
	}
	names := make([]string, 0, len(t.attrs))
	for n := range t.attrs {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func (t objectType) String() string {
	var b strings.Builder
	b.WriteString("object({")
	for i, n := range t.sortedNames() {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(n + " = " + t.attrs[n].String())
	}
	b.WriteString("})")
	return b.String()
}

func (t objectType) tfType() tftypes.Type {
	at := make(map[string]tftypes.Type, len(t.attrs))
	for n, a := range t.attrs {
		at[n] = a.tfType()
	}
	return tftypes.Object{AttributeTypes: at, OptionalAttributes: t.optional}
}

func (t objectType) toGo(v tftypes.Value, p *path) (any, error) {
	var m map[string]tftypes.Value
	if err := v.As(&m); err != nil {
		return nil, p.errorf("expected an object: %v", err)
	}
	out := make(map[string]any, len(t.attrs))
	for n, at := range t.attrs {
		ev, ok := m[n]
		if !ok {
			out[n] = nil
			continue
		}
		g, err := elemToGo(at, ev, p.attr(n))
		if err != nil {
			return nil, err
		}
		out[n] = g
	}
	return out, nil
}

func (t objectType) fromGo(v any, p *path, raw bool) (tftypes.Value, error) {
	m, ok := v.(map[string]any)
	if !ok {
		if vs, isValues := v.(Values); isValues {
			m, ok = vs, true
		}
	}
	if !ok {
		return tftypes.Value{}, p.mismatch(t, v)
	}
	for k := range m {
		if _, known := t.attrs[k]; !known {
			return tftypes.Value{}, p.attr(k).errorf("the schema has no attribute %q%s", k, suggest(k, t.sortedNames()))
		}
	}
	out := make(map[string]tftypes.Value, len(t.attrs))
	for n, at := range t.attrs {
		tv, err := elemFromGo(at, m[n], p.attr(n), raw)
		if err != nil {
			return tftypes.Value{}, err
		}
		out[n] = tv
	}
	return tftypes.NewValue(t.tfType(), out), nil
}

// suggest returns ` (did you mean "x"?)` for a close name, else "".
func suggest(name string, names []string) string {
	if hint := diag.DidYouMean(name, names); hint != "" {
		return " (" + hint + ")"
	}
	return ""
}
