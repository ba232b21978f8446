package provider

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// roundTrip converts v to Terraform's form, through the wire encoding
// (msgpack), and back.
func roundTrip(t *testing.T, typ Type, v any) any {
	t.Helper()
	tv, err := elemFromGo(typ, v, &path{}, false)
	if err != nil {
		t.Fatalf("%s from %#v: %v", typ, v, err)
	}
	dv, err := tfprotov6.NewDynamicValue(typ.tfType(), tv)
	if err != nil {
		t.Fatalf("%s: encode: %v", typ, err)
	}
	back, err := dv.Unmarshal(typ.tfType())
	if err != nil {
		t.Fatalf("%s: decode: %v", typ, err)
	}
	g, err := elemToGo(typ, back, &path{})
	if err != nil {
		t.Fatalf("%s to Go: %v", typ, err)
	}
	// The direct MessagePack path must agree with tftypes both ways.
	var w mpWriter
	if err := encode(&w, v, typ, &path{}, false); err != nil {
		t.Fatalf("%s: encode MessagePack: %v", typ, err)
	}
	viaTF, err := (&tfprotov6.DynamicValue{MsgPack: w.b}).Unmarshal(typ.tfType())
	if err != nil {
		t.Fatalf("%s: tftypes cannot read our MessagePack: %v", typ, err)
	}
	if !viaTF.Equal(back) {
		t.Fatalf("%s: our encoding reads as %v, tftypes' as %v", typ, viaTF, back)
	}
	wire, err := decodeWire(&mpReader{b: dv.MsgPack}, typ, &path{})
	if err != nil {
		t.Fatalf("%s: decode tftypes' MessagePack: %v", typ, err)
	}
	direct, err := toUser(wire, typ, &path{})
	if err != nil {
		t.Fatalf("%s: to user: %v", typ, err)
	}
	if !reflect.DeepEqual(fmt.Sprint(direct), fmt.Sprint(g)) {
		t.Fatalf("%s: direct path gives %#v, tftypes path %#v", typ, direct, g)
	}
	return g
}

func TestTypesConvertBothWays(t *testing.T) {
	ts := time.Date(2026, 1, 2, 15, 4, 5, 0, time.UTC)
	cases := []struct {
		name string
		typ  Type
		in   any
		want any // nil: same as in
	}{
		{"string", String, "héllo", nil},
		{"empty string", String, "", nil},
		{"number", Number, big.NewFloat(1.5), nil},
		{"number from int", Number, 42, big.NewFloat(42)},
		{"int64", Int64, int64(-9007199254740993), nil},
		{"int64 from int", Int64, 7, int64(7)},
		{"float64", Float64, 0.25, nil},
		{"bool", Bool, true, nil},
		{"list", List(String), []any{"a", nil, "c"}, nil},
		{"list from []string", List(String), []string{"a", "b"}, []any{"a", "b"}},
		{"set", Set(Int64), []any{int64(1), int64(2)}, nil},
		{"map", Map(Bool), map[string]any{"x": true, "y": nil}, nil},
		{"object", Object(map[string]Type{"a": String, "b": List(Int64)}), map[string]any{"a": "x", "b": []any{int64(1)}}, nil},
		{"object missing key is null", Object(map[string]Type{"a": String, "b": String}), map[string]any{"a": "x"}, map[string]any{"a": "x", "b": nil}},
		{"normalized json", NormalizedJSON, map[string]any{"b": []any{json.Number("1"), true}, "a": nil}, nil},
		{"duration", Duration, 90 * time.Second, nil},
		{"timestamp", Timestamp, ts, nil},
		{"null", String, nil, nil},
		{"unknown", List(String), Unknown, nil},
		{"unknown inside", Map(String), map[string]any{"a": Unknown}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := roundTrip(t, c.typ, c.in)
			want := c.want
			if want == nil {
				want = c.in
			}
			if f, ok := want.(*big.Float); ok {
				g, isFloat := got.(*big.Float)
				if !isFloat || g.Cmp(f) != 0 {
					t.Fatalf("got %#v, want %v", got, f)
				}
				return
			}
			if c.typ == Timestamp {
				if !got.(time.Time).Equal(want.(time.Time)) {
					t.Fatalf("got %v, want %v", got, want)
				}
				return
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("got %#v, want %#v", got, want)
			}
		})
	}
}

func TestSetsDropDuplicates(t *testing.T) {
	var w mpWriter
	if err := encode(&w, []any{"a", "b", "a"}, Set(String), &path{}, false); err != nil {
		t.Fatal(err)
	}
	got, err := decodeWire(&mpReader{b: w.b}, Set(String), &path{})
	if err != nil || !reflect.DeepEqual(got, []any{"a", "b"}) {
		t.Fatalf("got %v, %v; want [a b]", got, err)
	}
}

func TestTypesRefuseWrongGoValues(t *testing.T) {
	cases := []struct {
		typ  Type
		in   any
		want string
	}{
		{String, 1, "a string value cannot hold a Go int (use string)"},
		{Int64, 1.5, "1.5 is not a whole number"},
		{Bool, "true", "a bool value cannot hold a Go string"},
		{List(String), []any{"a", 2}, `[1]: a string value cannot hold a Go int`},
		{Map(String), map[string]any{"k": false}, `["k"]: a string value cannot hold a Go bool`},
		{Object(map[string]Type{"port": Int64}), map[string]any{"prot": 1}, `prot: the schema has no attribute "prot" (did you mean "port"?)`},
		{Duration, "90s", "cannot encode string as duration"},
		{NormalizedJSON, json.RawMessage(`{`), "cannot encode"},
		{Number, json.Number("1e1111111100"), "1e1111111100 is not a number Terraform can hold"},
	}
	for _, c := range cases {
		_, err := elemFromGo(c.typ, c.in, &path{}, false)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s from %#v: got %v, want an error containing %q", c.typ, c.in, err, c.want)
		}
	}
}

func TestInvalidWireValuesAreErrorsAtTheirPath(t *testing.T) {
	typ := Object(map[string]Type{"rule": List(Object(map[string]Type{"doc": NormalizedJSON, "every": Duration}))})
	tv := tftypes.NewValue(typ.tfType(), map[string]tftypes.Value{
		"rule": tftypes.NewValue(tftypes.List{ElementType: typ.(objectType).attrs["rule"].tfType().(tftypes.List).ElementType}, []tftypes.Value{
			tftypes.NewValue(typ.(objectType).attrs["rule"].tfType().(tftypes.List).ElementType, map[string]tftypes.Value{
				"doc":   tftypes.NewValue(tftypes.String, `{"a": 1}`),
				"every": tftypes.NewValue(tftypes.String, "soon"),
			}),
		}),
	})
	_, err := typ.toGo(tv, &path{})
	pe, ok := err.(*pathError)
	if !ok {
		t.Fatalf("got %v, want a path error", err)
	}
	if got := pe.path.String(); got != "rule[0].every" {
		t.Errorf("path %q, want rule[0].every", got)
	}
	if !strings.Contains(pe.msg, `"soon" is not a duration`) {
		t.Errorf("message %q", pe.msg)
	}
}

func TestSemanticEquality(t *testing.T) {
	cases := []struct {
		typ  Type
		a, b string
		want bool
	}{
		{NormalizedJSON, `{"a":1,"b":[1,2]}`, "{\n  \"b\": [1, 2],\n  \"a\": 1\n}", true},
		{NormalizedJSON, `{"a":1}`, `{"a":1.0}`, true},
		{NormalizedJSON, `{"a":1}`, `{"a":2}`, false},
		{NormalizedJSON, `[1,2]`, `[2,1]`, false},
		{NormalizedJSON, `{"a":1}`, `{not json`, false},
		{Duration, "90s", "1m30s", true},
		{Duration, "90s", "91s", false},
		{Timestamp, "2026-01-02T15:04:05Z", "2026-01-02T16:04:05+01:00", true},
		{Timestamp, "2026-01-02T15:04:05Z", "2026-01-02T15:04:05.000Z", true},
		{Timestamp, "2026-01-02T15:04:05Z", "2026-01-02T15:04:06Z", false},
		{String, "a", "a", true},
	}
	for _, c := range cases {
		if got := wireEqual(c.a, c.b, c.typ); got != c.want {
			t.Errorf("%s: %q vs %q: got %v, want %v", c.typ, c.a, c.b, got, c.want)
		}
	}
}

func TestSetEqualityIgnoresOrder(t *testing.T) {
	typ := Set(Object(map[string]Type{"key": String, "value": String}))
	item := func(k, v string) map[string]any { return map[string]any{"key": k, "value": v} }
	a := []any{item("a", "1"), item("b", "2")}
	b := []any{item("b", "2"), item("a", "1")}
	c := []any{item("b", "2"), item("a", "3")}
	if !wireEqual(a, b, typ) {
		t.Error("the same set in another order is not equal")
	}
	if wireEqual(a, c, typ) {
		t.Error("different sets are equal")
	}
}

func TestCanonicalJSON(t *testing.T) {
	cases := map[string]string{
		`{"b": 1, "a": [true, null, "x<y&z"]}`: `{"a":[true,null,"x<y&z"],"b":1}`,
		` 1.0 `:                                `1`,
		`1e2`:                                  `100`,
		`0.5`:                                  `0.5`,
		`"é\u00e9"`:                            `"éé"`,
		`{"nested": {"z": {}, "a": []}}`:       `{"nested":{"a":[],"z":{}}}`,
		`123456789012345678901234567890`:       `123456789012345678901234567890`,
		// Too large for any number: kept as written, not "+Inf".
		`10000E000001111111100`: `10000E000001111111100`,
		// Too large to write in full in good time: kept as written.
		`10000E000001111110`: `10000E000001111110`,
		`-2.5e-20000`:        `-2.5e-20000`,
		`1e200`:              `1` + strings.Repeat("0", 200),
	}
	for in, want := range cases {
		v, err := decodeJSON(in)
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		got, err := CanonicalJSON(v)
		if err != nil || got != want {
			t.Errorf("CanonicalJSON(%s) = %s, %v; want %s", in, got, err, want)
		}
	}
	for _, bad := range []string{`{not json`, `{"a":1} x`, ``, `[1,`} {
		if _, err := decodeJSON(bad); err == nil {
			t.Errorf("decodeJSON(%q) accepted it", bad)
		}
	}
}

func FuzzNormalizedJSON(f *testing.F) {
	for _, s := range []string{`{"b":1,"a":[true,null]}`, `1.5e3`, `"x"`, `[{"a":{}}]`, `{not json`, `-0`, `1E400`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := decodeJSON(s)
		if err != nil {
			return
		}
		c1, err := CanonicalJSON(v)
		if err != nil {
			t.Fatalf("canonical of %q: %v", s, err)
		}
		v2, err := decodeJSON(c1)
		if err != nil {
			t.Fatalf("canonical text %q of %q does not decode: %v", c1, s, err)
		}
		c2, err := CanonicalJSON(v2)
		if err != nil || c1 != c2 {
			t.Fatalf("not idempotent: %q -> %q -> %q (%v)", s, c1, c2, err)
		}
		if !wireEqual(s, c1, NormalizedJSON) {
			t.Fatalf("%q and its canonical form %q are not semantically equal", s, c1)
		}
	})
}

func TestParsePath(t *testing.T) {
	cases := map[string]*tftypes.AttributePath{
		"hostname":     tftypes.NewAttributePath().WithAttributeName("hostname"),
		`tags["env"]`:  tftypes.NewAttributePath().WithAttributeName("tags").WithElementKeyString("env"),
		"rule[2].port": tftypes.NewAttributePath().WithAttributeName("rule").WithElementKeyInt(2).WithAttributeName("port"),
		`m["a.b[c]"]`:  tftypes.NewAttributePath().WithAttributeName("m").WithElementKeyString("a.b[c]"),
	}
	for in, want := range cases {
		got, err := ParsePath(in)
		if err != nil || !got.Equal(want) {
			t.Errorf("ParsePath(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, bad := range []string{"rule[", "rule[x]", "a..b", `t["x]`, "rule[-1]"} {
		if _, err := ParsePath(bad); err == nil {
			t.Errorf("ParsePath(%q) accepted it", bad)
		}
	}
}

func FuzzParsePath(f *testing.F) {
	for _, s := range []string{"hostname", `tags["env"]`, "rule[2].port", `m["a]b"]`, "[", ".", "a..b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePath(s)
		if err != nil || p == nil {
			return
		}
		// What parses writes back to a path that parses to the same.
		var b strings.Builder
		for _, st := range p.Steps() {
			switch x := st.(type) {
			case tftypes.AttributeName:
				if b.Len() > 0 {
					b.WriteByte('.')
				}
				b.WriteString(string(x))
			case tftypes.ElementKeyString:
				b.WriteString("[" + strconvQuote(string(x)) + "]")
			case tftypes.ElementKeyInt:
				b.WriteString("[" + itoa(int64(x)) + "]")
			}
		}
		p2, err := ParsePath(b.String())
		if err != nil || !p2.Equal(p) {
			t.Fatalf("%q parsed to %v, written %q, parsed again to %v (%v)", s, p, b.String(), p2, err)
		}
	})
}

// FuzzDecodeWire feeds arbitrary bytes to the MessagePack reader, as a
// broken or hostile engine could: it must return an error or a value, never
// panic; and what it decodes must encode and decode to the same.
func FuzzDecodeWire(f *testing.F) {
	typ := Object(map[string]Type{
		"s": String, "n": Number, "i": Int64, "f": Float64, "b": Bool, "j": NormalizedJSON,
		"l": List(String), "set": Set(Object(map[string]Type{"k": String})), "m": Map(Int64),
	})
	for _, v := range []any{
		map[string]any{"s": "x", "n": big.NewFloat(1.5), "i": int64(-3), "f": 2.5, "b": true, "j": `{"a":1}`,
			"l": []any{"a", nil}, "set": []any{map[string]any{"k": "v"}}, "m": map[string]any{"a": int64(1)}},
		map[string]any{"s": Unknown},
		nil,
	} {
		var w mpWriter
		if err := encode(&w, v, typ, &path{}, true); err != nil {
			f.Fatal(err)
		}
		f.Add(w.b)
	}
	f.Add([]byte{0xdd, 0xff, 0xff, 0xff, 0xff})
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &mpReader{b: data}
		v, err := decodeWire(r, typ, &path{})
		if err != nil {
			return
		}
		var w mpWriter
		if err := encode(&w, v, typ, &path{}, true); err != nil {
			return // e.g. a number too large for int64 in "i" is refused on the way back
		}
		v2, err := decodeWire(&mpReader{b: w.b}, typ, &path{})
		if err != nil {
			t.Fatalf("re-decoding %x: %v", w.b, err)
		}
		var w2 mpWriter
		if err := encode(&w2, v2, typ, &path{}, true); err != nil || !bytes.Equal(w.b, w2.b) {
			t.Fatalf("%#v encodes as %x, decoded and encoded again as %x (%v)", v, w.b, w2.b, err)
		}
	})
}
