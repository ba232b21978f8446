package tffile

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/schema"
)

// rangeText is the text of src that r covers, or a note saying why none.
func rangeText(src []byte, r hcl.Range) string {
	if r.Filename == "" || r.End.Byte > len(src) || r.Start.Byte > r.End.Byte {
		return "<no range>"
	}
	return string(src[r.Start.Byte:r.End.Byte])
}

// blockRanges describes where a block's type, labels and braces are, as
// their text and line:column: `"resource" 3:3, "docker_container" 3:15, …`.
func blockRanges(src []byte, b *config.Block) string {
	var out []string
	add := func(r hcl.Range) {
		out = append(out, fmt.Sprintf("%s %d:%d", rangeText(src, r), r.Start.Line, r.Start.Column))
	}
	add(b.TypeRange)
	for _, r := range b.LabelRanges {
		add(r)
	}
	add(b.OpenBraceRange)
	add(b.CloseBraceRange)
	return strings.Join(out, ", ")
}

// TestBlockRanges: blocks read from native syntax and from JSON keep where
// their type, labels and braces were written, which Terraform's
// diagnostics point at; a block's DeclRange stays where it was.
func TestBlockRanges(t *testing.T) {
	native := `resource "docker_container" "c" {
  name  = "c"
  ports {
    internal = 80
  }
}
resource "docker_image" "i" { name = "nginx" }
`
	jsonSrc := `{
  "resource": {
    "docker_container": {
      "c": {
        "name": "c",
        "ports": [{"internal": 80}, {"internal": 443}]
      }
    }
  }
}`
	ncfg, ds := ReadFile(Source{Name: "main.tf", Src: []byte(native)}, Options{})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	jcfg, ds := ReadFile(Source{Name: "main.tf.json", Src: []byte(jsonSrc)}, Options{Providers: docker(t)})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	for _, tc := range []struct {
		name string
		src  string
		b    *config.Block
		want string
	}{
		{"native resource", native, ncfg.Blocks[0], `resource 1:1, "docker_container" 1:10, "c" 1:29, { 1:33, } 6:1`},
		{"native nested block", native, ncfg.Blocks[0].Body.Blocks("ports")[0], `ports 3:3, { 3:9, } 5:3`},
		{"native block on one line", native, ncfg.Blocks[1], `resource 7:1, "docker_image" 7:10, "i" 7:25, { 7:29, } 7:46`},
		{"JSON resource", jsonSrc, jcfg.Blocks[0], `"resource" 2:3, "docker_container" 3:5, "c" 4:7, { 4:12, } 7:7`},
		{"JSON nested block", jsonSrc, jcfg.Blocks[0].Body.Blocks("ports")[1], `"ports" 6:9, { 6:37, } 6:53`},
	} {
		if got := blockRanges([]byte(tc.src), tc.b); got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.name, got, tc.want)
		}
	}
	if r := ncfg.Blocks[0].DeclRange; rangeText([]byte(native), r) != `resource "docker_container" "c"` {
		t.Errorf("native DeclRange %s", r)
	}
	if r := jcfg.Blocks[0].DeclRange; r.Start.Line != 4 || r.Start.Column != 12 {
		t.Errorf("JSON DeclRange %s, want the body's opening brace", r)
	}
}

// TestJSONListOfObjectsIsAnArgument: with schemas, a JSON list of objects
// for a list or set of objects argument (aws 3.x's ingress) is read as
// the argument, its value the objects, as Terraform reads it; nested
// blocks stay blocks.
func TestJSONListOfObjectsIsAnArgument(t *testing.T) {
	f, err := os.Open(filepath.Join("..", "internal", "codegen", "golang", "testdata", "providers", "aws-3.3.0-slice.json"))
	if err != nil {
		t.Fatal(err)
	}
	aws, err := schema.ReadProviders(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	src := `{"resource": {"aws_security_group": {"web": {
  "ingress": [{"from_port": 443, "to_port": 443, "protocol": "tcp"}],
  "egress": {"from_port": 0, "to_port": 0, "protocol": "-1"},
  "timeouts": {"create": "5m"}
}}}}`
	cfg, ds := ReadFile(Source{Name: "main.tf.json", Src: []byte(src)}, Options{Providers: aws})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	body := cfg.Blocks[0].Body
	for _, name := range []string{"ingress", "egress"} {
		if a := body.Attribute(name); a == nil || len(body.Blocks(name)) != 0 {
			t.Errorf("%s is not read as an argument: %#v", name, body.Items)
		}
	}
	if tu, ok := body.Attribute("ingress").Expr.(*config.Tuple); !ok || len(tu.Items) != 1 {
		t.Errorf("ingress is %#v, want a tuple of one object", body.Attribute("ingress").Expr)
	} else if _, ok := tu.Items[0].(*config.Object); !ok {
		t.Errorf("ingress[0] is %#v, want an object", tu.Items[0])
	}
	if _, ok := body.Attribute("egress").Expr.(*config.Object); !ok {
		t.Errorf("egress is %#v, want an object", body.Attribute("egress").Expr)
	}
	if len(body.Blocks("timeouts")) != 1 {
		t.Errorf("timeouts is not read as a block: %#v", body.Items)
	}
}
