package provider

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

// moveTarget is a provider whose test_thing takes the state of other
// types through moves.
func moveTarget(moves ...MoveFrom) *Provider {
	p := thing(map[string]*Attribute{
		"name": {Type: String, Required: true},
		"port": {Type: Int64, Optional: true},
		"tags": {Type: Map(String), Optional: true},
		"id":   {Type: String, Computed: true},
	})
	p.Resources["test_thing"].MoveState = moves
	return p
}

func (c *call) move(req *tfprotov6.MoveResourceStateRequest) *tfprotov6.MoveResourceStateResponse {
	c.t.Helper()
	if req.TargetTypeName == "" {
		req.TargetTypeName = "test_thing"
	}
	resp, err := c.s.MoveResourceState(context.Background(), req)
	if err != nil {
		c.t.Fatal(err)
	}
	return resp
}

func rawJSON(s string) *tfprotov6.RawState { return &tfprotov6.RawState{JSON: []byte(s)} }

func TestMoveState(t *testing.T) {
	var got []string
	entry := func(name string) func(*Context, MoveSource, map[string]any) Values {
		return func(ctx *Context, src MoveSource, s map[string]any) Values {
			got = append(got, fmt.Sprintf("%s %s %s %d %s", name, ctx.Operation, src.TypeName, src.SchemaVersion, src.Provider))
			return Values{"name": s["label"], "port": s["port"], "tags": s["tags"], "id": s["id"]}
		}
	}
	p := moveTarget(
		MoveFrom{TypeName: "old_thing", SchemaVersions: []int64{0}, Move: entry("v0")},
		MoveFrom{TypeName: "old_thing", Provider: "example/old", Move: entry("short")},
		MoveFrom{TypeName: "old_thing", Provider: "corp.example.com/x/old", Move: entry("full")},
	)
	c := newCall(t, p, "test_thing")
	for _, tc := range []struct {
		version  int64
		provider string
		want     string
	}{
		{0, "registry.terraform.io/example/old", "v0"},
		// The first entry that accepts the source wins; a short Provider
		// matches either public registry.
		{1, "registry.terraform.io/example/old", "short"},
		{1, "registry.opentofu.org/example/old", "short"},
		{2, "corp.example.com/x/old", "full"},
	} {
		got = nil
		resp := c.move(&tfprotov6.MoveResourceStateRequest{
			SourceTypeName: "old_thing", SourceProviderAddress: tc.provider, SourceSchemaVersion: tc.version,
			SourceState: rawJSON(`{"label":"a","port":8080,"tags":{"k":"v"},"id":"i-1","gone":true}`),
		})
		if len(resp.Diagnostics) != 0 {
			t.Fatalf("%s: %v", tc.want, resp.Diagnostics[0])
		}
		want := fmt.Sprintf("%s MoveState old_thing %d %s", tc.want, tc.version, tc.provider)
		if len(got) != 1 || got[0] != want {
			t.Errorf("called %q, want %q", got, want)
		}
		// json.Number and decoded JSON maps convert to the target's types.
		v := c.values(resp.TargetState)
		if v["name"] != "a" || v["port"] != int64(8080) || fmt.Sprint(v["tags"]) != "map[k:v]" || v["id"] != "i-1" {
			t.Errorf("moved state %v", v)
		}
	}

	// No entry takes a source of another provider at another host, nor
	// another type: the error lists what the target takes.
	for _, src := range []MoveSource{
		{TypeName: "old_thing", Provider: "corp.example.com/example/old", SchemaVersion: 1},
		{TypeName: "other_thing", Provider: "registry.terraform.io/example/old"},
	} {
		got = nil
		resp := c.move(&tfprotov6.MoveResourceStateRequest{
			SourceTypeName: src.TypeName, SourceProviderAddress: src.Provider, SourceSchemaVersion: src.SchemaVersion,
			SourceState: rawJSON(`{}`),
		})
		if got != nil || len(resp.Diagnostics) != 1 || resp.TargetState != nil {
			t.Fatalf("%s: called %q, diagnostics %v", src.Provider, got, resp.Diagnostics)
		}
		d := resp.Diagnostics[0]
		wantDetail := fmt.Sprintf("A moved block turns an object of %s (provider %s, schema version %d) into one of test_thing, which takes the state of "+
			"old_thing (schema version 0); old_thing (provider example/old); old_thing (provider corp.example.com/x/old) only. Move an object of one of those, or remove the moved block.",
			src.TypeName, src.Provider, src.SchemaVersion)
		if d.Summary != "Cannot move "+src.TypeName+" to test_thing" || d.Detail != wantDetail {
			t.Errorf("got %q: %q\nwant detail %q", d.Summary, d.Detail, wantDetail)
		}
	}
}

func TestMoveStateRefused(t *testing.T) {
	// A resource without MoveState, in a provider where another has one.
	p := moveTarget()
	p.Resources["test_other"] = &Resource{
		Schema: Schema{Attributes: map[string]*Attribute{"x": {Type: String, Optional: true}}},
		Create: p.Resources["test_thing"].Create, Read: p.Resources["test_thing"].Read,
		Update: p.Resources["test_thing"].Update, Delete: p.Resources["test_thing"].Delete,
		MoveState: []MoveFrom{{TypeName: "old_other", Move: func(*Context, MoveSource, map[string]any) Values { return Values{} }}},
	}
	c := newCall(t, p, "test_thing")
	resp := c.move(&tfprotov6.MoveResourceStateRequest{SourceTypeName: "old_thing", SourceProviderAddress: "registry.terraform.io/example/old", SourceState: rawJSON(`{}`)})
	if len(resp.Diagnostics) != 1 || !strings.Contains(resp.Diagnostics[0].Detail, "test_thing takes the state of no other resource type. Remove the moved block") {
		t.Errorf("diagnostics %v", resp.Diagnostics)
	}
	resp = c.move(&tfprotov6.MoveResourceStateRequest{TargetTypeName: "test_nothing", SourceTypeName: "old_thing", SourceState: rawJSON(`{}`)})
	if len(resp.Diagnostics) != 1 || resp.Diagnostics[0].Summary != "Invalid resource type" {
		t.Errorf("unknown target: %v", resp.Diagnostics)
	}
}

// Terraform sends moves only to a provider that says it takes them; the
// provider always does, so that MoveResourceState's error, which names
// what the target takes, is what every engine shows.
func TestMoveStateCapability(t *testing.T) {
	s, err := newServer(moveTarget())
	if err != nil {
		t.Fatal(err)
	}
	schema, _ := s.GetProviderSchema(context.Background(), &tfprotov6.GetProviderSchemaRequest{})
	meta, _ := s.GetMetadata(context.Background(), &tfprotov6.GetMetadataRequest{})
	if !schema.ServerCapabilities.MoveResourceState || !meta.ServerCapabilities.MoveResourceState {
		t.Errorf("MoveResourceState capability %v/%v, want true", schema.ServerCapabilities.MoveResourceState, meta.ServerCapabilities.MoveResourceState)
	}
}

// What Move returns is checked against the target's schema, each mistake
// named; nothing of a failed move reaches the engine.
func TestMoveStateResultChecked(t *testing.T) {
	for _, tc := range []struct {
		name    string
		state   string
		move    func(ctx *Context, s map[string]any) Values
		summary string
		detail  string
	}{
		{"nil", `{}`, func(ctx *Context, s map[string]any) Values { return nil },
			"test_thing: MoveState returned no state for old_thing", "to refuse a move, add an error diagnostic"},
		{"refused", `{}`, func(ctx *Context, s map[string]any) Values {
			ctx.Error("", "Cannot move a locked thing", "Unlock it first.")
			return Values{"name": "x"}
		}, "Cannot move a locked thing", "Unlock it first."},
		{"wrong type", `{"port":"eighty"}`, func(ctx *Context, s map[string]any) Values {
			return Values{"name": "x", "port": s["port"]}
		}, "test_thing: MoveState returned a state that does not match the schema", "port: an int64 value cannot hold a Go string"},
		{"source attribute", `{"label":"x"}`, func(ctx *Context, s map[string]any) Values { return Values(s) },
			"test_thing: MoveState returned a state that does not match the schema", `the schema has no attribute "label"`},
		{"unknown", `{}`, func(ctx *Context, s map[string]any) Values { return Values{"name": "x", "id": Unknown} },
			"test_thing: MoveState left an unknown value in id", "Unknown belongs in plans only"},
		{"required unset", `{"label":"x"}`, func(ctx *Context, s map[string]any) Values { return Values{"id": "i-1"} },
			"test_thing: MoveState left name unset", "name is required: a state without it plans a change (or a replacement) right after MoveState"},
		{"panic", `{}`, func(ctx *Context, s map[string]any) Values {
			var m map[string]int
			m["x"] = 1 //lint:ignore SA5000 the panic under test
			return nil
		}, "test_thing: MoveState failed: the provider panicked", "assignment to entry in nil map"},
		{"not an object", `[1]`, nil, "Invalid state", "old_thing: the state is not a JSON object: a JSON array"},
		{"bad JSON", `{"a":`, nil, "Invalid state", "old_thing: the state is not a JSON object"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			called := false
			c := newCall(t, moveTarget(MoveFrom{TypeName: "old_thing", Move: func(ctx *Context, _ MoveSource, s map[string]any) Values {
				called = true
				return tc.move(ctx, s)
			}}), "test_thing")
			resp := c.move(&tfprotov6.MoveResourceStateRequest{SourceTypeName: "old_thing", SourceState: rawJSON(tc.state)})
			if tc.move == nil && called {
				t.Error("Move was called with an invalid state")
			}
			if resp.TargetState != nil || len(resp.Diagnostics) != 1 {
				t.Fatalf("state %v, diagnostics %v", resp.TargetState, resp.Diagnostics)
			}
			d := resp.Diagnostics[0]
			if d.Severity != tfprotov6.DiagnosticSeverityError || d.Summary != tc.summary || !strings.Contains(d.Detail, tc.detail) {
				t.Errorf("got %q: %q\nwant %q: ...%q...", d.Summary, d.Detail, tc.summary, tc.detail)
			}
		})
	}
	c := newCall(t, moveTarget(MoveFrom{TypeName: "old_thing", Move: func(*Context, MoveSource, map[string]any) Values { return Values{} }}), "test_thing")
	resp := c.move(&tfprotov6.MoveResourceStateRequest{SourceTypeName: "old_thing"})
	if len(resp.Diagnostics) != 1 || resp.Diagnostics[0].Summary != "Unsupported state format" {
		t.Errorf("no JSON: %v", resp.Diagnostics)
	}
}

// Move reads the source's private data with Private; the moved object
// keeps it when it is of SetPrivate's form, and what Move sets.
func TestMoveStatePrivate(t *testing.T) {
	own, _ := json.Marshal(map[string][]byte{"etag": []byte("e-1")})
	var seen string
	set := ""
	c := newCall(t, moveTarget(MoveFrom{TypeName: "old_thing", Move: func(ctx *Context, _ MoveSource, s map[string]any) Values {
		seen = string(ctx.Private("etag"))
		if set != "" {
			ctx.SetPrivate("moved", []byte(set))
		}
		return Values{"name": "x"}
	}}), "test_thing")
	private := func(b []byte) map[string]string {
		var m map[string][]byte
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatalf("private %q: %v", b, err)
		}
		out := map[string]string{}
		for k, v := range m {
			out[k] = string(v)
		}
		return out
	}
	for _, tc := range []struct {
		name       string
		in         []byte
		set        string
		seen, want string
		warning    bool
	}{
		{"kept", own, "", "e-1", "map[etag:e-1]", false},
		{"added", own, "yes", "e-1", "map[etag:e-1 moved:yes]", false},
		// Another SDK's private data means nothing to the target.
		{"foreign", []byte(`not ours`), "", "", "none", true},
		{"foreign replaced", []byte(`not ours`), "yes", "", "map[moved:yes]", true},
		{"none", nil, "", "", "none", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			set, seen = tc.set, ""
			resp := c.move(&tfprotov6.MoveResourceStateRequest{SourceTypeName: "old_thing", SourceState: rawJSON(`{}`), SourcePrivate: tc.in})
			if resp.TargetState == nil {
				t.Fatalf("diagnostics %v", resp.Diagnostics)
			}
			if hasWarning := len(resp.Diagnostics) == 1 && resp.Diagnostics[0].Severity == tfprotov6.DiagnosticSeverityWarning; hasWarning != tc.warning || (!tc.warning && len(resp.Diagnostics) > 0) {
				t.Errorf("diagnostics %v", resp.Diagnostics)
			}
			got := "none"
			if resp.TargetPrivate != nil {
				got = fmt.Sprint(private(resp.TargetPrivate))
			}
			if seen != tc.seen || got != tc.want {
				t.Errorf("Move saw %q, target private %s; want %q, %s", seen, got, tc.seen, tc.want)
			}
		})
	}
}

func TestCheckMoveState(t *testing.T) {
	move := func(*Context, MoveSource, map[string]any) Values { return nil }
	p := moveTarget(
		MoveFrom{Move: move},
		MoveFrom{TypeName: "Old-Thing", Move: move},
		MoveFrom{TypeName: "old_nil"},
		MoveFrom{TypeName: "old_a", Provider: "registry.terraform.io/example", Move: move},
		MoveFrom{TypeName: "old_b", Provider: "example/", Move: move},
		MoveFrom{TypeName: "old_c", SchemaVersions: []int64{-1}, Move: move},
		// Shadowed: an earlier entry takes every source these take.
		MoveFrom{TypeName: "old_d", Provider: "example/d", Move: move},
		MoveFrom{TypeName: "old_d", Provider: "registry.opentofu.org/example/d", Move: move},
		MoveFrom{TypeName: "old_e", SchemaVersions: []int64{0, 1}, Move: move},
		MoveFrom{TypeName: "old_e", SchemaVersions: []int64{1}, Move: move},
		// Valid: each takes something the earlier ones do not.
		MoveFrom{TypeName: "old_f", Provider: "registry.terraform.io/example/f", Move: move},
		MoveFrom{TypeName: "old_f", Provider: "example/f", Move: move},
		MoveFrom{TypeName: "old_f", Move: move},
		MoveFrom{TypeName: "old_g", SchemaVersions: []int64{0}, Move: move},
		MoveFrom{TypeName: "old_g", SchemaVersions: []int64{0, 1}, Move: move},
	)
	err := p.Check()
	if err == nil {
		t.Fatal("Check accepted the mistakes")
	}
	want := []string{
		"resource test_thing: MoveState[0]: TypeName is empty: name the resource type whose objects it takes",
		`resource test_thing: MoveState[1]: TypeName "Old-Thing": a type name is lower case letters, digits and underscores`,
		"resource test_thing: MoveState[2] (old_nil): Move is nil",
		`resource test_thing: MoveState[3] (old_a): Provider "registry.terraform.io/example" is not a provider address: write NAMESPACE/NAME (example/notes) or HOST/NAMESPACE/NAME`,
		`resource test_thing: MoveState[4] (old_b): Provider "example/" is not a provider address`,
		"resource test_thing: MoveState[5] (old_c): SchemaVersions holds -1; schema versions are 0 or more",
		"resource test_thing: MoveState[7] (old_d) is never used: MoveState[6] comes first and accepts every source it does; remove it, or narrow the earlier entry's Provider or SchemaVersions",
		"resource test_thing: MoveState[9] (old_e) is never used: MoveState[8] comes first",
	}
	for _, w := range want {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("no %q in\n%v", w, err)
		}
	}
	if n := strings.Count(err.Error(), "\n  "); n != len(want) {
		t.Errorf("%d problems, want %d:\n%v", n, len(want), err)
	}
}
