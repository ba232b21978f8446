package config

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/enginetest"
)

func mustParse(t *testing.T, src string) *Config {
	t.Helper()
	cfg, diags := ParseConfig(src, "main.tf")
	if diags.HasErrors() {
		t.Fatalf("parse: %s", diags)
	}
	return cfg
}

// wantOne asserts exactly one error whose text contains every fragment.
func wantOne(t *testing.T, diags diag.Diagnostics, fragments ...string) *diag.Diagnostic {
	t.Helper()
	errs := diags.Errs()
	if len(errs) != 1 {
		t.Fatalf("want 1 error, got %d:\n%s", len(errs), diags)
	}
	text := errs[0].Error()
	for _, f := range fragments {
		if !strings.Contains(text, f) {
			t.Errorf("error lacks %q:\n%s", f, text)
		}
	}
	return errs[0]
}

func TestValidateConflicts(t *testing.T) {
	cases := []struct {
		name      string
		src       string
		fragments []string // must appear in the one error: kind, address, both sites
	}{
		{
			name: "duplicate resource",
			src: `resource "aws_vpc" "main" {}
resource "aws_vpc" "main" {}
`,
			fragments: []string{`Duplicate resource "aws_vpc.main"`, "A resource named aws_vpc.main", "main.tf:2:1", "first declared here: main.tf:1:1"},
		},
		{
			name: "duplicate data source",
			src: `data "aws_ami" "u" {}

data "aws_ami" "u" {}
`,
			fragments: []string{`Duplicate data source "aws_ami.u"`, "main.tf:3:1", "first declared here: main.tf:1:1"},
		},
		{
			name: "duplicate variable",
			src: `variable "env" {}
variable "env" {}
`,
			fragments: []string{`Duplicate variable "env"`, "main.tf:2:1", "main.tf:1:1"},
		},
		{
			name: "duplicate output",
			src: `output "id" { value = 1 }
output "id" { value = 2 }
`,
			fragments: []string{`Duplicate output "id"`, "An output named id was already declared", "main.tf:2:1", "main.tf:1:1"},
		},
		{
			name: "duplicate module",
			src: `module "net" { source = "./net" }
module "net" { source = "./net2" }
`,
			fragments: []string{`Duplicate module "net"`, "main.tf:2:1", "main.tf:1:1"},
		},
		{
			name: "duplicate local across blocks",
			src: `locals { a = 1 }
locals {
  a = 2
}
`,
			fragments: []string{`Duplicate local value "local.a"`, "main.tf:3:3", "first defined here: main.tf:1:10"},
		},
		{
			name: "two default providers",
			src: `provider "aws" { region = "a" }
provider "aws" { region = "b" }
`,
			fragments: []string{`Duplicate provider configuration "aws"`, "aws (without alias)", "main.tf:2:1", "first configured here: main.tf:1:1"},
		},
		{
			name: "same alias twice",
			src: `provider "aws" {
  alias = "west"
}
provider "aws" {
  alias = "west"
}
`,
			fragments: []string{`Duplicate provider configuration "aws.west"`, `alias "west"`, "main.tf:4:1", "main.tf:1:1"},
		},
		{
			name: "two terraform blocks",
			src: `terraform {}
terraform {}
`,
			fragments: []string{"Duplicate terraform block", "main.tf:2:1", "first terraform block declared here: main.tf:1:1"},
		},
		{
			name: "duplicate check",
			src: `check "c" {
  assert {
    condition     = terraform.workspace != ""
    error_message = "x"
  }
}
check "c" {
  assert {
    condition     = terraform.workspace != ""
    error_message = "x"
  }
}
`,
			fragments: []string{`Duplicate check "c"`, "main.tf:7:1", "main.tf:1:1"},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			wantOne(t, Validate(mustParse(t, tc.src)), tc.fragments...)
		})
	}
}

// TestValidateAllowed validates testdata/seeds/allowed.tf, which uses every
// construct the validator knows in ways Terraform accepts (it also seeds
// FuzzParseValidate).
func TestValidateAllowed(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "seeds", "allowed.tf"))
	if err != nil {
		t.Fatal(err)
	}
	src := string(b)
	if diags := Validate(mustParse(t, src)); len(diags) != 0 {
		t.Fatalf("want no diagnostics, got:\n%s", diags)
	}
}

func TestValidateReferences(t *testing.T) {
	cases := []struct {
		name      string
		src       string
		fragments []string
	}{
		{"undeclared resource", `resource "aws_vpc" "main" {}
resource "aws_subnet" "a" {
  vpc_id = aws_vpc.mian.id
}
`, []string{"Reference to undeclared resource", `A managed resource "aws_vpc" "mian" has not been declared in the root module.`, "main.tf:3:3", "aws_subnet.a.vpc_id", `did you mean "aws_vpc.main"?`}},
		{"undeclared variable", `variable "region" {}
provider "aws" {
  region = var.regoin
}
`, []string{"Reference to undeclared input variable", `An input variable with the name "regoin" has not been declared.`, `did you mean "region"?`}},
		{"undeclared local", `locals { tags = {} }
output "o" { value = local.tag }
`, []string{"Reference to undeclared local value", `A local value with the name "tag" has not been declared.`, "output.o.value", `did you mean "tags"?`}},
		{"undeclared data", `output "o" { value = data.aws_ami.x.id }
`, []string{"Reference to undeclared resource", `A data resource "aws_ami" "x" has not been declared in the root module.`, `declare data "aws_ami" "x" in this stack`}},
		{"undeclared module", `output "o" { value = module.net.id }
`, []string{"Reference to undeclared module", `No module call named "net" is declared in the root module.`, `declare module "net" in this stack`}},
		{"output of a counted module call without a key", `module "g" {
  source = "./g"
  count  = 2
}
output "o" { value = module.g.greeting }
`, []string{"main.tf:5:14: Error: Unsupported attribute (at output.o.value)", `Can't access attributes on a list of objects. Did you mean to access attribute "greeting" for a specific element of the list, or across all elements of the list?`, "module.g[0].greeting", "module.g[*].greeting"}},
		{"output of a module call with for_each without a key", `module "g" {
  source   = "./g"
  for_each = toset(["a"])
}
output "o" { value = module.g.greeting }
`, []string{"Unsupported attribute (at output.o.value)", `This object does not have an attribute named "greeting": module.g has for_each`, `module.g["KEY"].greeting`, "values(module.g)[*].greeting"}},
		{"splat of a resource with for_each", `resource "terraform_data" "w" {
  for_each = toset(["a"])
}
output "o" { value = terraform_data.w[*].id }
`, []string{"Unsupported attribute (at output.o.value)", `This object does not have an attribute named "id": terraform_data.w has for_each, so its instances are a map by key`, "values(terraform_data.w)[*].id"}},
		{"output without value", `output "o" {
  description = "left out"
}
`, []string{`main.tf:1:12: Error: Missing required argument (at output.o.value); The argument "value" is required, but no definition was found.`, "add value = <expression>"}},
		{"unknown variable argument", `variable "x" {
  key = "k"
}
`, []string{`Unsupported argument`, "main.tf:2:3", "var.x.key", `An argument named "key" is not expected in a variable block`}},
		{"misspelt output argument", `output "o" {
  value     = 1
  sensitiv = true
}
`, []string{`Unsupported argument`, "output.o.sensitiv", `did you mean "sensitive"?`}},
		{"block in an output", `output "o" {
  value = 1
  validation {}
}
`, []string{`Unsupported block type`, "output.o.validation", "holds only precondition blocks"}},
		{"undeclared in depends_on", `resource "a_b" "c" {
  depends_on = [a_b.d]
}
`, []string{"Reference to undeclared resource", `A managed resource "a_b" "d" has not been declared`, "a_b.c.depends_on"}},
		{"for_each a list", `resource "a_b" "c" {
  for_each = ["a", "b"]
}
`, []string{`Invalid for_each argument`, "a_b.c.for_each", "a list was given"}},
		{"for_each a string", `module "m" {
  source   = "./m"
  for_each = "a"
}
`, []string{`Invalid for_each argument`, "module.m.for_each", "a string was given"}},
		{"count a word", `data "a_b" "c" {
  count = "two"
}
`, []string{`Invalid count argument`, "data.a_b.c.count", `the string "two" was given`}},
		{"count null", `resource "a_b" "c" {
  count = null
}
`, []string{`Invalid count argument`, "a_b.c.count", "null was given"}},
		{"undeclared aliased provider", `provider "aws" {}
resource "aws_vpc" "v" {
  provider = aws.wset
}
`, []string{`Reference to undeclared provider configuration "aws.wset"`}},
		{"count without count", `resource "a_b" "c" {
  name = "x-${count.index}"
}
`, []string{`Reference to "count" in non-counted context`, "a_b.c.name"}},
		{"each without for_each", `resource "a_b" "c" {
  name = each.key
}
`, []string{`Reference to "each" in context without for_each`}},
		{"self outside provisioner", `resource "a_b" "c" {
  name = self.id
}
`, []string{`Invalid "self" reference`}},
		{"iterator outside dynamic", `variable "ports" {}
resource "a_b" "c" {
  dynamic "ingress" {
    for_each = ingress.value
    content {}
  }
}
`, []string{"Reference to undeclared resource", `A managed resource "ingress" "value" has not been declared`, "a_b.c.dynamic[0].for_each"}},
		{"count and for_each", `resource "a_b" "c" {
  count    = 1
  for_each = {}
}
`, []string{`Invalid combination of "count" and "for_each"`}},
		{"invalid resource name", `resource "a_b" "1bad" {}
`, []string{`Invalid resource name "1bad"`}},
		{"reserved variable name", `variable "count" {}
`, []string{`Invalid variable name "count"`}},
		{"bad type constraint", `variable "x" {
  type = lsit(string)
}
`, []string{"Invalid type constraint", "lsit() is not a type constructor"}},
		{"bad type in literal string", `variable "x" {
  type = "list(strin)"
}
`, []string{`Invalid type constraint "list(strin)"`}},
		{"optional outside object", `variable "x" {
  type = list(optional(string))
}
`, []string{"optional() is allowed only for attributes of an object type"}},
		{"each in import without for_each", `resource "a_b" "c" {}
import {
  to = a_b.c
  id = each.value
}
`, []string{`Reference to "each" in context without for_each`, "import.id"}},
		{"reference in variable default", `variable "a" {}
variable "b" {
  default = var.a
}
`, []string{"Variables not allowed", "var.b.default", "cannot refer to var.a", "main.tf:3:3"}},
		{"moved to a variable", `moved {
  from = a_b.old
  to   = var.new
}
`, []string{`Invalid to address`, "moved.to"}},
		{"bad top-level block", `resuorce "a" "b" {}
`, []string{`Unsupported block type "resuorce"`, `did you mean "resource"?`}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			wantOne(t, Validate(mustParse(t, tc.src)), tc.fragments...)
		})
	}
}

func TestValidateCycles(t *testing.T) {
	t.Run("two resources", func(t *testing.T) {
		d := wantOne(t, Validate(mustParse(t, `resource "a_b" "x" {
  v = a_b.y.id
}
resource "a_b" "y" {
  depends_on = [a_b.x]
}
`)), "Dependency cycle: a_b.x → a_b.y → a_b.x", "main.tf:2:3")
		// Each step is reported where the reference is made.
		if len(d.Related) != 2 ||
			!strings.Contains(d.Related[0].Message, "a_b.x refers to a_b.y in a_b.x.v") || d.Related[0].Range.Start.Line != 2 ||
			!strings.Contains(d.Related[1].Message, "a_b.y refers to a_b.x in a_b.y.depends_on") || d.Related[1].Range.Start.Line != 5 {
			t.Errorf("related sites: %+v", d.Related)
		}
	})
	t.Run("through locals", func(t *testing.T) {
		wantOne(t, Validate(mustParse(t, `locals {
  a = a_b.x.id
}
resource "a_b" "x" {
  v = local.a
}
`)), "Dependency cycle: local.a → a_b.x → local.a")
	})
	t.Run("self reference", func(t *testing.T) {
		wantOne(t, Validate(mustParse(t, `resource "a_b" "x" {
  v = a_b.x.id
}
`)), `Self-referential block "a_b.x"`, "a_b.x.v", "main.tf:2:3")
	})
	t.Run("self in provisioner is fine", func(t *testing.T) {
		diags := Validate(mustParse(t, `resource "a_b" "x" {
  provisioner "local-exec" {
    command = "echo ${self.id}"
  }
}
`))
		if len(diags) != 0 {
			t.Fatal(diags)
		}
	})
	// The engines drop a resource's depends_on entry naming the resource
	// itself and plan it; a module call's is a cycle.
	t.Run("own depends_on is fine", func(t *testing.T) {
		diags := Validate(mustParse(t, `resource "a_b" "x" {
  depends_on = [a_b.x]
}
data "a_b" "y" {
  depends_on = [data.a_b.y]
}
`))
		if len(diags) != 0 {
			t.Fatal(diags)
		}
	})
	t.Run("module depending on itself", func(t *testing.T) {
		wantOne(t, Validate(mustParse(t, `module "m" {
  source     = "./m"
  depends_on = [module.m]
}
`)), `Self-referential block "module.m"`)
	})
}

func TestStaticReferencesFromStrings(t *testing.T) {
	trs, ok := StaticReferences(&Tuple{Items: []Expr{String("aws_vpc.main"), Ref("module", "net")}})
	if !ok || len(trs) != 2 || TraversalString(trs[0]) != "aws_vpc.main" || TraversalString(trs[1]) != "module.net" {
		t.Fatalf("got %v %v", trs, ok)
	}
	if _, ok := StaticReferences(String("not a ref!")); ok {
		t.Fatal("accepted an invalid traversal")
	}
}

// TestValidateAttributeRedefined: HCL text cannot set an argument twice
// (the parser refuses it), but a model built by a front end can; Terraform
// would refuse it, so Validate reports it with both sites, in nested blocks
// too.
func TestValidateAttributeRedefined(t *testing.T) {
	at := func(line int) hcl.Range {
		return hcl.Range{Filename: "main.go", Start: hcl.Pos{Line: line}, End: hcl.Pos{Line: line}}
	}
	r := NewBlock("resource", "a_b", "c")
	r.DeclRange = at(1)
	r.Body.Items = append(r.Body.Items,
		&Attribute{Name: "x", Expr: Int(1), Range: at(2)},
		&Attribute{Name: "y", Expr: Int(1), Range: at(3)},
		&Attribute{Name: "x", Expr: Int(2), Range: at(4)},
	)
	nested := r.Body.AppendBlock(NewBlock("ingress"))
	nested.DeclRange = at(5)
	nested.Body.Items = append(nested.Body.Items,
		&Attribute{Name: "port", Expr: Int(1)},
		&Attribute{Name: "port", Expr: Int(2)},
	)
	big := NewBlock("provider", "p")
	for i := range 40 { // past the size where a map replaces the scan
		big.Body.Set(fmt.Sprintf("a%d", i), Int(int64(i))).Range = at(10 + i)
	}
	big.Body.Items = append(big.Body.Items, &Attribute{Name: "a7", Expr: Int(0), Range: at(99)})
	// Two locals blocks defining one name are reported once, as a
	// duplicate local value.
	l1, l2 := NewBlock("locals"), NewBlock("locals")
	l1.Body.Set("v", Int(1))
	l2.Body.Items = append(l2.Body.Items, &Attribute{Name: "w", Expr: Int(1)}, &Attribute{Name: "w", Expr: Int(2)})
	ds := Validate(&Config{Blocks: []*Block{r, big, l1, l2}}).Errs()
	if len(ds) != 4 {
		t.Fatalf("want 4 errors, got:\n%s", ds)
	}
	for i, w := range []struct {
		path          string
		line, related int
	}{{"a_b.c.x", 4, 2}, {"a_b.c.ingress.port", 5, 5}, {"provider.p.a7", 99, 17}} {
		d := ds[i+1] // after the duplicate local, found while collecting
		if d.Summary != "Attribute redefined" || d.Path != w.path || !strings.Contains(d.Detail, strconv.Quote(d.Path[strings.LastIndex(d.Path, ".")+1:])) ||
			d.Subject == nil || d.Subject.Start.Line != w.line || len(d.Related) != 1 || d.Related[0].Range.Start.Line != w.related {
			t.Errorf("error %d: want %s at line %d, first at %d; got %s (related %+v)", i, w.path, w.line, w.related, d, d.Related)
		}
	}
	if !strings.Contains(ds[0].Summary, `Duplicate local value "local.w"`) {
		t.Errorf("locals: %s", ds[0])
	}
}

// TestValidateLiteralArguments: arguments Terraform reads before anything
// is evaluated hold no references and no function calls; operators and
// conditionals over constants are fine, as they are to Terraform.
func TestValidateLiteralArguments(t *testing.T) {
	cases := []struct {
		name, src string
		fragments []string
	}{
		{"backend", `resource "random_pet" "p" {}
terraform {
  backend "local" {
    path = random_pet.p.id
  }
}
`, []string{"Expression in a literal argument", "terraform.backend.path", "main.tf:4:5"}},
		{"required_version", `terraform {
  required_version = upper(">= 1.0")
}
`, []string{"Expression in a literal argument", "terraform.required_version"}},
		{"required provider", `terraform {
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> ${var.major}.0"
    }
  }
}
`, []string{"Expression in a literal argument", "terraform.required_providers.aws"}},
		{"output description", `output "o" {
  value       = 1
  description = join(",", ["a"])
}
`, []string{"Expression in a literal argument", "output.o.description"}},
		{"variable default", `variable "v" {
  default = max(1, 2)
}
`, []string{"Expression in a literal argument", "var.v.default"}},
		{"variable default reference", `variable "w" {}
variable "v" {
  default = var.w * 2
}
`, []string{"var.v.default"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			wantOne(t, Validate(mustParse(t, tc.src)), tc.fragments...)
		})
	}
	// Literal values, negative numbers, one-interpolation templates of
	// literals and configuration_aliases references are fine.
	ok := `terraform {
  required_version = ">= 1.0"
  required_providers {
    aws = {
      source                = "hashicorp/aws"
      configuration_aliases = [aws.west]
    }
  }
  backend "local" {
    path = "${"state"}.tfstate"
  }
  encryption { # OpenTofu's: its settings refer to its own parts
    key_provider "pbkdf2" "k" {
      passphrase = "correct-horse-battery-staple"
    }
    method "aes_gcm" "m" {
      keys = key_provider.pbkdf2.k
    }
    state {
      method = method.aes_gcm.m
    }
  }
}
variable "v" {
  default     = { a = [1, -2, (3)], "b c" = null, 1 = true }
  description = "x"
}
variable "ttl" {
  default = 60 * 60 * 24
}
variable "mode" {
  default = !false ? "a-${1 + 1}" : "b"
}
variable "windows" {
  default = false
}
resource "a_b" "c" {
  connection {
    type = var.windows ? "winrm" : "ssh"
  }
}
`
	if ds := Validate(mustParse(t, ok)); len(ds) != 0 {
		t.Fatalf("want no diagnostics, got:\n%s", ds)
	}
}

// moduleCycleCases: Terraform orders a module's inputs and outputs one by
// one, so calls reading each other's outputs are no cycle, nor is
// depends_on one output; a resource that waits for the whole module
// (depends_on) or expands it (for_each) while the module reads it back is. want is the cycle reported, "" for
// none. Each case's module is moduleCycleChild.
var moduleCycleCases = []struct{ name, src, want, related string }{
	{"modules reading each other's outputs", `module "a" {
  source = "./m"
  v      = module.b.o
}
module "b" {
  source = "./m"
  v      = module.a.o
}
resource "terraform_data" "x" {
  input = module.a.o
}
module "c" {
  source = "./m"
  v      = terraform_data.x.id
}
output "c" {
  value = module.c.o
}
`, "", ""},
	{"depends_on a module that reads back", `resource "terraform_data" "x" {
  depends_on = [module.a]
}
module "a" {
  source = "./m"
  v      = terraform_data.x.id
}
`, "Dependency cycle: terraform_data.x → module.a → terraform_data.x", "module.a refers to terraform_data.x in module.a.v"},
	{"depends_on one output of a module that reads back", `resource "terraform_data" "x" {
  depends_on = [module.a.o]
}
module "a" {
  source = "./m"
  v      = terraform_data.x.id
}
`, "", ""},
	{"for_each of a module reading its output", `resource "terraform_data" "x" {
  input = module.a["k"].o
}
module "a" {
  source   = "./m"
  for_each = { k = terraform_data.x.id }
}
`, "Dependency cycle: terraform_data.x → module.a.o → terraform_data.x", "module.a.o refers to terraform_data.x in module.a.for_each"},
}

const moduleCycleChild = `variable "v" {
  default = "x"
}
output "o" {
  value = "constant"
}
`

func TestValidateModuleCycles(t *testing.T) {
	for _, tc := range moduleCycleCases {
		t.Run(tc.name, func(t *testing.T) {
			diags := Validate(mustParse(t, tc.src))
			if tc.want == "" {
				if len(diags) != 0 {
					t.Fatal(diags)
				}
				return
			}
			wantOne(t, diags, tc.want, tc.related)
		})
	}
}

// TestValidateModuleCyclesMatchEngine: terraform validate finds a cycle in
// exactly the cases above that say one.
func TestValidateModuleCyclesMatchEngine(t *testing.T) {
	enginetest.SkipShort(t)
	for _, tc := range moduleCycleCases {
		t.Run(tc.name, func(t *testing.T) {
			w := enginetest.Workspace(t, map[string]string{"main.tf": tc.src, "m/main.tf": moduleCycleChild})
			w.Init("-backend=false")
			r := w.Exec("validate", "-no-color")
			if cycle := strings.Contains(r.Output, "Error: Cycle"); cycle != (tc.want != "") {
				t.Fatalf("engine reports a cycle: %v, Validate: %q\n%s", cycle, tc.want, r.Output)
			}
		})
	}
}

// movedToRemoved is a moved block whose to a later version of the
// configuration removed again: both engines accept it (public modules keep
// such blocks), so Validate does.
const movedToRemoved = `resource "terraform_data" "a" {}
moved {
  from = terraform_data.old
  to   = terraform_data.gone
}
moved {
  from = module.x
  to   = module.y
}
`

func TestValidateMovedToRemoved(t *testing.T) {
	if diags := Validate(mustParse(t, movedToRemoved)); len(diags) != 0 {
		t.Fatal(diags)
	}
	enginetest.SkipShort(t)
	w := enginetest.Workspace(t, map[string]string{"main.tf": movedToRemoved})
	w.Init("-backend=false")
	w.Validate()
}

// TestValidateNestedArgumentsArePlain: inside the blocks a provider
// defines, an argument named provider or depends_on is the provider's
// (google_container_cluster's network_policy { provider = "CALICO" }),
// not the meta-argument, also in a dynamic block's content.
func TestValidateNestedArgumentsArePlain(t *testing.T) {
	diags := Validate(mustParse(t, `variable "policy" {
  default = { enabled = true, provider = "CALICO" }
}
resource "google_container_cluster" "primary" {
  name = "gke"
  network_policy {
    enabled    = true
    provider   = "CALICO"
    depends_on = "anything"
  }
  dynamic "addons_config" {
    for_each = [var.policy]
    content {
      provider = addons_config.value.provider
    }
  }
}
`))
	if len(diags) != 0 {
		t.Fatal(diags)
	}
	// At the top, provider is still the meta-argument.
	wantOne(t, Validate(mustParse(t, `variable "p" {}
resource "google_container_cluster" "primary" {
  provider = var.p
}
`)), "Reference to undeclared provider configuration")
}

// instanceKeyRefused reads attributes straight from resources and data
// sources with count or for_each, which the engines refuse; each case names
// the address and the key the engine's words suggest.
var instanceKeyRefused = []struct{ name, src, addr, arg, key, path string }{
	{"count", `resource "terraform_data" "p" {
  count = 2
}
output "o" {
  value = terraform_data.p.id
}
`, "terraform_data.p", "count", "count.index", "output.o.value"},
	{"for_each", `resource "terraform_data" "p" {
  for_each = toset(["a"])
}
resource "terraform_data" "q" {
  input = "${terraform_data.p.id}-x"
}
`, "terraform_data.p", "for_each", "each.key", "terraform_data.q.input"},
	{"data source with count", `data "terraform_remote_state" "s" {
  count   = 1
  backend = "local"
}
locals {
  x = data.terraform_remote_state.s.outputs
}
`, "data.terraform_remote_state.s", "count", "count.index", "local.x"},
}

// instanceKeyAllowed reads whole collections, or instances by key.
const instanceKeyAllowed = `resource "terraform_data" "p" {
  count = 2
}
resource "terraform_data" "q" {
  for_each = toset(["a"])
}
resource "terraform_data" "r" {
  count            = length(terraform_data.p)
  input            = [terraform_data.p[count.index].id, terraform_data.p[0].id, terraform_data.p.0.id, terraform_data.q["a"].id]
  triggers_replace = terraform_data.p[*].id
  depends_on       = [terraform_data.p, terraform_data.q]
}
output "o" {
  value = [for k, v in terraform_data.q : v.id]
}
output "whole" {
  value = terraform_data.q
}
`

func TestValidateInstanceKey(t *testing.T) {
	for _, tc := range instanceKeyRefused {
		t.Run(tc.name, func(t *testing.T) {
			wantOne(t, Validate(mustParse(t, tc.src)), "Missing resource instance key", "(at "+tc.path+")",
				fmt.Sprintf("Because %s has %q set, its attributes must be accessed on specific instances.\n\nFor example, to correlate with indices of a referring resource, use:\n    %s[%s]", tc.addr, tc.arg, tc.addr, tc.key))
		})
	}
	if diags := Validate(mustParse(t, instanceKeyAllowed)); len(diags) != 0 {
		t.Fatalf("want no diagnostics, got:\n%s", diags)
	}
}

// TestValidateInstanceKeyMatchesEngine: terraform validate refuses the
// cases above in the same words, and accepts the allowed ones.
func TestValidateInstanceKeyMatchesEngine(t *testing.T) {
	enginetest.SkipShort(t)
	for _, tc := range instanceKeyRefused {
		t.Run(tc.name, func(t *testing.T) {
			w := enginetest.Workspace(t, map[string]string{"main.tf": tc.src})
			w.Init("-backend=false")
			r := w.Exec("validate", "-json")
			var out struct {
				Diagnostics []struct{ Summary, Detail string }
			}
			if err := json.Unmarshal([]byte(r.Output), &out); err != nil {
				t.Fatalf("%v:\n%s", err, r.Output)
			}
			ours := wantOne(t, Validate(mustParse(t, tc.src)))
			if len(out.Diagnostics) != 1 || out.Diagnostics[0].Summary != ours.Summary || out.Diagnostics[0].Detail != ours.Detail {
				t.Fatalf("engine says %+v, Validate %q: %q", out.Diagnostics, ours.Summary, ours.Detail)
			}
		})
	}
	t.Run("allowed", func(t *testing.T) {
		w := enginetest.Workspace(t, map[string]string{"main.tf": instanceKeyAllowed})
		w.Init("-backend=false")
		if r := w.Exec("validate", "-no-color"); strings.Contains(r.Output, "Error") {
			t.Fatalf("engine refuses:\n%s", r.Output)
		}
	})
}

// TestValidateInstanceReadsAllowed: reads of counted and for_each
// resources and module calls the engines accept are not refused.
func TestValidateInstanceReadsAllowed(t *testing.T) {
	src := `module "c" {
  source = "./g"
  count  = 2
}
module "e" {
  source   = "./g"
  for_each = toset(["a"])
}
resource "terraform_data" "c" {
  count = 2
}
resource "terraform_data" "e" {
  for_each = toset(["a"])
}
output "o" {
  value = [
    module.c[0].greeting, module.c[*].greeting, length(module.c), module.c,
    module.e["a"].greeting, values(module.e)[*].greeting, module.e,
    terraform_data.c[*].id, terraform_data.c[0].id, terraform_data.c[*],
    terraform_data.e["a"].id, values(terraform_data.e)[*].id, terraform_data.e[*],
  ]
}
`
	if diags := Validate(mustParse(t, src)); len(diags) != 0 {
		t.Fatalf("want no diagnostics, got:\n%s", diags)
	}
}
