package load

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// FuzzDir writes the input as main.tf, or main.tf.json when it starts
// with "{" (and, split at a NUL byte, a child module), and loads it:
// whatever the input, Dir returns a view and diagnostics and never panics.
func FuzzDir(f *testing.F) {
	for _, root := range caseRoots {
		entries, _ := os.ReadDir(root)
		for _, e := range entries {
			for _, n := range []string{"main.tf", "main.tf.json"} {
				if data, err := os.ReadFile(filepath.Join(root, e.Name(), n)); err == nil {
					f.Add(data)
				}
			}
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
		name := "main.tf"
		if trimmed := bytes.TrimLeft(root, " \t\r\n"); len(trimmed) > 0 && trimmed[0] == '{' {
			name = "main.tf.json"
		}
		if err := os.WriteFile(filepath.Join(dir, name), root, 0o644); err != nil {
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
