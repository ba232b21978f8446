package provider

import (
	"context"
	"encoding/json"
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

// A whole number outside the int64 range returned for an Int64 attribute
// is refused where it is returned: stored, it would make every later
// request on the resource fail, destroy included.
func TestInt64RefusesNumbersOutOfRange(t *testing.T) {
	for _, v := range []any{
		uint64(math.MaxInt64) + 1, uint(math.MaxUint64), float64(1 << 63), -float64(1<<63) * 2,
		new(big.Float).SetUint64(math.MaxUint64), json.Number("9223372036854775808"),
	} {
		want := "is not a whole number in the int64 range"
		if _, err := elemFromGo(Int64, v, (&path{}).attr("n"), false); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("tftypes path, %T %v: got %v, want %q", v, v, err, want)
		}
		var w mpWriter
		if err := encode(&w, v, Int64, (&path{}).attr("n"), false); err == nil || err.Error() != "n: "+strings.TrimPrefix(err.Error(), "n: ") || !strings.Contains(err.Error(), want) {
			t.Errorf("MessagePack path, %T %v: got %v, want n: ...%q", v, v, err, want)
		}
	}
	for _, v := range []any{uint64(math.MaxInt64), -float64(1 << 63), json.Number("-9223372036854775808")} {
		var w mpWriter
		if err := encode(&w, v, Int64, &path{}, false); err != nil {
			t.Errorf("%T %v: %v", v, v, err)
		}
	}

	p := thing(map[string]*Attribute{"n": {Type: Int64, Computed: true}})
	p.Resources["test_thing"].Create = func(ctx *Context, plan Values) Values {
		return Values{"n": uint64(1) << 63}
	}
	c := newCall(t, p, "test_thing")
	resp, err := c.s.ApplyResourceChange(context.Background(), &tfprotov6.ApplyResourceChangeRequest{
		TypeName: "test_thing", PriorState: c.dv(nil), PlannedState: c.dv(Values{"n": Unknown}), Config: c.dv(Values{"n": nil}),
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.Diagnostics) != 1 || !strings.Contains(resp.Diagnostics[0].Detail, "n: 9223372036854775808 is not a whole number in the int64 range") {
		t.Fatalf("diagnostics %+v", resp.Diagnostics)
	}
	if v := c.values(resp.NewState); v != nil {
		t.Errorf("a failed create left state %v", v)
	}
}

// A stored value the schema cannot hold is reported at its attribute path,
// however deep.
func TestStateDecodeErrorsNameTheirPath(t *testing.T) {
	typ := objectOf(map[string]*Attribute{
		"tags": {Type: Map(Int64), Optional: true},
	}, map[string]*Block{
		"rule": {Nesting: NestingList, Attributes: map[string]*Attribute{"port": {Type: Int64, Optional: true}}},
	}, false)
	for _, tc := range []struct{ json, path, msg string }{
		{`{"rule":[{"port":1},{"port":9223372036854775808}]}`, "rule[1].port", "9223372036854775808 is not a whole number in the int64 range"},
		{`{"tags":{"a":1.5}}`, `tags["a"]`, "1.5 is not a whole number"},
		{`{"rule":[{"port":1,"gone":2}]}`, "rule[0].gone", `the schema has no attribute "gone"`},
	} {
		var old map[string]any
		dec := json.NewDecoder(strings.NewReader(tc.json))
		dec.UseNumber()
		if err := dec.Decode(&old); err != nil {
			t.Fatal(err)
		}
		// The engine sends what the state holds; encode it unchecked.
		var w mpWriter
		writeJSONValue(&w, old)
		_, err := decodeObject(w.b, typ)
		pe, ok := err.(*pathError)
		if !ok {
			t.Errorf("%s: got %v, want a path error", tc.json, err)
			continue
		}
		if pe.path.String() != tc.path || !strings.Contains(pe.msg, tc.msg) {
			t.Errorf("%s: got %q at %q, want %q at %q", tc.json, pe.msg, pe.path, tc.msg, tc.path)
		}
	}
}

// writeJSONValue writes decoded JSON as MessagePack without a schema, as
// the engine would send a stored state.
func writeJSONValue(w *mpWriter, v any) {
	switch x := v.(type) {
	case nil:
		w.nil()
	case string:
		w.str(x)
	case bool:
		w.bool(x)
	case json.Number:
		f, _, _ := big.ParseFloat(string(x), 10, 512, big.ToNearestEven)
		w.number(f)
	case []any:
		w.array(len(x))
		for _, e := range x {
			writeJSONValue(w, e)
		}
	case map[string]any:
		w.mapn(len(x))
		for _, k := range sortedKeys(x) {
			w.str(k)
			writeJSONValue(w, x[k])
		}
	}
}
