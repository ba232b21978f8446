package provider

import (
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// Context.RequiresReplace in ModifyPlan replaces the resource when the named
// attribute changes, makes the computed values unknown, and is refused for
// a name the schema lacks; elsewhere it is an error.
func TestRequiresReplaceFromModifyPlan(t *testing.T) {
	var name string
	p := thing(map[string]*Attribute{
		"id":   {Type: String, Computed: true, UseStateForUnknown: true},
		"size": {Type: Int64, Required: true},
		"note": {Type: String, Optional: true},
	})
	r := p.Resources["test_thing"]
	r.ModifyPlan = func(ctx *Context, prior, plan Values) Values {
		ctx.RequiresReplace(name)
		return nil
	}
	c := newCall(t, p, "test_thing")
	prior := Values{"id": "x", "size": int64(10), "note": "a"}

	name = "size"
	planned, resp := c.plan(prior, Values{"size": int64(5), "note": "a"})
	if len(resp.Diagnostics) != 0 {
		t.Fatal(resp.Diagnostics)
	}
	if want := tftypes.NewAttributePath().WithAttributeName("size"); len(resp.RequiresReplace) != 1 || !resp.RequiresReplace[0].Equal(want) {
		t.Errorf("RequiresReplace = %v, want [size]", resp.RequiresReplace)
	}
	if planned["id"] != Unknown {
		t.Errorf("a replacement keeps the id: %v", planned["id"])
	}

	// Asked for an attribute that does not change: an update.
	planned, resp = c.plan(prior, Values{"size": int64(10), "note": "b"})
	if len(resp.Diagnostics) != 0 || len(resp.RequiresReplace) != 0 || planned["id"] != "x" {
		t.Errorf("an update: %v %v %v", resp.Diagnostics, resp.RequiresReplace, planned)
	}

	name = "sise"
	_, resp = c.plan(prior, Values{"size": int64(5), "note": "a"})
	if len(resp.Diagnostics) != 1 || !strings.Contains(resp.Diagnostics[0].Summary, `ModifyPlan called RequiresReplace("sise"), which the schema does not have`) ||
		!strings.Contains(resp.Diagnostics[0].Detail, `did you mean "size"?`) {
		t.Errorf("an unknown name: %v", resp.Diagnostics)
	}

	ctx := &Context{TypeName: "test_thing", Operation: "Create"}
	ctx.RequiresReplace("size")
	if !ctx.HasError() || !strings.Contains(ctx.Diagnostics()[0].Summary, "Create called RequiresReplace") {
		t.Errorf("outside ModifyPlan: %v", ctx.Diagnostics())
	}
}
