package resource

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
)

// The type builder writes each field's Terraform name in a `tf` tag beside
// its Kubernetes `json` tag (`json:"cidrBlock,omitempty" tf:"cidr_block"`),
// so conversion to and from Terraform JSON reads names, never guesses them.
// Fields without a tf tag or tagged tf:"-" (references, selectors, secret
// key selectors)
// are not Terraform attributes and are skipped both ways.

// ToTerraform converts a generated parameters or observation struct (or a
// pointer to one) to Terraform JSON: snake_case keys, nil fields left out.
func ToTerraform(v any) (map[string]any, error) {
	rv := reflect.ValueOf(v)
	for rv.Kind() == reflect.Pointer {
		if rv.IsNil() {
			return map[string]any{}, nil
		}
		rv = rv.Elem()
	}
	if rv.Kind() != reflect.Struct {
		return nil, fmt.Errorf("resource: ToTerraform needs a struct, not %s", rv.Type())
	}
	out, _ := toTerraform(rv).(map[string]any)
	if out == nil {
		out = map[string]any{}
	}
	return out, nil
}

func tfName(f reflect.StructField) string {
	tag, ok := f.Tag.Lookup("tf")
	if !ok {
		return ""
	}
	name, _, _ := strings.Cut(tag, ",")
	if name == "-" {
		return ""
	}
	return name
}

// toTerraform returns nil for nil pointers, slices and maps.
func toTerraform(v reflect.Value) any {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return nil
		}
		return toTerraform(v.Elem())
	case reflect.Struct:
		m := map[string]any{}
		t := v.Type()
		for i := 0; i < t.NumField(); i++ {
			name := tfName(t.Field(i))
			if name == "" {
				continue
			}
			if x := toTerraform(v.Field(i)); x != nil {
				m[name] = x
			}
		}
		return m
	case reflect.Slice:
		if v.IsNil() {
			return nil
		}
		s := make([]any, v.Len())
		for i := range s {
			s[i] = toTerraform(v.Index(i))
		}
		return s
	case reflect.Map:
		if v.IsNil() {
			return nil
		}
		m := make(map[string]any, v.Len())
		iter := v.MapRange()
		for iter.Next() {
			m[iter.Key().String()] = toTerraform(iter.Value())
		}
		return m
	case reflect.String:
		return v.String()
	case reflect.Bool:
		return v.Bool()
	case reflect.Float64, reflect.Float32:
		return v.Float()
	case reflect.Int, reflect.Int64, reflect.Int32:
		return v.Int()
	}
	panic(fmt.Sprintf("resource: no Terraform JSON for Go kind %s", v.Kind())) // not a generated type
}

// FromTerraform writes Terraform JSON into a generated parameters or
// observation struct; ptr must be a pointer to it. Keys the struct has no
// field for are ignored (observations keep only what they declare); a
// value of the wrong JSON type is an error naming the attribute path.
func FromTerraform(m map[string]any, ptr any) error {
	rv := reflect.ValueOf(ptr)
	if rv.Kind() != reflect.Pointer || rv.IsNil() || rv.Elem().Kind() != reflect.Struct {
		return fmt.Errorf("resource: FromTerraform needs a pointer to a struct, not %T", ptr)
	}
	return fromTerraform(m, rv.Elem(), "")
}

func fromTerraform(x any, v reflect.Value, path string) error {
	if x == nil {
		v.Set(reflect.Zero(v.Type()))
		return nil
	}
	mismatch := func() error {
		where := path
		if where == "" {
			where = "the object"
		}
		return fmt.Errorf("%s: Terraform value of type %T does not fit %s", where, x, v.Type())
	}
	switch v.Kind() {
	case reflect.Pointer:
		e := reflect.New(v.Type().Elem())
		if err := fromTerraform(x, e.Elem(), path); err != nil {
			return err
		}
		v.Set(e)
		return nil
	case reflect.Struct:
		m, ok := x.(map[string]any)
		if !ok {
			return mismatch()
		}
		t := v.Type()
		for i := 0; i < t.NumField(); i++ {
			name := tfName(t.Field(i))
			if name == "" {
				continue
			}
			val, ok := m[name]
			if !ok {
				continue
			}
			if err := fromTerraform(val, v.Field(i), join(path, name)); err != nil {
				return err
			}
		}
		return nil
	case reflect.Slice:
		s, ok := x.([]any)
		if !ok {
			return mismatch()
		}
		out := reflect.MakeSlice(v.Type(), len(s), len(s))
		for i, e := range s {
			if err := fromTerraform(e, out.Index(i), fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
		v.Set(out)
		return nil
	case reflect.Map:
		m, ok := x.(map[string]any)
		if !ok {
			return mismatch()
		}
		out := reflect.MakeMapWithSize(v.Type(), len(m))
		for k, e := range m {
			ev := reflect.New(v.Type().Elem()).Elem()
			if err := fromTerraform(e, ev, fmt.Sprintf("%s[%q]", path, k)); err != nil {
				return err
			}
			out.SetMapIndex(reflect.ValueOf(k).Convert(v.Type().Key()), ev)
		}
		v.Set(out)
		return nil
	case reflect.String:
		s, ok := x.(string)
		if !ok {
			return mismatch()
		}
		v.SetString(s)
		return nil
	case reflect.Bool:
		b, ok := x.(bool)
		if !ok {
			return mismatch()
		}
		v.SetBool(b)
		return nil
	case reflect.Float64, reflect.Float32:
		switch n := x.(type) {
		case float64:
			v.SetFloat(n)
		case int64:
			v.SetFloat(float64(n))
		case int:
			v.SetFloat(float64(n))
		case json.Number:
			f, err := n.Float64()
			if err != nil {
				return mismatch()
			}
			v.SetFloat(f)
		default:
			return mismatch()
		}
		return nil
	}
	return mismatch()
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}
