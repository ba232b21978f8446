package tffile

import (
	"os"
	"path/filepath"
	"sort"
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

// FuzzNamesFor picks files from arbitrary directory listings (names
// separated by "/", which no file name holds): Terraform's choice never
// holds a .tofu file; OpenTofu's holds every .tofu file, and a .tf file
// only when no .tofu file of its name is listed; both hold each name once,
// primary files and overrides apart, sorted.
func FuzzNamesFor(f *testing.F) {
	f.Add("main.tf/main.tofu/vars.tf.json/vars.tofu/net.tf.json/net.tofu.json/only.tofu/a_override.tf/a_override.tofu")
	f.Add("override.tf/override.tofu.json/.x.tofu/#y.tofu#/z.tofu~/README.md")
	f.Add("a.tofu.json.tf/a.tofu.json/a.tf.json/.tofu/tofu/_override.tofu")
	f.Fuzz(func(t *testing.T, listing string) {
		// A directory lists each name once.
		present := map[string]bool{}
		var names []string
		for _, n := range strings.Split(listing, "/") {
			if !present[n] {
				present[n] = true
				names = append(names, n)
			}
		}
		// hidden is the .tofu file that hides a .tf file for OpenTofu.
		hidden := func(n string) bool {
			switch {
			case strings.HasSuffix(n, ".tf.json"):
				return present[strings.TrimSuffix(n, ".tf.json")+".tofu.json"]
			case strings.HasSuffix(n, ".tf"):
				return present[strings.TrimSuffix(n, ".tf")+".tofu"]
			}
			return false
		}
		for _, e := range []Engine{Terraform, OpenTofu} {
			primary, overrides := NamesFor(names, e)
			seen := map[string]bool{}
			for i, list := range [][]string{primary, overrides} {
				if !sort.StringsAreSorted(list) {
					t.Errorf("%s: not sorted: %q", e, list)
				}
				for _, n := range list {
					if seen[n] {
						t.Errorf("%s: %q twice", e, n)
					}
					seen[n] = true
					c, _, over := KindFor(n, e)
					if !c || over != (i == 1) {
						t.Errorf("%s: %q picked, but KindFor says %v %v", e, n, c, over)
					}
					isTofu := strings.HasSuffix(n, ".tofu") || strings.HasSuffix(n, ".tofu.json")
					if e == Terraform && isTofu {
						t.Errorf("terraform reads %q", n)
					}
					if e == OpenTofu && hidden(n) {
						t.Errorf("opentofu reads %q beside its .tofu file", n)
					}
				}
			}
			for _, n := range names {
				c, _, _ := KindFor(n, e)
				if c && !seen[n] && !(e == OpenTofu && hidden(n)) {
					t.Errorf("%s: %q is configuration but not picked", e, n)
				}
			}
		}
	})
}
