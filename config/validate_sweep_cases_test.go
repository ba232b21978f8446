package config

// sweepCase is one small configuration for the differential sweep of
// Validate against the engines' validate: one mistake each, or a correct
// edge case that must stay accepted.
type sweepCase struct {
	name, src string
	// files are more files of the configuration (local modules).
	files map[string]string
	// want are the errors ValidateEngine reports, for either engine, as
	// "LINE:COLUMN Summary"; none when the configuration is valid. A
	// syntax error counts as one.
	want []string
	// differs says why Validate and the engines do not agree on the
	// configuration, when they do not: what the engines refuse only as
	// they evaluate, or what tfkit refuses by its own rule.
	differs string
	// elsewhere: both refuse it, the engine on another line of the
	// configuration.
	elsewhere bool
}

const sweepChild = `variable "v" {
  default = "x"
}
output "o" {
  value = var.v
}
`

var sweepCases = []sweepCase{
	{name: "prevent_destroy string", src: `resource "terraform_data" "a" {
  lifecycle {
    prevent_destroy = "yes"
  }
}
`, want: []string{"3:5 Unsuitable value type"}},
	{name: "prevent_destroy string true", src: `resource "terraform_data" "a" {
  lifecycle {
    prevent_destroy = "true"
  }
}
`},
	{name: "prevent_destroy variable", src: `variable "p" {
  default = true
}
resource "terraform_data" "a" {
  lifecycle {
    prevent_destroy = var.p
  }
}
`, want: []string{"6:5 Variables not allowed"}},
	{name: "create_before_destroy number", src: `resource "terraform_data" "a" {
  lifecycle {
    create_before_destroy = 1
  }
}
`, want: []string{"3:5 Unsuitable value type"}},
	{name: "create_before_destroy null", src: `resource "terraform_data" "a" {
  lifecycle {
    create_before_destroy = null
  }
}
`, want: []string{"3:5 Unsuitable value type"}},
	{name: "ignore_changes quoted all", src: `resource "terraform_data" "a" {
  lifecycle {
    ignore_changes = "all"
  }
}
`, differs: "front ends write keywords and addresses as strings, which Validate reads as written bare; the engines refuse the quoted all"},
	{name: "ignore_changes all", src: `resource "terraform_data" "a" {
  lifecycle {
    ignore_changes = all
  }
}
`},
	{name: "ignore_changes quoted attribute", src: `resource "terraform_data" "a" {
  lifecycle {
    ignore_changes = ["input"]
  }
}
`},
	{name: "ignore_changes not a list", src: `resource "terraform_data" "a" {
  lifecycle {
    ignore_changes = input
  }
}
`, want: []string{"3:5 Invalid expression"}},
	{name: "ignore_changes function", src: `resource "terraform_data" "a" {
  lifecycle {
    ignore_changes = [upper(input)]
  }
}
`, want: []string{"3:5 Invalid ignore_changes"}},
	{name: "replace_triggered_by variable", src: `variable "x" {
  default = 1
}
resource "terraform_data" "a" {
  lifecycle {
    replace_triggered_by = [var.x]
  }
}
`, want: []string{"6:5 Invalid replace_triggered_by expression"}},
	{name: "lifecycle unknown argument", src: `resource "terraform_data" "a" {
  lifecycle {
    prevent_destroyed = true
  }
}
`, want: []string{"3:5 Unsupported argument"}},
	{name: "two lifecycle blocks", src: `resource "terraform_data" "a" {
  lifecycle {
    prevent_destroy = true
  }
  lifecycle {
    create_before_destroy = true
  }
}
`, want: []string{"5:3 Duplicate lifecycle block"}},
	{name: "lifecycle with a label", src: `resource "terraform_data" "a" {
  lifecycle "x" {
    prevent_destroy = true
  }
}
`, want: []string{"2:3 Extraneous label for lifecycle"}},
	{name: "precondition without error_message", src: `resource "terraform_data" "a" {
  lifecycle {
    precondition {
      condition = true
    }
  }
}
`, want: []string{"3:18 Missing required argument", "4:7 Invalid precondition expression"}},
	{name: "postcondition without error_message", src: `resource "terraform_data" "a" {
  lifecycle {
    postcondition {
      condition = self.output == null
    }
  }
}
`, want: []string{"3:19 Missing required argument"}},
	{name: "precondition without condition", src: `resource "terraform_data" "a" {
  lifecycle {
    precondition {
      error_message = "m"
    }
  }
}
`, want: []string{"3:18 Missing required argument"}},
	{name: "precondition unknown argument", src: `resource "terraform_data" "a" {
  lifecycle {
    precondition {
      condition     = true
      error_message = "m"
      message       = "n"
    }
  }
}
`, want: []string{"6:7 Unsupported argument", "4:7 Invalid precondition expression"}},
	{name: "output precondition without error_message", src: `output "o" {
  value = 1
  precondition {
    condition = true
  }
}
`, want: []string{"3:16 Missing required argument", "4:5 Invalid precondition expression"}},
	{name: "output postcondition", src: `output "o" {
  value = 1
  postcondition {
    condition     = true
    error_message = "m"
  }
}
`, want: []string{"3:3 Unsupported block type"}},
	{name: "self in precondition", src: `resource "terraform_data" "a" {
  lifecycle {
    precondition {
      condition     = self.output == null
      error_message = "m"
    }
  }
}
`, want: []string{"4:7 Invalid \"self\" reference"}},
	{name: "data source postcondition ok", src: `data "terraform_remote_state" "s" {
  backend = "local"
  lifecycle {
    postcondition {
      condition     = self.outputs != null
      error_message = "m"
    }
  }
}
`},
	{name: "validation without error_message", src: `variable "v" {
  validation {
    condition = var.v != ""
  }
}
`, want: []string{"2:14 Missing required argument"}},
	{name: "validation without condition", src: `variable "v" {
  validation {
    error_message = "Must be set."
  }
}
`, want: []string{"2:14 Missing required argument"}},
	{name: "validation unknown argument", src: `variable "v" {
  validation {
    condition     = var.v != ""
    error_message = "Must be set."
    severity      = "warning"
  }
}
`, want: []string{"5:5 Unsupported argument"}},
	{name: "validation referring to another variable", src: `variable "w" {
  default = "x"
}
variable "v" {
  validation {
    condition     = var.v != var.w
    error_message = "Must differ from w."
  }
}
`},
	{name: "validation constant", src: `variable "v" {
  validation {
    condition     = true
    error_message = "Must be set."
  }
}
`, want: []string{"3:5 Invalid validation expression", "3:5 Invalid variable validation condition"}},
	{name: "validation error_message empty", src: `variable "v" {
  validation {
    condition     = var.v != ""
    error_message = ""
  }
}
`},
	{name: "variable nullable string", src: `variable "v" {
  nullable = "yes"
}
`, want: []string{"2:3 Unsuitable value type"}},
	{name: "variable sensitive string", src: `variable "v" {
  sensitive = "yes"
}
`, want: []string{"2:3 Unsuitable value type"}},
	{name: "variable ephemeral string", src: `variable "v" {
  ephemeral = "yes"
}
`, want: []string{"2:3 Unsuitable value type"}},
	{name: "variable nullable reference", src: `variable "w" {
  default = true
}
variable "v" {
  nullable = var.w
}
`, want: []string{"5:3 Variables not allowed"}},
	{name: "variable sensitive string true", src: `variable "v" {
  sensitive = "true"
}
`},
	{name: "variable unknown argument", src: `variable "v" {
  defualt = 1
}
`, want: []string{"2:3 Unsupported argument"}},
	{name: "variable bad type", src: `variable "v" {
  type = strin
}
`, want: []string{"2:3 Invalid type constraint"}},
	{name: "variable default of wrong type", src: `variable "v" {
  type    = number
  default = "x"
}
`, differs: "reported by tfkit validate's module rules (load.Rules), which read the type as the engines do"},
	{name: "variable null default not nullable", src: `variable "v" {
  type     = string
  default  = null
  nullable = false
}
`, want: []string{"3:3 Invalid default value for variable"}},
	{name: "variable description number", src: `variable "v" {
  description = 1
}
`},
	{name: "variable description list", src: `variable "v" {
  description = ["a"]
}
`, want: []string{"2:3 Unsuitable value type"}},
	{name: "output sensitive string", src: `output "o" {
  value     = 1
  sensitive = "yes"
}
`, want: []string{"3:3 Unsuitable value type"}},
	{name: "output unknown argument", src: `output "o" {
  value = 1
  type  = number
}
`, want: []string{"3:3 Unsupported argument", "3:3 Reference to undeclared name \"number\""}},
	{name: "output ephemeral in root", src: `output "o" {
  value     = 1
  ephemeral = true
}
`, differs: "Validate does not know whether it checks the root module"},
	{name: "output depends_on quoted", src: `resource "terraform_data" "a" {}
output "o" {
  value      = 1
  depends_on = ["terraform_data.a"]
}
`},
	{name: "output description list", src: `output "o" {
  value       = 1
  description = ["a"]
}
`, want: []string{"3:3 Unsuitable value type"}},
	{name: "count and for_each", src: `resource "terraform_data" "a" {
  count    = 1
  for_each = toset(["a"])
}
`, want: []string{"3:3 Invalid combination of \"count\" and \"for_each\""}},
	{name: "count string", src: `resource "terraform_data" "a" {
  count = "two"
}
`, want: []string{"2:3 Invalid count argument"}},
	{name: "count negative", src: `resource "terraform_data" "a" {
  count = -1
}
`, want: []string{"2:3 Invalid count argument"}},
	{name: "count fraction", src: `resource "terraform_data" "a" {
  count = 1.5
}
`, want: []string{"2:3 Invalid count argument"}},
	{name: "count string number ok", src: `resource "terraform_data" "a" {
  count = "2"
}
`},
	{name: "for_each list", src: `resource "terraform_data" "a" {
  for_each = ["a"]
}
`, want: []string{"2:3 Invalid for_each argument"}},
	{name: "for_each string", src: `resource "terraform_data" "a" {
  for_each = "a"
}
`, want: []string{"2:3 Invalid for_each argument"}},
	{name: "for_each null", src: `resource "terraform_data" "a" {
  for_each = null
}
`, want: []string{"2:3 Invalid for_each argument"}},
	{name: "for_each set of numbers", src: `resource "terraform_data" "a" {
  for_each = toset([1, 2])
}
`, differs: "the value comes from a function call (toset), which Validate does not evaluate"},
	{name: "depends_on variable", src: `variable "x" {
  default = 1
}
resource "terraform_data" "a" {
  depends_on = [var.x]
}
`},
	{name: "depends_on local", src: `locals {
  x = 1
}
resource "terraform_data" "a" {
  depends_on = [local.x]
}
`},
	{name: "depends_on not a list", src: `resource "terraform_data" "b" {}
resource "terraform_data" "a" {
  depends_on = terraform_data.b
}
`, want: []string{"3:3 Invalid expression"}},
	{name: "depends_on attribute", src: `resource "terraform_data" "b" {}
resource "terraform_data" "a" {
  depends_on = [terraform_data.b.output]
}
`, want: []string{"3:3 Invalid depends_on reference"}},
	{name: "depends_on instance", src: `resource "terraform_data" "b" {
  count = 1
}
resource "terraform_data" "a" {
  depends_on = [terraform_data.b[0]]
}
`},
	{name: "provider quoted", src: `resource "null_resource" "a" {
  provider = "null"
}
`},
	{name: "provider undeclared alias", src: `resource "null_resource" "a" {
  provider = null.nope
}
`, want: []string{"2:3 Reference to undeclared provider configuration \"null.nope\""}},
	{name: "provider alias ok", src: `provider "null" {
  alias = "two"
}
resource "null_resource" "a" {
  provider = null.two
}
`},
	{name: "provider alias invalid", src: `provider "null" {
  alias = "two words"
}
`, want: []string{"2:3 Invalid provider alias \"two words\""}},
	{name: "provider alias reference", src: `provider "null" {
  alias = null.two
}
`, want: []string{"2:3 Invalid provider alias"}},
	{name: "provider duplicate alias", src: `provider "null" {
  alias = "two"
}
provider "null" {
  alias = "two"
}
`, want: []string{"4:1 Duplicate provider configuration \"null.two\""}},
	{name: "provider duplicate default", src: `provider "null" {}
provider "null" {}
`, want: []string{"2:1 Duplicate provider configuration \"null\""}},
	{name: "provider count", src: `provider "null" {
  count = 2
}
`, want: []string{"2:3 Reserved argument name in provider block"}},
	{name: "provider depends_on", src: `resource "terraform_data" "a" {}
provider "null" {
  depends_on = [terraform_data.a]
}
`, want: []string{"3:3 Reserved argument name in provider block"}},
	{name: "provider alias number", src: `provider "null" {
  alias = 2
}
`, want: []string{"2:3 Invalid provider alias"}},
	{name: "required_version invalid", src: `terraform {
  required_version = "~> banana"
}
`, want: []string{"2:3 Invalid version constraint"}},
	{name: "required_version number", src: `terraform {
  required_version = 1
}
`, differs: "the engines compare the constraint with their own version"},
	{name: "required_providers string", src: `terraform {
  required_providers {
    null = "~> 2.0"
  }
}
resource "null_resource" "a" {}
`},
	{name: "required_providers bad source", src: `terraform {
  required_providers {
    null = {
      source = "hashicorp//null"
    }
  }
}
`, want: []string{"4:7 Invalid provider source string"}},
	{name: "required_providers unknown key", src: `terraform {
  required_providers {
    null = {
      source = "hashicorp/null"
      versoin = "2.1.2"
    }
  }
}
`, want: []string{"5:7 Invalid required_providers object"}},
	{name: "required_providers bad version", src: `terraform {
  required_providers {
    null = {
      source  = "hashicorp/null"
      version = "banana"
    }
  }
}
`, want: []string{"5:7 Invalid version constraint"}},
	{name: "required_providers number", src: `terraform {
  required_providers {
    null = 2
  }
}
`, want: []string{"3:5 Invalid required_providers object"}},
	{name: "required_providers bad local name", src: `terraform {
  required_providers {
    "my null" = {
      source = "hashicorp/null"
    }
  }
}
`, want: []string{"3:5 Invalid argument name"}},
	{name: "required_providers configuration_aliases in root", src: `terraform {
  required_providers {
    null = {
      source                = "hashicorp/null"
      configuration_aliases = [null.two]
    }
  }
}
`},
	{name: "required_providers configuration_aliases quoted", src: `terraform {
  required_providers {
    null = {
      source                = "hashicorp/null"
      configuration_aliases = ["null.two"]
    }
  }
}
`, differs: "front ends write references as strings, which Validate reads as written bare"},
	{name: "two required_providers blocks", src: `terraform {
  required_providers {
    null = {
      source = "hashicorp/null"
    }
  }
  required_providers {
    random = {
      source = "hashicorp/random"
    }
  }
}
`, want: []string{"7:3 Duplicate required_providers block"}},
	{name: "required_providers twice the same", src: `terraform {
  required_providers {
    null = {
      source = "hashicorp/null"
    }
  }
  required_providers {
    null = {
      source = "hashicorp/null"
    }
  }
}
`, want: []string{"7:3 Duplicate required_providers block"}},
	{name: "terraform unknown argument", src: `terraform {
  required_versions = ">= 1.0"
}
`, want: []string{"2:3 Unsupported argument"}},
	{name: "experiments unknown", src: `terraform {
  experiments = [no_such_experiment]
}
`, want: []string{"2:3 Expression in a literal argument"}},
	{name: "two backends", src: `terraform {
  backend "local" {}
  backend "local" {}
}
`, want: []string{"3:3 Duplicate backend block"}},
	{name: "cloud and backend", src: `terraform {
  cloud {
    organization = "o"
  }
  backend "local" {}
}
`, want: []string{"5:3 Both a backend and a cloud block"}},
	{name: "backend without label", src: `terraform {
  backend {}
}
`, want: []string{"2:3 Missing type for backend"}},
	{name: "two terraform blocks ok", src: `terraform {
  required_version = ">= 1.0"
}
terraform {
  required_providers {
    null = {
      source = "hashicorp/null"
    }
  }
}
`, want: []string{"4:1 Duplicate terraform block"}, differs: "a stack that tfkit writes has one terraform block"},
	{name: "module source variable", src: `variable "s" {
  default = "./m"
}
module "m" {
  source = var.s
}
`, files: map[string]string{"m/main.tf": sweepChild}, differs: "a module source from variables is OpenTofu's early evaluation, which front ends report for Terraform (OpenTofuOnly); the engines refuse this one at validate"},
	{name: "module count and for_each", src: `module "m" {
  source   = "./m"
  count    = 1
  for_each = toset(["a"])
}
`, files: map[string]string{"m/main.tf": sweepChild}, want: []string{"4:3 Invalid combination of \"count\" and \"for_each\""}},
	{name: "module version on local source", src: `module "m" {
  source  = "./m"
  version = "1.0.0"
}
`, files: map[string]string{"m/main.tf": sweepChild}, want: []string{"3:3 Invalid registry module source address"}, elsewhere: true},
	{name: "module providers undeclared", src: `module "m" {
  source = "./m"
  providers = {
    null = null.nope
  }
}
`, files: map[string]string{"m/main.tf": sweepChild}, want: []string{"3:3 Reference to undeclared provider configuration \"null.nope\""}},
	{name: "module providers quoted", src: `provider "null" {}
module "m" {
  source = "./m"
  providers = {
    null = "null"
  }
}
`, files: map[string]string{"m/main.tf": sweepChild}},
	{name: "module source number", src: `module "m" {
  source = 1
}
`, want: []string{"2:3 Invalid module source"}},
	{name: "module bad source", src: `module "m" {
  source = "m"
}
`, differs: "remote module source addresses are the module installer's to read"},
	{name: "module depends_on variable", src: `variable "x" {
  default = 1
}
module "m" {
  source     = "./m"
  depends_on = [var.x]
}
`, files: map[string]string{"m/main.tf": sweepChild}},
	{name: "moved to itself", src: `resource "terraform_data" "a" {}
moved {
  from = terraform_data.a
  to   = terraform_data.a
}
`},
	{name: "moved between kinds", src: `resource "terraform_data" "a" {}
moved {
  from = terraform_data.b
  to   = null_resource.a
}
`},
	{name: "moved variable", src: `resource "terraform_data" "a" {}
moved {
  from = var.x
  to   = terraform_data.a
}
`, differs: "reported by the refactoring checks of the front ends and of tfkit validate (the addresses of moved, import and removed blocks), not by Validate"},
	{name: "moved unknown argument", src: `resource "terraform_data" "a" {}
moved {
  from = terraform_data.b
  to   = terraform_data.a
  id   = "x"
}
`, want: []string{"5:3 Unsupported argument"}},
	{name: "import to variable", src: `variable "x" {
  default = "x"
}
import {
  to = var.x
  id = "i"
}
`, differs: "reported by the refactoring checks of the front ends and of tfkit validate (the addresses of moved, import and removed blocks), not by Validate"},
	{name: "import id variable ok", src: `variable "x" {
  default = "x"
}
resource "terraform_data" "a" {}
import {
  to = terraform_data.a
  id = var.x
}
`},
	{name: "import id number", src: `resource "terraform_data" "a" {}
import {
  to = terraform_data.a
  id = 1
}
`},
	{name: "import to undeclared", src: `import {
  to = terraform_data.a
  id = "i"
}
`, want: []string{"2:3 Reference to undeclared resource"}, differs: "Validate wants the imported resource declared in the stack; the engines would generate its configuration (plan -generate-config-out)"},
	{name: "import for_each ok", src: `resource "terraform_data" "a" {
  for_each = toset(["x"])
}
import {
  for_each = toset(["x"])
  to       = terraform_data.a[each.key]
  id       = each.key
}
`},
	{name: "import unknown argument", src: `resource "terraform_data" "a" {}
import {
  to   = terraform_data.a
  id   = "i"
  from = "x"
}
`, want: []string{"5:3 Unsupported argument"}},
	{name: "removed destroy string", src: `removed {
  from = terraform_data.a
  lifecycle {
    destroy = "no"
  }
}
`, want: []string{"4:5 Unsuitable value type"}},
	{name: "removed still declared", src: `resource "terraform_data" "a" {}
removed {
  from = terraform_data.a
  lifecycle {
    destroy = false
  }
}
`},
	{name: "removed instance", src: `removed {
  from = terraform_data.a[0]
  lifecycle {
    destroy = false
  }
}
`, differs: "reported by the refactoring checks of the front ends and of tfkit validate (the addresses of moved, import and removed blocks), not by Validate"},
	{name: "removed unknown lifecycle argument", src: `removed {
  from = terraform_data.a
  lifecycle {
    prevent_destroy = true
  }
}
`, want: []string{"4:5 Unsupported argument"}},
	{name: "check without assert", src: `check "c" {
}
`, want: []string{"1:1 Zero assert blocks"}},
	{name: "check assert without error_message", src: `check "c" {
  assert {
    condition = true
  }
}
`, want: []string{"1:1 Zero assert blocks", "2:10 Missing required argument", "3:5 Invalid assert expression"}},
	{name: "check with a resource", src: `check "c" {
  resource "terraform_data" "a" {}
  assert {
    condition     = true
    error_message = "m"
  }
}
`, want: []string{"2:3 Unsupported block type", "1:1 Zero assert blocks", "4:5 Invalid assert expression"}},
	{name: "check with two data blocks", src: `check "c" {
  data "terraform_remote_state" "a" {
    backend = "local"
  }
  data "terraform_remote_state" "b" {
    backend = "local"
  }
  assert {
    condition     = true
    error_message = "m"
  }
}
`, want: []string{"5:3 Multiple data resource blocks", "1:1 Zero assert blocks", "9:5 Invalid assert expression"}, elsewhere: true},
	{name: "check unknown argument", src: `check "c" {
  name = "x"
  assert {
    condition     = true
    error_message = "m"
  }
}
`, want: []string{"2:3 Unsupported argument", "1:1 Zero assert blocks", "4:5 Invalid assert expression"}},
	{name: "dynamic lifecycle", src: `resource "terraform_data" "a" {
  dynamic "lifecycle" {
    for_each = [1]
    content {
      prevent_destroy = true
    }
  }
}
`, want: []string{"2:3 Unsupported block type"}},
	{name: "dynamic without label", src: `resource "terraform_data" "a" {
  dynamic {
    for_each = [1]
    content {}
  }
}
`, want: []string{"2:3 Wrong number of labels on dynamic block"}},
	{name: "dynamic unknown argument", src: `resource "terraform_data" "a" {
  dynamic "x" {
    for_each = [1]
    labels   = ["a"]
    index    = 1
    content {}
  }
}
`, want: []string{"5:5 Unsupported argument \"index\" in dynamic block"}, elsewhere: true},
	{name: "locals duplicate", src: `locals {
  a = 1
}
locals {
  a = 2
}
`, want: []string{"5:3 Duplicate local value \"local.a\""}},
	{name: "local self reference", src: `locals {
  a = local.a
}
`, want: []string{"2:3 Self-referential block \"local.a\""}},
	{name: "resource name invalid", src: `resource "terraform_data" "1a" {}
`, want: []string{"1:1 Invalid resource name \"1a\""}},
	{name: "resource type invalid", src: `resource "terraform data" "a" {}
`, want: []string{"1:1 Invalid resource type \"terraform data\""}},
	{name: "provisioner when quoted", src: `resource "terraform_data" "a" {
  provisioner "local-exec" {
    command = "true"
    when    = "destroy"
  }
}
`},
	{name: "provisioner when unknown", src: `resource "terraform_data" "a" {
  provisioner "local-exec" {
    command = "true"
    when    = apply
  }
}
`, want: []string{"4:5 Invalid \"when\" keyword"}},
	{name: "provisioner on_failure unknown", src: `resource "terraform_data" "a" {
  provisioner "local-exec" {
    command    = "true"
    on_failure = ignore
  }
}
`, want: []string{"4:5 Invalid \"on_failure\" keyword"}},
	{name: "provisioner on_failure ok", src: `resource "terraform_data" "a" {
  provisioner "local-exec" {
    command    = "true"
    on_failure = continue
    when       = destroy
  }
}
`},
	{name: "destroy provisioner referring to another resource", src: `resource "terraform_data" "b" {}
resource "terraform_data" "a" {
  provisioner "local-exec" {
    command = "echo ${terraform_data.b.id}"
    when    = destroy
  }
}
`, want: []string{"4:5 Invalid reference from destroy provisioner"}},
	{name: "two connection blocks", src: `resource "terraform_data" "a" {
  connection {
    host = "h"
  }
  connection {
    host = "i"
  }
}
`, want: []string{"5:3 Duplicate connection block"}},
	{name: "self outside provisioner", src: `resource "terraform_data" "a" {
  input = self.id
}
`, want: []string{"2:3 Invalid \"self\" reference"}},
	{name: "count.index without count", src: `resource "terraform_data" "a" {
  input = count.index
}
`, want: []string{"2:3 Reference to \"count\" in non-counted context"}},
	{name: "each.key without for_each", src: `resource "terraform_data" "a" {
  input = each.key
}
`, want: []string{"2:3 Reference to \"each\" in context without for_each"}},
	{name: "sensitive output in root ok", src: `variable "v" {
  sensitive = true
  default   = "x"
}
output "o" {
  value     = var.v
  sensitive = true
}
`},
	{name: "ephemeral variable ok", src: `variable "v" {
  ephemeral = true
  default   = "x"
}
locals {
  l = var.v
}
`},
	{name: "variable nullable false ok", src: `variable "v" {
  type     = string
  nullable = false
  default  = "x"
}
`},
	{name: "for_each in data block ok", src: `data "terraform_remote_state" "s" {
  for_each = toset(["a"])
  backend  = "local"
}
`},
	{name: "validation referring only to another variable", src: `variable "w" {
  default = "x"
}
variable "v" {
  validation {
    condition     = var.w != ""
    error_message = "Must be set."
  }
}
`, want: []string{"6:5 Invalid variable validation condition"}},
	{name: "postcondition on self ok", src: `resource "terraform_data" "a" {
  input = "x"
  lifecycle {
    postcondition {
      condition     = self.output == "x"
      error_message = "m"
    }
  }
}
`},
	{name: "check assert referring to a variable ok", src: `variable "v" {
  default = "x"
}
check "c" {
  assert {
    condition     = var.v != ""
    error_message = "m"
  }
}
`},
	{name: "removed provisioner ok", src: `removed {
  from = terraform_data.a
  lifecycle {
    destroy = true
  }
  provisioner "local-exec" {
    when    = destroy
    command = "true"
  }
}
`},
	{name: "lifecycle unknown block", src: `resource "terraform_data" "a" {
  lifecycle {
    condition {
      condition     = true
      error_message = "m"
    }
  }
}
`, want: []string{"3:5 Unsupported block type"}},
	{name: "depends_on data attribute", src: `data "terraform_remote_state" "s" {
  backend = "local"
}
resource "terraform_data" "a" {
  depends_on = [data.terraform_remote_state.s.outputs]
}
`, want: []string{"5:3 Invalid depends_on reference"}},
	{name: "prevent_destroy expression ok", src: `resource "terraform_data" "a" {
  lifecycle {
    prevent_destroy = !false
  }
}
`},
	{name: "provider source reserved", src: `provider "null" {
  source = "hashicorp/null"
}
`, want: []string{"2:3 Reserved argument name in provider block"}},
}
