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
