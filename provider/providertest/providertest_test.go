package providertest

import (
	"os"
	"path/filepath"
	"testing"
)

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

// An engine older than a construct of the steps' configurations skips the
// run, saying which construct needs which version; a new enough one runs.
func TestSkipOlderEngines(t *testing.T) {
	dir := t.TempDir()
	fake := func(name, version string) string {
		// Answers `version -json` as Terraform does, and nothing else.
		path := filepath.Join(dir, name)
		write(t, path, "#!/bin/sh\necho '{\"terraform_version\":\""+version+"\",\"terraform_outdated\":false}'\n")
		if err := os.Chmod(path, 0o755); err != nil {
			t.Fatal(err)
		}
		return path
	}
	steps := []Step{{Config: "resource \"a_b\" \"c\" {}\n"}, {Config: "ephemeral \"a_b\" \"c\" {}\n"}}
	for _, tc := range []struct {
		version string
		skipped bool
	}{{"1.9.8", true}, {"1.10.0", false}} {
		var sub *testing.T
		t.Run(tc.version, func(t *testing.T) {
			sub = t
			skipOlder(t, fake("terraform-"+tc.version, tc.version), steps)
		})
		if sub.Skipped() != tc.skipped {
			t.Errorf("Terraform %s: skipped %v, want %v", tc.version, sub.Skipped(), tc.skipped)
		}
	}
}
