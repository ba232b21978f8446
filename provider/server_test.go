package provider

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

func thing(attrs map[string]*Attribute) *Provider {
	return &Provider{Resources: map[string]*Resource{"test_thing": {
		Schema: Schema{Attributes: attrs},
		Create: func(ctx *Context, plan Values) Values { return plan },
		Read:   func(ctx *Context, state Values) Values { return state },
		Update: func(ctx *Context, prior, plan Values) Values { return plan },
		Delete: func(ctx *Context, state Values) {},
	}}}
}

func TestFlagCombinations(t *testing.T) {
	cases := []struct {
		name                         string
		required, optional, computed bool
		refused                      string // "" for valid combinations
	}{
		{"none", false, false, false, "resource test_thing: attribute a: set one of Required, Optional or Computed"},
		{"optional", false, true, false, ""},
		{"computed", false, false, true, ""},
		{"optional computed", false, true, true, ""},
		{"required", true, false, false, ""},
		{"required computed", true, false, true, "resource test_thing: attribute a: Required and Computed cannot both be set"},
		{"required optional", true, true, false, "resource test_thing: attribute a: Required and Optional cannot both be set"},
		{"all three", true, true, true, "resource test_thing: attribute a: Required, Optional and Computed cannot all be set"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := thing(map[string]*Attribute{"a": {Type: String, Required: c.required, Optional: c.optional, Computed: c.computed}})
			err := p.Check()
			if c.refused == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				if _, err := NewServer(p); err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.refused) {
				t.Fatalf("got %v, want an error containing %q", err, c.refused)
			}
			if _, err := NewServer(p); err == nil {
				t.Fatal("NewServer served an invalid provider")
			}
		})
	}
}

func TestCheckNamesNestedPaths(t *testing.T) {
	p := thing(map[string]*Attribute{"a": {Type: String, Optional: true}})
	p.Resources["test_thing"].Schema.Blocks = map[string]*Block{
		"rule": {Nesting: NestingList, Attributes: map[string]*Attribute{
			"port": {Type: Int64, Required: true, Computed: true},
		}},
	}
	p.Resources["test_thing"].Schema.Attributes["d"] = &Attribute{Type: Int64, Optional: true, Default: "eight"}
	p.Resources["test_thing"].Schema.Attributes["r"] = &Attribute{Type: Int64, Required: true, Default: 1}
	// Optional: the configuration may set part of it, so no attribute
	// inside may be computed.
	p.Resources["test_thing"].Schema.Attributes["owner"] = &Attribute{Optional: true, Computed: true, Nested: &Nested{Attributes: map[string]*Attribute{
		"team": {Type: String, Computed: true},
	}}}
	err := p.Check()
	for _, want := range []string{
		"resource test_thing: attribute owner.team: Computed attributes inside nested blocks or nested attributes are not supported",
		"resource test_thing: attribute rule.port: Required and Computed cannot both be set",
		"resource test_thing: attribute d: Default: d: an int64 value cannot hold a Go string",
		"resource test_thing: attribute r: Default needs Optional",
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("got %v, want an error containing %q", err, want)
		}
	}
}

// call is a test client of a server, speaking Go values.
type call struct {
	t  *testing.T
	s  *server
	et *elementType
}

func newCall(t *testing.T, p *Provider, typ string) *call {
	t.Helper()
	s, err := newServer(p)
	if err != nil {
		t.Fatal(err)
	}
	return &call{t: t, s: s, et: s.resources[typ]}
}

func (c *call) dv(v Values) *tfprotov6.DynamicValue {
	c.t.Helper()
	d, err := c.et.dynamic(v)
	if err != nil {
		c.t.Fatal(err)
	}
	return d
}

// values decodes wire values: custom types stay as the text the engine
// sees.
func (c *call) values(d *tfprotov6.DynamicValue) Values {
	c.t.Helper()
	m, err := c.et.decode(d)
	if err != nil {
		c.t.Fatal(err)
	}
	return Values(m)
}

// plan runs PlanResourceChange the way the engine would: the proposed new
// state is the configuration with prior values for computed attributes
// the configuration leaves null.
func (c *call) plan(prior, config Values) (Values, *tfprotov6.PlanResourceChangeResponse) {
	c.t.Helper()
	proposed := Values{}
	for k, v := range config {
		proposed[k] = v
	}
	for n, a := range c.et.schema.Attributes {
		if (a.Computed || a.Default != nil) && config[n] == nil && prior != nil {
			proposed[n] = prior[n]
		}
	}
	resp, err := c.s.PlanResourceChange(context.Background(), &tfprotov6.PlanResourceChangeRequest{
		TypeName: "test_thing", PriorState: c.dv(prior), ProposedNewState: c.dv(proposed), Config: c.dv(config),
	})
	if err != nil {
		c.t.Fatal(err)
	}
	return c.values(resp.PlannedState), resp
}

func TestPlanBehaviors(t *testing.T) {
	p := thing(map[string]*Attribute{
		"opt":      {Type: String, Optional: true},
		"comp":     {Type: String, Computed: true},
		"optcomp":  {Type: String, Optional: true, Computed: true},
		"req":      {Type: String, Required: true},
		"def":      {Type: Int64, Optional: true, Default: 8},
		"id":       {Type: String, Computed: true, UseStateForUnknown: true},
		"name":     {Type: String, Optional: true, RequiresReplace: true},
		"document": {Type: NormalizedJSON, Optional: true},
	})
	c := newCall(t, p, "test_thing")

	// Create: computed values are unknown unless set; the default applies.
	got, _ := c.plan(nil, Values{"req": "r", "optcomp": "set"})
	want := Values{"opt": nil, "comp": Unknown, "optcomp": "set", "req": "r", "def": int64(8), "id": Unknown, "name": nil, "document": nil}
	assertValues(t, "create", got, want)
	got, _ = c.plan(nil, Values{"req": "r"})
	if got["optcomp"] != Unknown {
		t.Errorf("optional+computed left out on create: %v, want unknown", got["optcomp"])
	}

	prior := Values{"opt": nil, "comp": "c1", "optcomp": "o1", "req": "r", "def": int64(8), "id": "i1", "name": "n", "document": `{"a": 1, "b": 2}`}
	// Nothing changes: the prior values stay, no replacement.
	got, resp := c.plan(prior, Values{"req": "r", "name": "n", "document": "{\n  \"b\": 2,\n  \"a\": 1\n}"})
	assertValues(t, "no change", got, prior)
	if len(resp.RequiresReplace) != 0 {
		t.Errorf("no change requires replacement: %v", resp.RequiresReplace)
	}
	// An update: computed values become unknown, except UseStateForUnknown.
	got, _ = c.plan(prior, Values{"req": "r2", "name": "n", "document": `{"a":1,"b":2}`})
	assertValues(t, "update", got, Values{"opt": nil, "comp": Unknown, "optcomp": Unknown, "req": "r2", "def": int64(8), "id": "i1", "name": "n", "document": `{"a": 1, "b": 2}`})
	// A default comes back when the configuration drops the value.
	got, _ = c.plan(Values{"req": "r", "def": int64(3), "comp": "c1", "optcomp": "o1", "id": "i1"}, Values{"req": "r"})
	if got["def"] != int64(8) {
		t.Errorf("default after removal: %v", got["def"])
	}
	// RequiresReplace: a new name replaces, and every computed value is new.
	got, resp = c.plan(prior, Values{"req": "r", "name": "other", "document": `{"a":1,"b":2}`})
	if len(resp.RequiresReplace) != 1 || !resp.RequiresReplace[0].Equal(tftypes.NewAttributePath().WithAttributeName("name")) {
		t.Errorf("RequiresReplace = %v, want [name]", resp.RequiresReplace)
	}
	if got["id"] != Unknown {
		t.Errorf("id on replace = %v, want unknown", got["id"])
	}
}

func assertValues(t *testing.T, what string, got, want Values) {
	t.Helper()
	for k, w := range want {
		if g := got[k]; g != w {
			t.Errorf("%s: %s = %#v, want %#v", what, k, g, w)
		}
	}
}

func TestPanicBecomesDiagnosticAndServerGoesOn(t *testing.T) {
	p := thing(map[string]*Attribute{"a": {Type: String, Required: true}})
	calls := 0
	p.Resources["test_thing"].Create = func(ctx *Context, plan Values) Values {
		calls++
		if calls == 1 {
			var m map[string]int
			m["boom"] = 1 //lint:ignore SA5000 a nil map write: the panic under test
		}
		return plan
	}
	c := newCall(t, p, "test_thing")
	apply := func() *tfprotov6.ApplyResourceChangeResponse {
		resp, err := c.s.ApplyResourceChange(context.Background(), &tfprotov6.ApplyResourceChangeRequest{
			TypeName: "test_thing", PriorState: c.dv(nil), PlannedState: c.dv(Values{"a": "x"}), Config: c.dv(Values{"a": "x"}),
		})
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	resp := apply()
	if len(resp.Diagnostics) != 1 || resp.Diagnostics[0].Severity != tfprotov6.DiagnosticSeverityError {
		t.Fatalf("diagnostics %v, want one error", resp.Diagnostics)
	}
	d := resp.Diagnostics[0]
	if d.Summary != "test_thing: Create failed: the provider panicked" || !strings.Contains(d.Detail, "assignment to entry in nil map") || !strings.Contains(d.Detail, "server_test.go:") {
		t.Errorf("diagnostic %q / %q", d.Summary, d.Detail)
	}
	if v := c.values(resp.NewState); v != nil {
		t.Errorf("a failed create left state %v", v)
	}
	if resp := apply(); len(resp.Diagnostics) != 0 {
		t.Errorf("the next call failed too: %v", resp.Diagnostics)
	}
}

func TestStateThatDoesNotMatchTheSchema(t *testing.T) {
	p := thing(map[string]*Attribute{"a": {Type: String, Required: true}})
	p.Resources["test_thing"].Read = func(ctx *Context, state Values) Values {
		return Values{"a": 1}
	}
	c := newCall(t, p, "test_thing")
	resp, _ := c.s.ReadResource(context.Background(), &tfprotov6.ReadResourceRequest{TypeName: "test_thing", CurrentState: c.dv(Values{"a": "x"})})
	if len(resp.Diagnostics) != 1 || !resp.Diagnostics[0].Attribute.Equal(tftypes.NewAttributePath().WithAttributeName("a")) ||
		!strings.Contains(resp.Diagnostics[0].Summary, "test_thing: Read returned a state that does not match the schema") {
		t.Fatalf("diagnostics %+v", resp.Diagnostics)
	}
	// A stored state of the current version with an attribute the schema
	// no longer has (removed without raising the version): dropped, as
	// the SDKs drop it.
	up, _ := c.s.UpgradeResourceState(context.Background(), &tfprotov6.UpgradeResourceStateRequest{
		TypeName: "test_thing", RawState: &tfprotov6.RawState{JSON: []byte(`{"a":"x","gone":1}`)},
	})
	if len(up.Diagnostics) != 0 {
		t.Fatalf("upgrade diagnostics %+v", up.Diagnostics)
	}
	if v := c.values(up.UpgradedState); v["a"] != "x" || len(v) != 1 {
		t.Errorf("upgraded %v", v)
	}
	// A value the schema cannot hold is still an error.
	up, _ = c.s.UpgradeResourceState(context.Background(), &tfprotov6.UpgradeResourceStateRequest{
		TypeName: "test_thing", RawState: &tfprotov6.RawState{JSON: []byte(`{"a":["x"]}`)},
	})
	if len(up.Diagnostics) != 1 || !strings.Contains(up.Diagnostics[0].Summary, "State does not match the schema") {
		t.Fatalf("upgrade diagnostics %+v", up.Diagnostics)
	}
}

// TestUpgradeDropsRemovedNestedAttributes: attributes removed from nested
// blocks and nested attributes are dropped at any depth.
func TestUpgradeDropsRemovedNestedAttributes(t *testing.T) {
	p := thing(map[string]*Attribute{
		"tags": {Type: Map(String), Optional: true},
		"spec": {Optional: true, Nested: &Nested{Nesting: NestingSingle, Attributes: map[string]*Attribute{"size": {Type: Int64, Optional: true}}}},
	})
	p.Resources["test_thing"].Schema.Blocks = map[string]*Block{
		"rule": {Nesting: NestingList, Attributes: map[string]*Attribute{"port": {Type: Int64, Optional: true}}},
	}
	c := newCall(t, p, "test_thing")
	up, _ := c.s.UpgradeResourceState(context.Background(), &tfprotov6.UpgradeResourceStateRequest{
		TypeName: "test_thing", RawState: &tfprotov6.RawState{JSON: []byte(`{"tags":{"gone":"kept: a map key"},"spec":{"size":2,"gone":1},"rule":[{"port":1,"gone":2}],"gone":3}`)},
	})
	if len(up.Diagnostics) != 0 {
		t.Fatalf("upgrade diagnostics %+v", up.Diagnostics)
	}
	v := c.values(up.UpgradedState)
	if got := fmt.Sprint(v["tags"], " ", v["spec"], " ", v["rule"], " ", len(v)); got != "map[gone:kept: a map key] map[size:2] [map[port:1]] 3" {
		t.Errorf("upgraded %s", got)
	}
}

func TestUpgradeState(t *testing.T) {
	p := thing(map[string]*Attribute{"port": {Type: Int64, Required: true}})
	r := p.Resources["test_thing"]
	r.Schema.Version = 1
	r.UpgradeState = func(ctx *Context, version int64, old map[string]any) Values {
		// Version 0 kept the port as a string.
		var port int64
		for _, c := range old["port"].(string) {
			port = port*10 + int64(c-'0')
		}
		return Values{"port": port}
	}
	c := newCall(t, p, "test_thing")
	resp, _ := c.s.UpgradeResourceState(context.Background(), &tfprotov6.UpgradeResourceStateRequest{
		TypeName: "test_thing", Version: 0, RawState: &tfprotov6.RawState{JSON: []byte(`{"port":"8080"}`)},
	})
	if len(resp.Diagnostics) != 0 {
		t.Fatal(resp.Diagnostics)
	}
	if v := c.values(resp.UpgradedState); v["port"] != int64(8080) {
		t.Errorf("upgraded %v", v)
	}
	resp, _ = c.s.UpgradeResourceState(context.Background(), &tfprotov6.UpgradeResourceStateRequest{
		TypeName: "test_thing", Version: 2, RawState: &tfprotov6.RawState{JSON: []byte(`{"port":1}`)},
	})
	if len(resp.Diagnostics) != 1 || !strings.Contains(resp.Diagnostics[0].Detail, "newer version of the provider") {
		t.Errorf("a newer state: %v", resp.Diagnostics)
	}
}

func TestDiagnosticsCarryPaths(t *testing.T) {
	ds := protoDiags(Diagnostics{
		{Severity: Error, Summary: "bad", Path: `rule[2].port`},
		{Severity: Warning, Summary: "meh", Path: `tags["env"]`},
		{Severity: Error, Summary: "odd", Path: `rule[`},
	})
	if !ds[0].Attribute.Equal(tftypes.NewAttributePath().WithAttributeName("rule").WithElementKeyInt(2).WithAttributeName("port")) {
		t.Errorf("path %v", ds[0].Attribute)
	}
	if ds[1].Severity != tfprotov6.DiagnosticSeverityWarning || !ds[1].Attribute.Equal(tftypes.NewAttributePath().WithAttributeName("tags").WithElementKeyString("env")) {
		t.Errorf("warning %+v", ds[1])
	}
	if ds[2].Attribute != nil || !strings.Contains(ds[2].Detail, "invalid attribute path") {
		t.Errorf("bad path %+v", ds[2])
	}
}

func TestStructDecodeEncode(t *testing.T) {
	type rule struct {
		Port int    `tf:"port"`
		Note string `tf:"note"`
	}
	type doc struct {
		Name  string            `tf:"name"`
		Tags  map[string]string `tf:"tags"`
		Rules []rule            `tf:"rule"`
		Size  *int64            `tf:"size"`
		Later any               `tf:"later"`
		Skip  string
	}
	in := Values{"name": "n", "tags": map[string]any{"a": "b"}, "rule": []any{map[string]any{"port": int64(80), "note": "x"}}, "size": nil, "later": Unknown}
	var d doc
	if err := in.Decode(&d); err != nil {
		t.Fatal(err)
	}
	if d.Name != "n" || d.Tags["a"] != "b" || d.Rules[0].Port != 80 || d.Size != nil || d.Later != Unknown {
		t.Fatalf("decoded %+v", d)
	}
	out, err := Encode(d)
	if err != nil {
		t.Fatal(err)
	}
	if out["name"] != "n" || out["size"] != nil || out["rule"].([]any)[0].(map[string]any)["port"] != int64(80) {
		t.Fatalf("encoded %#v", out)
	}
	var bad struct {
		Name int `tf:"name"`
	}
	if err := in.Decode(&bad); err == nil || !strings.Contains(err.Error(), "name: cannot decode") {
		t.Errorf("decode into the wrong type: %v", err)
	}
	var typo struct {
		Name string `tf:"nmae"`
	}
	if err := in.Decode(&typo); err == nil || err.Error() != `Decode: field Name: the values have no attribute "nmae" (did you mean "name"?)` {
		t.Errorf("decode with a misspelt tag: %v", err)
	}
	var unk struct {
		Later string `tf:"later"`
	}
	if err := in.Decode(&unk); err == nil || !strings.Contains(err.Error(), "later: the value is not known yet") {
		t.Errorf("decode of an unknown: %v", err)
	}
}

func TestModifyPlan(t *testing.T) {
	p := thing(map[string]*Attribute{
		"size":  {Type: Int64, Required: true},
		"class": {Type: String, Computed: true},
	})
	p.Resources["test_thing"].ModifyPlan = func(ctx *Context, prior, plan Values) Values {
		if plan.Int64("size") > 10 {
			return Values{"class": "large"}
		}
		if plan.Int64("size") < 0 {
			ctx.Error("size", "Negative size", "")
		}
		return nil
	}
	c := newCall(t, p, "test_thing")
	got, _ := c.plan(nil, Values{"size": int64(20)})
	if got["class"] != "large" {
		t.Errorf("class = %v, want large", got["class"])
	}
	got, _ = c.plan(nil, Values{"size": int64(1)})
	if got["class"] != Unknown {
		t.Errorf("class = %v, want unknown", got["class"])
	}
	_, resp := c.plan(nil, Values{"size": int64(-1)})
	if len(resp.Diagnostics) != 1 || !resp.Diagnostics[0].Attribute.Equal(tftypes.NewAttributePath().WithAttributeName("size")) {
		t.Errorf("diagnostics %v", resp.Diagnostics)
	}
}

func TestCallFunction(t *testing.T) {
	p := thing(map[string]*Attribute{"a": {Type: String, Optional: true}})
	p.Functions = map[string]*Function{"join": {
		Parameters: []Parameter{{Name: "sep", Type: String}},
		Variadic:   &Parameter{Name: "parts", Type: String, AllowNull: true},
		Return:     String,
		Call: func(ctx *Context, args []any) any {
			var parts []string
			for i, a := range args[1:] {
				if a == nil {
					ctx.ArgumentError(i+1, "null part")
					return nil
				}
				parts = append(parts, a.(string))
			}
			return strings.Join(parts, args[0].(string))
		},
	}}
	s, err := newServer(p)
	if err != nil {
		t.Fatal(err)
	}
	arg := func(v any) *tfprotov6.DynamicValue {
		dv, err := tfprotov6.NewDynamicValue(tftypes.String, tftypes.NewValue(tftypes.String, v))
		if err != nil {
			t.Fatal(err)
		}
		return &dv
	}
	resp, _ := s.CallFunction(context.Background(), &tfprotov6.CallFunctionRequest{Name: "join", Arguments: []*tfprotov6.DynamicValue{arg("-"), arg("a"), arg("b"), arg("c")}})
	if resp.Error != nil {
		t.Fatal(resp.Error.Text)
	}
	got, _ := resp.Result.Unmarshal(tftypes.String)
	var str string
	_ = got.As(&str)
	if str != "a-b-c" {
		t.Errorf("join = %q", str)
	}
	resp, _ = s.CallFunction(context.Background(), &tfprotov6.CallFunctionRequest{Name: "join", Arguments: []*tfprotov6.DynamicValue{arg("-"), arg("a"), arg(nil)}})
	if resp.Error == nil || resp.Error.FunctionArgument == nil || *resp.Error.FunctionArgument != 2 || resp.Error.Text != "null part" {
		t.Errorf("error %+v", resp.Error)
	}
	// OpenTofu sends a null argument as a value with no encoding at all.
	resp, _ = s.CallFunction(context.Background(), &tfprotov6.CallFunctionRequest{Name: "join", Arguments: []*tfprotov6.DynamicValue{arg("-"), arg("a"), {}}})
	if resp.Error == nil || resp.Error.FunctionArgument == nil || *resp.Error.FunctionArgument != 2 || resp.Error.Text != "null part" {
		t.Errorf("an argument without encoding: error %+v, want the call to see null", resp.Error)
	}
	resp, _ = s.CallFunction(context.Background(), &tfprotov6.CallFunctionRequest{Name: "nope"})
	if resp.Error == nil {
		t.Error("an unknown function was called")
	}
}

// A function's arguments are always known, so an unknown result is a bug
// in the provider: the engines would plan "known after apply" and apply
// null. It is an error naming the function and where the unknown is.
func TestCallFunctionRefusesUnknownResult(t *testing.T) {
	p := thing(map[string]*Attribute{"a": {Type: String, Optional: true}})
	p.Functions = map[string]*Function{
		"later": {Return: String, Call: func(ctx *Context, args []any) any { return Unknown }},
		"pairs": {Return: List(Object(map[string]Type{"name": String})), Call: func(ctx *Context, args []any) any {
			return []any{map[string]any{"name": "a"}, map[string]any{"name": Unknown}}
		}},
	}
	s, err := newServer(p)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{
		"later": "later returned an unknown value: a function gets only known arguments, so its result must be known; return the value it computes, or fail the call with ctx.Error",
		"pairs": "pairs returned an unknown value at [1].name: a function gets only known arguments",
	} {
		resp, _ := s.CallFunction(context.Background(), &tfprotov6.CallFunctionRequest{Name: name})
		if resp.Error == nil || !strings.HasPrefix(resp.Error.Text, want) {
			t.Errorf("%s: error %+v, want one starting %q", name, resp.Error, want)
		}
		if resp.Result != nil {
			t.Errorf("%s: a result besides the error", name)
		}
	}
}

// The engines end a function's error with a period of their own ("Call to
// function ... failed: TEXT."), so the text sent has none at its end.
func TestCallFunctionErrorEndsWithoutPeriod(t *testing.T) {
	p := thing(map[string]*Attribute{"a": {Type: String, Optional: true}})
	p.Functions = map[string]*Function{
		"says": {Return: String, Call: func(ctx *Context, args []any) any {
			ctx.Error("", "Cannot say", "Nothing to say.")
			return nil
		}},
		"panics": {Return: String, Call: func(ctx *Context, args []any) any { panic("boom") }},
	}
	s, err := newServer(p)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{
		"says":   "Cannot say: Nothing to say",
		"panics": "panics: Call failed: the provider panicked",
	} {
		resp, _ := s.CallFunction(context.Background(), &tfprotov6.CallFunctionRequest{Name: name})
		if resp.Error == nil || !strings.HasPrefix(resp.Error.Text, want) || strings.HasSuffix(resp.Error.Text, ".") {
			t.Errorf("%s: error %+v, want one starting %q and not ending with a period", name, resp.Error, want)
		}
	}
}

func TestCheckNamesWhatNeedsUpdate(t *testing.T) {
	p := thing(map[string]*Attribute{
		"id":   {Type: String, Required: true, RequiresReplace: true},
		"text": {Type: String, Optional: true},
		"tags": {Type: Map(String), Required: true},
		"out":  {Type: String, Computed: true},
	})
	r := p.Resources["test_thing"]
	r.Update, r.Create, r.Delete = nil, nil, nil
	want := "invalid provider definition:\n" +
		"  resource test_thing: Create is nil\n" +
		"  resource test_thing: Delete is nil\n" +
		"  resource test_thing: Update is nil, but tags, text can change without replacing the resource: write Update, or set RequiresReplace on them"
	for i := 0; i < 5; i++ { // the same order every time
		if err := p.Check(); err == nil || err.Error() != want {
			t.Fatalf("got\n%v\nwant\n%s", err, want)
		}
	}
}

// An operation that returns a value for an attribute the plan (or a data
// source's configuration) already knew is refused, naming the attribute
// and the operation; values equal to the planned ones in another form
// pass.
func TestOperationChangesPlannedValue(t *testing.T) {
	attrs := map[string]*Attribute{
		"name": {Type: String, Required: true},
		"n":    {Type: Number, Optional: true},
		"out":  {Type: String, Computed: true},
	}
	p := thing(attrs)
	returned := Values{}
	p.Resources["test_thing"].Create = func(ctx *Context, plan Values) Values { return returned }
	p.Resources["test_thing"].Update = func(ctx *Context, prior, plan Values) Values { return returned }
	p.DataSources = map[string]*DataSource{"test_thing": {
		Schema: Schema{Attributes: attrs},
		Read:   func(ctx *Context, config Values) Values { return returned },
	}}
	c := newCall(t, p, "test_thing")
	apply := func(prior Values) *tfprotov6.ApplyResourceChangeResponse {
		planned := Values{"name": "x", "n": 3, "out": Unknown}
		resp, err := c.s.ApplyResourceChange(context.Background(), &tfprotov6.ApplyResourceChangeRequest{
			TypeName: "test_thing", PriorState: c.dv(prior), PlannedState: c.dv(planned), Config: c.dv(Values{"name": "x", "n": 3}),
		})
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	read := func() *tfprotov6.ReadDataSourceResponse {
		resp, err := c.s.ReadDataSource(context.Background(), &tfprotov6.ReadDataSourceRequest{
			TypeName: "test_thing", Config: c.dv(Values{"name": "x", "n": nil, "out": nil}),
		})
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	for _, tc := range []struct {
		returned Values
		summary  string // "" when the operation succeeds
		detail   string
	}{
		{Values{"out": "o"}, "", ""},
		{Values{"out": "o", "n": 3.0, "name": "x"}, "", ""},
		{Values{"out": "o", "name": "y"}, "test_thing: OP changed name, which the plan had", `OP returned "y" (the FROM has "x")`},
		{Values{"out": "o", "n": 4}, "test_thing: OP changed n, which the plan had", "OP returned 4 (the plan has 3)"},
	} {
		returned = tc.returned
		for _, op := range []string{"Create", "Update", "Read"} {
			var diags []*tfprotov6.Diagnostic
			from := "plan"
			switch op {
			case "Create":
				diags = apply(nil).Diagnostics
			case "Update":
				diags = apply(Values{"name": "x", "n": 3, "out": "o"}).Diagnostics
			case "Read":
				from = "configuration"
				diags = read().Diagnostics
			}
			if tc.summary == "" || (op == "Read" && tc.returned["name"] == nil) {
				if len(diags) != 0 {
					t.Errorf("%s returning %v: %v", op, tc.returned, diags[0])
				}
				continue
			}
			if len(diags) != 1 {
				t.Errorf("%s returning %v: diagnostics %v, want one", op, tc.returned, diags)
				continue
			}
			d := diags[0]
			fill := strings.NewReplacer("OP", op, "FROM", from).Replace
			summary, detail := fill(tc.summary), fill(tc.detail)
			if op == "Read" {
				summary = "test_thing: Read changed name, which the configuration sets"
			}
			if d.Summary != summary || !strings.Contains(d.Detail, detail) || d.Attribute == nil {
				t.Errorf("%s returning %v: %q / %q, want %q / %q", op, tc.returned, d.Summary, d.Detail, summary, detail)
			}
		}
	}
}

// A block's attributes are never computed, so an operation that changes
// one is told where (the first difference inside the block) and to leave
// the block out, not to make it Computed, which a block cannot be.
func TestOperationChangesPlannedBlock(t *testing.T) {
	var returned Values
	p := thing(map[string]*Attribute{"out": {Type: String, Computed: true}})
	r := p.Resources["test_thing"]
	r.Schema.Blocks = map[string]*Block{"author": {Nesting: NestingList, Attributes: map[string]*Attribute{
		"name":  {Type: String, Required: true},
		"email": {Type: String, Optional: true, Sensitive: true},
		"tags":  {Type: Map(String), Optional: true},
	}}, "step": {Nesting: NestingSet, Attributes: map[string]*Attribute{
		"name": {Type: String, Required: true},
	}}}
	r.Create = func(ctx *Context, plan Values) Values { return returned }
	c := newCall(t, p, "test_thing")
	author := func(name, email, tag string) map[string]any {
		return map[string]any{"name": name, "email": email, "tags": map[string]any{"ключ": tag}}
	}
	planned := []any{author("me", "me@example.com", "a"), author("you", "you@example.com", "b")}
	steps := []any{map[string]any{"name": "a"}, map[string]any{"name": "b"}}
	for _, tc := range []struct {
		author any
		what   string
		steps  []any // the plan's when nil
	}{
		{[]any{author("me", "me@example.com", "a"), author("YOU", "you@example.com", "b")}, `another value at author[1].name: "YOU" (the plan has "you")`, nil},
		{[]any{author("me", "me@example.com", "a"), author("you", "you@example.com", "c")}, `another value at author[1].tags["ключ"]: "c" (the plan has "b")`, nil},
		// A sensitive attribute's values are not shown.
		{[]any{author("me", "ME@example.com", "a"), author("you", "you@example.com", "b")}, "another value at author[0].email. ", nil},
		{[]any{author("me", "me@example.com", "a")}, "1 author block (the plan has 2)", nil},
		{nil, "0 author blocks (the plan has 2)", nil},
		// The elements of a set have no position to name.
		{planned, "another value at step. ", []any{map[string]any{"name": "a"}, map[string]any{"name": "c"}}},
	} {
		returned = Values{"out": "o", "author": tc.author}
		if tc.steps != nil {
			returned["step"] = tc.steps
		}
		resp, err := c.s.ApplyResourceChange(context.Background(), &tfprotov6.ApplyResourceChangeRequest{
			TypeName: "test_thing", PriorState: c.dv(nil),
			PlannedState: c.dv(Values{"out": Unknown, "author": planned, "step": steps}), Config: c.dv(Values{"out": nil, "author": planned, "step": steps}),
		})
		if err != nil {
			t.Fatal(err)
		}
		want := "Create returned " + tc.what
		advice := "Create may set only computed attributes the plan leaves unknown, and the attributes of a block never are: leave author out of the returned Values to keep the value."
		if len(resp.Diagnostics) != 1 {
			t.Errorf("%v: diagnostics %v, want one", tc.author, resp.Diagnostics)
			continue
		}
		d := resp.Diagnostics[0]
		block := "author"
		if tc.steps != nil {
			block = "step"
		}
		advice = strings.Replace(advice, "leave author", "leave "+block, 1)
		if d.Summary != "test_thing: Create changed "+block+", which the plan had" || !strings.HasPrefix(d.Detail, want) ||
			!strings.Contains(d.Detail, advice) || strings.Contains(d.Detail, "Computed") || strings.Contains(d.Detail, "ME@") {
			t.Errorf("%v: %q / %q, want a detail starting %q with %q", tc.author, d.Summary, d.Detail, want, advice)
		}
	}
}

// A changed list, map or nested attribute is named down to the value that
// differs.
func TestOperationChangesPlannedValueInside(t *testing.T) {
	var returned Values
	p := thing(map[string]*Attribute{
		"out":    {Type: String, Computed: true},
		"labels": {Type: Map(String), Optional: true},
		"chapters": {Optional: true, Nested: &Nested{Nesting: NestingList, Attributes: map[string]*Attribute{
			"name":  {Type: String, Required: true},
			"pages": {Type: Int64, Optional: true},
		}}},
	})
	p.Resources["test_thing"].Create = func(ctx *Context, plan Values) Values { return returned }
	c := newCall(t, p, "test_thing")
	chapters := []any{map[string]any{"name": "one", "pages": 3}, map[string]any{"name": "two", "pages": nil}}
	config := Values{"out": nil, "labels": map[string]any{"ключ": "a"}, "chapters": chapters}
	planned := Values{"out": Unknown, "labels": map[string]any{"ключ": "a"}, "chapters": chapters}
	for _, tc := range []struct {
		returned Values
		want     string
	}{
		{Values{"out": "o", "chapters": []any{chapters[0], map[string]any{"name": "TWO", "pages": nil}}},
			`Create returned another value at chapters[1].name: "TWO" (the plan has "two"). Create may set only computed attributes the plan leaves unknown: leave chapters out of the returned Values to keep the value, or make it Computed.`},
		{Values{"out": "o", "labels": map[string]any{"ключ": "b"}},
			`Create returned another value at labels["ключ"]: "b" (the plan has "a").`},
		{Values{"out": "o", "chapters": chapters[:1]}, "Create returned another value. "},
	} {
		returned = tc.returned
		resp, err := c.s.ApplyResourceChange(context.Background(), &tfprotov6.ApplyResourceChangeRequest{
			TypeName: "test_thing", PriorState: c.dv(nil), PlannedState: c.dv(planned), Config: c.dv(config),
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(resp.Diagnostics) != 1 || !strings.HasPrefix(resp.Diagnostics[0].Detail, tc.want) {
			t.Errorf("%v: diagnostics %v, want one whose detail starts %q", tc.returned, resp.Diagnostics, tc.want)
		}
	}
}

// A value of the wrong Go type names its attribute path in the text: the
// engine shows a path's line only when the configuration sets it.
func TestStateMismatchNamesPath(t *testing.T) {
	p := thing(map[string]*Attribute{"tags": {Type: Map(String), Computed: true}})
	p.Resources["test_thing"].Create = func(ctx *Context, plan Values) Values {
		return Values{"tags": map[string]any{"a": 1}}
	}
	c := newCall(t, p, "test_thing")
	resp, err := c.s.ApplyResourceChange(context.Background(), &tfprotov6.ApplyResourceChangeRequest{
		TypeName: "test_thing", PriorState: c.dv(nil), PlannedState: c.dv(Values{"tags": Unknown}), Config: c.dv(Values{"tags": nil}),
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.Diagnostics) != 1 || resp.Diagnostics[0].Detail != `tags["a"]: a string value cannot hold a Go int (use string)` {
		t.Fatalf("diagnostics %+v", resp.Diagnostics)
	}
}

// Semantic equality holds inside nested blocks and nested attributes too:
// a Read that returns the state it got, a configuration that spells the
// same duration another way and a Create that returns decoded values all
// keep the text the state has, so that nothing shows as a change.
func TestNestedSemanticEquality(t *testing.T) {
	p := thing(map[string]*Attribute{
		"name": {Type: String, Required: true},
		"docs": {Optional: true, Nested: &Nested{Nesting: NestingList, Attributes: map[string]*Attribute{
			"doc": {Type: NormalizedJSON, Optional: true},
		}}},
	})
	r := p.Resources["test_thing"]
	r.Schema.Blocks = map[string]*Block{
		"timeouts": {Nesting: NestingSingle, Attributes: map[string]*Attribute{"create": {Type: Duration, Optional: true}}},
		"step":     {Nesting: NestingSet, Attributes: map[string]*Attribute{"every": {Type: Duration, Optional: true}, "n": {Type: Int64, Optional: true}}},
	}
	r.Create = func(ctx *Context, plan Values) Values {
		// Decoded values back: their text is the canonical one.
		return Values{"timeouts": plan["timeouts"], "step": plan["step"], "docs": plan["docs"]}
	}
	c := newCall(t, p, "test_thing")
	state := Values{
		"name":     "a",
		"timeouts": map[string]any{"create": "5m"},
		"step":     []any{map[string]any{"every": "90s", "n": int64(1)}, map[string]any{"every": "1h", "n": int64(2)}},
		"docs":     []any{map[string]any{"doc": `{ "b": 1, "a": 2 }`}},
	}
	same := func(what string, got Values) {
		t.Helper()
		for _, n := range []string{"timeouts", "step", "docs"} {
			if !reflect.DeepEqual(got[n], state[n]) {
				t.Errorf("%s: %s = %#v, want the text %#v", what, n, got[n], state[n])
			}
		}
	}

	resp, err := c.s.ReadResource(context.Background(), &tfprotov6.ReadResourceRequest{TypeName: "test_thing", CurrentState: c.dv(state)})
	if err != nil || len(resp.Diagnostics) != 0 {
		t.Fatal(err, resp.Diagnostics)
	}
	same("read", c.values(resp.NewState))

	config := Values{
		"name":     "a",
		"timeouts": map[string]any{"create": "300s"},
		"step":     []any{map[string]any{"every": "60m", "n": int64(2)}, map[string]any{"every": "1m30s", "n": int64(1)}},
		"docs":     []any{map[string]any{"doc": `{"a":2,"b":1}`}},
	}
	planned, _ := c.plan(state, config)
	same("plan", planned)

	ar, err := c.s.ApplyResourceChange(context.Background(), &tfprotov6.ApplyResourceChangeRequest{
		TypeName: "test_thing", PriorState: c.dv(nil), PlannedState: c.dv(state), Config: c.dv(config),
	})
	if err != nil || len(ar.Diagnostics) != 0 {
		t.Fatal(err, ar.Diagnostics)
	}
	same("create", c.values(ar.NewState))
}

// Names a configuration could not set are refused: meta-arguments of the
// element's block (count = 1 is the resource's count, never the
// attribute) and names that are not lower case identifiers.
func TestCheckRefusesNamesConfigurationsCannotSet(t *testing.T) {
	p := thing(map[string]*Attribute{
		"count":    {Type: Int64, Optional: true},
		"provider": {Type: String, Optional: true},
		"Name":     {Type: String, Optional: true},
		"ok_name2": {Type: String, Optional: true},
	})
	r := p.Resources["test_thing"]
	r.Schema.Blocks = map[string]*Block{
		"lifecycle": {Nesting: NestingSingle},
		"rule": {Nesting: NestingList, Attributes: map[string]*Attribute{
			"count":  {Type: Int64, Optional: true}, // only the top level is the resource block
			"my-key": {Type: String, Optional: true},
		}},
	}
	p.Schema = Schema{Attributes: map[string]*Attribute{"alias": {Type: String, Optional: true}}}
	p.DataSources = map[string]*DataSource{"test_thing": {
		Schema: Schema{Attributes: map[string]*Attribute{"for_each": {Type: String, Optional: true}, "connection": {Type: String, Optional: true}}},
		Read:   func(ctx *Context, config Values) Values { return nil },
	}}
	err := p.Check()
	for _, want := range []string{
		`resource test_thing: attribute count: "count" is a meta-argument of resource blocks`,
		`resource test_thing: attribute provider: "provider" is a meta-argument of resource blocks`,
		`resource test_thing: block lifecycle: "lifecycle" is a meta-argument of resource blocks`,
		`resource test_thing: attribute Name: a name is lower case letters, digits and underscores`,
		`resource test_thing: attribute rule.my-key: a name is lower case letters`,
		`provider: attribute alias: "alias" is a meta-argument of provider blocks`,
		`data source test_thing: attribute for_each: "for_each" is a meta-argument of data blocks`,
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("got %v, want an error containing %q", err, want)
		}
	}
	for _, fine := range []string{"ok_name2", "rule.count", "connection"} {
		if err != nil && strings.Contains(err.Error(), "attribute "+fine+":") {
			t.Errorf("%s refused: %v", fine, err)
		}
	}
}

// TestTypeTheProviderLacks: a resource, data source or ephemeral resource
// type the provider does not offer is refused in the engines' words
// (Invalid resource type, Invalid data source, Invalid ephemeral
// resource), naming the type.
func TestTypeTheProviderLacks(t *testing.T) {
	c := newCall(t, thing(map[string]*Attribute{"a": {Type: String, Optional: true}}), "test_thing")
	ctx := context.Background()
	res, err := c.s.ValidateResourceConfig(ctx, &tfprotov6.ValidateResourceConfigRequest{TypeName: "test_thnig"})
	if err != nil {
		t.Fatal(err)
	}
	data, err := c.s.ValidateDataResourceConfig(ctx, &tfprotov6.ValidateDataResourceConfigRequest{TypeName: "test_thnig"})
	if err != nil {
		t.Fatal(err)
	}
	eph, err := c.s.ValidateEphemeralResourceConfig(ctx, &tfprotov6.ValidateEphemeralResourceConfigRequest{TypeName: "test_thnig"})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		diags         []*tfprotov6.Diagnostic
		summary, noun string
	}{
		{res.Diagnostics, "Invalid resource type", "resource type"},
		{data.Diagnostics, "Invalid data source", "data source"},
		{eph.Diagnostics, "Invalid ephemeral resource", "ephemeral resource"},
	} {
		if len(tc.diags) != 1 {
			t.Fatalf("%s: diagnostics %v, want one", tc.summary, tc.diags)
		}
		d := tc.diags[0]
		want := fmt.Sprintf("This provider does not support %s %q;", tc.noun, "test_thnig")
		if d.Severity != tfprotov6.DiagnosticSeverityError || d.Summary != tc.summary || !strings.HasPrefix(d.Detail, want) {
			t.Errorf("got %q / %q, want %q / %q...", d.Summary, d.Detail, tc.summary, want)
		}
	}
}

// An engine older than write-only attributes (Terraform and OpenTofu
// before 1.11) would keep a write-only value in the state: the
// configuration that sets one is refused, at the attribute.
func TestWriteOnlyNeedsTheEngineCapability(t *testing.T) {
	c := newCall(t, thing(map[string]*Attribute{"password": {Type: String, Optional: true, WriteOnly: true}}), "test_thing")
	for _, allowed := range []bool{false, true} {
		resp, err := c.s.ValidateResourceConfig(context.Background(), &tfprotov6.ValidateResourceConfigRequest{
			TypeName: "test_thing", Config: c.dv(Values{"password": "p"}),
			ClientCapabilities: &tfprotov6.ValidateResourceConfigClientCapabilities{WriteOnlyAttributesAllowed: allowed},
		})
		if err != nil {
			t.Fatal(err)
		}
		refused := len(resp.Diagnostics) == 1 && resp.Diagnostics[0].Summary == "Write-only attribute password needs a newer engine" &&
			resp.Diagnostics[0].Attribute.Equal(tftypes.NewAttributePath().WithAttributeName("password"))
		if refused == allowed {
			t.Errorf("WriteOnlyAttributesAllowed %v: diagnostics %v", allowed, resp.Diagnostics)
		}
	}
}

// TestCheckRefusesDefaultsWithoutPlan: a Default of a data source's or the
// provider's attribute, at any depth, would be advertised to the engine and
// never filled in (they have no plan): Check refuses it, as a resource's is
// planned.
func TestCheckRefusesDefaultsWithoutPlan(t *testing.T) {
	p := thing(map[string]*Attribute{"a": {Type: String, Optional: true, Default: "x"}})
	p.Schema = Schema{Attributes: map[string]*Attribute{"region": {Type: String, Optional: true, Default: "eu"}}}
	p.DataSources = map[string]*DataSource{"test_lookup": {
		Schema: Schema{Blocks: map[string]*Block{"filter": {Nesting: NestingList, Attributes: map[string]*Attribute{
			"op": {Type: String, Optional: true, Default: "eq"},
		}}}},
		Read: func(ctx *Context, config Values) Values { return config },
	}}
	err := p.Check()
	for _, want := range []string{
		"attribute region: Default is planned for resources only",
		"data source test_lookup: attribute filter.op: Default is planned for resources only",
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("got %v, want an error containing %q", err, want)
		}
	}
	if err != nil && strings.Contains(err.Error(), "test_thing") {
		t.Errorf("a resource's default was refused: %v", err)
	}
}
