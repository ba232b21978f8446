package localmod

import (
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/config"
)

func names(files map[string][]byte) []string {
	var out []string
	for n := range files {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// TestModuleReads: a local module inside the project that reads files
// outside its own directory (a template two levels up, as
// terraform-aws-eks's _user_data does; a sibling's file; a directory named
// by a local value; the directory a computed path begins in; a path
// relative to the root) takes them into the stack at the same path, and so
// do the local modules it calls. What cannot be copied (outside the
// project, a computed path beginning in the project directory itself) is
// a warning at the module's expression that names the module and the
// call; the stack's own configuration file is never overwritten.
func TestModuleReads(t *testing.T) {
	root := t.TempDir()
	base := filepath.Join(root, "app")
	put(t, base, "modules/x/main.tf", `locals {
  tpl = "${path.module}/../../templates"
  scripts = "${path.module}/../../scripts"
}

module "y" {
  source = "../y"
}

output "a" {
  value = templatefile("${path.module}/../../templates/a.tpl", {})
}
output "b" {
  value = file("${local.tpl}/b.tpl")
}
output "shared" {
  value = file("${path.module}/../shared/x.json")
}
output "scripts" {
  value = { for f in fileset(local.scripts, "*.sh") : f => file("${local.scripts}/${f}") }
}
output "os" {
  value = templatefile("${path.module}/../../os/${var.os}.tpl", {})
}
output "own" {
  value = file("${path.module}/own.txt")
}
output "root" {
  value = file("root.txt")
}
output "main" {
  value = file("${path.module}/../../main.tf")
}
output "outside" {
  value = file("${path.module}/../../../outside.txt")
}
output "anything" {
  value = file("${path.module}/../../${var.name}")
}
`)
	put(t, base, "modules/x/own.txt", "own")
	put(t, base, "modules/y/main.tf", "output \"c\" {\n  value = file(\"${path.module}/../../templates/c.tpl\")\n}\n")
	for _, f := range []string{"templates/a.tpl", "templates/b.tpl", "templates/c.tpl", "templates/unread.tpl", "modules/shared/x.json", "modules/shared/other.json",
		"scripts/a.sh", "scripts/b.sh", "os/linux.tpl", "root.txt", "main.tf", "unrelated.txt"} {
		put(t, base, f, f)
	}
	put(t, root, "outside.txt", "x")
	cfg := &config.Config{Blocks: []*config.Block{module("x", "./modules/x", 7)}}
	out, files, ds := Assets(cfg, base, map[string][]byte{"main.tf": nil})
	if out.Blocks[0] != cfg.Blocks[0] {
		t.Error("the source was rewritten")
	}
	// The local tpl names the directory templates, which is copied whole.
	want := []string{"modules/shared/x.json", "modules/x/main.tf", "modules/x/own.txt", "modules/y/main.tf", "os/linux.tpl", "root.txt",
		"scripts/a.sh", "scripts/b.sh", "templates/a.tpl", "templates/b.tpl", "templates/c.tpl", "templates/unread.tpl"}
	if got := names(files); !reflect.DeepEqual(got, want) {
		t.Errorf("files = %v, want %v", got, want)
	}
	if string(files["templates/a.tpl"]) != "templates/a.tpl" {
		t.Errorf("templates/a.tpl holds %q", files["templates/a.tpl"])
	}
	var got []string
	for _, d := range ds {
		got = append(got, d.Error())
	}
	wantDiags := []string{
		filepath.Join("modules", "x", "main.tf") + `:38:16: Warning: File read by a local module not copied; The module "./modules/x" (in ` + filepath.Join("modules", "x") +
			`) reads a path that the engine completes in the project directory, from a known part that names no directory of its own, and tfkit never copies the project directory`,
		filepath.Join("modules", "x", "main.tf") + `:35:16: Warning: File read by a local module not copied; The module "./modules/x" (in ` + filepath.Join("modules", "x") +
			`) reads ` + filepath.Join("..", "outside.txt") + ` (relative to the project directory), which lies outside the project directory`,
	}
	if len(got) != len(wantDiags) {
		t.Fatalf("diagnostics:\n%s", strings.Join(got, "\n"))
	}
	for i, w := range wantDiags {
		if !strings.HasPrefix(got[i], w) || !strings.Contains(got[i], "the module is called here: main.go:7:2") || !strings.Contains(got[i], "hint: move what the module reads") {
			t.Errorf("diagnostic %d:\n%s\nwant prefix\n%s", i, got[i], w)
		}
	}
}

// TestOutsideModuleReads: a module outside the project that reads files
// around it ("${path.module}/../../templates/x.tpl") is copied together
// with them under their common ancestor, so the path still leads to them
// from the copy; a read that holds the project directory is a warning.
func TestOutsideModuleReads(t *testing.T) {
	root := t.TempDir()
	base := filepath.Join(root, "app")
	put(t, base, "main.go", "package main\n")
	put(t, root, "eks/modules/_user_data/main.tf", `locals {
  user_data = templatefile(
    coalesce(var.user_data_template_path, "${path.module}/../../templates/linux_user_data.tpl"), {})
}
output "all" {
  value = fileset("${path.module}/../../../", "*")
}
`)
	put(t, root, "eks/templates/linux_user_data.tpl", "#!/bin/bash\n")
	put(t, root, "eks/templates/windows_user_data.tpl", "<powershell/>\n")
	put(t, root, "eks/main.tf", "# the module itself, not read\n")
	cfg := &config.Config{Blocks: []*config.Block{module("ud", "../eks/modules/_user_data", 3)}}
	out, files, ds := Assets(cfg, base, nil)
	if got := sources(out); !reflect.DeepEqual(got, []string{"./tfkit-modules/eks/modules/_user_data"}) {
		t.Errorf("sources = %v", got)
	}
	if got, want := names(files), []string{"tfkit-modules/eks/modules/_user_data/main.tf", "tfkit-modules/eks/templates/linux_user_data.tpl"}; !reflect.DeepEqual(got, want) {
		t.Errorf("files = %v, want %v", got, want)
	}
	if len(ds) != 1 || !strings.HasPrefix(ds[0].Error(), filepath.Join("..", "eks", "modules", "_user_data", "main.tf")+":6:19: Warning: File read by a local module not copied") ||
		!strings.Contains(ds[0].Error(), "which holds the project directory") {
		t.Errorf("diagnostics: %v", ds)
	}
}

// TestFilesThroughLocals: a stack that names a directory by a local value
// (fileset(local.dir, "*.sh") and file("${local.dir}/${each.value}"), the
// local a relative path or a path.module template) takes the directory;
// a template of a local that is no path by itself and a file name takes
// that file only; locals that refer to each other in a cycle name nothing.
func TestFilesThroughLocals(t *testing.T) {
	base := t.TempDir()
	for _, f := range []string{"scripts/a.sh", "scripts/b.sh", "hooks/pre.sh", "tpl/x.tpl", "tpl/y.tpl"} {
		put(t, base, f, f)
	}
	cfg, ds := config.ParseConfig(`
locals {
  scripts = "scripts"
  hooks   = "${path.module}/hooks"
  tpl     = "tpl"
  a       = local.b
  b       = "${local.a}/x"
}
resource "terraform_data" "s" {
  for_each = fileset(local.scripts, "*.sh")
  input    = file("${local.scripts}/${each.value}")
}
resource "terraform_data" "h" {
  for_each = fileset(local.hooks, "*.sh")
  input    = file("${local.hooks}/${each.value}")
}
output "x" {
  value = templatefile("${path.root}/${local.tpl}/x.tpl", {})
}
output "cycle" {
  value = file(local.a)
}
`, "main.tf")
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	files, warns := Files(cfg, base, nil)
	if got, want := names(files), []string{"hooks/pre.sh", "scripts/a.sh", "scripts/b.sh", "tpl/x.tpl"}; !reflect.DeepEqual(got, want) || len(warns) != 0 {
		t.Errorf("files = %v, want %v (%v)", got, want, warns)
	}
}
