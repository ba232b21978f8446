package load

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/tffile"
)

// versionFiles is a root module calling a registry module with version
// (an expression or a literal), and the tree init writes for it: the
// module installed at 2.1.0 from registry (registry.opentofu.org for
// OpenTofu, registry.terraform.io for Terraform, as each writes it).
func versionFiles(version, registry string) map[string]string {
	return map[string]string{
		"main.tf": `variable "ver" {
  type    = string
  default = "~> 2.0"
}

locals {
  major = "2"
}

module "m" {
  source  = "hashicorp/consul/aws"
  version = ` + version + `
}
`,
		".terraform/modules/modules.json": `{"Modules":[{"Key":"","Source":"","Dir":"."},{"Key":"m","Source":"` + registry + `/hashicorp/consul/aws","Version":"2.1.0","Dir":".terraform/modules/m"}]}`,
		".terraform/modules/m/main.tf": `resource "terraform_data" "x" {
  input = "installed"
}
`,
	}
}

// versionCases are versions and variables, and what eval says of them:
// "" when the module is used, else the start of its error.
var versionCases = []struct {
	version string
	vars    []string
	want    string
}{
	{`var.ver`, nil, ""},
	{`var.ver`, []string{"ver=>= 2.1, < 3"}, ""},
	{`var.ver`, []string{"ver=~> 3.0"}, `main.tf:12:13: Error: Module version requirements have changed; The version requirements have changed since this module was installed and the installed version (2.1.0) is no longer acceptable: module "m" requires version "~> 3.0". Run "tofu init"`},
	{`"~> ${local.major}.0"`, nil, ""},
	{`"${local.major}.0.0"`, nil, `main.tf:12:13: Error: Module version requirements have changed; The version requirements have changed since this module was installed and the installed version (2.1.0) is no longer acceptable: module "m" requires version "2.0.0"`},
	{`var.ver`, []string{"ver=nonsense!"}, `main.tf:12:13: Error: Invalid version constraint; This string does not use correct version constraint syntax: "nonsense!"`},
	{`"~> 2.0"`, nil, ""},
	{`"~> 3.0"`, nil, `main.tf:12:13: Error: Module version requirements have changed`},
}

// TestModuleVersionFromVariable: with OpenTofu a module version built
// from variables and locals is evaluated before the tree is loaded and
// checked against the version init installed; a version that the
// installed one does not satisfy is an error at the version, and the
// module is not evaluated.
func TestModuleVersionFromVariable(t *testing.T) {
	for _, tc := range versionCases {
		dir := writeFiles(t, versionFiles(tc.version, "registry.opentofu.org"))
		v, ds := Dir(dir, Options{Engine: tffile.OpenTofu, Vars: tc.vars})
		got := strings.Join(managed(v), " ")
		if tc.want == "" {
			if ds.HasErrors() || got != "module.m.terraform_data.x" {
				t.Errorf("%s %v: %v; instances %s", tc.version, tc.vars, ds, got)
			}
			continue
		}
		if !strings.HasPrefix(ds.Error(), tc.want) || got != "" {
			t.Errorf("%s %v:\n got %v (instances %q)\nwant %s", tc.version, tc.vars, ds, got, tc.want)
		}
	}
}

// TestModuleVersionInChild: a child module builds its registry module's
// version from the variable its module block sets.
func TestModuleVersionInChild(t *testing.T) {
	for _, tc := range []struct{ ver, want string }{
		{"~> 2.1", ""},
		{"~> 3.0", `n/main.tf:7:13: Error: Module version requirements have changed`},
	} {
		dir := writeFiles(t, map[string]string{
			"main.tf": "module \"n\" {\n  source = \"./n\"\n  ver    = \"" + tc.ver + "\"\n}\n",
			"n/main.tf": `variable "ver" {
  type = string
}

module "m" {
  source  = "hashicorp/consul/aws"
  version = var.ver
}
`,
			".terraform/modules/modules.json": `{"Modules":[{"Key":"","Source":"","Dir":"."},{"Key":"n","Source":"./n","Dir":"n"},{"Key":"n.m","Source":"registry.opentofu.org/hashicorp/consul/aws","Version":"2.1.0","Dir":".terraform/modules/n.m"}]}`,
			".terraform/modules/n.m/main.tf":  "resource \"terraform_data\" \"x\" {}\n",
		})
		v, ds := Dir(dir, Options{Engine: tffile.OpenTofu})
		got := strings.Join(managed(v), " ")
		if tc.want == "" && (ds.HasErrors() || got != "module.n.module.m.terraform_data.x") || tc.want != "" && (!strings.HasPrefix(ds.Error(), tc.want) || got != "") {
			t.Errorf("ver %s: %v; instances %q", tc.ver, ds, got)
		}
	}
}

// TestModuleVersionTerraform: with Terraform a version must be literal,
// and a literal one is checked against the installed version alike.
func TestModuleVersionTerraform(t *testing.T) {
	dir := writeFiles(t, versionFiles("var.ver", "registry.terraform.io"))
	_, ds := Dir(dir, Options{})
	if !strings.HasPrefix(ds.Error(), "main.tf:12:13: Error: Invalid module version; Terraform reads a module version before evaluating anything") {
		t.Errorf("%v", ds)
	}
	dir = writeFiles(t, versionFiles(`"~> 3.0"`, "registry.terraform.io"))
	_, ds = Dir(dir, Options{})
	if !strings.Contains(ds.Error(), `main.tf:12:13: Error: Module version requirements have changed; `) || !strings.Contains(ds.Error(), `Run "terraform init"`) {
		t.Errorf("%v", ds)
	}
}

// TestModuleVersionProblems: a version that depends on a resource and a
// call init did not install, each reported at the version, and a version
// on a local module, reported at the source as the engines do.
func TestModuleVersionProblems(t *testing.T) {
	files := versionFiles("terraform_data.r.output", "registry.opentofu.org")
	files["main.tf"] += "resource \"terraform_data\" \"r\" {}\n"
	_, ds := Dir(writeFiles(t, files), Options{Engine: tffile.OpenTofu})
	if !strings.Contains(ds.Error(), "main.tf:12:13: Error: Invalid module version; OpenTofu evaluates a module version before planning (early evaluation), from variables, locals, path and terraform.workspace alone; it refers to terraform_data.r.output") {
		t.Errorf("resource: %v", ds)
	}
	files = versionFiles("var.ver", "registry.opentofu.org")
	files["main.tf"] = strings.Replace(files["main.tf"], `"hashicorp/consul/aws"`, `"./local"`, 1)
	files["local/main.tf"] = ""
	_, ds = Dir(writeFiles(t, files), Options{Engine: tffile.OpenTofu})
	if !strings.Contains(ds.Error(), `main.tf:11:13: Error: Invalid registry module source address; module "m" sets version, which applies only to registry modules`) {
		t.Errorf("local: %v", ds)
	}
	files = versionFiles("var.ver", "registry.opentofu.org")
	files[".terraform/modules/modules.json"] = `{"Modules":[{"Key":"","Source":"","Dir":"."}]}`
	_, ds = Dir(writeFiles(t, files), Options{Engine: tffile.OpenTofu, Strict: true})
	if !strings.Contains(ds.Error(), `main.tf:12:13: Error: Module not installed; module "m" has source "hashicorp/consul/aws", which is not a local path, and .terraform/modules/modules.json has no entry for it (version "~> 2.0")`) ||
		!strings.Contains(ds.Error(), "run tofu init in the root module directory") {
		t.Errorf("not installed: %v", ds)
	}
}

// TestModuleVersionPlanned: OpenTofu, with the tree init would write
// (registry modules cannot be fetched offline), plans where eval
// evaluates the module and refuses, with the same error, where eval
// refuses it; Terraform likewise for a literal version.
func TestModuleVersionPlanned(t *testing.T) {
	for _, engine := range []tffile.Engine{tffile.OpenTofu, tffile.Terraform} {
		registry, path := "registry.opentofu.org", ""
		if engine == tffile.OpenTofu {
			path = enginetest.OpenTofu(t)
		} else {
			registry, path = "registry.terraform.io", enginetest.Engine(t)
			if tffile.EngineOf(path) != tffile.Terraform {
				continue
			}
		}
		for _, tc := range versionCases {
			if engine == tffile.Terraform && (strings.Contains(tc.version, "var.") || strings.Contains(tc.version, "local.")) {
				// Refused by Terraform (TestModuleVersionTerraform).
				continue
			}
			w := enginetest.Workspace(t, versionFiles(tc.version, registry))
			w.Engine = path
			v, ds := Dir(w.Dir, Options{Engine: engine, Vars: tc.vars})
			args := []string{"plan", "-input=false", "-no-color"}
			for _, x := range tc.vars {
				args = append(args, "-var="+x)
			}
			r := w.Exec(args...)
			t.Logf("%s %s %v: exit %d, eval errors %v", r.Engine, tc.version, tc.vars, r.ExitCode, ds.HasErrors())
			ours := strings.Join(managed(v), " ")
			if (r.Err == nil) != !ds.HasErrors() {
				t.Errorf("%s %s %v: eval %v, plan:\n%s", engine, tc.version, tc.vars, ds, r.Output)
				continue
			}
			if r.Err == nil {
				if ours != "module.m.terraform_data.x" || !strings.Contains(r.Output, "# module.m.terraform_data.x will be created") {
					t.Errorf("%s %s %v: eval %s, plan:\n%s", engine, tc.version, tc.vars, ours, r.Output)
				}
				continue
			}
			summary := ds[0].Summary
			if !strings.Contains(r.Output, "Error: "+summary) {
				t.Errorf("%s %s %v: eval says %q, plan:\n%s", engine, tc.version, tc.vars, summary, r.Output)
			}
		}
	}
}

// notRegistrySources are module sources that are not registry addresses,
// with why the engines' registry address parser refuses each.
var notRegistrySources = []struct{ source, why string }{
	{"git::https://example.com/net.git//sub?ref=v1", `invalid module registry hostname "git::https:"`},
	{"https://example.com/net.zip", `invalid module registry hostname "https:"`},
	{"s3::https://s3.amazonaws.com/b/net.zip", "a module registry source address must have either three or four slash-separated components"},
	{"github.com/hashicorp/example", "source address must have three more components after the hostname: the namespace, the name, and the target system"},
}

func notRegistryFiles(source string) map[string]string {
	return map[string]string{"main.tf": `module "m" {
  source  = "` + source + `"
  version = "1.0.0"
}
`}
}

// TestModuleVersionNotRegistry: with version, a source that is not a
// registry address (git::, a URL, a GitHub path) is an error at the
// source, in the words of the engine eval reads for; a registry address
// with a host is not.
func TestModuleVersionNotRegistry(t *testing.T) {
	for _, engine := range []tffile.Engine{tffile.Terraform, tffile.OpenTofu} {
		for _, tc := range notRegistrySources {
			_, ds := Dir(writeFiles(t, notRegistryFiles(tc.source)), Options{Engine: engine})
			want := "main.tf:2:13: Error: Invalid registry module source address; Failed to parse module registry address: " + tc.why + ". " + engine.String() +
				` assumed that you intended a module registry source address because module "m" also sets the argument "version", which applies only to registry modules`
			if len(ds) != 1 || !strings.Contains(ds.Error(), want) {
				t.Errorf("%s %s: %v\nwant %s", engine, tc.source, ds, want)
			}
		}
		_, ds := Dir(writeFiles(t, notRegistryFiles("app.terraform.io/hashicorp/consul/aws")), Options{Engine: engine})
		if len(ds) != 1 || !strings.Contains(ds.Error(), "Module not installed") {
			t.Errorf("%s: a registry address with a host: %v", engine, ds)
		}
	}
}

// TestModuleVersionNotRegistryInit: each engine's init refuses those
// sources with version, before fetching anything, with the error eval
// gives, at the source.
func TestModuleVersionNotRegistryInit(t *testing.T) {
	enginetest.ForEachEngine(t, func(t *testing.T, engine string) {
		for _, tc := range notRegistrySources {
			w := enginetest.Workspace(t, notRegistryFiles(tc.source))
			r := w.Exec("init", "-backend=false", "-input=false", "-no-color")
			out := strings.Join(strings.Fields(r.Output), " ")
			if r.Err == nil || !strings.Contains(out, "Error: Invalid registry module source address") || !strings.Contains(out, "on main.tf line 2,") ||
				!strings.Contains(out, "Failed to parse module registry address: "+tc.why+".") {
				t.Errorf("%s: %s init:\n%s", tc.source, r.Engine, r.Output)
			}
		}
	})
}

// TestModuleSourceChanged: a call whose source is not the one
// modules.json recorded is "Module source has changed" at the source, as
// terraform and tofu say, instead of evaluating the module init installed;
// the same source written another way is not a change.
func TestModuleSourceChanged(t *testing.T) {
	for _, tc := range []struct {
		engine      tffile.Engine
		recorded    string
		source      string
		changed     bool
		withVersion bool
	}{
		{tffile.Terraform, "./m", "./n", true, false},
		{tffile.Terraform, "./m", "./m/", false, false},
		{tffile.Terraform, "./m", "./n/../m", false, false},
		{tffile.Terraform, "./m", "m", true, false}, // a registry-like or remote address now
		{tffile.Terraform, "registry.terraform.io/hashicorp/consul/aws", "hashicorp/vault/aws", true, true},
		{tffile.Terraform, "registry.terraform.io/hashicorp/consul/aws", "hashicorp/consul/aws", false, true},
		{tffile.Terraform, "hashicorp/consul/aws", "registry.terraform.io/hashicorp/consul/aws", false, true},
		{tffile.Terraform, "registry.terraform.io/hashicorp/consul/aws", "hashicorp/consul/aws//modules/x", true, true},
		{tffile.Terraform, "registry.opentofu.org/hashicorp/consul/aws", "hashicorp/consul/aws", true, true},
		{tffile.OpenTofu, "registry.opentofu.org/hashicorp/consul/aws", "hashicorp/consul/aws", false, true},
		{tffile.OpenTofu, "registry.terraform.io/hashicorp/consul/aws", "hashicorp/consul/aws", true, true},
		{tffile.Terraform, "git::https://github.com/x/y.git", "github.com/x/y", false, false},
		{tffile.Terraform, "git::https://github.com/x/y.git", "./y", true, false},
	} {
		version := ""
		if tc.withVersion {
			version = "  version = \"1.0.0\"\n"
		}
		files := map[string]string{
			"main.tf":                         "module \"m\" {\n  source  = \"" + tc.source + "\"\n" + version + "}\n",
			".terraform/modules/modules.json": `{"Modules":[{"Key":"","Source":"","Dir":"."},{"Key":"m","Source":"` + tc.recorded + `","Version":"1.0.0","Dir":"m"}]}`,
			"m/main.tf":                       "output \"x\" { value = 1 }\n",
			"n/main.tf":                       "output \"x\" { value = 2 }\n",
		}
		_, ds := Dir(writeFiles(t, files), Options{Engine: tc.engine})
		want := `main.tf:2:13: Error: Module source has changed; module "m" has source "` + tc.source + `", but it was installed from "` + tc.recorded + `"`
		if got := ds.Error(); tc.changed != strings.Contains(got, want) || (!tc.changed && ds.HasErrors()) {
			t.Errorf("%s: %s recorded, %s now: %v\nchanged: %v", tc.engine, tc.recorded, tc.source, ds, tc.changed)
		}
	}
}

// TestModuleSourceChangedInit: terraform and tofu refuse a changed local
// source at the source, and take the same path written another way.
func TestModuleSourceChangedInit(t *testing.T) {
	enginetest.ForEachEngine(t, func(t *testing.T, engine string) {
		w := enginetest.Workspace(t, map[string]string{
			"main.tf":   "module \"m\" {\n  source = \"./m\"\n}\n",
			"m/main.tf": "output \"x\" { value = 1 }\n",
			"n/main.tf": "output \"x\" { value = 2 }\n",
		})
		if r := w.Exec("init", "-backend=false", "-input=false", "-no-color"); r.Err != nil {
			t.Fatalf("%s init: %v\n%s", r.Engine, r.Err, r.Output)
		}
		for source, changed := range map[string]bool{"./n": true, "./m/": false, "./n/../m": false} {
			if err := os.WriteFile(filepath.Join(w.Dir, "main.tf"), []byte("module \"m\" {\n  source = \""+source+"\"\n}\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			r := w.Exec("validate", "-no-color")
			out := strings.Join(strings.Fields(r.Output), " ")
			if changed != (r.Err != nil && strings.Contains(out, "Error: Module source has changed") && strings.Contains(out, "on main.tf line 2,")) {
				t.Errorf("%s: source %s:\n%s", r.Engine, source, r.Output)
			}
			// eval agrees, on the modules.json the engine wrote.
			_, ds := Dir(w.Dir, Options{Engine: tffile.EngineOf(w.Engine)})
			if changed != strings.Contains(ds.Error(), "main.tf:2:12: Error: Module source has changed") {
				t.Errorf("eval, source %s: %v", source, ds)
			}
		}
	})
}

// TestModulesJSONEmptyDir: an init that could not read a local module's
// directory records it with an empty Dir; that is a module not there, not
// the root module calling itself.
func TestModulesJSONEmptyDir(t *testing.T) {
	files := map[string]string{
		"main.tf":   "module \"a\" {\n  source = \"./a\"\n}\n",
		"a/main.tf": "module \"c\" {\n  source = \"./c\"\n}\n",
		".terraform/modules/modules.json": `{"Modules":[{"Key":"","Source":"","Dir":"."},{"Key":"a","Source":"./a","Dir":"a"},` +
			`{"Key":"a.c","Source":"./c","Dir":""}]}`,
	}
	_, ds := Dir(writeFiles(t, files), Options{})
	if len(ds) != 1 || !strings.Contains(ds.Error(), `a/main.tf:1:1: Error: Module directory not found; module "c" refers to a/c, which is not a directory`) {
		t.Errorf("%v", ds)
	}
}
