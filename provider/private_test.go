package provider

import (
	"context"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

// Private state belongs to a resource object: elsewhere it is a bug in the
// provider, said so; private data of another form reads as empty, with a
// warning, and stays until SetPrivate replaces it.
func TestPrivateStateMisuse(t *testing.T) {
	p := thing(map[string]*Attribute{"a": {Type: String, Required: true}})
	r := p.Resources["test_thing"]
	var read []byte
	r.ValidateConfig = func(ctx *Context, config Values) { ctx.Private("k") }
	r.Read = func(ctx *Context, state Values) Values {
		read = ctx.Private("k")
		return state
	}
	r.Delete = func(ctx *Context, state Values) { ctx.SetPrivate("k", []byte("v")) }
	c := newCall(t, p, "test_thing")
	bg := context.Background()
	state := c.dv(Values{"a": "x"})

	v, _ := c.s.ValidateResourceConfig(bg, &tfprotov6.ValidateResourceConfigRequest{TypeName: "test_thing", Config: state})
	if len(v.Diagnostics) != 1 || v.Diagnostics[0].Summary != "test_thing: ValidateConfig called Private" {
		t.Errorf("ValidateConfig: %v", v.Diagnostics)
	}

	other := []byte(`{"schema_version":"1"}`)
	rd, _ := c.s.ReadResource(bg, &tfprotov6.ReadResourceRequest{TypeName: "test_thing", CurrentState: state, Private: other})
	if len(rd.Diagnostics) != 1 || rd.Diagnostics[0].Severity != tfprotov6.DiagnosticSeverityWarning ||
		!strings.Contains(rd.Diagnostics[0].Summary, "the private state was not written by Context.SetPrivate") {
		t.Errorf("Read: %v", rd.Diagnostics)
	}
	if read != nil || string(rd.Private) != string(other) {
		t.Errorf("Read found %q and kept %q", read, rd.Private)
	}

	ap, _ := c.s.ApplyResourceChange(bg, &tfprotov6.ApplyResourceChangeRequest{TypeName: "test_thing", PriorState: state, PlannedState: c.dv(nil), Config: c.dv(nil)})
	if len(ap.Diagnostics) != 1 || ap.Diagnostics[0].Summary != `test_thing: Delete called SetPrivate("k")` {
		t.Errorf("Delete: %v", ap.Diagnostics)
	}
}
