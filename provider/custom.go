package provider

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// CustomType is a type of its own built on a base type: the value travels
// to and from Terraform as the base type's value (a string for String) and
// user code sees what Decode makes of it.
type CustomType interface {
	// Base is the type on the wire: String, Number, Bool, ...
	Base() Type
	// Name names the type in messages and documentation.
	Name() string
	// Validate checks a value of the base type written in a configuration;
	// its error is shown at the attribute.
	Validate(wire any) error
	// Decode turns a valid value of the base type into the value user code
	// reads.
	Decode(wire any) (any, error)
	// Encode turns a value user code returns into a value of the base type.
	Encode(v any) (any, error)
	// Equal reports whether two decoded values mean the same. When they
	// do, the framework keeps the text already in the state or plan, so
	// that a different spelling of the same value never shows as a change.
	Equal(a, b any) bool
}

// Custom makes a Type from a CustomType.
func Custom(c CustomType) Type { return customType{c} }

type customType struct{ c CustomType }

func (t customType) String() string       { return t.c.Name() }
func (t customType) tfType() tftypes.Type { return t.c.Base().tfType() }

func (t customType) wire(v tftypes.Value, p *path) (any, error) {
	return t.c.Base().toGo(v, p)
}

func (t customType) toGo(v tftypes.Value, p *path) (any, error) {
	w, err := t.wire(v, p)
	if err != nil {
		return nil, err
	}
	if err := t.c.Validate(w); err != nil {
		return nil, p.invalidCustom(t.c.Name(), err)
	}
	g, err := t.c.Decode(w)
	if err != nil {
		return nil, p.invalidCustom(t.c.Name(), err)
	}
	return g, nil
}

func (t customType) fromGo(v any, p *path, raw bool) (tftypes.Value, error) {
	if raw {
		return t.c.Base().fromGo(v, p, true)
	}
	w, err := t.c.Encode(v)
	if err != nil {
		return tftypes.Value{}, p.errorf("cannot encode %T as %s: %v", v, t.c.Name(), err)
	}
	return t.c.Base().fromGo(w, p, false)
}

// NormalizedJSON is a string holding JSON. User code reads and returns the
// decoded value: map[string]any, []any, string, json.Number, bool or nil.
// Key order and insignificant whitespace never make a difference: when the
// meaning is the same, the text already in the state is kept.
var NormalizedJSON Type = Custom(normalizedJSON{})

type normalizedJSON struct{}

func (normalizedJSON) Base() Type   { return String }
func (normalizedJSON) Name() string { return "normalized JSON" }

func (normalizedJSON) Validate(wire any) error {
	_, err := decodeJSON(wire.(string))
	return err
}

func (normalizedJSON) Decode(wire any) (any, error) { return decodeJSON(wire.(string)) }

func (normalizedJSON) Encode(v any) (any, error) {
	if s, ok := v.(json.RawMessage); ok {
		if _, err := decodeJSON(string(s)); err != nil {
			return nil, err
		}
		return string(s), nil
	}
	return CanonicalJSON(v)
}

func (normalizedJSON) Equal(a, b any) bool { return jsonEqual(a, b) }

// decodeJSON decodes exactly one JSON value, numbers as json.Number. Its
// errors say where in the text the problem is.
func decodeJSON(s string) (any, error) {
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, jsonError(s, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("unexpected text after the JSON value at offset %d", dec.InputOffset())
	}
	return v, nil
}

func jsonError(s string, err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		line, col := 1, 1
		for _, r := range s[:min(int(se.Offset), len(s))] {
			if r == '\n' {
				line, col = line+1, 1
			} else {
				col++
			}
		}
		return fmt.Errorf("%v (line %d, column %d of the JSON text)", se, line, col)
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return errors.New("unexpected end of JSON input")
	}
	return err
}

// CanonicalJSON returns the canonical JSON text of v: object keys sorted,
// no insignificant whitespace, numbers in their shortest form (a whole
// number in full, 1.5e3 as 1500), except those beyond about 1e±10000, kept
// as written. It is the form NormalizedJSON writes.
func CanonicalJSON(v any) (string, error) {
	var b strings.Builder
	if err := writeCanonical(&b, v); err != nil {
		return "", err
	}
	return b.String(), nil
}

func writeCanonical(b *strings.Builder, v any) error {
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJSONString(b, k)
			b.WriteByte(':')
			if err := writeCanonical(b, x[k]); err != nil {
				return err
			}
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := writeCanonical(b, e); err != nil {
				return err
			}
		}
		b.WriteByte(']')
	case string:
		writeJSONString(b, x)
	case json.Number:
		b.WriteString(canonicalNumber(x))
	case bool:
		b.WriteString(strconv.FormatBool(x))
	default:
		// Other Go values (structs, typed maps, numbers): through
		// encoding/json, then canonically.
		data, err := json.Marshal(x)
		if err != nil {
			return err
		}
		d, err := decodeJSON(string(data))
		if err != nil {
			return err
		}
		if reflect.TypeOf(d) == reflect.TypeOf(x) {
			return fmt.Errorf("cannot encode %T as JSON", x)
		}
		return writeCanonical(b, d)
	}
	return nil
}

// canonicalNumber writes a number the same way however it was spelled:
// 1, 1.0 and 1e0 are all "1".
// maxCanonicalExponent bounds the binary exponent of the numbers
// canonicalNumber writes in their shortest form (2^33220 is about 1e10000):
// writing a number in decimal takes time that grows faster than its
// digits, and 1e1111110 would take minutes. A number beyond it is kept as
// written.
const maxCanonicalExponent = 33220

func canonicalNumber(n json.Number) string {
	if i, err := strconv.ParseInt(string(n), 10, 64); err == nil {
		return strconv.FormatInt(i, 10)
	}
	f, ok := toBigFloat(n)
	if !ok {
		return string(n)
	}
	if f.Sign() == 0 {
		return "0" // -0, -0.0 and 0e5 are the number zero, as ParseInt already makes "-0"
	}
	if exp := f.MantExp(nil); exp > maxCanonicalExponent || exp < -maxCanonicalExponent {
		return string(n)
	}
	if f.IsInt() {
		return f.Text('f', 0)
	}
	return f.Text('g', -1)
}

func writeJSONString(b *strings.Builder, s string) {
	data, _ := json.Marshal(s)
	// encoding/json escapes <, > and & for HTML; canonical JSON does not.
	data = bytes.ReplaceAll(data, []byte(`\u003c`), []byte("<"))
	data = bytes.ReplaceAll(data, []byte(`\u003e`), []byte(">"))
	data = bytes.ReplaceAll(data, []byte(`\u0026`), []byte("&"))
	b.Write(data)
}

func jsonEqual(a, b any) bool {
	x, errA := CanonicalJSON(a)
	y, errB := CanonicalJSON(b)
	return errA == nil && errB == nil && x == y
}

// Duration is a string holding a Go duration ("90s", "1h30m"); user code
// reads and returns a time.Duration. "90s" and "1m30s" are the same value.
var Duration Type = Custom(durationType{})

type durationType struct{}

func (durationType) Base() Type   { return String }
func (durationType) Name() string { return "duration" }
func (durationType) Validate(wire any) error {
	_, err := time.ParseDuration(wire.(string))
	if err != nil {
		return fmt.Errorf(`%s is not a duration such as "90s" or "1h30m"`, quoteShort(wire.(string)))
	}
	return nil
}
func (durationType) Decode(wire any) (any, error) { return time.ParseDuration(wire.(string)) }
func (durationType) Encode(v any) (any, error) {
	d, ok := v.(time.Duration)
	if !ok {
		return nil, fmt.Errorf("want time.Duration, got %T", v)
	}
	return d.String(), nil
}
func (durationType) Equal(a, b any) bool { return a == b }

// Timestamp is a string holding an RFC 3339 time; user code reads and
// returns a time.Time. The same instant written in another zone or with
// other precision is the same value.
var Timestamp Type = Custom(timestampType{})

type timestampType struct{}

func (timestampType) Base() Type   { return String }
func (timestampType) Name() string { return "RFC 3339 timestamp" }
func (timestampType) Validate(wire any) error {
	if _, err := time.Parse(time.RFC3339Nano, wire.(string)); err != nil {
		return fmt.Errorf(`%s is not an RFC 3339 timestamp such as "2026-01-02T15:04:05Z"`, quoteShort(wire.(string)))
	}
	return nil
}
func (timestampType) Decode(wire any) (any, error) {
	return time.Parse(time.RFC3339Nano, wire.(string))
}
func (timestampType) Encode(v any) (any, error) {
	t, ok := v.(time.Time)
	if !ok {
		return nil, fmt.Errorf("want time.Time, got %T", v)
	}
	return t.Format(time.RFC3339Nano), nil
}
func (timestampType) Equal(a, b any) bool {
	x, okA := a.(time.Time)
	y, okB := b.(time.Time)
	return okA && okB && x.Equal(y)
}
