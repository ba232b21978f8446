package localmod

import (
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/tfkit/tfkit/config"
)

// TestFiles: the paths a configuration names statically, as HCL (templates,
// file functions with core:: or without, raw text), give the files of the
// project to copy, and a directory its files (not .git, state files, nor a
// synth output inside it); what names nothing, a state file, an absolute
// path, a path with something interpolated after path.module, a literal
// string holding "${path.module}" as text and a path the stack already
// holds copy nothing, and a file outside the project is a warning.
func TestFiles(t *testing.T) {
	root := t.TempDir()
	base := filepath.Join(root, "app")
	for _, f := range []string{"a.tpl", "b.json", "c.txt", "d.sh", "e.txt", "dir/f.txt", "dir/sub/h.txt", "dir/.git/config",
		"dir/out/manifest.json", "dir/out/stacks/s/main.tf", "dir/terraform.tfstate", "terraform.tfstate", "taken.txt", "g.txt"} {
		put(t, base, f, f)
	}
	put(t, root, "outside.txt", "x")
	cfg, ds := config.ParseConfig(`
resource "x" "y" {
  a = templatefile("${path.module}/a.tpl", {})
  b = core::file("b.json")
  c = "${path.root}/c.txt"
  nested {
    d = filebase64sha256("d.sh")
  }
  dir   = "${path.module}/dir"
  state = file("terraform.tfstate")
  abs   = file("/etc/hostname")
  later = "${path.module}/out/bundle.zip"
  var   = "${path.module}/${var.name}.txt"
  taken = file("taken.txt")
  out   = file("${path.module}/../outside.txt")
}
`, "main.tf")
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	b := cfg.Blocks[0]
	// A literal string is not read as a path: ${ in it is text.
	b.Body.Set("literal", config.String("${path.module}/e.txt"))
	text := `[for s in ["x"] : file("g.txt")]`
	syntax, hds := hclsyntax.ParseExpression([]byte(text), "main.go", hcl.InitialPos)
	if hds.HasErrors() {
		t.Fatal(hds)
	}
	b.Body.Set("raw", &config.Raw{Text: text, Syntax: syntax})
	files, warns := Files(cfg, base, map[string][]byte{"taken.txt": nil})
	var got []string
	for rel, data := range files {
		if string(data) != rel {
			t.Errorf("%s holds %q", rel, data)
		}
		got = append(got, rel)
	}
	sort.Strings(got)
	if want := []string{"a.tpl", "b.json", "c.txt", "d.sh", "dir/f.txt", "dir/sub/h.txt", "g.txt"}; !reflect.DeepEqual(got, want) {
		t.Errorf("files %v, want %v", got, want)
	}
	if len(warns) != 1 || !strings.Contains(warns[0].Error(), "main.tf:15:3") || !strings.Contains(warns[0].Error(), "File outside the project not copied") {
		t.Errorf("warnings: %v", warns)
	}
}
