package providertest

import "testing"

func TestSetsAttribute(t *testing.T) {
	cases := []struct {
		code, attr string
		want       bool
	}{
		{`  content = "{not json"`, "content", true},
		{`  content= 1`, "content", true},
		{`  content_type = "x"`, "content", false},
		{`    port = 70000`, "rule[2].port", true},
		{`  tags = { env = "x" }`, `tags["env"]`, true},
		{`  # content = 1`, "content", false},
	}
	for _, c := range cases {
		if got := setsAttribute(c.code, c.attr); got != c.want {
			t.Errorf("setsAttribute(%q, %q) = %v, want %v", c.code, c.attr, got, c.want)
		}
	}
}

func TestParseStream(t *testing.T) {
	out := `{"@level":"info","type":"version"}
{"type":"planned_change","change":{"resource":{"addr":"a.b"},"action":"update"}}
{"type":"planned_change","change":{"resource":{"addr":"a.c"},"action":"noop"}}
{"type":"diagnostic","diagnostic":{"severity":"error","summary":"Bad","detail":"very","range":{"filename":"main.tf","start":{"line":3}},"snippet":{"code":"  x = 1"}}}
not json at all
`
	diags, changes := parseStream(t, out)
	if len(changes) != 1 || changes["a.b"] != "update" {
		t.Errorf("changes %v", changes)
	}
	if len(diags) != 1 || !hasError(diags) || diags[0].String() != "error: Bad: very (main.tf:3)" {
		t.Errorf("diagnostics %v", diags)
	}
}

func TestFullSource(t *testing.T) {
	if got := fullSource("tfkit/docstore"); got != "registry.terraform.io/tfkit/docstore" {
		t.Error(got)
	}
	if got := fullSource("example.com/a/b"); got != "example.com/a/b" {
		t.Error(got)
	}
}
