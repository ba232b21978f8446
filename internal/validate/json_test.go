package validate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/render"
	"github.com/tfkit/tfkit/schema"
	"github.com/tfkit/tfkit/tffile"
)

// ReadJSON reads a Terraform JSON file the way tfkit validate does: through the one reader,
// guided by the providers' schemas.
func ReadJSON(src []byte, filename string, providers []*schema.Provider) (*config.Config, diag.Diagnostics) {
	return tffile.ReadJSON(tffile.Source{Name: filename, Src: src}, tffile.Options{Providers: providers})
}

// checkJSON renders src as main.tf.json and checks that.
func checkJSON(t *testing.T, src string) diag.Diagnostics {
	t.Helper()
	cfg, diags := config.ParseConfig(src, "main.tf")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	js, err := render.JSON(cfg)
	if err != nil {
		t.Fatal(err)
	}
	jcfg, diags := ReadJSON(js, "main.tf.json", providers(t))
	if diags.HasErrors() {
		t.Fatalf("%s\n%s", diags, js)
	}
	return Config(jcfg, providers(t))
}

// TestJSONSameAsHCL: every diagnostic the checker gives for a .tf file it
// gives for the same configuration in JSON syntax, at a place in the JSON
// file.
func TestJSONSameAsHCL(t *testing.T) {
	if diags := checkJSON(t, validSource); len(diags) != 0 {
		t.Fatalf("valid configuration: %s", diags)
	}
	for _, tc := range diagnosticCases {
		t.Run(tc.name, func(t *testing.T) {
			want := check(t, tc.src)
			got := checkJSON(t, tc.src)
			switch tc.name {
			case "block written as attribute":
				// In JSON a list of objects is how blocks are written.
				want = nil
			case "nested attribute written as a block":
				// JSON has no block syntax: the block is written as
				// one object, where a list of them is due.
				if len(got) != 1 || got[0].Path != "fix_thing.t.rules" || got[0].Summary != "Incorrect attribute value type" {
					t.Fatalf("JSON gives:\n%s", got)
				}
				return
			case "unknown block":
				// JSON cannot tell an unknown block from an unknown
				// argument; the hint still names the block.
				w := *want[0]
				w.Summary, w.Detail = "Unsupported argument", ""
				want = diag.Diagnostics{&w}
			}
			if len(got) != len(want) {
				t.Fatalf("JSON gives %d diagnostics, HCL %d:\n%s", len(got), len(want), got)
			}
			for i, d := range got {
				w := want[i]
				if d.Severity != w.Severity || d.Summary != w.Summary || d.Path != w.Path || d.Suggestion != w.Suggestion {
					t.Errorf("JSON: %s\nHCL:  %s", d, w)
				}
				if d.Subject == nil || d.Subject.Filename != "main.tf.json" || d.Subject.Start.Line == 0 {
					t.Errorf("subject %v, want a place in main.tf.json", d.Subject)
				}
			}
		})
	}
}

// TestJSONProviderAndBadInput: the provider meta-argument written as a
// string selects the aliased provider's schema, and JSON that does not
// parse is a located diagnostic.
func TestJSONProviderAndBadInput(t *testing.T) {
	src := `{
  "terraform": {"required_providers": {"rnd": {"source": "hashicorp/random"}}},
  "provider": {"rnd": [{"alias": "x"}]},
  "resource": {"rnd_pet": {"p": {"provider": "rnd.x", "lenght": 2}}}
}`
	cfg, diags := ReadJSON([]byte(src), "main.tf.json", providers(t))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	got := Config(cfg, providers(t))
	if len(got) != 1 || got[0].Summary != "Invalid resource type" {
		t.Fatalf("got %s", got)
	}
	if got[0].Subject == nil || got[0].Subject.Start.Line != 4 {
		t.Errorf("subject %v, want line 4", got[0].Subject)
	}

	_, diags = ReadJSON([]byte("{\n  \"resource\": [\n"), "bad.tf.json", providers(t))
	if !diags.HasErrors() || !strings.Contains(diags.Error(), "bad.tf.json:") {
		t.Fatalf("bad JSON: %s", diags)
	}
}

// TestJSONAttributesAsBlocks: in JSON a list of objects attribute written
// as blocks looks like blocks, but Terraform reads it as the attribute's
// value, and so does the reader: each object gives every attribute of the
// type, keys the type lacks are dropped, and values are checked against
// the attributes' types; the first problem is reported, at the value.
func TestJSONAttributesAsBlocks(t *testing.T) {
	f, err := os.Open(filepath.Join("..", "codegen", "golang", "testdata", "providers", "aws-3.3.0-slice.json"))
	if err != nil {
		t.Fatal(err)
	}
	aws, err := schema.ReadProviders(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	src := `{
  "resource": {
    "aws_security_group": {
      "web": {
        "ingress": [
          {"from_port": 443, "to_port": 443, "protocol": "tcp", "cidr_blocks": ["${var.cidr}"]},
          {"from_port": "eighty", "to_prot": 80}
        ],
        "egress": []
      }
    }
  }
}`
	cfg, diags := ReadJSON([]byte(src), "main.tf.json", aws)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	web := cfg.Blocks[0].Body
	if len(web.Blocks("ingress")) != 0 || web.Attribute("ingress") == nil || web.Attribute("egress") == nil {
		t.Fatalf("ingress and egress are not read as arguments: %#v", web.Items)
	}
	if tu, ok := web.Attribute("ingress").Expr.(*config.Tuple); !ok || len(tu.Items) != 2 {
		t.Fatalf("ingress is %#v, want a tuple of two objects", web.Attribute("ingress").Expr)
	}
	got := Config(cfg, aws)
	want := []string{
		`main.tf.json:5:20: Error: Incorrect attribute value type (at aws_security_group.web.ingress); Inappropriate value for attribute "ingress": element 0: attributes "description", "ipv6_cidr_blocks", "prefix_list_ids", "security_groups", and "self" are required.`,
	}
	if len(got) != len(want) {
		t.Fatalf("got %d diagnostics, want %d:\n%s", len(got), len(want), got)
	}
	for i, w := range want {
		if !strings.HasPrefix(got[i].Error(), w) {
			t.Errorf("diagnostic %d:\n got %s\nwant %s…", i, got[i], w)
		}
	}
}
