package provider

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// Schemas that terraform and tofu refuse when they load the provider's
// schema (with "invalid schema ... which is a bug in the provider" and no
// hint of what to change), or that would crash the provider, are refused
// by Check, each naming the element and the path.
func TestCheckRefusesSchemasTheEnginesRefuse(t *testing.T) {
	opt := func(t Type) *Attribute { return &Attribute{Type: t, Optional: true} }
	p := thing(map[string]*Attribute{
		"dup":          opt(String),
		"list_nil":     opt(List(nil)),
		"obj_nil":      opt(Object(map[string]Type{"x": String, "y": nil})),
		"deep_nil":     opt(Map(Set(Custom(nil)))),
		"empty_nested": {Optional: true, Nested: &Nested{Nesting: NestingList}},
		"nested_default": {Optional: true, Default: map[string]any{"port": "eighty"},
			Nested: &Nested{Attributes: map[string]*Attribute{"port": opt(Int64)}}},
		"unknown_default": {Type: String, Optional: true, Default: Unknown},
		"inner_unknown":   {Type: List(String), Optional: true, Default: []any{"a", Unknown}},
		"nested_bad_inner": {Optional: true, Default: map[string]any{"port": 1},
			Nested: &Nested{Attributes: map[string]*Attribute{"port": opt(List(nil))}}},
	})
	r := p.Resources["test_thing"]
	r.Schema.Blocks = map[string]*Block{
		"dup":         {Nesting: NestingList},
		"single_min":  {Nesting: NestingSingle, MinItems: 1},
		"single_two":  {Nesting: NestingSingle, MinItems: 2, MaxItems: 2},
		"negative":    {Nesting: NestingList, MinItems: -1},
		"bad_nesting": {Nesting: Nesting(7)},
		"outer": {Nesting: NestingSet, Attributes: map[string]*Attribute{"inner": opt(String)},
			Blocks: map[string]*Block{"inner": {Nesting: NestingList}}},
		// Valid: a required single block, a block without attributes.
		"required_single": {Nesting: NestingSingle, MinItems: 1, MaxItems: 1, Attributes: map[string]*Attribute{"x": opt(String)}},
		"marker":          {Nesting: NestingSingle},
	}
	p.Functions = map[string]*Function{"f": {
		Parameters: []Parameter{{Name: "xs", Type: List(nil)}},
		Return:     Object(map[string]Type{"a": nil}),
		Call:       func(ctx *Context, args []any) any { return nil },
	}}
	var err error
	func() {
		defer func() {
			if r := recover(); r != nil {
				t.Fatalf("Check panicked: %v", r)
			}
		}()
		err = p.Check()
	}()
	for _, want := range []string{
		"resource test_thing: dup is the name of both an attribute and a block",
		"resource test_thing: outer.inner is the name of both an attribute and a block",
		"resource test_thing: attribute list_nil: Type: list element type is nil",
		`resource test_thing: attribute obj_nil: Type: object attribute "y" has a nil type`,
		"resource test_thing: attribute deep_nil: Type: Custom was given a nil CustomType",
		"resource test_thing: attribute empty_nested: Nested has no attributes",
		"resource test_thing: attribute nested_default: Default: nested_default.port: an int64 value cannot hold a Go string",
		"resource test_thing: attribute nested_bad_inner.port: Type: list element type is nil",
		"resource test_thing: attribute unknown_default: Default: a default is a value known before apply, not Unknown; for a value the provider chooses when the configuration leaves it out, drop Default, add Computed and set the attribute in Create",
		"resource test_thing: attribute inner_unknown: Default: a default is a value known before apply",
		"resource test_thing: block single_min: a NestingSingle block takes MinItems and MaxItems both 0",
		"resource test_thing: block single_two: a NestingSingle block takes MinItems and MaxItems both 0",
		"resource test_thing: block negative: MinItems and MaxItems cannot be negative",
		"resource test_thing: block bad_nesting: unknown nesting 7",
		"function f: parameter 0 (xs): list element type is nil",
		`function f: Return: object attribute "a" has a nil type`,
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("got %v, want an error containing %q", err, want)
		}
	}
	for _, fine := range []string{"required_single", "marker"} {
		if err != nil && strings.Contains(err.Error(), "block "+fine+":") {
			t.Errorf("%s refused: %v", fine, err)
		}
	}
	if _, err := NewServer(p); err == nil {
		t.Error("NewServer served an invalid provider")
	}
}

// A state can never hold an unknown value: an operation returning one gets
// an error naming the element, the operation and the attribute, not the
// engine's "The returned state contains unknown values".
func TestUnknownInStateNamesOperation(t *testing.T) {
	attrs := map[string]*Attribute{
		"name": {Type: String, Required: true},
		"out":  {Type: String, Computed: true},
		"tags": {Type: Map(String), Computed: true},
	}
	p := thing(attrs)
	r := p.Resources["test_thing"]
	r.Schema.Version = 1
	bad := Values{"out": Unknown, "tags": map[string]any{"a": Unknown}}
	r.Read = func(ctx *Context, state Values) Values { return bad }
	r.Import = func(ctx *Context, id string) Values { return Values{"name": id, "out": Unknown} }
	r.UpgradeState = func(ctx *Context, version int64, old map[string]any) Values {
		return Values{"name": "n", "out": Unknown}
	}
	p.DataSources = map[string]*DataSource{"test_thing": {
		Schema: Schema{Attributes: attrs},
		Read:   func(ctx *Context, config Values) Values { return bad },
	}}
	c := newCall(t, p, "test_thing")
	ctx := context.Background()
	read, _ := c.s.ReadResource(ctx, &tfprotov6.ReadResourceRequest{TypeName: "test_thing", CurrentState: c.dv(Values{"name": "n", "out": "o"})})
	imp, _ := c.s.ImportResourceState(ctx, &tfprotov6.ImportResourceStateRequest{TypeName: "test_thing", ID: "n"})
	up, _ := c.s.UpgradeResourceState(ctx, &tfprotov6.UpgradeResourceStateRequest{TypeName: "test_thing", Version: 0, RawState: &tfprotov6.RawState{JSON: []byte(`{"name":"n"}`)}})
	data, _ := c.s.ReadDataSource(ctx, &tfprotov6.ReadDataSourceRequest{TypeName: "test_thing", Config: c.dv(Values{"name": "n"})})
	for _, tc := range []struct {
		diags   []*tfprotov6.Diagnostic
		summary string
	}{
		{read.Diagnostics, "test_thing: Read left unknown values in out, tags"},
		{imp.Diagnostics, "test_thing: Import left an unknown value in out"},
		{up.Diagnostics, "test_thing: UpgradeState left an unknown value in out"},
		{data.Diagnostics, "test_thing: Read left unknown values in out, tags"},
	} {
		if len(tc.diags) != 1 || tc.diags[0].Summary != tc.summary ||
			!tc.diags[0].Attribute.Equal(tftypes.NewAttributePath().WithAttributeName("out")) {
			t.Errorf("diagnostics %+v, want one: %q at out", tc.diags, tc.summary)
		}
	}
	if imp.ImportedResources != nil || up.UpgradedState != nil || data.State != nil {
		t.Error("a state with unknown values was returned")
	}
}

// ModifyPlan may change only what the engine lets a plan change: computed
// attributes, and optional computed or defaulted ones the configuration
// leaves null. Anything else is an error naming ModifyPlan and the
// attribute, not the engine's "Provider produced invalid plan".
func TestModifyPlanMayNotChangeConfiguredValues(t *testing.T) {
	p := thing(map[string]*Attribute{
		"name":    {Type: String, Required: true},
		"opt":     {Type: String, Optional: true},
		"optcomp": {Type: String, Optional: true, Computed: true},
		"def":     {Type: Int64, Optional: true, Default: 1},
		"comp":    {Type: String, Computed: true},
		"secret":  {Type: String, Optional: true, Sensitive: true},
		"every":   {Type: Duration, Optional: true},
	})
	var returned Values
	p.Resources["test_thing"].ModifyPlan = func(ctx *Context, prior, plan Values) Values { return returned }
	c := newCall(t, p, "test_thing")
	config := Values{"name": "n", "secret": "hunter2", "every": "90s"}
	for _, tc := range []struct {
		returned Values
		summary  string // "" when the plan is valid
		detail   string
	}{
		{Values{"comp": "c", "optcomp": "oc", "def": 5}, "", ""},
		{Values{"name": "n"}, "", ""},
		// The same duration in another spelling keeps the configuration's.
		{Values{"every": 90 * time.Second}, "", ""},
		{Values{"name": "N"}, "test_thing: ModifyPlan changed name, which the configuration sets", `ModifyPlan returned "N" (the configuration has "n")`},
		{Values{"opt": "o"}, "test_thing: ModifyPlan set opt, which is not computed", `ModifyPlan returned "o" (the configuration has null)`},
		{Values{"secret": "other"}, "test_thing: ModifyPlan changed secret, which the configuration sets", "ModifyPlan returned another value"},
	} {
		returned = tc.returned
		got, resp := c.plan(nil, config)
		if tc.summary == "" {
			if len(resp.Diagnostics) != 0 {
				t.Errorf("ModifyPlan returning %v: %v", tc.returned, resp.Diagnostics[0])
			} else if got["every"] != "90s" {
				t.Errorf("ModifyPlan returning %v: every = %v, want the configuration's 90s", tc.returned, got["every"])
			}
			continue
		}
		if len(resp.Diagnostics) != 1 {
			t.Errorf("ModifyPlan returning %v: diagnostics %v, want one", tc.returned, resp.Diagnostics)
			continue
		}
		d := resp.Diagnostics[0]
		if d.Summary != tc.summary || !strings.Contains(d.Detail, tc.detail) || strings.Contains(d.Detail, "hunter2") || d.Attribute == nil {
			t.Errorf("ModifyPlan returning %v: %q / %q, want %q / %q", tc.returned, d.Summary, d.Detail, tc.summary, tc.detail)
		}
	}
	// The prior value, where the configuration means the same, is valid.
	returned = Values{"every": 90 * time.Second}
	prior := Values{"name": "n", "def": int64(1), "comp": "c", "optcomp": "oc", "secret": "hunter2", "every": "1m30s"}
	if _, resp := c.plan(prior, config); len(resp.Diagnostics) != 0 {
		t.Errorf("ModifyPlan keeping the prior spelling: %v", resp.Diagnostics[0])
	}
}

// The values of a sensitive attribute never appear in a diagnostic.
func TestChangedSensitiveValueIsNotShown(t *testing.T) {
	p := thing(map[string]*Attribute{"secret": {Type: String, Required: true, Sensitive: true}})
	p.Resources["test_thing"].Create = func(ctx *Context, plan Values) Values { return Values{"secret": "Hunter2"} }
	c := newCall(t, p, "test_thing")
	resp, _ := c.s.ApplyResourceChange(context.Background(), &tfprotov6.ApplyResourceChangeRequest{
		TypeName: "test_thing", PriorState: c.dv(nil), PlannedState: c.dv(Values{"secret": "hunter2"}), Config: c.dv(Values{"secret": "hunter2"}),
	})
	if len(resp.Diagnostics) != 1 || resp.Diagnostics[0].Summary != "test_thing: Create changed secret, which the plan had" {
		t.Fatalf("diagnostics %+v", resp.Diagnostics)
	}
	if d := resp.Diagnostics[0].Detail; strings.Contains(strings.ToLower(d), "hunter2") {
		t.Errorf("the detail shows the sensitive value: %s", d)
	}
}

// A panic in a custom type's methods is an error diagnostic naming the
// element and the request, like a panic in an operation, and the server
// goes on; an apply keeps the prior state.
func TestPanicOutsideOperationsBecomesDiagnostic(t *testing.T) {
	p := thing(map[string]*Attribute{"a": {Type: Custom(Fragile{}), Optional: true}})
	p.Resources["test_thing"].ModifyPlan = func(ctx *Context, prior, plan Values) Values { return nil }
	p.Functions = map[string]*Function{"f": {
		Parameters: []Parameter{{Name: "x", Type: Custom(Fragile{})}},
		Return:     String,
		Call:       func(ctx *Context, args []any) any { return "ok" },
	}}
	c := newCall(t, p, "test_thing")
	ctx := context.Background()
	boom := c.dv(Values{"a": "boom"})
	prior := c.dv(Values{"a": "fine"})
	check := func(rpc string, diags []*tfprotov6.Diagnostic) {
		t.Helper()
		if len(diags) != 1 || diags[0].Summary != "test_thing: "+rpc+" failed: the provider panicked" ||
			!strings.Contains(diags[0].Detail, "assignment to entry in nil map (at provider/helpers_test.go:") {
			t.Errorf("%s: diagnostics %+v", rpc, diags)
		}
	}
	v, _ := c.s.ValidateResourceConfig(ctx, &tfprotov6.ValidateResourceConfigRequest{TypeName: "test_thing", Config: boom})
	check("ValidateResourceConfig", v.Diagnostics)
	pl, _ := c.s.PlanResourceChange(ctx, &tfprotov6.PlanResourceChangeRequest{TypeName: "test_thing", PriorState: prior, ProposedNewState: boom, Config: boom})
	check("PlanResourceChange", pl.Diagnostics)
	rd, _ := c.s.ReadResource(ctx, &tfprotov6.ReadResourceRequest{TypeName: "test_thing", CurrentState: boom})
	check("ReadResource", rd.Diagnostics)
	ap, _ := c.s.ApplyResourceChange(ctx, &tfprotov6.ApplyResourceChangeRequest{TypeName: "test_thing", PriorState: prior, PlannedState: boom, Config: boom})
	check("ApplyResourceChange", ap.Diagnostics)
	if got := c.values(ap.NewState); got["a"] != "fine" {
		t.Errorf("state after a panicking apply: %v, want the prior state", got)
	}
	fn, _ := c.s.CallFunction(ctx, &tfprotov6.CallFunctionRequest{Name: "f", Arguments: []*tfprotov6.DynamicValue{stringArg(t, "boom")}})
	if fn == nil || fn.Error == nil || !strings.Contains(fn.Error.Text, "f: CallFunction failed: the provider panicked") {
		t.Errorf("CallFunction: %+v", fn)
	}
	// The server goes on.
	if v, _ := c.s.ValidateResourceConfig(ctx, &tfprotov6.ValidateResourceConfigRequest{TypeName: "test_thing", Config: prior}); len(v.Diagnostics) != 0 {
		t.Errorf("next request: %v", v.Diagnostics)
	}
}

func stringArg(t *testing.T, s string) *tfprotov6.DynamicValue {
	t.Helper()
	dv, err := tfprotov6.NewDynamicValue(tftypes.String, tftypes.NewValue(tftypes.String, s))
	if err != nil {
		t.Fatal(err)
	}
	return &dv
}

// A RequiresReplace attribute that ModifyPlan changes plans a replacement,
// and the replacement's computed values are unknown, as when the
// configuration changes it.
func TestModifyPlanChangingRequiresReplaceReplaces(t *testing.T) {
	p := thing(map[string]*Attribute{
		"name": {Type: String, Required: true},
		"zone": {Type: String, Optional: true, Computed: true, RequiresReplace: true},
		"id":   {Type: String, Computed: true, UseStateForUnknown: true},
	})
	p.Resources["test_thing"].ModifyPlan = func(ctx *Context, prior, plan Values) Values {
		if plan.Null("zone") || !plan.Known("zone") {
			return Values{"zone": "zone-of-" + plan.String("name")}
		}
		return nil
	}
	c := newCall(t, p, "test_thing")
	prior := Values{"name": "a", "zone": "zone-of-a", "id": "i1"}
	got, resp := c.plan(prior, Values{"name": "a"})
	if len(resp.Diagnostics) != 0 || len(resp.RequiresReplace) != 0 || got["id"] != "i1" {
		t.Errorf("no change: %v, replace %v, diagnostics %v", got, resp.RequiresReplace, resp.Diagnostics)
	}
	got, resp = c.plan(prior, Values{"name": "b"})
	if len(resp.Diagnostics) != 0 {
		t.Fatal(resp.Diagnostics[0])
	}
	if len(resp.RequiresReplace) != 1 || !resp.RequiresReplace[0].Equal(tftypes.NewAttributePath().WithAttributeName("zone")) {
		t.Errorf("RequiresReplace = %v, want [zone]", resp.RequiresReplace)
	}
	if got["zone"] != "zone-of-b" || got["id"] != Unknown {
		t.Errorf("plan %v, want zone-of-b and an unknown id", got)
	}
}

// An accessor of Values read a value of another type as its zero value:
// String of a Duration attribute was "" whatever the configuration said.
// It is an error of the operation now, naming the attribute, what it holds
// and how to read it, at the provider's line; null and unknown values
// still read as zero.
func TestAccessorOfAnotherType(t *testing.T) {
	p := thing(map[string]*Attribute{
		"timeout": {Type: Duration, Optional: true},
		"size":    {Type: Float64, Optional: true},
	})
	var got string
	p.Resources["test_thing"].Create = func(ctx *Context, plan Values) Values {
		got = plan.String("timeout") // the mistake: a Duration is a time.Duration
		return nil
	}
	c := newCall(t, p, "test_thing")
	planned := c.dv(Values{"timeout": "90s"})
	resp, err := c.s.ApplyResourceChange(context.Background(), &tfprotov6.ApplyResourceChangeRequest{
		TypeName: "test_thing", PriorState: c.dv(nil), PlannedState: planned, Config: planned,
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.Diagnostics) != 1 || resp.Diagnostics[0].Summary != "test_thing: Create failed: the provider panicked" {
		t.Fatalf("diagnostics %+v (the value read: %q)", resp.Diagnostics, got)
	}
	for _, want := range []string{
		`Values.String("timeout"): timeout holds a time.Duration, not a string: read it as v["timeout"].(time.Duration) (a Duration attribute)`,
		"(at provider/mistakes_test.go:",
	} {
		if d := resp.Diagnostics[0].Detail; !strings.Contains(d, want) {
			t.Errorf("the detail lacks %q:\n%s", want, d)
		}
	}
	v := Values{"null": nil, "unknown": Unknown, "n": int64(3), "block": Values{"x": "y"}, "list": []any{"a"}}
	if v.String("null") != "" || v.Int64("unknown") != 0 || v.Bool("absent") || v.Int64("n") != 3 ||
		v.Map("block")["x"] != "y" || len(v.List("list")) != 1 || v.Map("unknown") != nil {
		t.Error("an accessor of a null, unknown, absent or matching value")
	}
	func() {
		defer func() {
			if r := recover(); r == nil || !strings.Contains(r.(string), `Values.Int64("size"): size holds a float64, not an int64`) {
				t.Errorf("Int64 of a float64: %v", r)
			}
		}()
		Values{"size": 1.5}.Int64("size")
	}()
}

// A configuration value the framework refuses is quoted in the error,
// except in a Sensitive attribute (or inside one), where the error says
// what is wrong without the value, as the framework's other diagnostics
// do.
func TestInvalidSensitiveValueIsNotShown(t *testing.T) {
	p := thing(map[string]*Attribute{
		"pin":  {Type: Int64, Optional: true, Sensitive: true},
		"pins": {Type: List(Int64), Optional: true, Sensitive: true},
		"ttl":  {Type: Duration, Optional: true, Sensitive: true},
		"doc":  {Type: NormalizedJSON, Optional: true, Sensitive: true},
		"creds": {Optional: true, Sensitive: true, Nested: &Nested{Attributes: map[string]*Attribute{
			"pin": {Type: Int64, Optional: true},
		}}},
		"port": {Type: Int64, Optional: true},
		"wait": {Type: Duration, Optional: true},
	})
	p.Resources["test_thing"].Schema.Blocks = map[string]*Block{"login": {Nesting: NestingList, Attributes: map[string]*Attribute{
		"ttl": {Type: Duration, Optional: true, Sensitive: true},
	}}}
	c := newCall(t, p, "test_thing")
	typ := c.et.obj.tfType().(tftypes.Object)
	// The same object without optional attributes, which tftypes cannot
	// make values of; the MessagePack is the same.
	plain := tftypes.Object{AttributeTypes: map[string]tftypes.Type{}}
	for n, at := range typ.AttributeTypes {
		if o, ok := at.(tftypes.Object); ok {
			at = tftypes.Object{AttributeTypes: o.AttributeTypes}
		}
		plain.AttributeTypes[n] = at
	}
	typ = plain
	config := func(name string, v tftypes.Value) *tfprotov6.DynamicValue {
		vals := map[string]tftypes.Value{}
		for n, at := range typ.AttributeTypes {
			vals[n] = tftypes.NewValue(at, nil)
		}
		vals[name] = v
		dv, err := tfprotov6.NewDynamicValue(typ, tftypes.NewValue(typ, vals))
		if err != nil {
			t.Fatal(err)
		}
		return &dv
	}
	num := func(f float64) tftypes.Value { return tftypes.NewValue(tftypes.Number, big.NewFloat(f)) }
	str := func(s string) tftypes.Value { return tftypes.NewValue(tftypes.String, s) }
	loginType := typ.AttributeTypes["login"].(tftypes.List).ElementType
	credsType := typ.AttributeTypes["creds"]
	for _, tc := range []struct {
		name   string
		value  tftypes.Value
		detail string
		secret string
	}{
		{"pin", num(1234.5), "pin: not a whole number in the int64 range (a sensitive value, not shown)", "1234"},
		{"pins", tftypes.NewValue(tftypes.List{ElementType: tftypes.Number}, []tftypes.Value{num(1), num(9876.5)}),
			"pins[1]: not a whole number in the int64 range (a sensitive value, not shown)", "9876"},
		{"ttl", str("secret-ttl-9"), `ttl: invalid duration: write a duration such as "90s" or "1h30m" (a sensitive value, not shown)`, "secret"},
		{"doc", str(`{"password": hunter2`), "doc: invalid normalized JSON: write one JSON value, such as an object (a sensitive value, not shown)", "hunter"},
		{"creds", tftypes.NewValue(credsType, map[string]tftypes.Value{"pin": num(4321.5)}),
			"creds.pin: not a whole number in the int64 range (a sensitive value, not shown)", "4321"},
		{"login", tftypes.NewValue(typ.AttributeTypes["login"], []tftypes.Value{tftypes.NewValue(loginType, map[string]tftypes.Value{"ttl": str("hidden-ttl")})}),
			`login[0].ttl: invalid duration: write a duration such as "90s" or "1h30m" (a sensitive value, not shown)`, "hidden"},
		// Values that are not sensitive are quoted.
		{"port", num(3.5), "port: 3.5 is not a whole number in the int64 range", ""},
		{"wait", str("soon"), `wait: invalid duration: "soon" is not a duration such as "90s" or "1h30m"`, ""},
	} {
		resp, _ := c.s.ValidateResourceConfig(context.Background(), &tfprotov6.ValidateResourceConfigRequest{TypeName: "test_thing", Config: config(tc.name, tc.value)})
		if len(resp.Diagnostics) != 1 {
			t.Errorf("%s: diagnostics %v, want one", tc.name, resp.Diagnostics)
			continue
		}
		d := resp.Diagnostics[0]
		if d.Detail != tc.detail {
			t.Errorf("%s: detail %q, want %q", tc.name, d.Detail, tc.detail)
		}
		if tc.secret != "" && strings.Contains(d.Summary+d.Detail, tc.secret) {
			t.Errorf("%s: the diagnostic shows the sensitive value: %s: %s", tc.name, d.Summary, d.Detail)
		}
		if d.Attribute == nil || d.Attribute.Steps()[0] != tftypes.AttributeName(tc.name) {
			t.Errorf("%s: diagnostic at %v", tc.name, d.Attribute)
		}
	}
}

// A refused value is quoted in part: a megabyte string read from a file
// gives an error of one line, and a cut never splits a character.
func TestInvalidLargeValueIsQuotedInPart(t *testing.T) {
	p := thing(map[string]*Attribute{
		"wait": {Type: Duration, Optional: true},
		"at":   {Type: Timestamp, Optional: true},
	})
	c := newCall(t, p, "test_thing")
	for _, tc := range []struct{ name, value, want string }{
		{"wait", strings.Repeat("y", 2<<20), `wait: invalid duration: "` + strings.Repeat("y", 57) + `..." is not a duration such as "90s" or "1h30m"`},
		{"at", strings.Repeat("é", 40), `at: invalid RFC 3339 timestamp: "` + strings.Repeat("é", 28) + `..." is not an RFC 3339 timestamp such as "2026-01-02T15:04:05Z"`},
	} {
		resp, _ := c.s.ValidateResourceConfig(context.Background(), &tfprotov6.ValidateResourceConfigRequest{TypeName: "test_thing", Config: c.dv(Values{tc.name: tc.value})})
		if len(resp.Diagnostics) != 1 || resp.Diagnostics[0].Detail != tc.want {
			t.Errorf("%s: diagnostics %.300v, want one with detail %q", tc.name, resp.Diagnostics, tc.want)
		}
	}
	// What an operation returns is cut the same way where it is shown.
	if got := quoteShort(strings.Repeat("ключ", 20)); got != `"`+strings.Repeat("ключ", 7)+`..."` {
		t.Errorf("quoteShort cut %s", got)
	}
}

// A data source's configuration leaves its computed attributes null, so
// one its Read leaves out would be a null in the state that no one chose:
// an error naming it. Null is returned as nil.
func TestDataSourceReadLeavesComputedUnset(t *testing.T) {
	var returned Values
	p := thing(map[string]*Attribute{"a": {Type: String, Optional: true}})
	p.DataSources = map[string]*DataSource{"test_info": {
		Schema: Schema{Attributes: map[string]*Attribute{
			"name":  {Type: String, Required: true},
			"text":  {Type: String, Computed: true},
			"lines": {Type: List(String), Computed: true},
			"mode":  {Type: String, Optional: true, Computed: true},
		}},
		Read: func(ctx *Context, config Values) Values { return returned },
	}}
	s, err := newServer(p)
	if err != nil {
		t.Fatal(err)
	}
	et := s.dataSources["test_info"]
	read := func(config Values) []*tfprotov6.Diagnostic {
		dv, err := et.dynamic(config)
		if err != nil {
			t.Fatal(err)
		}
		resp, _ := s.ReadDataSource(context.Background(), &tfprotov6.ReadDataSourceRequest{TypeName: "test_info", Config: dv})
		return resp.Diagnostics
	}
	for _, tc := range []struct {
		returned Values
		mode     any
		summary  string // "" when Read succeeds
	}{
		{Values{"text": "t"}, nil, "test_info: Read left lines, mode unset"},
		{nil, nil, "test_info: Read left lines, mode, text unset"},
		{Values{"text": "t", "lines": nil, "mode": nil}, nil, ""},
		// What the configuration sets is kept.
		{Values{"text": "t", "lines": []any{"a"}}, "fast", ""},
	} {
		returned = tc.returned
		diags := read(Values{"name": "n", "mode": tc.mode})
		switch {
		case tc.summary == "" && len(diags) != 0:
			t.Errorf("%v: %s: %s", tc.returned, diags[0].Summary, diags[0].Detail)
		case tc.summary != "" && (len(diags) != 1 || diags[0].Summary != tc.summary ||
			!strings.Contains(diags[0].Detail, "in the returned Values (nil for null)")):
			t.Errorf("%v: diagnostics %v, want %q", tc.returned, diags, tc.summary)
		}
	}
}

// An UpgradeState that copies the old state whole passes on an attribute
// the schema no longer has, and one that forgets a required attribute
// makes the next plan set it again (a replacement with RequiresReplace):
// both fail naming UpgradeState, the version it upgraded from and the
// attribute.
func TestUpgradeStateMistakes(t *testing.T) {
	p := thing(map[string]*Attribute{
		"name": {Type: String, Required: true, RequiresReplace: true},
		"mode": {Type: String, Optional: true},
	})
	r := p.Resources["test_thing"]
	r.Schema.Version = 1
	var returned Values
	r.UpgradeState = func(ctx *Context, version int64, old map[string]any) Values { return returned }
	c := newCall(t, p, "test_thing")
	for _, tc := range []struct {
		returned        Values
		summary, detail string
	}{
		{Values{"name": "n", "mode": "0755", "permissions": json.Number("493")},
			"test_thing: UpgradeState returned a state that does not match the schema",
			`permissions: the schema has no attribute "permissions" (upgrading from schema version 0)`},
		{Values{"mode": "0755"},
			"test_thing: UpgradeState left name unset",
			"name is required: a state without it plans a change (or a replacement) right after UpgradeState"},
	} {
		returned = tc.returned
		up, _ := c.s.UpgradeResourceState(context.Background(), &tfprotov6.UpgradeResourceStateRequest{
			TypeName: "test_thing", Version: 0, RawState: &tfprotov6.RawState{JSON: []byte(`{"name":"n","permissions":493}`)},
		})
		if len(up.Diagnostics) != 1 || up.Diagnostics[0].Summary != tc.summary || !strings.Contains(up.Diagnostics[0].Detail, tc.detail) {
			t.Errorf("diagnostics %+v, want %q with %q", up.Diagnostics, tc.summary, tc.detail)
		}
		if up.UpgradedState != nil {
			t.Errorf("a state was returned: %v", up.UpgradedState)
		}
	}
}

// The old state's JSON holds a Duration or a Timestamp as its text, the
// way the state file keeps it: UpgradeState and a move may pass such a
// value on as it is, as they pass on a json.Number for an Int64.
func TestOldStateTextOfCustomTypes(t *testing.T) {
	p := thing(map[string]*Attribute{
		"name":    {Type: String, Required: true},
		"wait":    {Type: Duration, Optional: true},
		"at":      {Type: Timestamp, Computed: true},
		"waits":   {Type: List(Duration), Optional: true},
		"retries": {Type: Int64, Optional: true},
	})
	r := p.Resources["test_thing"]
	r.Schema.Version = 1
	copyOld := func(old map[string]any) Values {
		v := Values{}
		for k, x := range old {
			v[k] = x
		}
		return v
	}
	r.UpgradeState = func(ctx *Context, version int64, old map[string]any) Values { return copyOld(old) }
	r.MoveState = []MoveFrom{{TypeName: "test_old", Move: func(ctx *Context, src MoveSource, old map[string]any) Values { return copyOld(old) }}}
	c := newCall(t, p, "test_thing")
	old := []byte(`{"name":"n","wait":"90s","at":"2026-01-02T03:04:05Z","waits":["1m","2s"],"retries":3}`)
	up, _ := c.s.UpgradeResourceState(context.Background(), &tfprotov6.UpgradeResourceStateRequest{
		TypeName: "test_thing", Version: 0, RawState: &tfprotov6.RawState{JSON: old},
	})
	mv, _ := c.s.MoveResourceState(context.Background(), &tfprotov6.MoveResourceStateRequest{
		SourceTypeName: "test_old", SourceProviderAddress: "registry.terraform.io/tfkit/old", TargetTypeName: "test_thing",
		SourceState: &tfprotov6.RawState{JSON: old},
	})
	for name, got := range map[string]struct {
		diags []*tfprotov6.Diagnostic
		state *tfprotov6.DynamicValue
	}{"UpgradeState": {up.Diagnostics, up.UpgradedState}, "MoveState": {mv.Diagnostics, mv.TargetState}} {
		if len(got.diags) != 0 {
			t.Errorf("%s: %s: %s", name, got.diags[0].Summary, got.diags[0].Detail)
			continue
		}
		v, err := c.et.toValues(c.values(got.state))
		if err != nil {
			t.Fatal(err)
		}
		if v["wait"] != 90*time.Second || v["retries"] != int64(3) || fmt.Sprint(v["waits"]) != "[1m0s 2s]" ||
			!v["at"].(time.Time).Equal(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)) {
			t.Errorf("%s: state %v", name, v)
		}
	}
}

// Of several returned values the schema cannot hold, the error names the
// same one every time: the first by name.
func TestReturnedMismatchIsDeterministic(t *testing.T) {
	p := thing(map[string]*Attribute{
		"a": {Type: Duration, Optional: true},
		"b": {Type: String, Optional: true},
		"c": {Type: Timestamp, Optional: true},
		"d": {Type: String, Optional: true},
		"e": {Nested: &Nested{Nesting: NestingSingle, Attributes: map[string]*Attribute{
			"x": {Type: Duration, Optional: true}, "y": {Type: Duration, Optional: true}, "z": {Type: Duration, Optional: true},
		}}, Optional: true},
	})
	p.Resources["test_thing"].Import = func(ctx *Context, id string) Values {
		return Values{"e": map[string]any{"z": 1, "y": 2, "x": 3}, "d": 4, "c": 5, "b": 6, "a": 7, "nope": 8, "zzz": 9}
	}
	c := newCall(t, p, "test_thing")
	seen := map[string]bool{}
	for range 30 {
		imp, _ := c.s.ImportResourceState(context.Background(), &tfprotov6.ImportResourceStateRequest{TypeName: "test_thing", ID: "n"})
		if len(imp.Diagnostics) != 1 {
			t.Fatalf("diagnostics %v", imp.Diagnostics)
		}
		seen[imp.Diagnostics[0].Detail] = true
	}
	if len(seen) != 1 {
		t.Errorf("the error changes from call to call: %v", seen)
	}
}

// A nil *Attribute, at any depth, is an error naming it, never a panic of
// Check itself.
func TestCheckNilAttribute(t *testing.T) {
	p := thing(map[string]*Attribute{
		"a": nil,
		"n": {Optional: true, Nested: &Nested{Nesting: NestingList, Attributes: map[string]*Attribute{"x": nil}}},
	})
	p.Resources["test_thing"].Schema.Blocks = map[string]*Block{"b": {Nesting: NestingList, Attributes: map[string]*Attribute{"y": nil}}}
	p.Schema.Attributes = map[string]*Attribute{"c": nil}
	p.DataSources = map[string]*DataSource{"test_d": {Schema: Schema{Attributes: map[string]*Attribute{"d": nil}}, Read: func(*Context, Values) Values { return nil }}}
	var err error
	func() {
		defer func() {
			if r := recover(); r != nil {
				t.Fatalf("Check panicked: %v", r)
			}
		}()
		err = p.Check()
	}()
	for _, want := range []string{"resource test_thing: attribute a: is nil", "resource test_thing: attribute n.x: is nil",
		"resource test_thing: attribute b.y: is nil", "provider: attribute c: is nil", "data source test_d: attribute d: is nil"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Check() = %v, want %q", err, want)
		}
	}
}

// A Default that its own attribute's validators refuse would be planned
// without a word whenever the configuration leaves the attribute out:
// Check refuses it, at any depth, as it refuses a negative schema version.
func TestCheckDefaultAgainstValidators(t *testing.T) {
	p := thing(map[string]*Attribute{
		"mode": {Type: String, Optional: true, Default: "0777", Validators: []Validator{OneOf("0700", "0755")}},
		"port": {Type: Int64, Optional: true, Default: 0, Validators: []Validator{Between(1, 65535)}},
		"ok":   {Type: Int64, Optional: true, Default: 80, Validators: []Validator{Between(1, 65535)}},
	})
	p.Resources["test_thing"].Schema.Blocks = map[string]*Block{"rule": {Nesting: NestingList, Attributes: map[string]*Attribute{
		"name": {Type: String, Optional: true, Default: "", Validators: []Validator{LengthAtLeast(1)}},
	}}}
	p.Resources["test_thing"].Schema.Version = -1
	err := p.Check()
	for _, want := range []string{
		`resource test_thing: attribute mode: Validators[0]: the Default does not pass it (must be one of "0700" or "0755"): change the Default or the validator`,
		`resource test_thing: attribute port: Validators[0]: the Default does not pass it (must be between 1 and 65535)`,
		`resource test_thing: attribute rule.name: Validators[0]: the Default does not pass it (must be at least 1 character long)`,
		`resource test_thing: Schema.Version is -1: versions count up from 0`,
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Check() = %v\nwant %q", err, want)
		}
	}
	if err != nil && strings.Contains(err.Error(), "attribute ok") {
		t.Errorf("a default in range is refused: %v", err)
	}
}
