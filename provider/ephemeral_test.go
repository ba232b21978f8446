package provider

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

// ephemeralCall is a test client of a server's ephemeral resource
// test_secret.
type ephemeralCall struct {
	t  *testing.T
	s  *server
	et *elementType
}

func newEphemeral(t *testing.T, e *EphemeralResource) *ephemeralCall {
	t.Helper()
	s, err := newServer(&Provider{EphemeralResources: map[string]*EphemeralResource{"test_secret": e}})
	if err != nil {
		t.Fatal(err)
	}
	return &ephemeralCall{t: t, s: s, et: s.ephemerals["test_secret"]}
}

func (c *ephemeralCall) dv(v Values) *tfprotov6.DynamicValue {
	c.t.Helper()
	d, err := c.et.dynamic(v)
	if err != nil {
		c.t.Fatal(err)
	}
	return d
}

func (c *ephemeralCall) open(config Values, caps *tfprotov6.OpenEphemeralResourceClientCapabilities) *tfprotov6.OpenEphemeralResourceResponse {
	c.t.Helper()
	resp, err := c.s.OpenEphemeralResource(context.Background(), &tfprotov6.OpenEphemeralResourceRequest{
		TypeName: "test_secret", Config: c.dv(config), ClientCapabilities: caps,
	})
	if err != nil {
		c.t.Fatal(err)
	}
	return resp
}

func (c *ephemeralCall) result(resp *tfprotov6.OpenEphemeralResourceResponse) Values {
	c.t.Helper()
	if resp.Result == nil {
		c.t.Fatalf("no result; diagnostics %v", summaries(resp.Diagnostics))
	}
	m, err := c.et.decode(resp.Result)
	if err != nil {
		c.t.Fatal(err)
	}
	return Values(m)
}

func summaries(ds []*tfprotov6.Diagnostic) []string {
	var out []string
	for _, d := range ds {
		out = append(out, d.Summary+" / "+d.Detail)
	}
	return out
}

func secretSchema() Schema {
	return Schema{Attributes: map[string]*Attribute{
		"name":   {Type: String, Required: true, Validators: []Validator{LengthAtMost(8)}},
		"ttl":    {Type: Duration, Optional: true},
		"mode":   {Type: String, Optional: true, Computed: true},
		"value":  {Type: String, Computed: true, Sensitive: true},
		"expiry": {Type: Timestamp, Computed: true},
	}}
}

// The schema is advertised, and its type listed, as for other elements.
func TestEphemeralResourceSchema(t *testing.T) {
	c := newEphemeral(t, &EphemeralResource{Schema: secretSchema(), Open: func(*Context, Values) Values { return nil }})
	ctx := context.Background()
	sr, _ := c.s.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
	es := sr.EphemeralResourceSchemas["test_secret"]
	if es == nil || len(es.Block.Attributes) != 5 {
		t.Fatalf("ephemeral resource schemas: %v", sr.EphemeralResourceSchemas)
	}
	for _, a := range es.Block.Attributes {
		if a.Name == "value" && (!a.Computed || a.Optional || !a.Sensitive) {
			t.Errorf("value: %+v", a)
		}
	}
	js, err := c.s.p.SchemaJSON("registry.terraform.io/tfkit/test")
	if err != nil || !strings.Contains(string(js), `"ephemeral_resource_schemas": {
        "test_secret": {`) {
		t.Errorf("SchemaJSON: %v\n%s", err, js)
	}
	md, _ := c.s.GetMetadata(ctx, &tfprotov6.GetMetadataRequest{})
	if len(md.EphemeralResources) != 1 || md.EphemeralResources[0].TypeName != "test_secret" {
		t.Errorf("metadata: %+v", md.EphemeralResources)
	}
}

// A configuration is checked as a data source's is: a computed attribute
// cannot be set, validators run, then ValidateConfig, with unknowns.
func TestValidateEphemeralResourceConfig(t *testing.T) {
	var got Values
	c := newEphemeral(t, &EphemeralResource{
		Schema: secretSchema(),
		Open:   func(*Context, Values) Values { return nil },
		ValidateConfig: func(ctx *Context, config Values) {
			got = config
			if config.String("mode") == "bad" {
				ctx.Error("mode", "Bad mode", "A mode is not bad.")
			}
		},
	})
	validate := func(config Values) []*tfprotov6.Diagnostic {
		resp, err := c.s.ValidateEphemeralResourceConfig(context.Background(), &tfprotov6.ValidateEphemeralResourceConfigRequest{TypeName: "test_secret", Config: c.dv(config)})
		if err != nil {
			t.Fatal(err)
		}
		return resp.Diagnostics
	}
	for _, tc := range []struct {
		config  Values
		summary string // "" when valid
	}{
		{Values{"name": "db"}, ""},
		{Values{"name": Unknown}, ""},
		{Values{"name": "db", "value": "x"}, "Cannot set read-only attribute value"},
		{Values{"name": "much-too-long"}, "Invalid test_secret configuration"},
		{Values{"name": "db", "ttl": "soon"}, "Invalid test_secret configuration"},
		{Values{"name": "db", "mode": "bad"}, "Bad mode"},
	} {
		got = nil
		ds := validate(tc.config)
		switch {
		case tc.summary == "" && len(ds) != 0:
			t.Errorf("%v: %v", tc.config, summaries(ds))
		case tc.summary == "" && got == nil:
			t.Errorf("%v: ValidateConfig was not called", tc.config)
		case tc.summary != "" && (len(ds) != 1 || ds[0].Summary != tc.summary):
			t.Errorf("%v: diagnostics %v, want %q", tc.config, summaries(ds), tc.summary)
		}
	}
}

// Open gets the configuration, decoded, and returns the result; the
// private data it sets and the renewal time it asks for reach the engine,
// and Renew and Close get that private data back.
func TestEphemeralResourceLifecycle(t *testing.T) {
	at := time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC)
	var renewed, closed []string
	c := newEphemeral(t, &EphemeralResource{
		Schema: secretSchema(),
		Open: func(ctx *Context, config Values) Values {
			if config["ttl"] != 90*time.Second || config.String("name") != "db" {
				ctx.Error("", "Open got another configuration", fmt.Sprint(config))
			}
			ctx.SetPrivate("lease", []byte("L1"))
			ctx.SetRenewAt(at)
			return Values{"value": "s3cr3t", "expiry": at, "mode": "fast"}
		},
		Renew: func(ctx *Context) {
			renewed = append(renewed, string(ctx.Private("lease")))
			ctx.SetPrivate("lease", []byte("L2"))
			if len(renewed) == 1 {
				ctx.SetRenewAt(at.Add(time.Hour))
			}
		},
		Close: func(ctx *Context) { closed = append(closed, string(ctx.Private("lease"))) },
	})
	resp := c.open(Values{"name": "db", "ttl": "90s"}, nil)
	got := c.result(resp)
	want := Values{"name": "db", "ttl": "90s", "mode": "fast", "value": "s3cr3t", "expiry": "2030-01-02T03:04:05Z"}
	assertValues(t, "result", got, want)
	if !resp.RenewAt.Equal(at) || resp.Deferred != nil || len(resp.Diagnostics) != 0 {
		t.Errorf("RenewAt %v, Deferred %v, diagnostics %v", resp.RenewAt, resp.Deferred, summaries(resp.Diagnostics))
	}

	ctx := context.Background()
	r1, _ := c.s.RenewEphemeralResource(ctx, &tfprotov6.RenewEphemeralResourceRequest{TypeName: "test_secret", Private: resp.Private})
	r2, _ := c.s.RenewEphemeralResource(ctx, &tfprotov6.RenewEphemeralResourceRequest{TypeName: "test_secret", Private: r1.Private})
	if !r1.RenewAt.Equal(at.Add(time.Hour)) || !r2.RenewAt.IsZero() || len(r1.Diagnostics)+len(r2.Diagnostics) != 0 {
		t.Errorf("Renew: RenewAt %v then %v, diagnostics %v %v", r1.RenewAt, r2.RenewAt, summaries(r1.Diagnostics), summaries(r2.Diagnostics))
	}
	cl, _ := c.s.CloseEphemeralResource(ctx, &tfprotov6.CloseEphemeralResourceRequest{TypeName: "test_secret", Private: resp.Private})
	if len(cl.Diagnostics) != 0 {
		t.Errorf("Close: %v", summaries(cl.Diagnostics))
	}
	if strings.Join(renewed, ",") != "L1,L2" || strings.Join(closed, ",") != "L1" {
		t.Errorf("Renew found %v, Close %v", renewed, closed)
	}
}

// What Open returns is checked as a data source's Read is: every computed
// attribute the configuration leaves null set, the configured ones
// unchanged, nothing unknown, the right types.
func TestEphemeralResourceOpenMistakes(t *testing.T) {
	var returned Values
	c := newEphemeral(t, &EphemeralResource{Schema: secretSchema(), Open: func(*Context, Values) Values { return returned }})
	for _, tc := range []struct {
		returned Values
		summary  string // "" when Open succeeds
	}{
		{Values{"value": "v", "expiry": nil}, "test_secret: Open left mode unset"},
		{nil, "test_secret: Open left expiry, mode, value unset"},
		{Values{"value": "v", "expiry": nil, "mode": nil}, ""},
		{Values{"value": "v", "expiry": nil, "mode": nil, "name": "other"}, "test_secret: Open changed name, which the configuration sets"},
		{Values{"value": Unknown, "expiry": nil, "mode": nil}, "test_secret: Open left an unknown value in value"},
		{Values{"value": 7, "expiry": nil, "mode": nil}, "test_secret: Open returned values that do not match the schema"},
		{Values{"value": "v", "expiry": nil, "mode": nil, "nmae": "x"}, "test_secret: Open returned values that do not match the schema"},
	} {
		returned = tc.returned
		resp := c.open(Values{"name": "db"}, nil)
		switch {
		case tc.summary == "" && (len(resp.Diagnostics) != 0 || resp.Result == nil):
			t.Errorf("%v: %v", tc.returned, summaries(resp.Diagnostics))
		case tc.summary != "" && (len(resp.Diagnostics) != 1 || resp.Diagnostics[0].Summary != tc.summary || resp.Result != nil):
			t.Errorf("%v: diagnostics %v, want %q and no result", tc.returned, summaries(resp.Diagnostics), tc.summary)
		}
	}
}

// Open is never called with values not known yet: the request is deferred
// when the engine allows it, and the result is unknown where Open would
// have set it.
func TestEphemeralResourceUnknownConfig(t *testing.T) {
	called := false
	c := newEphemeral(t, &EphemeralResource{Schema: secretSchema(), Open: func(*Context, Values) Values {
		called = true
		return nil
	}})
	for _, deferral := range []bool{false, true} {
		resp := c.open(Values{"name": Unknown, "mode": "fast"}, &tfprotov6.OpenEphemeralResourceClientCapabilities{DeferralAllowed: deferral})
		if called {
			t.Fatal("Open was called with an unknown name")
		}
		if len(resp.Diagnostics) != 0 {
			t.Fatalf("diagnostics %v", summaries(resp.Diagnostics))
		}
		if deferred := resp.Deferred != nil && resp.Deferred.Reason == tfprotov6.DeferredReasonResourceConfigUnknown; deferred != deferral {
			t.Errorf("DeferralAllowed %v: Deferred %v", deferral, resp.Deferred)
		}
		got := c.result(resp)
		assertValues(t, "result", got, Values{"name": Unknown, "ttl": nil, "mode": "fast", "value": Unknown, "expiry": Unknown})
	}
}

// Mistakes of provider code in the ephemeral operations are reported as
// bugs in the provider, naming the operation; a panic keeps the server
// serving.
func TestEphemeralResourceOperationMistakes(t *testing.T) {
	ctx := context.Background()
	c := newEphemeral(t, &EphemeralResource{
		Schema: secretSchema(),
		Open: func(ctx *Context, config Values) Values {
			ctx.SetRenewAt(time.Now())
			return Values{"value": "v", "expiry": nil, "mode": nil}
		},
		Close: func(ctx *Context) { ctx.SetPrivate("k", []byte("v")) },
		ValidateConfig: func(ctx *Context, config Values) {
			ctx.SetRenewAt(time.Now())
		},
	})
	if resp := c.open(Values{"name": "db"}, nil); len(resp.Diagnostics) != 1 || resp.Diagnostics[0].Summary != "test_secret: Open called SetRenewAt, but Renew is nil" || resp.Result != nil {
		t.Errorf("Open: %v", summaries(resp.Diagnostics))
	}
	v, _ := c.s.ValidateEphemeralResourceConfig(ctx, &tfprotov6.ValidateEphemeralResourceConfigRequest{TypeName: "test_secret", Config: c.dv(Values{"name": "db"})})
	if len(v.Diagnostics) != 1 || v.Diagnostics[0].Summary != "test_secret: ValidateConfig called SetRenewAt" {
		t.Errorf("ValidateConfig: %v", summaries(v.Diagnostics))
	}
	cl, _ := c.s.CloseEphemeralResource(ctx, &tfprotov6.CloseEphemeralResourceRequest{TypeName: "test_secret"})
	if len(cl.Diagnostics) != 1 || cl.Diagnostics[0].Summary != `test_secret: Close called SetPrivate("k")` {
		t.Errorf("Close: %v", summaries(cl.Diagnostics))
	}
	// Without Renew, a renewal does nothing and asks for no other.
	rn, _ := c.s.RenewEphemeralResource(ctx, &tfprotov6.RenewEphemeralResourceRequest{TypeName: "test_secret", Private: []byte("p")})
	if len(rn.Diagnostics) != 0 || !rn.RenewAt.IsZero() || string(rn.Private) != "p" {
		t.Errorf("Renew without Renew: %+v", rn)
	}

	c.s.p.EphemeralResources["test_secret"].Close = func(ctx *Context) {
		var m map[string]int
		m["x"] = 1 //lint:ignore SA5000 a nil map write: the panic under test
	}
	cl, _ = c.s.CloseEphemeralResource(ctx, &tfprotov6.CloseEphemeralResourceRequest{TypeName: "test_secret"})
	if len(cl.Diagnostics) != 1 || cl.Diagnostics[0].Summary != "test_secret: Close failed: the provider panicked" {
		t.Errorf("Close panicking: %v", summaries(cl.Diagnostics))
	}

	for _, d := range [][]*tfprotov6.Diagnostic{
		must(c.s.RenewEphemeralResource(ctx, &tfprotov6.RenewEphemeralResourceRequest{TypeName: "test_sceret"})).Diagnostics,
		must(c.s.CloseEphemeralResource(ctx, &tfprotov6.CloseEphemeralResourceRequest{TypeName: "test_sceret"})).Diagnostics,
	} {
		if len(d) != 1 || d[0].Summary != "Invalid ephemeral resource" {
			t.Errorf("unknown type: %v", summaries(d))
		}
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// Declaration mistakes are refused when the provider is built, as for
// data sources: the rules of their schemas, meta-argument names of
// ephemeral blocks, a missing Open, a Version.
func TestCheckEphemeralResources(t *testing.T) {
	open := func(*Context, Values) Values { return nil }
	p := &Provider{EphemeralResources: map[string]*EphemeralResource{
		"test_a": {Open: open, Schema: Schema{Version: 1, Attributes: map[string]*Attribute{
			"count":  {Type: String, Optional: true},
			"both":   {Type: String, Required: true, Computed: true},
			"dflt":   {Type: String, Optional: true, Default: "x"},
			"wo":     {Type: String, Optional: true, WriteOnly: true},
			"repl":   {Type: String, Optional: true, RequiresReplace: true},
			"Upper":  {Type: String, Optional: true},
			"length": {Type: Int64, Optional: true, Validators: []Validator{LengthAtMost(3)}},
		}}},
		"test_b":   {},
		"Test-C":   {Open: open},
		"test_ok":  {Open: open, Schema: secretSchema()},
		"test_nil": nil,
	}}
	err := p.Check()
	if err == nil {
		t.Fatal("Check accepted the mistakes")
	}
	for _, want := range []string{
		`ephemeral resource test_a: attribute count: "count" is a meta-argument of ephemeral blocks`,
		"ephemeral resource test_a: attribute both: Required and Computed cannot both be set",
		"ephemeral resource test_a: attribute dflt: Default is planned for resources only",
		"ephemeral resource test_a: attribute wo: WriteOnly is for a resource's own attributes",
		"ephemeral resource test_a: attribute repl: RequiresReplace is supported on a resource's own attributes only",
		"ephemeral resource test_a: attribute Upper: a name is lower case letters",
		"ephemeral resource test_a: attribute length: Validators[0]",
		"ephemeral resource test_a: Schema.Version is 1, but an ephemeral resource has no stored state to upgrade",
		"ephemeral resource test_b: Open is nil",
		`ephemeral resource "Test-C": a type name is lower case letters, digits and underscores`,
		"ephemeral resource test_nil is nil",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("Check() = %v\nwant an error containing %q", err, want)
		}
	}
	if strings.Contains(err.Error(), "test_ok") {
		t.Errorf("a valid ephemeral resource was refused: %v", err)
	}
	if _, err := NewServer(p); err == nil {
		t.Error("NewServer served an invalid provider")
	}
}
