package tffile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzRead feeds arbitrary text to the reader as native syntax and as
// JSON, alone and merged as an override of itself: never a panic, every
// diagnostic located, every argument with its range and source.
func FuzzRead(f *testing.F) {
	for _, dir := range dirs(f) {
		names, _ := filepath.Glob(filepath.Join(dir, "*.tf*"))
		for _, n := range names {
			if strings.Contains(n, "/shared/") {
				continue // the real modules are large; the test data suffices
			}
			if src, err := os.ReadFile(n); err == nil {
				f.Add(string(src))
			}
		}
	}
	f.Add(`{"resource": {"a_b": {"c": [{"provisioner": [{"x": {"when": "destroy"}}], "dynamic": {"d": {"content": {}}}}]}}}`)
	f.Add(`{"check": {"c": {"data": {"docker_network": {"n": {"name": "${1}"}}}}}, "provider": {"dk": [{"alias": "x"}]}}`)
	f.Add("locals {\n  a = 1\n}\nresource \"a\" \"b\" {\n  x = 1\n  y { z = 2 }\n}\n")
	ps := docker(f)
	f.Fuzz(func(t *testing.T, src string) {
		for _, names := range [][]string{{"main.tf"}, {"main.tf.json"}, {"main.tf", "override.tf"}, {"main.tf.json", "x_override.tf.json"}} {
			var srcs []Source
			for _, n := range names {
				srcs = append(srcs, Source{Name: n, Src: []byte(src)})
			}
			m, ds := Read(srcs, Options{Providers: ps})
			for _, d := range ds {
				if d.Summary == "" || d.Subject == nil {
					t.Fatalf("%v: diagnostic without summary or place: %#v", names, d)
				}
			}
			for _, b := range m.Config.Blocks {
				checkBody(t, b.Body, b.DeclRange, fileNames(m))
			}
		}
		// The headers of a file are its blocks' headers; a file that
		// cannot be read at all has none.
		for _, name := range []string{"main.tf", "main.tf.json"} {
			s := Source{Name: name, Src: []byte(src)}
			want, _ := ReadFile(s, Options{})
			got, ds := ReadHeaders(s)
			for _, d := range ds {
				if d.Summary == "" || d.Subject == nil {
					t.Fatalf("%s: header diagnostic without summary or place: %#v", name, d)
				}
			}
			if (want == nil) != (got == nil) {
				t.Fatalf("%s: ReadFile read %v, ReadHeaders %v (%v)", name, want != nil, got != nil, ds)
			}
			if want != nil && len(want.Blocks) != len(got.Blocks) {
				t.Fatalf("%s: %d blocks, %d headers", name, len(want.Blocks), len(got.Blocks))
			}
		}
	})
}
