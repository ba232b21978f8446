package load

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readAheadTree has child modules read ahead beside calls that are not: a
// directory called twice, a grandchild, a call of a directory that does
// not exist, a remote source without modules.json and an invalid source
// (readAheadBad adds a child with a syntax error).
var readAheadTree = map[string]string{
	"main.tf": `
module "a" {
  source = "./mods/a"
  name   = "one"
}
module "a2" {
  source = "./mods/a"
  name   = "two"
}
module "gone" {
  source = "./mods/gone"
}
module "remote" {
  source  = "hashicorp/consul/aws"
  version = "0.1.0"
}
module "empty" {
  source = ""
}
output "a" {
  value = [module.a.out, module.a2.out]
}
`,
	"mods/a/main.tf": `
variable "name" {}
module "leaf" {
  source = "../leaf"
  in     = var.name
}
output "out" {
  value = module.leaf.out
}
`,
	"mods/a/extra.tf": `
resource "terraform_data" "x" {
  input = upper(var.name)
}
`,
	"mods/leaf/main.tf": `
variable "in" {}
output "out" {
  value = "${var.in}-leaf"
}
`,
}

// readAheadBad adds a child with a syntax error to readAheadTree.
func readAheadBad() map[string]string {
	files := map[string]string{"mods/bad/main.tf": `
resource "terraform_data" "b" {
  input = {
}
`}
	for name, text := range readAheadTree {
		files[name] = text
	}
	files["main.tf"] += `
module "bad" {
  source = "./mods/bad"
}
`
	return files
}

// TestReadAheadSameAsSequential: reading child modules ahead gives the
// view and the diagnostics, in order, of reading them one by one, on the
// cases of testdata and on a tree with errors in its children.
func TestReadAheadSameAsSequential(t *testing.T) {
	dirs := []string{writeFiles(t, readAheadTree), writeFiles(t, readAheadBad()), writeFiles(t, asyncConfig)}
	cases, err := os.ReadDir(filepath.Join("testdata", "cases"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		if c.IsDir() {
			dirs = append(dirs, filepath.Join("testdata", "cases", c.Name()))
		}
	}
	run := func(dir string, ahead bool) (string, string) {
		saved := readAheadOn
		defer func() { readAheadOn = saved }()
		readAheadOn = ahead
		view, ds := Dir(dir, Options{})
		var diags []string
		for _, d := range ds {
			diags = append(diags, d.Error())
		}
		return string(view.JSON()), strings.Join(diags, "\n")
	}
	for i, dir := range dirs {
		seqView, seqDiags := run(dir, false)
		if i < 2 {
			wants := []string{"mods/gone", `"one-leaf"`, "ONE"}
			if i == 1 {
				wants = []string{"mods/bad/main.tf:2", "mods/gone"}
			}
			for _, want := range wants {
				if !strings.Contains(seqView+seqDiags, want) {
					t.Errorf("%s: neither the view nor the diagnostics mention %s:\n%s\n%s", dir, want, seqView, seqDiags)
				}
			}
		}
		for range 3 {
			view, diags := run(dir, true)
			if view != seqView {
				t.Fatalf("%s: views differ:\n--- one by one\n%s\n--- ahead\n%s", dir, seqView, view)
			}
			if diags != seqDiags {
				t.Fatalf("%s: diagnostics differ:\n--- one by one\n%s\n--- ahead\n%s", dir, seqDiags, diags)
			}
		}
	}
}
