package load

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/tffile"
)

// mistake is a configuration with one mistake users make, and every
// diagnostic eval gives it, as "FILE:LINE:COL: Severity: Summary; Detail":
// the engine's summary at the engine's position, and a detail the
// engine's begins with (the engines add the did-you-mean hint, which eval
// gives apart, and the validation rule's position, which eval relates).
// Where the engine gives no position, eval gives the reference's; where
// it says "string required", eval's newer cty says what it has besides.
type mistake struct {
	name  string
	files map[string]string
	vars  []string // -var NAME=VALUE
	env   []string // TF_VAR_ values: eval only, the engine runs without
	// engine is the engine eval follows and the test runs: Terraform
	// unless tffile.OpenTofu.
	engine tffile.Engine
	// schema names a provider schema of ../schema/testdata/providers
	// (--schema); the engine installs the provider from the mirror.
	schema string
	want   []string
}

var mistakes = []mistake{
	{name: "local reads itself", files: map[string]string{"main.tf": `locals {
  a = local.a
}
`}, want: []string{`main.tf:2:7: Error: Self-referencing local value; Local value local.a cannot use its own result as part of its expression.`}},
	{name: "argument reads its resource", files: map[string]string{"main.tf": `resource "terraform_data" "a" {
  input = terraform_data.a.output
}
`}, want: []string{`main.tf:2:11: Error: Self-referential block; Configuration for terraform_data.a may not refer to itself.`}},
	{name: "count reads its resource", files: map[string]string{"main.tf": `resource "terraform_data" "a" {
  count = length(terraform_data.a)
}
`}, want: []string{`main.tf:2:18: Error: Self-referential block; Configuration for terraform_data.a may not refer to itself.`}},
	{name: "argument reads an instance of its resource", files: map[string]string{"main.tf": `resource "terraform_data" "a" {
  count = 2
  input = count.index > 0 ? terraform_data.a[0].id : "first"
}
`}, want: []string{`main.tf:3:29: Error: Self-referential block; Configuration for terraform_data.a[0] may not refer to itself.`}},
	{name: "replace_triggered_by names its resource", files: map[string]string{"main.tf": `resource "terraform_data" "a" {
  input = "x"
  lifecycle {
    replace_triggered_by = [terraform_data.a]
  }
}
`}, want: []string{`main.tf:4:29: Error: no change found for terraform_data.a in the root module; `}},
	{name: "validation of a default", files: map[string]string{"main.tf": `variable "env" {
  type    = string
  default = "qa"
  validation {
    condition     = contains(["dev", "prod"], var.env)
    error_message = "env must be dev or prod."
  }
}
`}, want: []string{`main.tf:1:1: Error: Invalid value for variable; env must be dev or prod. This was checked by the validation rule at main.tf:4,3-13.`}},
	{name: "validation of a -var value", vars: []string{"env=qa"}, files: map[string]string{"main.tf": `variable "env" {
  type = string
  validation {
    condition     = contains(["dev", "prod"], var.env)
    error_message = "env must be dev or prod."
  }
}
`}, want: []string{`main.tf:1:1: Error: Invalid value for variable; env must be dev or prod. This was checked by the validation rule at main.tf:3,3-13.`}},
	{name: "validation of a module argument", files: map[string]string{"main.tf": `module "m" {
  source = "./m"
  env    = "qa"
}
`, "m/main.tf": `variable "env" {
  type = string
  validation {
    condition     = contains(["dev", "prod"], var.env)
    error_message = "env must be dev or prod."
  }
}
`}, want: []string{`main.tf:3:12: Error: Invalid value for variable; env must be dev or prod. This was checked by the validation rule at m/main.tf:3,3-13.`}},
	{name: "validation condition not a bool", files: map[string]string{"main.tf": `variable "env" {
  type    = string
  default = "qa"
  validation {
    condition     = var.env
    error_message = "env must be dev or prod."
  }
}
`}, want: []string{`main.tf:5:21: Error: Invalid variable validation result; Invalid validation condition result value: a bool is required.`}},
	{name: "validation error_message not a string", files: map[string]string{"main.tf": `variable "env" {
  type    = string
  default = "qa"
  validation {
    condition     = var.env == "dev"
    error_message = ["x"]
  }
}
`}, want: []string{
		`main.tf:6:21: Error: Invalid error message; Unsuitable value for error message: string required, but have tuple.`,
		`main.tf:1:1: Error: Invalid value for variable; Failed to evaluate condition error message. This was checked by the validation rule at main.tf:4,3-13.`,
	}},
	{name: "-var not a number", vars: []string{"n=abc"}, files: map[string]string{"main.tf": `variable "n" {
  type = number
}
`}, want: []string{`main.tf:1:1: Error: Invalid value for input variable; Unsuitable value for var.n set using -var="n=...": a number is required.`}},
	{name: "TF_VAR_ not a number", env: []string{"TF_VAR_n=abc"}, files: map[string]string{"main.tf": `variable "n" {
  type = number
}
`}, want: []string{`main.tf:1:1: Error: Invalid value for input variable; Unsuitable value for var.n set using the TF_VAR_n environment variable: a number is required.`}},
	{name: "tfvars value not a number", files: map[string]string{"main.tf": `variable "n" {
  type = number
}
`, "terraform.tfvars": `n = "abc"
`}, want: []string{`terraform.tfvars:1:5: Error: Invalid value for input variable; The given value is not suitable for var.n declared at main.tf:1,1-13: a number is required.`}},
	{name: "module argument not a number", files: map[string]string{"main.tf": `module "m" {
  source = "./m"
  n      = "abc"
}
`, "m/main.tf": `variable "n" {
  type = number
}
`}, want: []string{`main.tf:3:12: Error: Invalid value for input variable; The given value is not suitable for module.m.var.n declared at m/main.tf:1,1-13: a number is required.`}},
	{name: "undeclared references", files: map[string]string{"main.tf": `variable "region" {
  default = "x"
}
locals {
  name = "x"
}
output "a" { value = var.regoin }
output "b" { value = local.nmae }
output "c" { value = module.nope.x }
output "d" { value = terraform_data.nope.id }
output "e" { value = data.terraform_remote_state.nope.outputs }
output "f" { value = var.zzz }
`}, want: []string{
		`main.tf:7:22: Error: Reference to undeclared input variable; An input variable with the name "regoin" has not been declared.`,
		`main.tf:8:22: Error: Reference to undeclared local value; A local value with the name "nmae" has not been declared.`,
		`main.tf:9:22: Error: Reference to undeclared module; No module call named "nope" is declared in the root module.`,
		`main.tf:10:22: Error: Reference to undeclared resource; A managed resource "terraform_data" "nope" has not been declared in the root module.`,
		`main.tf:11:22: Error: Reference to undeclared resource; A data resource "terraform_remote_state" "nope" has not been declared in the root module.`,
		`main.tf:12:22: Error: Reference to undeclared input variable; An input variable with the name "zzz" has not been declared. This variable can be declared with a variable "zzz" {} block.`,
	}},
	{name: "count and each out of place", files: map[string]string{"main.tf": `resource "terraform_data" "a" {
  input = [count.index, each.key]
}
output "b" { value = each.value }
output "c" { value = count.foo }
`}, want: []string{
		`main.tf:2:12: Error: Reference to "count" in non-counted context; The "count" object can only be used in "module", "resource", and "data" blocks, and only when the "count" argument is set.`,
		`main.tf:2:25: Error: Reference to "each" in context without for_each; The "each" object can be used only in "module" or "resource" blocks, and only when the "for_each" argument is set.`,
		`main.tf:4:22: Error: each.value cannot be used in this context; A reference to "each.value" has been used in a context in which it is unavailable, such as when the configuration no longer contains the value in its "for_each" expression. Remove this reference to each.value in your configuration to work around this error.`,
		`main.tf:5:22: Error: Invalid "count" attribute; The "count" object does not have an attribute named "foo". The only supported attribute is count.index, which is the index of each instance of a resource block that has the "count" argument set.`,
	}},
	{name: "self outside provisioners", files: map[string]string{"main.tf": `resource "terraform_data" "a" {
  input = self.id
}
`}, want: []string{`main.tf:2:11: Error: Invalid "self" reference; The "self" object is not available in this context. This object can be used only in resource provisioner, connection, and postcondition blocks.`}},
	{name: "count with for_each", files: map[string]string{"main.tf": `resource "terraform_data" "a" {
  count    = 1
  for_each = toset(["a"])
}
`}, want: []string{`main.tf:3:3: Error: Invalid combination of "count" and "for_each"; The "count" and "for_each" meta-arguments are mutually-exclusive, only one should be used to be explicit about the number of resources to be created.`}},
	{name: "count with for_each in a module call", engine: tffile.OpenTofu, files: map[string]string{"main.tf": `module "m" {
  source   = "./m"
  count    = 1
  for_each = toset(["a"])
}
`, "m/main.tf": "\n"}, want: []string{`main.tf:3:3: Error: Invalid combination of "count" and "for_each"; The "count" and "for_each" meta-arguments are mutually-exclusive. Only one should be used to be explicit about the number of module instances to be created.`}},
	{name: "create_before_destroy a string", files: map[string]string{"main.tf": `resource "terraform_data" "a" {
  lifecycle {
    create_before_destroy = "yes"
  }
}
`}, want: []string{`main.tf:3:30: Error: Unsuitable value type; Unsuitable value: a bool is required`}},
	{name: "-var list that does not parse", vars: []string{`l=["a",`}, files: map[string]string{"main.tf": `variable "l" {
  type = list(string)
}
`}, want: []string{
		`<value for var.l>:1:6: Error: Missing expression; Expected the start of an expression, but found the end of the file.`,
		`main.tf:1:1: Error: No value for required variable; The root module input variable "l" is not set, and has no default value. Use a -var or -var-file command line argument to provide a value for this variable.`,
	}},
	{name: "no value for a required variable", files: map[string]string{"main.tf": `variable "x" {
  type = string
}
`}, want: []string{`main.tf:1:1: Error: No value for required variable; The root module input variable "x" is not set, and has no default value. Use a -var or -var-file command line argument to provide a value for this variable.`}},
	{name: "import target not declared", files: map[string]string{"main.tf": `import {
  to = terraform_data.nope
  id = "x"
}
`}, want: []string{`main.tf:2:8: Error: Configuration for import target does not exist; The configuration for the given import target terraform_data.nope does not exist. If you wish to automatically generate config for this resource, use the -generate-config-out option within terraform plan. Otherwise, make sure the target resource exists within your configuration. For example: terraform plan -generate-config-out=generated.tf`}},
	{name: "import target not declared (OpenTofu)", engine: tffile.OpenTofu, files: map[string]string{"main.tf": `import {
  to = terraform_data.nope
  id = "x"
}
`}, want: []string{`main.tf:1:1: Error: Configuration for import target does not exist; The configuration for the given import terraform_data.nope does not exist. All target instances must have an associated configuration to be imported.`}},
	{name: "import into a counted resource without a key", files: map[string]string{"main.tf": `resource "terraform_data" "a" {
  count = 2
}
import {
  to = terraform_data.a
  id = "x"
}
`}, want: []string{`main.tf:5:8: Error: Invalid import 'to' expression; The target resource is using count.`}},
	{name: "moved to the same address", files: map[string]string{"main.tf": `resource "terraform_data" "a" {}
moved {
  from = terraform_data.a
  to   = terraform_data.a
}
`}, want: []string{`main.tf:2:1: Error: Redundant move statement; This statement declares a move from terraform_data.a to the same address, which is the same as not declaring this move at all.`}},
	{name: "removed resource still declared", files: map[string]string{"main.tf": `resource "terraform_data" "a" {}
removed {
  from = terraform_data.a
  lifecycle {
    destroy = false
  }
}
`}, want: []string{`main.tf:1:1: Error: Removed resource still exists; This statement declares that terraform_data.a was removed, but it is still declared in configuration.`}},
	{name: "removed module still declared (OpenTofu)", engine: tffile.OpenTofu, files: map[string]string{"main.tf": `module "m" {
  source = "./m"
}
removed {
  from = module.m
  lifecycle {
    destroy = false
  }
}
`, "m/main.tf": "\n"}, want: []string{`main.tf:4:1: Error: Removed module block still exists; This statement declares a removal of the module module.m, but this module block still exists in the configuration. Please remove the module block.`}},
	{name: "ignore_changes names what terraform_data lacks", files: map[string]string{"main.tf": `resource "terraform_data" "a" {
  lifecycle {
    ignore_changes = [nope]
  }
}
`}, want: []string{`main.tf:3:23: Error: Unsupported attribute; This object has no argument, nested block, or exported attribute named "nope".`}},
	{name: "ignore_changes names what the schema lacks", schema: "random-3.9.0.json", files: map[string]string{"main.tf": `resource "random_pet" "a" {
  lifecycle {
    ignore_changes = [nope]
  }
}
`}, want: []string{`main.tf:3:23: Error: Unsupported attribute; This object has no argument, nested block, or exported attribute named "nope".`}},
	{name: "dynamic block of a type terraform_data lacks", files: map[string]string{"main.tf": `resource "terraform_data" "a" {
  dynamic "nope" {
    for_each = 1
    content {}
  }
}
`}, want: []string{`main.tf:2:11: Error: Unsupported block type; Blocks of type "nope" are not expected here.`}},
	{name: "dynamic block of a type the schema lacks", schema: "random-3.9.0.json", files: map[string]string{"main.tf": `resource "random_pet" "a" {
  dynamic "nope" {
    for_each = 1
    content {}
  }
  nope2 = 1
}
`}, want: []string{
		`main.tf:2:11: Error: Unsupported block type; Blocks of type "nope" are not expected here.`,
		`main.tf:6:3: Error: Unsupported argument; An argument named "nope2" is not expected here.`,
	}},
	{name: "check without assert", files: map[string]string{"main.tf": `check "c" {
}
`}, want: []string{`main.tf:1:1: Error: Zero assert blocks; Check blocks must have at least one assert block.`}},
}

// mistakeLine is d as a mistake's want lists it, its file relative to dir.
func mistakeLine(dir string, d *diag.Diagnostic) string {
	pos := "-"
	if d.Subject != nil && d.Subject.Filename != "" {
		name := d.Subject.Filename
		if rel, err := filepath.Rel(dir, name); err == nil && !strings.HasPrefix(rel, "..") {
			name = rel
		}
		pos = fmt.Sprintf("%s:%d:%d", filepath.ToSlash(name), d.Subject.Start.Line, d.Subject.Start.Column)
	}
	sev := "Error"
	if d.Severity == diag.Warning {
		sev = "Warning"
	}
	return pos + ": " + sev + ": " + d.Summary + "; " + strings.Join(strings.Fields(d.Detail), " ")
}

// TestMistakes: eval's diagnostics for each mistake, which
// TestMistakesMatchEngine compares with the engine's.
func TestMistakes(t *testing.T) {
	for _, m := range mistakes {
		t.Run(m.name, func(t *testing.T) {
			dir := writeFiles(t, m.files)
			opts := Options{Vars: m.vars, Env: m.env, Engine: m.engine}
			if m.schema != "" {
				opts.Providers = readSchema(t, filepath.Join("..", "schema", "testdata", "providers", m.schema))
			}
			_, ds := Dir(dir, opts)
			var got []string
			for _, d := range ds {
				got = append(got, mistakeLine(dir, d))
			}
			sort.Strings(got)
			want := append([]string(nil), m.want...)
			sort.Strings(want)
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}

// engineDiag is a diagnostic of validate -json or of a plan -json line.
type engineDiag struct {
	Severity string `json:"severity"`
	Summary  string `json:"summary"`
	Detail   string `json:"detail"`
	Range    *struct {
		Filename string `json:"filename"`
		Start    struct {
			Line   int `json:"line"`
			Column int `json:"column"`
		} `json:"start"`
	} `json:"range"`
}

// haveSuffix is what cty 1.17 and later add to a conversion error, and
// the engine's cty does not.
var haveSuffix = regexp.MustCompile(`, but have [^.:;]+`)

func (d engineDiag) head() string {
	pos := "-"
	if d.Range != nil {
		pos = fmt.Sprintf("%s:%d:%d", d.Range.Filename, d.Range.Start.Line, d.Range.Start.Column)
	}
	return pos + ": " + strings.ToUpper(d.Severity[:1]) + d.Severity[1:] + ": " + d.Summary
}

// TestMistakesMatchEngine runs terraform validate on each mistake and,
// where it passes, plan: the engine reports every error eval reports, at
// the same position, with the same summary, and a detail that begins with
// eval's, and nothing else.
func TestMistakesMatchEngine(t *testing.T) {
	enginetest.SkipShort(t)
	for _, m := range mistakes {
		if len(m.env) > 0 {
			continue
		}
		want := m.engine
		if want == "" {
			want = tffile.Terraform
		}
		t.Run(m.name, func(t *testing.T) {
			enginetest.ForEachEngine(t, func(t *testing.T, engine string) {
				if tffile.EngineOf(engine) != want {
					t.Skipf("eval follows %s here", want)
				}
				matchEngine(t, m)
			})
		})
	}
}

// matchEngine compares m's diagnostics with those of the engine of t.
func matchEngine(t *testing.T, m mistake) {
	w := enginetest.Workspace(t, m.files)
	// init refuses what the engines refuse as they read the
	// module; validate reports it then too.
	w.Exec("init", "-input=false", "-no-color")
	var ds []engineDiag
	r := w.Exec("validate", "-json", "-no-color")
	var v struct {
		Valid       bool         `json:"valid"`
		Diagnostics []engineDiag `json:"diagnostics"`
	}
	if err := json.Unmarshal([]byte(r.Stdout), &v); err != nil {
		t.Fatalf("validate: %v\n%s", err, r.Output)
	}
	ds = v.Diagnostics
	if v.Valid {
		args := []string{"plan", "-json", "-refresh=false", "-input=false", "-no-color"}
		for _, kv := range m.vars {
			args = append(args, "-var="+kv)
		}
		for _, line := range strings.Split(w.Exec(args...).Stdout, "\n") {
			var msg struct {
				Type       string     `json:"type"`
				Diagnostic engineDiag `json:"diagnostic"`
			}
			if json.Unmarshal([]byte(line), &msg) == nil && msg.Type == "diagnostic" {
				ds = append(ds, msg.Diagnostic)
			}
		}
	}
	engine := map[string]string{}
	for _, d := range ds {
		engine[d.head()] = strings.Join(strings.Fields(d.Detail), " ")
	}
	ours := map[string]bool{}
	for _, want := range m.want {
		head, detail, _ := strings.Cut(want, "; ")
		detail = haveSuffix.ReplaceAllString(detail, "")
		got, ok := engine[head]
		if _, rest, _ := strings.Cut(head, ": "); !ok {
			head = "-: " + rest // reported without a position
			got, ok = engine[head]
		}
		ours[head] = true
		if !ok || !strings.HasPrefix(got, detail) {
			t.Errorf("eval: %s\nengine: %v", want, engine)
		}
	}
	for head, detail := range engine {
		if !ours[head] && !strings.Contains(head, "Warning") {
			t.Errorf("the engine reports what eval does not: %s; %s", head, detail)
		}
	}
}
