package localmod

import (
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfkit/tfkit/config"
)

func put(t *testing.T, dir, name, content string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func module(name, source string, line int) *config.Block {
	b := config.NewBlock("module", name)
	b.Body.Set("source", config.String(source)).Range = hcl.Range{Filename: "main.go", Start: hcl.Pos{Line: line, Column: 2}}
	b.Body.Set("x", config.String("y"))
	return b
}

func sources(cfg *config.Config) []string {
	var out []string
	for _, b := range cfg.Blocks {
		s, _ := b.Body.StringAttr("source")
		out = append(out, s)
	}
	return out
}

func TestAssets(t *testing.T) {
	root := t.TempDir()
	base := filepath.Join(root, "project")
	put(t, base, "modules/greet/main.tf", "module \"inner\" {\n  source = \"../inner\"\n}\nmodule \"far\" {\n  source = \"hashicorp/x/aws\"\n}\n")
	put(t, base, "modules/greet/sub/x.txt", "x")
	put(t, base, "modules/greet/.terraform/modules.json", "{}")
	put(t, base, "modules/greet/terraform.tfstate", "{}")
	put(t, base, "modules/greet/terraform.tfstate.backup", "{}")
	put(t, base, "modules/greet/.terraform.lock.hcl", "")
	put(t, base, "modules/inner/main.tf", "# inner\n")
	// A module call in Terraform JSON is followed too.
	put(t, base, "modules/greet/calls.tf.json", `{"module": {"j": {"source": "../jsoncalled"}}}`)
	put(t, base, "modules/jsoncalled/main.tf", "# called from JSON\n")
	put(t, root, "other/net/main.tf", "# other net\n")
	put(t, root, "shared/net/main.tf", "# shared net\n")
	put(t, root, "lone/main.tf", "# lone\n")
	cfg := &config.Config{Blocks: []*config.Block{
		module("a", "./modules/greet", 10),
		module("b", "./modules/../modules/greet/", 11),
		module("c", "../other/net", 12),
		module("d", "../shared/net", 13),
		module("e", "../lone", 14),
		module("f", "hashicorp/consul/aws", 15),
		module("g", "git::https://example.com/x.git", 16),
	}}
	out, files, ds := Assets(cfg, base, nil)
	if len(ds) != 0 {
		t.Fatal(ds)
	}
	got := sources(out)
	want := []string{"./modules/greet", "./modules/../modules/greet/", "./tfkit-modules/net-", "./tfkit-modules/net-", "./tfkit-modules/lone", "hashicorp/consul/aws", "git::https://example.com/x.git"}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Fatalf("sources = %v", got)
		}
	}
	if got[2] == got[3] || len(got[2]) != len("./tfkit-modules/net-")+8 {
		t.Errorf("two directories named net share a copy or are badly named: %v", got)
	}
	var names []string
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	wantNames := []string{"modules/greet/main.tf", "modules/greet/calls.tf.json", "modules/greet/sub/x.txt", "modules/inner/main.tf", "modules/jsoncalled/main.tf", "tfkit-modules/lone/main.tf",
		strings.TrimPrefix(got[2], "./") + "/main.tf", strings.TrimPrefix(got[3], "./") + "/main.tf"}
	sort.Strings(wantNames)
	if !reflect.DeepEqual(names, wantNames) {
		t.Errorf("files = %v, want %v", names, wantNames)
	}
	if string(files[strings.TrimPrefix(got[3], "./")+"/main.tf"]) != "# shared net\n" {
		t.Errorf("copies swapped")
	}
	// The given configuration is unchanged.
	if s := sources(cfg); s[2] != "../other/net" {
		t.Errorf("input modified: %v", s)
	}
	// The same input gives the same names wherever the project is.
	other := filepath.Join(t.TempDir(), "p")
	for _, n := range []string{"../other/net/main.tf", "../shared/net/main.tf"} {
		put(t, other, n, "")
	}
	build := func() *config.Config {
		return &config.Config{Blocks: []*config.Block{module("c", "../other/net", 1), module("d", "../shared/net", 2)}}
	}
	out2, _, ds := Assets(build(), other, nil)
	out3, _, _ := Assets(build(), base, nil)
	if len(ds) != 0 || !reflect.DeepEqual(sources(out2), sources(out3)) {
		t.Errorf("names depend on the project's place: %v %v %v", sources(out2), sources(out3), ds)
	}
}

func TestAssetsErrors(t *testing.T) {
	base := t.TempDir()
	put(t, base, "file.tf", "")
	put(t, base, "docs/sub/main.tf", "")
	put(t, base, "docs/README.md", "")
	put(t, base, "calls/main.tf", "module \"x\" {\n  source = \"../../outside\"\n}\n")
	cfg := &config.Config{Blocks: []*config.Block{module("a", "./missing", 7), module("b", "./file.tf", 8), module("c", "./docs", 9),
		module("d", "./calls", 10), module("e", "./", 11)}}
	out, files, ds := Assets(cfg, base, nil)
	if out != cfg || files != nil || len(ds) != 5 {
		t.Fatalf("out=%v files=%v ds=%v", out, files, ds)
	}
	for i, want := range []string{"main.go:7:2: Error: Local module not found; The module source \"./missing\" names ", "main.go:8:2: Error: Local module is not a directory", "main.go:9:2: Error: Local module without configuration",
		"main.go:10:2: Error: Unsupported nested local module; The module \"./calls\" calls the local module \"../../outside\", which lies outside the project directory",
		"main.go:11:2: Error: Module source is the project directory"} {
		if got := ds[i].Error(); !strings.HasPrefix(got, want) {
			t.Errorf("diagnostic %d = %q, want prefix %q", i, got, want)
		}
	}
}

func TestIsLocal(t *testing.T) {
	for src, want := range map[string]bool{
		"./a": true, "../a": true, ".\\a": true, "..\\a": true,
		"a": false, "/abs/path": false, "hashicorp/x/aws": false, "git::./x": false, ".a": false,
	} {
		if IsLocal(src) != want {
			t.Errorf("IsLocal(%q) = %v", src, !want)
		}
	}
}

// FuzzLocalCalls: reading the module calls of any file never panics, and
// every call found is a local source.
func FuzzLocalCalls(f *testing.F) {
	for _, seed := range []string{
		"module \"a\" {\n  source = \"./a\"\n}\n",
		"module \"a\" {\n  source = \"../b\"\n}\nmodule \"c\" {\n  source = \"hashicorp/x/aws\"\n}\n",
		"module \"a\" {\n  source = var.x\n}\n",
		"module {\n  source = \"./a\"\n}\n",
		"module \"a\" {\n  source = \".\\\\win\"\n}\n",
		"module \"a\" { source = \"./${x}\" }",
		"module \"a\" {",
	} {
		f.Add([]byte(seed))
	}
	f.Add([]byte(`{"module": {"a": {"source": "./a"}, "b": [{"source": "x/y/z"}]}}`))
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, name := range []string{"fuzz.tf", "fuzz.tf.json"} {
			for _, c := range localCalls(src, name) {
				if !strings.HasPrefix(c, "./") && !strings.HasPrefix(c, "../") {
					t.Fatalf("not a local source: %q", c)
				}
			}
		}
	})
}

// templateModule is a module call whose source is built from a variable:
// prefix${var.flavor}.
func templateModule(name, prefix string, line int) *config.Block {
	b := config.NewBlock("module", name)
	src := &config.Template{Parts: []config.Expr{config.String(prefix), config.Ref("var", "flavor")}}
	b.Body.Set("source", src).Range = hcl.Range{Filename: "main.go", Start: hcl.Pos{Line: line, Column: 2}}
	return b
}

// TestAssetsFromVariables: a local source built from variables
// ("./modules/${var.flavor}", OpenTofu's early evaluation) may name any
// module of its directory, so each is copied to the same path, with the
// local modules it calls, and the source stays as written; a directory
// outside the project, the project directory itself, or one without
// modules is an error at the source.
func TestAssetsFromVariables(t *testing.T) {
	base := t.TempDir()
	put(t, base, "modules/a/main.tf", "module \"shared\" {\n  source = \"../../lib/shared\"\n}\n")
	put(t, base, "modules/b/main.tf.json", "{}")
	put(t, base, "modules/notes/README.md", "")
	put(t, base, "lib/shared/main.tf", "# shared\n")
	put(t, base, "empty/notes/README.md", "")
	format := config.NewBlock("module", "f")
	format.Body.Set("source", &config.Call{Name: "format", Args: []config.Expr{config.String("./modules/%s"), config.Ref("var", "flavor")}})
	for _, b := range []*config.Block{templateModule("m", "./modules/", 3), format} {
		cfg := &config.Config{Blocks: []*config.Block{b}}
		out, files, ds := Assets(cfg, base, nil)
		if len(ds) != 0 {
			t.Fatal(ds)
		}
		if out.Blocks[0] != cfg.Blocks[0] {
			t.Error("the source was rewritten")
		}
		var names []string
		for n := range files {
			names = append(names, n)
		}
		sort.Strings(names)
		if want := []string{"lib/shared/main.tf", "modules/a/main.tf", "modules/b/main.tf.json"}; !reflect.DeepEqual(names, want) {
			t.Errorf("module %s: files = %v, want %v", b.Labels[0], names, want)
		}
	}
	bad := &config.Config{Blocks: []*config.Block{
		templateModule("a", "../elsewhere/", 4), templateModule("b", "./", 5), templateModule("c", "./empty/", 6), templateModule("d", "./missing/", 7),
	}}
	out, files, ds := Assets(bad, base, nil)
	if out != bad || files != nil || len(ds) != 4 {
		t.Fatalf("out=%v files=%v ds=%v", out, files, ds)
	}
	for i, want := range []string{
		`main.go:4:2: Error: Unsupported module source outside the project; The module source that begins with "../elsewhere/" chooses among directories outside the project directory`,
		`main.go:5:2: Error: Module source is the project directory`,
		`main.go:6:2: Error: No local modules to choose from; The module source that begins with "./empty/" chooses among the directories in empty`,
		`main.go:7:2: Error: Local module directory not found`,
	} {
		if got := ds[i].Error(); !strings.HasPrefix(got, want) {
			t.Errorf("diagnostic %d = %q, want prefix %q", i, got, want)
		}
	}
}

// TestAssetsOutsideCallingModules: modules outside the project that call
// local modules themselves (an example calling "../../modules/http",
// which calls "../../") are copied together, as they lie under their
// common ancestor, so that their calls keep working; the project itself,
// and its earlier output, is never part of the copy.
func TestAssetsOutsideCallingModules(t *testing.T) {
	repo := filepath.Join(t.TempDir(), "repo")
	base := filepath.Join(repo, "examples", "http")
	put(t, repo, "main.tf", "# the module\n")
	put(t, repo, "modules/http/main.tf", "module \"sg\" {\n  source = \"../../\"\n}\n")
	put(t, repo, "modules/http/templates/rule.tpl", "x")
	put(t, repo, "examples/other/main.tf", "# another example\n")
	put(t, base, "main.go", "package main\n")
	put(t, base, "tfkit.out/stacks/http/main.tf", "# earlier output\n")
	put(t, repo, "../lone/main.tf", "# lone\n")
	cfg := &config.Config{Blocks: []*config.Block{
		module("a", "../../modules/http", 1),
		module("b", "../../", 2),
		module("c", "../../../lone", 3),
	}}
	out, files, ds := Assets(cfg, base, nil)
	if len(ds) != 0 {
		t.Fatal(ds)
	}
	if got, want := sources(out), []string{"./tfkit-modules/module/modules/http", "./tfkit-modules/module", "./tfkit-modules/lone"}; !reflect.DeepEqual(got, want) {
		t.Errorf("sources = %v, want %v", got, want)
	}
	var names []string
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	want := []string{"tfkit-modules/lone/main.tf", "tfkit-modules/module/examples/other/main.tf", "tfkit-modules/module/main.tf",
		"tfkit-modules/module/modules/http/main.tf", "tfkit-modules/module/modules/http/templates/rule.tpl"}
	if !reflect.DeepEqual(names, want) {
		t.Errorf("files = %v, want %v", names, want)
	}

	// Alone, the module that calls "../../" brings the module with it.
	out, _, ds = Assets(&config.Config{Blocks: []*config.Block{module("a", "../../modules/http", 1)}}, base, nil)
	if len(ds) != 0 || sources(out)[0] != "./tfkit-modules/module/modules/http" {
		t.Errorf("alone: %v %v", sources(out), ds)
	}

	// Two units under one ancestor share its copy, named after it.
	put(t, repo, "modules/a/main.tf", "module \"b\" {\n  source = \"../b\"\n}\n")
	put(t, repo, "modules/b/main.tf", "# b\n")
	put(t, repo, "modules/c/main.tf", "module \"d\" {\n  source = \"../d\"\n}\n")
	put(t, repo, "modules/d/main.tf", "# d\n")
	out, files, ds = Assets(&config.Config{Blocks: []*config.Block{module("a", "../../modules/a", 1), module("c", "../../modules/c", 2)}}, base, nil)
	if got, want := sources(out), []string{"./tfkit-modules/modules/a", "./tfkit-modules/modules/c"}; len(ds) != 0 || !reflect.DeepEqual(got, want) {
		t.Errorf("one ancestor: %v, want %v (%v)", got, want, ds)
	}
	if string(files["tfkit-modules/modules/d/main.tf"]) != "# d\n" || string(files["tfkit-modules/modules/b/main.tf"]) != "# b\n" {
		t.Errorf("one ancestor: called modules not copied beside their callers")
	}

	// A module that leads back to the project is an error.
	put(t, repo, "modules/back/main.tf", "module \"p\" {\n  source = \"../../examples/http\"\n}\n")
	_, _, ds = Assets(&config.Config{Blocks: []*config.Block{module("d", "../../modules/back", 4)}}, base, nil)
	if len(ds) != 1 || !strings.HasPrefix(ds[0].Error(), "main.go:4:2: Error: Module source is the project directory") {
		t.Errorf("back to the project: %v", ds)
	}
}
