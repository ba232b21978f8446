package load

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/tffile"
)

// earlyEvalFiles is a root module whose module sources are built from a
// variable, a local and path.module, and a child module that builds its
// own child's source from the variable its module block sets.
var earlyEvalFiles = map[string]string{
	"main.tf": `variable "name" {
  type    = string
  default = "a"
}

locals {
  dir = "./modules/${var.name}"
}

module "m" {
  source = local.dir
  label  = "root"
}

module "n" {
  source = "${path.module}/modules/nest"
  inner  = var.name == "a" ? "b" : "a"
}

output "m" {
  value = module.m.id
}
`,
	"modules/a/main.tf": `variable "label" {
  type = string
}

resource "terraform_data" "a" {
  input = "a-${var.label}"
}

output "id" {
  value = terraform_data.a.input
}
`,
	"modules/b/main.tf": `variable "label" {
  type = string
}

resource "terraform_data" "b" {
  count = 2
  input = "b-${var.label}-${count.index}"
}

output "id" {
  value = terraform_data.b[0].input
}
`,
	"modules/nest/main.tf": `variable "inner" {
  type = string
}

module "deep" {
  source = "../${var.inner}"
  label  = "nest"
}
`,
}

func managed(v *View) []string {
	var out []string
	for _, r := range v.Resources {
		if r.Mode == "managed" {
			out = append(out, r.Address)
		}
	}
	sort.Strings(out)
	return out
}

// TestModuleSourceFromVariable: with OpenTofu a module source built from
// variables and locals is evaluated before the tree is loaded (early
// evaluation), from defaults, -var and the module block's arguments; with
// Terraform it is an error naming the engine.
func TestModuleSourceFromVariable(t *testing.T) {
	dir := writeFiles(t, earlyEvalFiles)
	_, ds := Dir(dir, Options{Engine: tffile.Terraform})
	if len(ds) != 2 || !strings.Contains(ds.Error(), "Terraform reads a module source before evaluating anything") || !strings.Contains(ds.Error(), "main.tf:11") || !strings.Contains(ds.Error(), "main.tf:16") {
		t.Errorf("terraform: %v", ds)
	}
	for _, tc := range []struct {
		vars []string
		want string
	}{
		{nil, "module.m.terraform_data.a module.n.module.deep.terraform_data.b[0] module.n.module.deep.terraform_data.b[1]"},
		{[]string{"name=b"}, "module.m.terraform_data.b[0] module.m.terraform_data.b[1] module.n.module.deep.terraform_data.a"},
	} {
		v, ds := Dir(dir, Options{Engine: tffile.OpenTofu, Vars: tc.vars})
		if ds.HasErrors() {
			t.Fatalf("%v: %v", tc.vars, ds)
		}
		if got := strings.Join(managed(v), " "); got != tc.want {
			t.Errorf("%v: instances\n got %s\nwant %s", tc.vars, got, tc.want)
		}
	}
}

// TestModuleSourceNotStatic: a source that depends on a resource, a
// module output or a variable without a value is an error naming what it
// depends on, and the rest is evaluated.
func TestModuleSourceNotStatic(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{`"./modules/${terraform_data.x.output}"`, "it refers to terraform_data.x.output (main.tf:"},
		{`local.l`, "local.l: it refers to module.other.id"},
		{`"./${var.none}"`, "var.none: no value given and no default"},
		{`var.list`, "its value is tuple, not a string"},
		{`local.loop`, "local.loop refers to itself"},
	} {
		dir := writeFiles(t, map[string]string{"main.tf": `
variable "none" {
  type = string
}
variable "list" {
  default = [1]
}
locals {
  l    = module.other.id
  loop = local.loop
}
resource "terraform_data" "x" {}
module "other" {
  source = "./other"
}
module "m" {
  source = ` + tc.src + `
}
`, "other/main.tf": "output \"id\" {\n  value = \"x\"\n}\n"})
		v, ds := Dir(dir, Options{Engine: tffile.OpenTofu})
		if !strings.Contains(ds.Error(), "Invalid module source") || !strings.Contains(ds.Error(), tc.want) || !strings.Contains(ds.Error(), "early evaluation") {
			t.Errorf("%s: %v", tc.src, ds)
		}
		if len(managed(v)) != 1 {
			t.Errorf("%s: the rest is not evaluated: %v", tc.src, managed(v))
		}
	}
}

// TestModuleSourceFromVariablePlanned: OpenTofu plans the module tree
// whose sources are built from variables to the instances, and values,
// that tfkit eval --engine tofu gives, with the default and with -var; a
// tree installed for other values is refused, as OpenTofu refuses it.
func TestModuleSourceFromVariablePlanned(t *testing.T) {
	tofu := enginetest.OpenTofu(t)
	w := enginetest.Workspace(t, earlyEvalFiles)
	w.Engine = tofu
	crossCheckWith(t, w, Options{Engine: tffile.OpenTofu})
	_, ds := Dir(w.Dir, Options{Engine: tffile.OpenTofu, Vars: []string{"name=b"}})
	if !strings.Contains(ds.Error(), `Module source has changed; module "m" has source "./modules/b" with these variables, but it was installed from "./modules/a"`) {
		t.Errorf("installed for name=a, evaluated with name=b: %v", ds)
	}
	w.Init("-var=name=b")
	crossCheckWith(t, w, Options{Engine: tffile.OpenTofu, Vars: []string{"name=b"}})
}

// TestModuleSourceMissing: a module block without source is an error, as
// in Terraform and at its place (the opening brace), not a module that is
// not installed.
func TestModuleSourceMissing(t *testing.T) {
	dir := writeFiles(t, map[string]string{"main.tf": "module \"m\" {\n}\n"})
	_, ds := Dir(dir, Options{})
	if len(ds) != 1 || !strings.Contains(ds.Error(), `main.tf:1:12: Error: Missing required argument; The argument "source" is required`) {
		t.Errorf("%v", ds)
	}
}

// TestTofuWorkspaceSymbol: OpenTofu's tofu.workspace is terraform.workspace,
// in expressions and in a module source evaluated early; OpenTofu plans
// what eval gives. For Terraform, tofu is a resource type like any other.
func TestTofuWorkspaceSymbol(t *testing.T) {
	files := map[string]string{
		"main.tf": `resource "terraform_data" "w" {
  input = "${tofu.workspace}/${terraform.workspace}"
}
module "m" {
  source = "./${tofu.workspace}"
}
output "w" {
  value = module.m.x
}
`,
		"default/main.tf": "output \"x\" { value = tofu.workspace }\n",
	}
	view, ds := Dir(writeFiles(t, files), Options{Engine: tffile.OpenTofu})
	if ds.HasErrors() || len(view.Resources) != 1 || view.Resources[0].Attributes.GetAttr("input").AsString() != "default/default" ||
		view.Outputs["w"].Value.AsString() != "default" {
		t.Fatalf("tofu.workspace: %v\n%v", ds, view.Outputs)
	}
	if _, ds := Dir(writeFiles(t, files), Options{}); !strings.Contains(ds.Error(), `A managed resource "tofu" "workspace" has not been declared in the root module.`) {
		t.Errorf("for Terraform: %v", ds)
	}
	tofu := enginetest.OpenTofu(t)
	w := enginetest.Workspace(t, files)
	w.Engine = tofu
	crossCheckWith(t, w, Options{Engine: tffile.OpenTofu})
}

// TestLifecycleEnabled: OpenTofu's lifecycle { enabled = BOOL } makes one
// instance, without a key, or none, whose value is then null, for
// resources and module calls; OpenTofu plans what eval gives, both ways.
// Terraform has no such argument.
func TestLifecycleEnabled(t *testing.T) {
	files := map[string]string{
		"main.tf": `variable "on" {
  type    = bool
  default = false
}
resource "terraform_data" "a" {
  input = "a"
  lifecycle {
    enabled = var.on
  }
}
module "m" {
  source = "./m"
  lifecycle {
    enabled = !var.on
  }
}
output "a" {
  value = terraform_data.a == null ? "none" : terraform_data.a.input
}
output "m" {
  value = module.m == null ? "none" : module.m.x
}
`,
		"m/main.tf": "output \"x\" { value = \"from m\" }\n",
	}
	dir := writeFiles(t, files)
	for on, want := range map[string][2]string{"false": {"none", "from m"}, "true": {"a", "none"}} {
		view, ds := Dir(dir, Options{Engine: tffile.OpenTofu, Vars: []string{"on=" + on}})
		if ds.HasErrors() {
			t.Fatalf("on=%s: %v", on, ds)
		}
		a, _ := view.Outputs["a"].Value.UnmarkDeep()
		m, _ := view.Outputs["m"].Value.UnmarkDeep()
		if !a.IsKnown() || !m.IsKnown() {
			t.Fatalf("on=%s: outputs %#v, %#v", on, a, m)
		}
		if got := [2]string{a.AsString(), m.AsString()}; got != want {
			t.Errorf("on=%s: outputs %v, want %v", on, got, want)
		}
		if n := len(view.Resources); (on == "true") != (n == 1) || (n == 1 && view.Resources[0].Address != "terraform_data.a") {
			t.Errorf("on=%s: %d resources", on, n)
		}
	}
	_, ds := Dir(dir, Options{})
	for _, want := range []string{`main.tf:8:5: Error: Unsupported argument; An argument named "enabled" is not expected here`,
		`main.tf:13:3: Error: Reserved block type name in module block`} {
		if !strings.Contains(ds.Error(), want) {
			t.Errorf("for Terraform, want %q:\n%v", want, ds)
		}
	}
	tofu := enginetest.OpenTofu(t)
	w := enginetest.Workspace(t, files)
	w.Engine = tofu
	crossCheckWith(t, w, Options{Engine: tffile.OpenTofu})
	crossCheckWith(t, w, Options{Engine: tffile.OpenTofu, Vars: []string{"on=true"}})
}

// TestOpenTofuFunctions: the functions OpenTofu has and Terraform does not
// (base64gunzip, cidrcontains, urldecode) evaluate, with --engine tofu, to
// what OpenTofu plans; for Terraform they are unknown functions.
func TestOpenTofuFunctions(t *testing.T) {
	files := map[string]string{"main.tf": `output "gunzip" {
  value = base64gunzip(base64gzip("hello, world"))
}
output "contains" {
  value = [cidrcontains("10.0.0.0/8", "10.1.2.3"), cidrcontains("10.0.0.0/8", "10.255.0.0/16"),
    cidrcontains("10.0.0.0/16", "10.0.0.0/8"), cidrcontains("fd00::/8", "fd12::1"), core::cidrcontains("192.168.0.0/24", "192.168.1.0"),
    cidrcontains("010.0.0.0/8", "10.0.0.1"), cidrcontains("10.0.0.0/8", "010.000.0.1"), cidrcontains("10.0.0.0/8", "::ffff:010.0.0.0/112")]
}
output "decoded" {
  value = urldecode(urlencode("a b&c=d/é"))
}
`}
	view, ds := Dir(writeFiles(t, files), Options{Engine: tffile.OpenTofu})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	if v := view.Outputs["gunzip"].Value; v.AsString() != "hello, world" {
		t.Errorf("base64gunzip: %#v", v)
	}
	if _, ds := Dir(writeFiles(t, files), Options{}); !strings.Contains(ds.Error(), "Call to unknown function") {
		t.Errorf("for Terraform: %v", ds)
	}
	tofu := enginetest.OpenTofu(t)
	w := enginetest.Workspace(t, files)
	w.Engine = tofu
	crossCheckWith(t, w, Options{Engine: tffile.OpenTofu})
}

// TestFunctionTableNames: every function has its name and its core:: name,
// once, whatever the order Go's map walks the table in.
func TestFunctionTableNames(t *testing.T) {
	for _, e := range []tffile.Engine{tffile.Terraform, tffile.OpenTofu} {
		for range 5 {
			f := functions(t.TempDir(), nil, e, false)
			for name := range f {
				base, core := strings.CutPrefix(name, "core::")
				_, hasBase := f[base]
				_, hasCore := f["core::"+name]
				if strings.HasPrefix(base, "core::") || (core && !hasBase) || (!core && !hasCore) {
					t.Fatalf("%s: function table name %q", e, name)
				}
			}
		}
	}
}

// TestApplyingAndEphemeralRefs: terraform.applying (and OpenTofu's
// tofu.applying) is false while planning, so conditions on it are checked;
// a provisioner may read an ephemeral resource (not evaluated, not an
// undeclared resource).
func TestApplyingAndEphemeralRefs(t *testing.T) {
	src := `resource "terraform_data" "a" {
  lifecycle {
    precondition {
      condition     = !terraform.applying && !%s.applying
      error_message = "applying while planning"
    }
  }
  provisioner "local-exec" {
    command = "echo ${ephemeral.random_password.p.result}"
  }
}
ephemeral "random_password" "p" {
  length = 8
}
`
	for _, c := range []struct {
		engine tffile.Engine
		root   string
	}{{tffile.Terraform, "terraform"}, {tffile.OpenTofu, "tofu"}} {
		_, ds := Dir(writeFiles(t, map[string]string{"main.tf": fmt.Sprintf(src, c.root)}), Options{Engine: c.engine})
		if len(ds) != 0 {
			t.Errorf("%s: %v", c.engine, ds)
		}
	}
}

// TestBackendEarlyEvaluation: OpenTofu evaluates the root module's backend
// settings before anything else (early evaluation); a setting from a
// resource or from a variable declared const = false is an error where
// tofu init reports it (same line, also an error), and one made from a
// sensitive variable OpenTofu's error at the backend block, in its words.
// A setting from a plain variable is no problem.
func TestBackendEarlyEvaluation(t *testing.T) {
	const vars = `variable "plain" {
  default = "plain"
}

variable "secret" {
  default   = "secret"
  sensitive = true
}

variable "loose" {
  default = "loose"
  const   = false
}

resource "terraform_data" "r" {}

`
	for _, tc := range []struct {
		setting string
		want    string
	}{
		{`"${var.plain}.tfstate"`, ""},
		{`"${var.loose}.tfstate"`, `main.tf:19:12: Error: Invalid backend configuration; OpenTofu evaluates the backend settings before planning (early evaluation), from variables, locals, path and terraform.workspace alone; var.loose: it is declared as "const = false", and so cannot be used in a static context`},
		{`"${terraform_data.r.id}.tfstate"`, `main.tf:19:12: Error: Invalid backend configuration; OpenTofu evaluates the backend settings before planning (early evaluation), from variables, locals, path and terraform.workspace alone; it refers to terraform_data.r.id (main.tf:19,15), which is known only when the configuration is planned`},
		{`"${var.secret}.tfstate"`, `main.tf:18:3: Error: Backend config contains sensitive values; The backend configuration is stored in .terraform/terraform.tfstate as well as plan files. It is recommended to instead supply sensitive credentials via backend specific environment variables`},
	} {
		files := map[string]string{"main.tf": vars + "terraform {\n  backend \"local\" {\n    path = " + tc.setting + "\n  }\n}\n"}
		dir := writeFiles(t, files)
		_, ds := Dir(dir, Options{Engine: tffile.OpenTofu})
		var got []string
		for _, d := range ds {
			got = append(got, mistakeLine(dir, d))
		}
		if strings.Join(got, "\n") != tc.want {
			t.Errorf("path = %s:\n%s\nwant\n%s", tc.setting, strings.Join(got, "\n"), tc.want)
		}
		if _, ds := Dir(dir, Options{}); strings.Contains(ds.Error(), "backend") {
			t.Errorf("for Terraform, path = %s: %v", tc.setting, ds)
		}
		tofu := enginetest.OpenTofu(t)
		w := enginetest.Workspace(t, files)
		w.Engine = tofu
		var engine []string
		for _, line := range strings.Split(w.Exec("init", "-json", "-input=false", "-no-color").Stdout, "\n") {
			var msg struct {
				Type       string     `json:"type"`
				Diagnostic engineDiag `json:"diagnostic"`
			}
			if json.Unmarshal([]byte(line), &msg) == nil && msg.Type == "diagnostic" {
				d := msg.Diagnostic
				engine = append(engine, d.head()+"; "+strings.Join(strings.Fields(d.Detail), " "))
			}
		}
		for _, g := range got {
			head, _, _ := strings.Cut(g, "; ")
			pos, rest, _ := strings.Cut(head, ": ")
			line := pos[:strings.LastIndex(pos, ":")]
			sev, _, _ := strings.Cut(rest, ": ")
			found := false
			for _, e := range engine {
				if strings.HasPrefix(e, line+":") && strings.Contains(e, ": "+sev+": ") && (e == g || !strings.Contains(e, "sensitive")) {
					found = true
				}
			}
			if !found {
				t.Errorf("path = %s: eval: %s\nengine: %s", tc.setting, g, strings.Join(engine, "\n"))
			}
		}
		if len(engine) != len(got) {
			t.Errorf("path = %s: the engine reports %d diagnostics, eval %d:\n%s", tc.setting, len(engine), len(got), strings.Join(engine, "\n"))
		}
	}
}
