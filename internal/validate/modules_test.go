package validate

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/tffile"
)

// writeTree writes files (by slash path) into dir.
func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, src := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// checkTree checks the root module main.tf of files, written in a
// temporary directory, with its local child modules, as tfkit validate
// does.
func checkTree(t *testing.T, files map[string]string) (diag.Diagnostics, Children) {
	t.Helper()
	dir := t.TempDir()
	writeTree(t, dir, files)
	cfg, ds := config.ParseConfig(files["main.tf"], "main.tf")
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	children := ReadChildren(dir, cfg, tffile.Terraform)
	return AsEngine(cfg, providers(t), children), children
}

// withoutDidYouMean drops the engine's did-you-mean from its details:
// tfkit gives it as the hint.
func withoutDidYouMean(ss []said) []said {
	for i, s := range ss {
		if j := strings.LastIndex(s.detail, ` Did you mean "`); j > 0 && strings.HasSuffix(s.detail, `"?`) {
			ss[i].detail = s.detail[:j]
		}
	}
	return ss
}

// grandchildren is a root module whose local child module calls local
// modules of its own: one (gc) with errors, whose outputs are then not
// read by what refers to them, nor is what refers to the child in the
// root; one (ok) with a warning alone, whose undeclared output is an
// error in the child.
var grandchildren = map[string]string{"main.tf": `module "net" {
  source = "./modules/net"
}
output "o" {
  value = module.net.nope
}
resource "random_pet" "r" {
  lenght = 1
}
`, "modules/net/main.tf": `module "gc" {
  source = "./gc"
}
module "ok" {
  source = "./ok/"
}
output "x" {
  value = module.ok.nope
}
output "y" {
  value = module.gc.nope
}
resource "random_pet" "q" {
  prefix = var.nope
}
`, "modules/net/gc/main.tf": `resource "random_pet" "p" {
  lenght = 2
}
output "y" {
  value = random_pet.none.id
}
`, "modules/net/ok/main.tf": `output "z" {
  value = 1
}
resource "random_string" "s" {
  length = 8
  number = false
}
`}

// TestGrandchildModulesAsTheEngine: the local modules of a local child
// module are read and checked as the child is, with the engine's words
// naming each module, and a module with a warning alone has it reported.
func TestGrandchildModulesAsTheEngine(t *testing.T) {
	got, children := checkTree(t, grandchildren)
	net := children["net"]
	if net == nil || net.Module != "module.net" || net.Children["gc"] == nil || net.Children["gc"].Module != "module.net.module.gc" ||
		!slices.Equal(net.Children["ok"].Outputs, []string{"z"}) {
		t.Fatalf("the tree read: %+v", net)
	}
	want := []said{
		{"main.tf:8:3 error", "Unsupported argument", `An argument named "lenght" is not expected here.`},
		{"modules/net/main.tf:8:20 error", "Unsupported attribute", `This object does not have an attribute named "nope".`},
		{"modules/net/main.tf:14:12 error", "Reference to undeclared input variable",
			`An input variable with the name "nope" has not been declared. This variable can be declared with a variable "nope" {} block.`},
		{"modules/net/gc/main.tf:2:3 error", "Unsupported argument", `An argument named "lenght" is not expected here.`},
		{"modules/net/gc/main.tf:5:11 error", "Reference to undeclared resource", `A managed resource "random_pet" "none" has not been declared in module.net.module.gc.`},
		{"modules/net/ok/main.tf:6:12 warning", "Attribute Deprecated", "**NOTE**: This is deprecated, use `numeric` instead."},
	}
	if ours := ourWords(got); !slices.Equal(ours, want) {
		t.Fatalf("got\n%q\nwant\n%q", ours, want)
	}
	paths := map[string]string{}
	for _, d := range got {
		paths[places(diag.Diagnostics{d})[0]] = d.Path
	}
	for place, path := range map[string]string{
		"modules/net/gc/main.tf:2:3 error":    "module.net.module.gc.random_pet.p.lenght",
		"modules/net/ok/main.tf:6:12 warning": "module.net.module.ok.random_string.s.number",
		"main.tf:8:3 error":                   "random_pet.r.lenght",
	} {
		if paths[place] != path {
			t.Errorf("%s: path %q, want %q", place, paths[place], path)
		}
	}

	enginetest.SkipShort(t)
	enginetest.RequireProvider(t, "hashicorp/random", "3.9.0")
	engine, out := engineWordsOf(t, grandchildren)
	if !sameWords(withoutDidYouMean(engine), want) {
		t.Fatalf("the engine says\n%q\ntfkit\n%q\n%s", engine, want, out)
	}
}

// grandchildLoad is a root module whose local child calls two local
// modules: one whose directory goes away after init, one whose file then
// loses its closing brace; the mistake in the root is reported only once
// they load.
var grandchildLoad = map[string]string{"main.tf": `module "net" {
  source = "./modules/net"
}
resource "random_pet" "r" {
  lenght = 1
}
`, "modules/net/main.tf": `module "gone" {
  source = "./gone"
}
module "broken" {
  source = "./broken"
}
`, "modules/net/gone/main.tf": childOutput, "modules/net/broken/main.tf": childOutput}

// TestGrandchildModulesThatDoNotLoad: a grandchild module whose directory
// is not there is "Module not installed" at its call in the child, naming
// the directory from the root module's, and one whose file does not parse
// is that file's error; nothing else is reported, as with the engine.
func TestGrandchildModulesThatDoNotLoad(t *testing.T) {
	unloadGrandchildren := func(dir string) {
		if err := os.RemoveAll(filepath.Join(dir, "modules", "net", "gone")); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "modules", "net", "broken", "main.tf"), []byte("output \"x\" {\n  value = 1\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	dir := t.TempDir()
	writeTree(t, dir, grandchildLoad)
	unloadGrandchildren(dir)
	cfg, ds := config.ParseConfig(grandchildLoad["main.tf"], "main.tf")
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	got := AsEngine(cfg, providers(t), ReadChildren(dir, cfg, tffile.Terraform))
	want := []said{
		{"modules/net/broken/main.tf:1:12 error", "Unclosed configuration block",
			"There is no closing brace for this block before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file."},
		{"modules/net/main.tf:1:1 error", "Module not installed",
			`This module's local cache directory modules/net/gone could not be read. Run "terraform init" to install all modules required by this configuration.`},
	}
	if ours := ourWords(got); !slices.Equal(ours, want) {
		t.Fatalf("got\n%q\nwant\n%q", ours, want)
	}
	if got[1].Path != "module.net.module.gone" || !strings.Contains(got[1].Suggestion, filepath.Join("modules", "net", "gone")) {
		t.Errorf("module.net.module.gone: path %q, hint %q", got[1].Path, got[1].Suggestion)
	}

	enginetest.SkipShort(t)
	if filepath.Base(enginetest.Engine(t)) != "terraform" {
		t.Skip("the words are terraform's")
	}
	w := enginetest.Workspace(t, grandchildLoad)
	w.Init("-backend=false")
	unloadGrandchildren(w.Dir)
	engine, out := validateWords(t, w)
	if !sameWords(engine, want) {
		t.Fatalf("the engine says\n%q\ntfkit\n%q\n%s", engine, want, out)
	}
}

// callArguments has a module call in a child module that gives an
// argument the grandchild has no variable for and leaves out a required
// one; the other mistakes are not reported then, as the engine stops at
// the arguments of module calls.
var callArguments = map[string]string{"main.tf": `module "net" {
  source = "./modules/net"
  region = "x"
}
resource "random_pet" "r" {
  lenght = 1
}
`, "modules/net/main.tf": `variable "region" {}
module "gc" {
  source = "./gc"
  zonee  = "a"
  count  = 1
}
`, "modules/net/gc/main.tf": `variable "zone" {}
variable "size" {
  default = 1
}
variable "name" {}
`}

// TestModuleCallArgumentsAsTheEngine: the arguments of a module call, in
// a child module too, are the called module's input variables.
func TestModuleCallArgumentsAsTheEngine(t *testing.T) {
	got, _ := checkTree(t, callArguments)
	want := []said{
		{"modules/net/main.tf:2:13 error", "Missing required argument", `The argument "name" is required, but no definition was found.`},
		{"modules/net/main.tf:2:13 error", "Missing required argument", `The argument "zone" is required, but no definition was found.`},
		{"modules/net/main.tf:4:3 error", "Unsupported argument", `An argument named "zonee" is not expected here.`},
	}
	if ours := ourWords(got); !slices.Equal(ours, want) {
		t.Fatalf("got\n%q\nwant\n%q", ours, want)
	}
	if h := got[2].Suggestion; h != `did you mean "zone"?` || got[2].Path != "module.net.module.gc.zonee" {
		t.Errorf("zonee: hint %q, path %q", h, got[2].Path)
	}

	enginetest.SkipShort(t)
	engine, out := engineWordsOf(t, callArguments)
	if !sameWords(withoutDidYouMean(engine), want) {
		t.Fatalf("the engine says\n%q\ntfkit\n%q\n%s", engine, want, out)
	}
}

// TestModuleThatCallsItself: a module that calls itself, through another
// or directly, is an error at the call that closes the circle, and
// reading ends.
func TestModuleThatCallsItself(t *testing.T) {
	for name, files := range map[string]map[string]string{
		"through another": {
			"main.tf":      "module \"a\" {\n  source = \"./a\"\n}\n",
			"a/main.tf":    "module \"b\" {\n  source = \"./b\"\n}\n",
			"a/b/main.tf":  "module \"back\" {\n  source = \"../\"\n}\n",
			"a/b/other.tf": "output \"o\" {\n  value = 1\n}\n",
		},
		"the root": {
			"main.tf": "module \"self\" {\n  source = \"./\"\n}\n",
		},
	} {
		got, _ := checkTree(t, files)
		if len(got) != 1 || got[0].Summary != "Module calls itself" || got[0].Severity != diag.Error || got[0].Subject == nil || got[0].Subject.Start.Line != 1 {
			t.Errorf("%s: got\n%s", name, got)
			continue
		}
		wantFile, wantPath := "a/b/main.tf", "module.a.module.b.module.back"
		if name == "the root" {
			wantFile, wantPath = "main.tf", "module.self"
		}
		if got[0].Subject.Filename != filepath.FromSlash(wantFile) || got[0].Path != wantPath || !strings.Contains(got[0].Detail, "the module tree would never end") {
			t.Errorf("%s: %s (at %s)", name, got[0], got[0].Path)
		}
	}
}
