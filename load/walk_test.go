package load

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
)

// TestWalk visits every expression of the three-level module tree with
// its full static name, in a fixed order.
func TestWalk(t *testing.T) {
	dir, _ := filepath.Abs("testdata/cases/modules3")
	root, ds := LoadTree(dir)
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	var names []string
	root.Walk(func(name string, _ hcl.Expression) { names = append(names, name) })
	got := strings.Join(names, "\n")
	for _, want := range []string{
		"var.networks.default",
		"module.net.for_each",
		"module.net.module.subnet.count",
		"module.net.module.subnet.cidr",
		"module.net.module.subnet.aws_subnet.this.cidr_block",
		"module.net.module.subnet.module.leaf.aws_route_table.rt.tags",
		"module.net.module.subnet.module.leaf.output.label",
		"output.leaf_names",
	} {
		if !strings.Contains("\n"+got+"\n", "\n"+want+"\n") {
			t.Errorf("Walk did not visit %s; visited:\n%s", want, got)
		}
	}
	var again []string
	root.Walk(func(name string, _ hcl.Expression) { again = append(again, name) })
	if strings.Join(again, "\n") != got {
		t.Error("two walks visit in different orders")
	}
}
