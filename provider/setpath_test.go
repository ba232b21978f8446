package provider

import (
	"context"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// A diagnostic path into a set stops at the set, where the engines can show
// the configuration, and the detail names the element; paths through lists
// and maps are kept whole.
func TestDiagnosticPathsIntoSets(t *testing.T) {
	var paths []string
	p := thing(map[string]*Attribute{
		"labels":  {Type: Set(String), Optional: true},
		"secrets": {Type: Set(String), Optional: true, Sensitive: true},
		"tags":    {Type: Map(String), Optional: true},
		"ports": {Optional: true, Nested: &Nested{Nesting: NestingSet, Attributes: map[string]*Attribute{
			"port": {Type: Int64, Required: true},
		}}},
	})
	r := p.Resources["test_thing"]
	r.Schema.Blocks = map[string]*Block{
		"rule": {Nesting: NestingList, Attributes: map[string]*Attribute{
			"name": {Type: String, Optional: true},
		}, Blocks: map[string]*Block{
			"match": {Nesting: NestingSet, Attributes: map[string]*Attribute{
				"host": {Type: String, Required: true},
				"key":  {Type: String, Optional: true, Sensitive: true},
				"wait": {Type: Duration, Optional: true},
			}},
		}},
	}
	r.ValidateConfig = func(ctx *Context, config Values) {
		for _, p := range paths {
			ctx.Error(p, "bad", "It is bad.")
		}
	}
	c := newCall(t, p, "test_thing")
	config := Values{
		"labels":  []any{"a", "b"},
		"secrets": []any{"s3cret"},
		"tags":    map[string]any{"env": "x"},
		"ports":   []any{map[string]any{"port": int64(80)}},
		"rule": []any{map[string]any{"name": "r", "match": []any{
			map[string]any{"host": "h1", "key": "k3y", "wait": "90s"},
		}}},
	}
	paths = []string{"labels[1]", "secrets[0]", `tags["env"]`, "ports[0].port", "rule[0].match[0].host", "rule[0].name", "labels[7]"}
	resp, err := c.s.ValidateResourceConfig(context.Background(), &tfprotov6.ValidateResourceConfigRequest{TypeName: "test_thing", Config: c.dv(config)})
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.Diagnostics) != len(paths) {
		t.Fatalf("diagnostics: %v", resp.Diagnostics)
	}
	root := tftypes.NewAttributePath()
	want := []struct {
		path *tftypes.AttributePath
		note string
	}{
		{root.WithAttributeName("labels"), `At the labels element "b".`},
		{root.WithAttributeName("secrets"), "At an element of secrets."},
		{root.WithAttributeName("tags").WithElementKeyString("env"), ""},
		{root.WithAttributeName("ports"), "At port in the ports element with port = 80."},
		{root.WithAttributeName("rule").WithElementKeyInt(0).WithAttributeName("match"),
			`At host in the match block with host = "h1", key = (sensitive value), wait = "90s".`},
		{root.WithAttributeName("rule").WithElementKeyInt(0).WithAttributeName("name"), ""},
		{root.WithAttributeName("labels"), "At an element of labels."},
	}
	for i, d := range resp.Diagnostics {
		if !d.Attribute.Equal(want[i].path) {
			t.Errorf("%s: path %v, want %v", paths[i], d.Attribute, want[i].path)
		}
		wantDetail := "It is bad."
		if want[i].note != "" {
			wantDetail += "\n\n" + want[i].note
		}
		if d.Detail != wantDetail {
			t.Errorf("%s: detail %q, want %q", paths[i], d.Detail, wantDetail)
		}
		if strings.Contains(d.Detail, "s3cret") || strings.Contains(d.Detail, "k3y") {
			t.Errorf("%s: a sensitive value is shown: %q", paths[i], d.Detail)
		}
	}
}

// A value of the wrong type returned inside a set is reported with the
// element's position in the returned list, at a path that stops at the
// set.
func TestReturnedSetElementErrorStopsAtTheSet(t *testing.T) {
	p := thing(map[string]*Attribute{
		"name":  {Type: String, Required: true},
		"ports": {Type: Set(Int64), Computed: true},
	})
	p.Resources["test_thing"].Create = func(ctx *Context, plan Values) Values {
		return Values{"ports": []any{80, "443"}}
	}
	c := newCall(t, p, "test_thing")
	resp, err := c.s.ApplyResourceChange(context.Background(), &tfprotov6.ApplyResourceChangeRequest{
		TypeName:     "test_thing",
		PriorState:   c.et.null(),
		PlannedState: c.dv(Values{"name": "n", "ports": Unknown}),
		Config:       c.dv(Values{"name": "n"}),
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.Diagnostics) != 1 || !strings.Contains(resp.Diagnostics[0].Detail, "ports[1]: an int64 value cannot hold a Go string") {
		t.Fatalf("diagnostics: %v", resp.Diagnostics)
	}
	if want := tftypes.NewAttributePath().WithAttributeName("ports"); !resp.Diagnostics[0].Attribute.Equal(want) {
		t.Errorf("path %v, want %v", resp.Diagnostics[0].Attribute, want)
	}
}

// A diagnostic path that goes deeper into an attribute's value than one
// element stops where the engines can follow it: they look the last step
// up in the enclosing block, so ports[1].name was shown at the resource's
// own name line. The detail then says where the diagnostic is. A path the
// schema does not have is shown as far as it is right, and said to be a
// bug in the provider.
func TestDiagnosticPathsIntoAttributeValues(t *testing.T) {
	var paths []string
	p := thing(map[string]*Attribute{
		"name": {Type: String, Required: true},
		"ports": {Optional: true, Nested: &Nested{Nesting: NestingList, Attributes: map[string]*Attribute{
			"name": {Type: String, Optional: true},
			"tags": {Type: Set(String), Optional: true},
		}}},
		"endpoints": {Optional: true, Nested: &Nested{Nesting: NestingMap, Attributes: map[string]*Attribute{
			"url": {Type: String, Required: true},
		}}},
		"owner": {Optional: true, Nested: &Nested{Attributes: map[string]*Attribute{
			"name": {Type: String, Optional: true},
		}}},
		"conf": {Type: Object(map[string]Type{"name": String}), Optional: true},
		"tags": {Type: Map(String), Optional: true},
	})
	r := p.Resources["test_thing"]
	r.Schema.Blocks = map[string]*Block{
		"rule": {Nesting: NestingList, Attributes: map[string]*Attribute{
			"name":    {Type: String, Optional: true},
			"headers": {Type: Map(String), Optional: true},
			"match": {Optional: true, Nested: &Nested{Nesting: NestingList, Attributes: map[string]*Attribute{
				"host": {Type: String, Optional: true},
			}}},
		}},
		"settings": {Attributes: map[string]*Attribute{"mode": {Type: String, Optional: true}}},
	}
	r.ValidateConfig = func(ctx *Context, config Values) {
		for _, p := range paths {
			ctx.Error(p, "bad", "It is bad.")
		}
	}
	c := newCall(t, p, "test_thing")
	config := Values{
		"name":      "n",
		"ports":     []any{map[string]any{"name": "a", "tags": []any{"x"}}, map[string]any{"name": "b"}},
		"endpoints": map[string]any{"main": map[string]any{"url": "u"}},
		"owner":     map[string]any{"name": "o"},
		"conf":      map[string]any{"name": "c"},
		"tags":      map[string]any{"env": "x"},
		"rule": []any{map[string]any{"name": "r", "headers": map[string]any{"h": "v"},
			"match": []any{map[string]any{"host": "h"}}}},
		"settings": map[string]any{"mode": "m"},
	}
	root := tftypes.NewAttributePath()
	cases := []struct {
		path string
		want *tftypes.AttributePath
		note string
	}{
		{"ports[1].name", root.WithAttributeName("ports").WithElementKeyInt(1), "At ports[1].name."},
		{"ports[1]", root.WithAttributeName("ports").WithElementKeyInt(1), ""},
		{`endpoints["main"].url`, root.WithAttributeName("endpoints").WithElementKeyString("main"), `At endpoints["main"].url.`},
		{"owner.name", root.WithAttributeName("owner"), "At owner.name."},
		{"conf.name", root.WithAttributeName("conf"), "At conf.name."},
		{`tags["env"]`, root.WithAttributeName("tags").WithElementKeyString("env"), ""},
		{`rule[0].headers["h"]`, root.WithAttributeName("rule").WithElementKeyInt(0).WithAttributeName("headers").WithElementKeyString("h"), ""},
		{"rule[0].match[0].host", root.WithAttributeName("rule").WithElementKeyInt(0).WithAttributeName("match").WithElementKeyInt(0), "At rule[0].match[0].host."},
		{"settings.mode", root.WithAttributeName("settings").WithAttributeName("mode"), ""},
		{"ports[0].tags[0]", root.WithAttributeName("ports").WithElementKeyInt(0), `In ports[0].tags, at the tags element "x".`},
		{`endpoints["main"].name`, root.WithAttributeName("endpoints").WithElementKeyString("main"),
			`(The provider gave the attribute path endpoints["main"].name, which the schema does not have: this is a bug in the provider.)`},
		{"nope", root.WithAttributeName("nope"),
			"(The provider gave the attribute path nope, which the schema does not have: this is a bug in the provider.)"},
	}
	paths = nil
	for _, tc := range cases {
		paths = append(paths, tc.path)
	}
	resp, err := c.s.ValidateResourceConfig(context.Background(), &tfprotov6.ValidateResourceConfigRequest{TypeName: "test_thing", Config: c.dv(config)})
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.Diagnostics) != len(cases) {
		t.Fatalf("diagnostics: %v", resp.Diagnostics)
	}
	for i, d := range resp.Diagnostics {
		tc := cases[i]
		if !d.Attribute.Equal(tc.want) {
			t.Errorf("%s: path %v, want %v", tc.path, d.Attribute, tc.want)
		}
		wantDetail := "It is bad."
		if tc.note != "" {
			wantDetail += "\n\n" + tc.note
		}
		if d.Detail != wantDetail {
			t.Errorf("%s: detail %q, want %q", tc.path, d.Detail, wantDetail)
		}
	}
}

// A returned value of the wrong type deep inside an attribute is shown
// where the engines can find it; the detail keeps the whole path.
func TestReturnedValueErrorStopsWhereTheEngineFollows(t *testing.T) {
	p := thing(map[string]*Attribute{
		"name": {Type: String, Required: true},
		"ports": {Optional: true, Nested: &Nested{Nesting: NestingList, Attributes: map[string]*Attribute{
			"name": {Type: String, Optional: true},
		}}},
	})
	p.Resources["test_thing"].Read = func(ctx *Context, state Values) Values {
		return Values{"ports": []any{map[string]any{"name": 7}}}
	}
	c := newCall(t, p, "test_thing")
	resp, err := c.s.ReadResource(context.Background(), &tfprotov6.ReadResourceRequest{
		TypeName:     "test_thing",
		CurrentState: c.dv(Values{"name": "n", "ports": []any{map[string]any{"name": "a"}}}),
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.Diagnostics) != 1 || !strings.Contains(resp.Diagnostics[0].Detail, "ports[0].name: a string value cannot hold a Go int") {
		t.Fatalf("diagnostics: %v", resp.Diagnostics)
	}
	if want := tftypes.NewAttributePath().WithAttributeName("ports").WithElementKeyInt(0); !resp.Diagnostics[0].Attribute.Equal(want) {
		t.Errorf("path %v, want %v", resp.Diagnostics[0].Attribute, want)
	}
}
