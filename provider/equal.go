package provider

import (
	"math/big"
	"sort"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// valuesEqual reports whether a and b, both of type t, mean the same:
// custom types compare with their own Equal, sets ignore order. It walks
// the two values side by side instead of using tftypes' Equal, which looks
// every set element up by value and is quadratic in the size of a set.
func valuesEqual(a, b tftypes.Value, t Type) bool {
	if a.IsKnown() != b.IsKnown() {
		return false
	}
	if !a.IsKnown() {
		return true
	}
	if a.IsNull() || b.IsNull() {
		return a.IsNull() == b.IsNull()
	}
	switch t := t.(type) {
	case collection:
		return collectionEqual(a, b, t)
	case objectType:
		var x, y map[string]tftypes.Value
		if a.As(&x) != nil || b.As(&y) != nil {
			return false
		}
		for n, at := range t.attrs {
			xv, xok := x[n]
			yv, yok := y[n]
			if xok != yok {
				return false
			}
			if xok && !valuesEqual(xv, yv, at) {
				return false
			}
		}
		return true
	}
	return t.equal(a, b)
}

func collectionEqual(a, b tftypes.Value, t collection) bool {
	if t.kind == "map" {
		var x, y map[string]tftypes.Value
		if a.As(&x) != nil || b.As(&y) != nil || len(x) != len(y) {
			return false
		}
		for k, xv := range x {
			yv, ok := y[k]
			if !ok || !valuesEqual(xv, yv, t.elem) {
				return false
			}
		}
		return true
	}
	var x, y []tftypes.Value
	if a.As(&x) != nil || b.As(&y) != nil || len(x) != len(y) {
		return false
	}
	inOrder := true
	for i := range x {
		if !valuesEqual(x[i], y[i], t.elem) {
			inOrder = false
			break
		}
	}
	if inOrder || t.kind == "list" {
		return inOrder
	}
	// Sets: the same elements in another order.
	counts := make(map[string]int, len(x))
	for _, v := range x {
		counts[valueKey(v)]++
	}
	for _, v := range y {
		k := valueKey(v)
		if counts[k] == 0 {
			return false
		}
		counts[k]--
	}
	return true
}

// valueKey is a canonical text of v: equal values have equal keys, set
// elements and map keys in sorted order.
func valueKey(v tftypes.Value) string {
	var b strings.Builder
	writeKey(&b, v)
	return b.String()
}

func writeKey(b *strings.Builder, v tftypes.Value) {
	if !v.IsKnown() {
		b.WriteByte('?')
		return
	}
	if v.IsNull() {
		b.WriteByte('~')
		return
	}
	typ := v.Type()
	switch {
	case typ.Is(tftypes.String):
		var s string
		_ = v.As(&s)
		b.WriteString(strconv.Quote(s))
	case typ.Is(tftypes.Bool):
		var x bool
		_ = v.As(&x)
		b.WriteString(strconv.FormatBool(x))
	case typ.Is(tftypes.Number):
		f := new(big.Float)
		_ = v.As(&f)
		b.WriteString(f.Text('g', -1))
	case typ.Is(tftypes.List{}), typ.Is(tftypes.Tuple{}):
		var l []tftypes.Value
		_ = v.As(&l)
		b.WriteByte('[')
		for _, e := range l {
			writeKey(b, e)
			b.WriteByte(',')
		}
		b.WriteByte(']')
	case typ.Is(tftypes.Set{}):
		var l []tftypes.Value
		_ = v.As(&l)
		keys := make([]string, len(l))
		for i, e := range l {
			keys[i] = valueKey(e)
		}
		sort.Strings(keys)
		b.WriteByte('{')
		for _, k := range keys {
			b.WriteString(k)
			b.WriteByte(',')
		}
		b.WriteByte('}')
	default: // map, object
		var m map[string]tftypes.Value
		_ = v.As(&m)
		names := make([]string, 0, len(m))
		for n := range m {
			names = append(names, n)
		}
		sort.Strings(names)
		b.WriteByte('<')
		for _, n := range names {
			b.WriteString(strconv.Quote(n))
			b.WriteByte('=')
			writeKey(b, m[n])
			b.WriteByte(',')
		}
		b.WriteByte('>')
	}
}
