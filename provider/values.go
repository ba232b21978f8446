package provider

import (
	"fmt"
	"math/big"
	"reflect"
	"strings"
	"time"
)

// Values are the attributes of a configuration, plan or state, by name:
// plain Go values as each attribute's Type describes, nil for null and
// Unknown for a value not known until apply. Nested blocks are []any of
// map[string]any (a single block: map[string]any or nil).
type Values map[string]any

// Unknown stands for a value Terraform does not know yet (it depends on
// something not yet applied). It appears only in configurations and plans;
// an attribute of a state is never unknown.
var Unknown any = unknown{}

type unknown struct{}

func (unknown) String() string { return "(known after apply)" }

// IsKnown reports whether v is known: not Unknown and, for lists, sets,
// maps and objects, holding no Unknown anywhere inside. Null (nil) is
// known.
func IsKnown(v any) bool {
	switch x := v.(type) {
	case unknown:
		return false
	case []any:
		for _, e := range x {
			if !IsKnown(e) {
				return false
			}
		}
	case map[string]any:
		for _, e := range x {
			if !IsKnown(e) {
				return false
			}
		}
	case Values:
		return IsKnown(map[string]any(x))
	}
	return true
}

// Known reports whether the named attribute's value is known.
func (v Values) Known(name string) bool { return IsKnown(v[name]) }

// Null reports whether the named attribute is null (or absent).
func (v Values) Null(name string) bool { return v[name] == nil }

// String returns the named String attribute, "" when it is null or
// unknown. An attribute of another type (a Duration, a NormalizedJSON...)
// panics, naming it and how to read it: a bug in the provider, which the
// framework reports as an error of the operation at the caller's line.
func (v Values) String(name string) string {
	s, _ := accessor[string](v, name, "String")
	return s
}

// Int64 returns the named Int64 attribute, 0 when it is null or unknown.
// An attribute of another type (a Number, a Float64...) panics as String
// does.
func (v Values) Int64(name string) int64 {
	i, _ := accessor[int64](v, name, "Int64")
	return i
}

// Bool returns the named Bool attribute, false when it is null or unknown.
// An attribute of another type panics as String does.
func (v Values) Bool(name string) bool {
	b, _ := accessor[bool](v, name, "Bool")
	return b
}

// Map returns the named map or object attribute, or single nested block,
// nil when it is null or unknown. An attribute of another type panics as
// String does.
func (v Values) Map(name string) map[string]any {
	if m, ok := v[name].(Values); ok {
		return m
	}
	m, _ := accessor[map[string]any](v, name, "Map")
	return m
}

// List returns the named list, set or block attribute, nil when it is null
// or unknown. An attribute of another type panics as String does.
func (v Values) List(name string) []any {
	l, _ := accessor[[]any](v, name, "List")
	return l
}

// accessor returns the named value as a T. Null and unknown values are
// T's zero value; a value of another Go type is a mistake in the code
// that reads it (String of a Duration would read "" for any duration),
// so it panics with what the value is and how to read it.
func accessor[T any](v Values, name, method string) (T, bool) {
	x := v[name]
	t, ok := x.(T)
	if ok || x == nil || x == Unknown {
		return t, ok
	}
	want := fmt.Sprintf("%T", t)
	article := "a"
	if strings.ContainsRune("aeiou", rune(want[0])) {
		article = "an"
	}
	panic(fmt.Sprintf("Values.%s(%q): %s holds a %T, not %s %s: read it as v[%q].(%T)%s",
		method, name, name, x, article, want, name, x, accessorHint(x)))
}

// accessorHint names the attribute types whose values are x's Go type.
func accessorHint(x any) string {
	switch x.(type) {
	case *big.Float:
		return " (a Number attribute), or use the Int64 type for whole numbers"
	case float64:
		return " (a Float64 attribute)"
	case time.Duration:
		return " (a Duration attribute)"
	case time.Time:
		return " (a Timestamp attribute)"
	case string, int64, bool:
		return ", or with the accessor of that type"
	case []any, map[string]any:
		return ", or with List or Map (NormalizedJSON values are decoded JSON; provider.CanonicalJSON gives their text)"
	}
	return ""
}

// Decode copies the values into the struct dst points to. Fields are
// matched by their `tf:"name"` tag (fields without one are left alone); a
// tag naming no attribute of the values is an error.
// Field types: string, bool, any integer or float type, *big.Float,
// time.Duration, time.Time, slices, map[string]T, nested structs for
// blocks and objects, any; a pointer field is nil for null. An unknown
// value is an error: decode only what is known, or use an `any` field,
// which receives Unknown as is.
func (v Values) Decode(dst any) error {
	rv := reflect.ValueOf(dst)
	if rv.Kind() != reflect.Pointer || rv.Elem().Kind() != reflect.Struct {
		return fmt.Errorf("Decode needs a pointer to a struct, not %T", dst)
	}
	return decodeStruct(map[string]any(v), rv.Elem(), "")
}

// Encode returns a struct's fields with `tf:"name"` tags as Values, the
// inverse of Decode. Nil pointers, slices and maps are null.
func Encode(src any) (Values, error) {
	rv := reflect.ValueOf(src)
	for rv.Kind() == reflect.Pointer {
		if rv.IsNil() {
			return nil, nil
		}
		rv = rv.Elem()
	}
	if rv.Kind() != reflect.Struct {
		return nil, fmt.Errorf("Encode needs a struct, not %T", src)
	}
	m, err := encodeStruct(rv, "")
	return Values(m), err
}

func tagName(f reflect.StructField) string {
	tag := f.Tag.Get("tf")
	if i := strings.IndexByte(tag, ','); i >= 0 {
		tag = tag[:i]
	}
	if tag == "-" {
		return ""
	}
	return tag
}

func join(prefix, name string) string {
	if prefix == "" {
		return name
	}
	return prefix + "." + name
}

func decodeStruct(m map[string]any, rv reflect.Value, at string) error {
	rt := rv.Type()
	for i := 0; i < rt.NumField(); i++ {
		f := rt.Field(i)
		name := tagName(f)
		if name == "" || !f.IsExported() {
			continue
		}
		v, ok := m[name]
		if !ok {
			// Values from the framework hold every attribute, null ones
			// too: a tag naming none is a mistake that would read as null.
			return fmt.Errorf("%s: field %s: the values have no attribute %q%s", at0(at), f.Name, name, suggest(name, sortedKeys(m)))
		}
		if err := decodeValue(v, rv.Field(i), join(at, name)); err != nil {
			return err
		}
	}
	return nil
}

// at0 names the object at path at for a message.
func at0(at string) string {
	if at == "" {
		return "Decode"
	}
	return "Decode " + at
}

var (
	bigFloatType = reflect.TypeOf((*big.Float)(nil))
	durationGo   = reflect.TypeOf(time.Duration(0))
	timeGo       = reflect.TypeOf(time.Time{})
)

func decodeValue(v any, dst reflect.Value, at string) error {
	if dst.Kind() == reflect.Interface {
		if v == nil {
			dst.Set(reflect.Zero(dst.Type()))
		} else {
			dst.Set(reflect.ValueOf(v))
		}
		return nil
	}
	if _, ok := v.(unknown); ok {
		return fmt.Errorf("%s: the value is not known yet; check IsKnown before decoding, or decode into an `any` field", at)
	}
	if v == nil {
		dst.Set(reflect.Zero(dst.Type()))
		return nil
	}
	if dst.Type() == bigFloatType {
		f, ok := toBigFloat(v)
		if !ok {
			return fmt.Errorf("%s: cannot decode %T into *big.Float", at, v)
		}
		dst.Set(reflect.ValueOf(new(big.Float).Copy(f)))
		return nil
	}
	if dst.Kind() == reflect.Pointer {
		p := reflect.New(dst.Type().Elem())
		if err := decodeValue(v, p.Elem(), at); err != nil {
			return err
		}
		dst.Set(p)
		return nil
	}
	switch dst.Type() {
	case durationGo, timeGo:
		rv := reflect.ValueOf(v)
		if rv.Type() != dst.Type() {
			return fmt.Errorf("%s: cannot decode %T into %s", at, v, dst.Type())
		}
		dst.Set(rv)
		return nil
	}
	switch dst.Kind() {
	case reflect.String:
		s, ok := v.(string)
		if !ok {
			return fmt.Errorf("%s: cannot decode %T into a string field", at, v)
		}
		dst.SetString(s)
	case reflect.Bool:
		b, ok := v.(bool)
		if !ok {
			return fmt.Errorf("%s: cannot decode %T into a bool field", at, v)
		}
		dst.SetBool(b)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		f, ok := toBigFloat(v)
		if !ok || !f.IsInt() {
			return fmt.Errorf("%s: cannot decode %v into an integer field", at, v)
		}
		i, acc := f.Int64()
		if acc != big.Exact || dst.OverflowInt(i) {
			return fmt.Errorf("%s: %v does not fit %s", at, v, dst.Type())
		}
		dst.SetInt(i)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		f, ok := toBigFloat(v)
		if !ok || !f.IsInt() || f.Sign() < 0 {
			return fmt.Errorf("%s: cannot decode %v into an unsigned integer field", at, v)
		}
		u, acc := f.Uint64()
		if acc != big.Exact || dst.OverflowUint(u) {
			return fmt.Errorf("%s: %v does not fit %s", at, v, dst.Type())
		}
		dst.SetUint(u)
	case reflect.Float32, reflect.Float64:
		f, ok := toBigFloat(v)
		if !ok {
			return fmt.Errorf("%s: cannot decode %T into a float field", at, v)
		}
		x, _ := f.Float64()
		dst.SetFloat(x)
	case reflect.Slice:
		l, ok := v.([]any)
		if !ok {
			return fmt.Errorf("%s: cannot decode %T into a slice field", at, v)
		}
		s := reflect.MakeSlice(dst.Type(), len(l), len(l))
		for i, e := range l {
			if err := decodeValue(e, s.Index(i), fmt.Sprintf("%s[%d]", at, i)); err != nil {
				return err
			}
		}
		dst.Set(s)
	case reflect.Map:
		m, ok := v.(map[string]any)
		if !ok || dst.Type().Key().Kind() != reflect.String {
			return fmt.Errorf("%s: cannot decode %T into %s", at, v, dst.Type())
		}
		out := reflect.MakeMapWithSize(dst.Type(), len(m))
		for k, e := range m {
			ev := reflect.New(dst.Type().Elem()).Elem()
			if err := decodeValue(e, ev, fmt.Sprintf("%s[%q]", at, k)); err != nil {
				return err
			}
			out.SetMapIndex(reflect.ValueOf(k).Convert(dst.Type().Key()), ev)
		}
		dst.Set(out)
	case reflect.Struct:
		m, ok := v.(map[string]any)
		if !ok {
			return fmt.Errorf("%s: cannot decode %T into a struct field", at, v)
		}
		return decodeStruct(m, dst, at)
	default:
		return fmt.Errorf("%s: fields of type %s are not supported", at, dst.Type())
	}
	return nil
}

func encodeStruct(rv reflect.Value, at string) (map[string]any, error) {
	rt := rv.Type()
	out := make(map[string]any, rt.NumField())
	for i := 0; i < rt.NumField(); i++ {
		f := rt.Field(i)
		name := tagName(f)
		if name == "" || !f.IsExported() {
			continue
		}
		v, err := encodeValue(rv.Field(i), join(at, name))
		if err != nil {
			return nil, err
		}
		out[name] = v
	}
	return out, nil
}

func encodeValue(rv reflect.Value, at string) (any, error) {
	if rv.Type() == bigFloatType {
		if rv.IsNil() {
			return nil, nil
		}
		return rv.Interface(), nil
	}
	switch rv.Type() {
	case durationGo, timeGo:
		return rv.Interface(), nil
	}
	switch rv.Kind() {
	case reflect.Interface:
		if rv.IsNil() {
			return nil, nil
		}
		return rv.Interface(), nil
	case reflect.Pointer:
		if rv.IsNil() {
			return nil, nil
		}
		return encodeValue(rv.Elem(), at)
	case reflect.String:
		return rv.String(), nil
	case reflect.Bool:
		return rv.Bool(), nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return rv.Int(), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return rv.Uint(), nil
	case reflect.Float32, reflect.Float64:
		return rv.Float(), nil
	case reflect.Slice:
		if rv.IsNil() {
			return nil, nil
		}
		out := make([]any, rv.Len())
		for i := range out {
			v, err := encodeValue(rv.Index(i), fmt.Sprintf("%s[%d]", at, i))
			if err != nil {
				return nil, err
			}
			out[i] = v
		}
		return out, nil
	case reflect.Map:
		if rv.IsNil() {
			return nil, nil
		}
		if rv.Type().Key().Kind() != reflect.String {
			return nil, fmt.Errorf("%s: map keys must be strings, not %s", at, rv.Type().Key())
		}
		out := make(map[string]any, rv.Len())
		it := rv.MapRange()
		for it.Next() {
			k := it.Key().String()
			v, err := encodeValue(it.Value(), fmt.Sprintf("%s[%q]", at, k))
			if err != nil {
				return nil, err
			}
			out[k] = v
		}
		return out, nil
	case reflect.Struct:
		return encodeStruct(rv, at)
	}
	return nil, fmt.Errorf("%s: fields of type %s are not supported", at, rv.Type())
}
