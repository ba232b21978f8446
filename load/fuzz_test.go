package load

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzDir writes the input as main.tf (and, split at a NUL byte, a child
// module) and loads it: whatever the input, Dir returns a view and
// diagnostics and never panics.
func FuzzDir(f *testing.F) {
	entries, _ := os.ReadDir("testdata/cases")
	for _, e := range entries {
		if data, err := os.ReadFile(filepath.Join("testdata/cases", e.Name(), "main.tf")); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte("module \"c\" {\n  source = \"./c\"\n  count = 2\n  x = count.index\n}\n\x00variable \"x\" {}\noutput \"o\" { value = var.x * 2 }\n"))
	f.Add([]byte("locals { a = [for i in range(3) : { k = i }] }\nresource \"x_y\" \"z\" {\n  for_each = { for o in local.a : tostring(o.k) => o }\n  v = each.value.k\n  dynamic \"b\" {\n    for_each = each.value\n    content { n = b.key }\n  }\n}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		root, child := data, []byte(nil)
		for i, b := range data {
			if b == 0 {
				root, child = data[:i], data[i+1:]
				break
			}
		}
		if err := os.WriteFile(filepath.Join(dir, "main.tf"), root, 0o644); err != nil {
			t.Fatal(err)
		}
		if child != nil {
			if err := os.MkdirAll(filepath.Join(dir, "c"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "c", "main.tf"), child, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		view, _ := Dir(dir, Options{})
		if view == nil {
			t.Fatal("nil view")
		}
		_ = view.JSON()
	})
}
