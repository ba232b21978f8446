package load

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/runner"
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
	// engineVersion, when set, is the release eval follows
	// (Options.EngineVersion); the engine comparison runs only when the
	// engine installed behaves as that release there (evalsLike).
	engineVersion string
	// schema names a provider schema of ../schema/testdata/providers
	// (--schema); the engine installs the provider from the mirror.
	schema string
	want   []string
	// engineSays, when set, is what the engine reports for the mistake
	// instead of want, where its words do not fit it: an internal error
	// without a position, a detail about objects in the state that a
	// configuration being written has not. Eval keeps words of its own
	// there, and the engine must still report an error for each of eval's.
	engineSays []string
	// warnings: the engine's warnings are compared too (eval must give
	// every one), not only its errors.
	warnings bool
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
	{name: "default not a number", files: map[string]string{"main.tf": `variable "n" {
  type    = number
  default = "abc"
}
`}, want: []string{`main.tf:3:13: Error: Invalid default value for variable; This default value is not compatible with the variable's type constraint: a number is required.`}},
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
	{name: "for_each over a list", files: map[string]string{"main.tf": `variable "names" {
  type    = list(string)
  default = ["x", "y"]
}
resource "terraform_data" "a" {
  for_each = var.names
}
resource "terraform_data" "b" {
  for_each = [{ name = "x" }]
}
module "m" {
  source   = "./m"
  for_each = "abc"
}
`, "m/main.tf": "\n"}, want: []string{
		`main.tf:6:14: Error: Invalid for_each argument; The given "for_each" argument value is unsuitable: the "for_each" argument must be a map, or set of strings, and you have provided a value of type list of string.`,
		`main.tf:9:14: Error: Invalid for_each argument; The given "for_each" argument value is unsuitable: the "for_each" argument must be a map, or set of strings, and you have provided a value of type tuple.`,
		`main.tf:13:14: Error: Invalid for_each argument; The given "for_each" argument value is unsuitable: the "for_each" argument must be a map, or set of strings, and you have provided a value of type string.`,
	}},
	{name: "for_each a set of what is not a string", files: forEachSets, want: []string{
		`main.tf:2:14: Error: Invalid for_each set argument; The given "for_each" argument value is unsuitable: "for_each" supports maps and sets of strings, but you have provided a set containing type number.`,
		`main.tf:5:14: Error: Invalid for_each set argument; The given "for_each" argument value is unsuitable: "for_each" sets must not contain null values.`,
	}},
	{name: "for_each a set of what is not a string (OpenTofu)", engine: tffile.OpenTofu, files: forEachSets, want: []string{
		`main.tf:2:14: Error: Invalid for_each argument; The given "for_each" argument value is unsuitable: "for_each" supports sets of strings, but you have provided a set containing type number.`,
		`main.tf:5:14: Error: Invalid for_each argument; The given "for_each" argument value is unsuitable: "for_each" sets must not contain null values.`,
	}},
	{name: "count and for_each null", files: nullExpansion, want: []string{
		`main.tf:10:14: Error: Invalid for_each argument; The given "for_each" argument value is unsuitable: the given "for_each" argument value is null. A map, or set of strings is allowed.`,
		`main.tf:13:11: Error: Invalid count argument; The given "count" argument value is null. An integer is required.`,
	}},
	{name: "count and for_each null (OpenTofu)", engine: tffile.OpenTofu, files: nullExpansion, want: []string{
		`main.tf:10:14: Error: Invalid for_each argument; The given "for_each" argument value is unsuitable: the given "for_each" argument value is null.`,
		`main.tf:13:11: Error: Invalid count argument; The given "count" argument value is null. An integer is required.`,
	}},
	// An import block with for_each names its target instances by
	// expressions of each (random_string.each[each.key],
	// module.m[each.key].random_string.x), as both engines take them;
	// only the target's configuration is checked.
	{name: "import for_each into instances by each.key", files: importForEach, want: []string{
		`main.tf:29:14: Error: Invalid import 'to' expression; The target resource does not use for_each.`,
		`main.tf:39:14: Error: Invalid import 'to' expression; The target resource does not use for_each.`,
	}},
	{name: "import for_each into instances by each.key (OpenTofu)", engine: tffile.OpenTofu, files: importForEach, want: []string{
		`main.tf:27:1: Error: Configuration for import target does not exist; The configuration for the given import random_string.nope does not exist. All target instances must have an associated configuration to be imported.`,
	}},
	// Early evaluation (OpenTofu): a sensitive variable, or a local made
	// from one, may not build a module source or version, and a variable
	// declared with const = false may not be read there at all.
	{name: "module source from a sensitive variable (OpenTofu)", engine: tffile.OpenTofu, files: map[string]string{"main.tf": `variable "dir" {
  type      = string
  default   = "a"
  sensitive = true
}

locals {
  dir = "./mods/${var.dir}"
}

module "direct" {
  source = "./mods/${var.dir}"
}

module "local" {
  source = local.dir
}

module "version" {
  source  = "hashicorp/consul/aws"
  version = var.dir
}
`, "mods/a/main.tf": "\n"}, want: []string{
		`main.tf:12:12: Error: Sensitive value not allowed; Sensitive values, or values derived from sensitive values, cannot be used as module.direct.source.`,
		`main.tf:16:12: Error: Sensitive value not allowed; Sensitive values, or values derived from sensitive values, cannot be used as module.local.source.`,
		`main.tf:21:13: Error: Invalid version constraint; Sensitive values, or values derived from sensitive values, cannot be used as version arguments.`,
	}},
	{name: "module source from a variable that is not const (OpenTofu)", engine: tffile.OpenTofu, files: map[string]string{"main.tf": `variable "dir" {
  type    = string
  default = "a"
  const   = false
}

module "m" {
  source = "./mods/${var.dir}"
}
`, "mods/a/main.tf": "\n"}, want: []string{
		`main.tf:8:12: Error: Invalid module source; OpenTofu evaluates a module source before planning (early evaluation), from variables, locals, path and terraform.workspace alone; var.dir: it is declared as "const = false", and so cannot be used in a static context`,
	}, engineSays: []string{
		`main.tf:8:22: Error: Unable to use variable in static context; The variable "dir" cannot be used in a static context, because it is declared as "const = false".`,
	}},
	// OpenTofu's lifecycle { enabled = BOOL } takes a bool, or what
	// converts to one, and says why a value does not, in OpenTofu's words.
	{name: "enabled not a bool (OpenTofu)", engine: tffile.OpenTofu, files: map[string]string{"main.tf": `variable "flag" {
  type    = bool
  default = null
}

variable "secret" {
  type      = bool
  default   = true
  sensitive = true
}

resource "terraform_data" "number" {
  lifecycle {
    enabled = 1
  }
}

resource "terraform_data" "word" {
  lifecycle {
    enabled = "yes"
  }
}

resource "terraform_data" "text" {
  lifecycle {
    enabled = "true"
  }
}

module "null" {
  source = "./m"
  lifecycle {
    enabled = var.flag
  }
}

module "secret" {
  source = "./m"
  lifecycle {
    enabled = var.secret
  }
}
`, "m/main.tf": "\n"}, want: []string{
		`main.tf:14:15: Error: Invalid enabled argument; The given "enabled" argument value is unsuitable: bool required, but have number.`,
		`main.tf:20:15: Error: Invalid enabled argument; The given "enabled" argument value is unsuitable: a bool is required.`,
		`main.tf:33:15: Error: Invalid enabled argument; The given "enabled" argument value is unsuitable: the given value is null.`,
		`main.tf:40:15: Error: Invalid enabled argument; Sensitive values, or values derived from sensitive values, cannot be used in "enabled" arguments. If used, the sensitive value would be exposed by whether an instance is present.`,
	}},
	// A resource or module call whose for_each is written as that of the
	// provider configuration it picks instances of: OpenTofu warns when
	// it reads the module, once the expressions refer to something and
	// are alike as written (parentheses aside). A provider block of a
	// child module with nothing but alias and for_each is, for OpenTofu,
	// an empty provider block, which it warns of as of a proxy.
	{name: "provider for_each matches the resource's (OpenTofu)", engine: tffile.OpenTofu, warnings: true, files: map[string]string{"main.tf": `locals {
  names = toset(["a", "b"])
}

provider "random" {
  alias    = "by_name"
  for_each = local.names
}

provider "random" {
  alias    = "fixed"
  for_each = toset(["a", "b"])
}

resource "random_pet" "same" {
  for_each = local.names
  provider = random.by_name[each.key]
}

resource "random_pet" "parens" {
  for_each = (local.names)
  provider = random.by_name[each.key]
}

resource "random_pet" "constant" {
  for_each = toset(["a", "b"])
  provider = random.fixed[each.key]
}

resource "random_pet" "subset" {
  for_each = toset([for n in local.names : n if n == "a"])
  provider = random.by_name[each.key]
}

module "each" {
  source   = "./m"
  for_each = local.names
  providers = {
    random = random.by_name[each.key]
  }
}

module "inner" {
  source = "./n"
}
`, "m/main.tf": `terraform {
  required_providers {
    random = {
      source = "hashicorp/random"
    }
  }
}

resource "random_pet" "q" {}
`, "n/main.tf": `variable "names" {
  type    = set(string)
  default = ["x"]
}

provider "random" {
  alias    = "by_name"
  for_each = { for n in var.names : n => upper(n) }
}

resource "random_pet" "q" {
  for_each = { for n in var.names : n => upper(n) }
  provider = random.by_name[each.key]
}

`}, want: []string{
		`main.tf:16:14: Warning: Provider configuration for_each matches resource; This provider configuration uses the same for_each expression as a resource, which means that subsequent removal of elements from this collection would cause a planning error. OpenTofu relies on a provider instance to destroy resource instances that are associated with it, and so the provider instance must outlive all of its resource instances by at least one plan/apply round. For removal of instances to succeed in future you must structure the configuration so that the provider block's for_each expression can produce a superset of the instances of the resources associated with the provider configuration. Refer to the OpenTofu documentation for specific suggestions. To destroy this object before removing the provider configuration, consider first performing a targeted destroy: tofu apply -destroy -target=random_pet.same`,
		`main.tf:21:14: Warning: Provider configuration for_each matches resource; This provider configuration uses the same for_each expression as a resource, which means that subsequent removal of elements from this collection would cause a planning error. OpenTofu relies on a provider instance to destroy resource instances that are associated with it, and so the provider instance must outlive all of its resource instances by at least one plan/apply round. For removal of instances to succeed in future you must structure the configuration so that the provider block's for_each expression can produce a superset of the instances of the resources associated with the provider configuration. Refer to the OpenTofu documentation for specific suggestions. To destroy this object before removing the provider configuration, consider first performing a targeted destroy: tofu apply -destroy -target=random_pet.parens`,
		`main.tf:37:14: Warning: Provider configuration for_each matches module; This provider configuration uses the same for_each expression as a module, which means that subsequent removal of elements from this collection would cause a planning error. OpenTofu relies on a provider instance to destroy resource instances that are associated with it, and so the provider instance must outlive all of its resource instances by at least one plan/apply round. For removal of instances to succeed in future you must structure the configuration so that the provider block's for_each expression can produce a superset of the instances of the resources associated with the provider configuration. Refer to the OpenTofu documentation for specific suggestions. To destroy this object before removing the provider configuration, consider first performing a targeted destroy: tofu apply -destroy -target=module.each`,
		`n/main.tf:12:14: Warning: Provider configuration for_each matches resource; This provider configuration uses the same for_each expression as a resource, which means that subsequent removal of elements from this collection would cause a planning error. OpenTofu relies on a provider instance to destroy resource instances that are associated with it, and so the provider instance must outlive all of its resource instances by at least one plan/apply round. For removal of instances to succeed in future you must structure the configuration so that the provider block's for_each expression can produce a superset of the instances of the resources associated with the provider configuration. Refer to the OpenTofu documentation for specific suggestions. To destroy this object before removing the provider configuration, consider first performing a targeted destroy: tofu apply -destroy -target=module.inner.random_pet.q`,
		`n/main.tf:6:1: Warning: Redundant empty provider block; Earlier versions of OpenTofu used empty provider blocks ("proxy provider configurations") for child modules to declare their need to be passed a provider configuration by their callers. That approach was ambiguous and is now deprecated. If you control this module, you can migrate to the new declaration syntax by removing all of the empty provider "random" blocks and then adding or updating an entry like the following to the required_providers block of module.inner: random = { source = "hashicorp/random" configuration_aliases = [ random.by_name, ] }`,
	}},
	{name: "count not a whole number", files: map[string]string{"main.tf": `resource "terraform_data" "a" {
  count = "x"
}
resource "terraform_data" "b" {
  count = ["a"]
}
resource "terraform_data" "d" {
  count = -1
}
resource "terraform_data" "e" {
  count = 1.5
}
`}, want: []string{
		`main.tf:2:11: Error: Incorrect value type; Invalid expression value: a number is required.`,
		`main.tf:5:11: Error: Incorrect value type; Invalid expression value: number required, but have tuple.`,
		`main.tf:8:11: Error: Invalid count argument; The given "count" argument value is unsuitable: must be greater than or equal to zero.`,
		`main.tf:11:11: Error: Invalid count argument; The given "count" argument value is unsuitable: value must be a whole number, between -9223372036854775808 and 9223372036854775807.`,
	}},
	{name: "dynamic blocks the engines refuse", schema: "docker-4.6.0.json", files: map[string]string{"main.tf": `terraform {
  required_providers {
    docker = { source = "kreuzwerker/docker" }
  }
}
resource "docker_container" "a" {
  name  = "a"
  image = "nginx"
  dynamic "ports" {
    for_each = null
    content {
      internal = 80
    }
  }
  dynamic "labels" {
    for_each = "abc"
    content {
      label = "a"
      value = "b"
    }
  }
  dynamic "volumes" {
    content {}
  }
  dynamic "upload" {
    for_each = []
  }
  dynamic "host" {
    for_each = []
    iterator = h.x
    content {
      host = "a"
      ip   = "b"
    }
  }
  dynamic {
    for_each = []
    content {}
  }
  dynamic "mounts" "x" {
    for_each = []
    content {}
  }
  dynamic "devices" {
    for_each = []
    content {}
    content {}
  }
  dynamic "ulimit" {
    for_each = []
    content {}
    name = "x"
  }
}
`}, want: []string{
		`main.tf:10:16: Error: Invalid dynamic for_each value; Cannot use a null value in for_each.`,
		`main.tf:16:16: Error: Invalid dynamic for_each value; Cannot use a string value in for_each. An iterable collection is required.`,
		`main.tf:22:21: Error: Missing required argument; The argument "for_each" is required, but no definition was found.`,
		`main.tf:25:20: Error: Missing dynamic content block; A dynamic block must have a nested block of type "content" to describe the body of each generated block.`,
		`main.tf:30:16: Error: Invalid dynamic iterator name; Dynamic iterator must be a single variable name.`,
		`main.tf:36:11: Error: Missing type for dynamic; All dynamic blocks must have 1 labels (type).`,
		`main.tf:40:20: Error: Extraneous label for dynamic; Only 1 labels (type) are expected for dynamic blocks.`,
		`main.tf:47:5: Error: Extraneous dynamic content block; Only one nested content block is allowed for each dynamic block.`,
		`main.tf:52:5: Error: Unsupported argument; An argument named "name" is not expected here.`,
	}},
	{name: "dynamic block over a null variable", schema: "docker-4.6.0.json", files: map[string]string{"main.tf": `terraform {
  required_providers {
    docker = { source = "kreuzwerker/docker" }
  }
}
variable "ports" {
  type    = list(number)
  default = null
}
resource "docker_container" "a" {
  name  = "a"
  image = "nginx"
  dynamic "ports" {
    for_each = var.ports
    content {
      internal = ports.value
    }
  }
}
`}, want: []string{
		`main.tf:14:16: Error: Invalid dynamic for_each value; Cannot use a null value in for_each.`,
	}},
	{name: "for expression over a null variable", files: map[string]string{"main.tf": `variable "rules" {
  type    = list(object({ port = number }))
  default = null
}
resource "terraform_data" "a" {
  input = [for r in var.rules : r.port]
}
`}, want: []string{
		`main.tf:6:21: Error: Iteration over null value; A null value cannot be used as the collection in a 'for' expression.`,
	}},
	{name: "module output not declared", files: map[string]string{"main.tf": `module "m" {
  source = "./m"
}
module "n" {
  source   = "./m"
  for_each = toset(["a"])
}
output "o" { value = module.m.nope }
resource "terraform_data" "a" {
  input = module.n["a"].nope
}
`, "m/main.tf": `output "yes" { value = 1 }
`}, want: []string{
		`main.tf:8:30: Error: Unsupported attribute; This object does not have an attribute named "nope".`,
		`main.tf:10:24: Error: Unsupported attribute; This object does not have an attribute named "nope".`,
	}},
	{name: "module output of a counted call without a key", files: map[string]string{"main.tf": `module "m" {
  source = "./m"
  count  = 2
}
output "o" { value = module.m.yes }
output "p" { value = [module.m[0].yes, module.m.yes] }
output "q" { value = module.m[*].yes }
`, "m/main.tf": `output "yes" { value = 1 }
`}, want: []string{
		`main.tf:5:30: Error: Unsupported attribute; Can't access attributes on a list of objects. Did you mean to access attribute "yes" for a specific element of the list, or across all elements of the list?`,
		`main.tf:6:48: Error: Unsupported attribute; Can't access attributes on a list of objects. Did you mean to access attribute "yes" for a specific element of the list, or across all elements of the list?`,
	}},
	{name: "length of terraform_data's output without an input", files: map[string]string{"main.tf": `resource "terraform_data" "u" {}
resource "terraform_data" "a" {
  count = length(terraform_data.u.output)
}
`}, want: []string{
		`main.tf:3:18: Error: Invalid function argument; Invalid value for "value" parameter: argument must not be null.`,
	}},
	{name: "create_before_destroy a string", files: map[string]string{"main.tf": `resource "terraform_data" "a" {
  lifecycle {
    create_before_destroy = "yes"
  }
}
`}, want: []string{`main.tf:3:30: Error: Unsuitable value type; Unsuitable value: a bool is required`}},
	{name: "create_before_destroy a number or null", files: map[string]string{"main.tf": `resource "terraform_data" "a" {
  lifecycle {
    create_before_destroy = 1
  }
}
resource "terraform_data" "b" {
  lifecycle {
    create_before_destroy = null
  }
}
`}, want: []string{
		`main.tf:3:29: Error: Unsuitable value type; Unsuitable value: bool required, but have number`,
		`main.tf:8:29: Error: Unsuitable value type; Unsuitable value: null value is not allowed`,
	}},
	{name: "check with two data sources", files: map[string]string{"main.tf": `check "two" {
  data "terraform_remote_state" "a" {
    backend = "local"
    config  = { path = "a.json" }
  }
  data "terraform_remote_state" "b" {
    backend = "local"
    config  = { path = "b.json" }
  }
  assert {
    condition     = data.terraform_remote_state.a.outputs == data.terraform_remote_state.b.outputs
    error_message = "differ"
  }
}
`, "a.json": `{"version": 4, "terraform_version": "1.11.4", "serial": 1, "lineage": "00000000-0000-4000-8000-000000000001", "outputs": {}, "resources": []}`, "b.json": `{"version": 4, "terraform_version": "1.11.4", "serial": 1, "lineage": "00000000-0000-4000-8000-000000000001", "outputs": {}, "resources": []}`}, want: []string{
		`main.tf:6:3: Error: Multiple data resource blocks; This check block already has a data resource defined at main.tf:2,3-36.`,
	}},
	// A removed block's destroy is read before anything is evaluated, as
	// terraform validate and tofu validate read it.
	{name: "removed destroy from a variable", files: map[string]string{"main.tf": `variable "d" {
  default = false
}
removed {
  from = terraform_data.old
  lifecycle {
    destroy = var.d
  }
}
removed {
  from = terraform_data.older
  lifecycle {
    destroy = "yes"
  }
}
removed {
  from = terraform_data.oldest
  lifecycle {
    destroy = "false"
  }
}
`}, want: []string{
		`main.tf:7:15: Error: Variables not allowed; Variables may not be used here.`,
		`main.tf:7:15: Error: Unsuitable value type; Unsuitable value: value must be known`,
		`main.tf:13:16: Error: Unsuitable value type; Unsuitable value: a bool is required`,
	}},
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
	{name: "module call without a required argument", files: map[string]string{"main.tf": `module "m" {
  source = "./m"
}
`, "m/main.tf": `variable "x" {}
`}, want: []string{`main.tf:1:12: Error: Missing required argument; The argument "x" is required, but no definition was found: variable "x" of module "m" has no default.`},
		// Eval also says why the argument is required.
		engineSays: []string{`main.tf:1:12: Error: Missing required argument; The argument "x" is required, but no definition was found.`}},
	{name: "attribute of a counted resource without a key", files: map[string]string{"main.tf": `resource "terraform_data" "p" {
  count = 2
}
output "x" {
  value = terraform_data.p.id
}
`}, want: []string{`main.tf:5:11: Error: Missing resource instance key; Because terraform_data.p has "count" set, its attributes must be accessed on specific instances. For example, to correlate with indices of a referring resource, use: terraform_data.p[count.index]`}},
	{name: "attribute of a for_each resource without a key, from a counted resource", files: map[string]string{"main.tf": `resource "terraform_data" "p" {
  for_each = toset(["a"])
}
resource "terraform_data" "q" {
  count = 2
  input = terraform_data.p.output
}
output "ok" {
  value = [length(terraform_data.p), terraform_data.p["a"].id, values(terraform_data.p)[*].id]
}
`}, want: []string{`main.tf:6:11: Error: Missing resource instance key; Because terraform_data.p has "for_each" set, its attributes must be accessed on specific instances. For example, to correlate with indices of a referring resource, use: terraform_data.p[each.key]`}},
	{name: "import into a counted resource without a key (OpenTofu)", engine: tffile.OpenTofu, files: map[string]string{"main.tf": `resource "terraform_data" "a" {
  count = 2
}
import {
  to = terraform_data.a
  id = "x"
}
`}, want: []string{`main.tf:4:1: Error: Configuration for import target does not exist; The configuration for the given import terraform_data.a does not exist. All target instances must have an associated configuration to be imported.`}},
	{name: "import into a resource with for_each without a key", files: map[string]string{"main.tf": `resource "terraform_data" "a" {
  for_each = toset(["x"])
}
import {
  to = terraform_data.a
  id = "x"
}
`}, want: []string{`main.tf:5:8: Error: Invalid import 'to' expression; The target resource is using for_each.`}},
	{name: "import into a resource with for_each without a key (OpenTofu)", engine: tffile.OpenTofu, files: map[string]string{"main.tf": `resource "terraform_data" "a" {
  for_each = toset(["x"])
}
import {
  to = terraform_data.a
  id = "x"
}
`}, want: []string{`main.tf:4:1: Error: Configuration for import target does not exist; The configuration for the given import terraform_data.a does not exist. All target instances must have an associated configuration to be imported.`}},
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
	// A quoted address, which depends_on and provider still read with a
	// warning, is refused in moved, removed and import blocks.
	{name: "moved and removed with quoted addresses", files: map[string]string{"main.tf": `resource "terraform_data" "a" {}
moved {
  from = "terraform_data.b"
  to   = terraform_data.a
}
moved {
  from = terraform_data.c
  to   = "terraform_data.a"
}
removed {
  from = "terraform_data.d"
  lifecycle {
    destroy = false
  }
}
`}, want: []string{
		`main.tf:3:10: Error: Invalid expression; ` + staticRefDetail,
		`main.tf:8:10: Error: Invalid expression; ` + staticRefDetail,
		`main.tf:11:10: Error: Invalid expression; ` + staticRefDetail,
	}},
	{name: "import into a quoted address", files: map[string]string{"main.tf": `resource "terraform_data" "a" {}
import {
  to = "terraform_data.a"
  id = "x"
}
`}, want: []string{`main.tf:3:8: Error: Invalid expression; ` + staticRefDetail},
		// Terraform also says "Only managed resources can be imported"
		// of the string.
		engineSays: []string{`main.tf:3:3: Error: Invalid import address; Only managed resources can be imported.`, `main.tf:3:8: Error: Invalid expression; ` + staticRefDetail}},
	{name: "output without value", files: map[string]string{"main.tf": `output "x" {
  description = "d"
}
`}, want: []string{`main.tf:1:12: Error: Missing required argument; The argument "value" is required, but no definition was found.`}},
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
	// Function calls.
	{name: "function argument count", files: map[string]string{"main.tf": `output "a" { value = upper("a", "b") }
output "b" { value = upper() }
output "c" { value = format() }
`}, want: []string{
		`main.tf:1:34: Error: Too many function arguments; Function "upper" expects only 1 argument(s).`,
		`main.tf:2:28: Error: Not enough function arguments; Function "upper" expects 1 argument(s). Missing value for "str".`,
		`main.tf:3:29: Error: Not enough function arguments; Function "format" expects at least 1 argument(s). Missing value for "format".`,
	}},
	{name: "function argument type", files: map[string]string{"main.tf": `output "a" { value = upper(["a"]) }
output "b" { value = length(5) }
output "c" { value = max("x", 1) }
`}, want: []string{
		`main.tf:1:28: Error: Invalid function argument; Invalid value for "str" parameter: string required, but have tuple.`,
		`main.tf:2:22: Error: Error in function call; Call to function "length" failed: argument must be a string, a collection type, or a structural type.`,
		`main.tf:3:27: Error: Invalid function argument; Invalid value for "numbers" parameter: a number is required.`,
	}},
	{name: "unknown function", files: map[string]string{"main.tf": `output "a" { value = uper("a") }
output "b" { value = nosuchfunction("a") }
output "c" { value = core::uper("a") }
`}, want: []string{
		`main.tf:1:22: Error: Call to unknown function; There is no function named "uper". Did you mean "upper"?`,
		`main.tf:2:22: Error: Call to unknown function; There is no function named "nosuchfunction".`,
		`main.tf:3:22: Error: Unknown provider function; The function namespace "core" is not valid. Provider function calls must use the "provider::" namespace prefix.`,
	}},
	{name: "unknown function (OpenTofu)", engine: tffile.OpenTofu, files: map[string]string{"main.tf": `output "a" { value = uper("a") }
output "c" { value = core::uper("a") }
`}, want: []string{
		`main.tf:1:22: Error: Call to unknown function; There is no function named "uper". Did you mean "upper"?`,
		`main.tf:2:22: Error: Call to unknown function; There is no builtin (core::) function named "uper".`,
	}},
	{name: "functions that fail on their values", files: map[string]string{"main.tf": `locals { m = { a = "x" } }
output "a" { value = element([], 0) }
output "b" { value = cidrsubnet("10.0.0.0/16", 20, 0) }
output "c" { value = cidrsubnet("10.0.0.0/16", 4, 99) }
output "d" { value = file("nope.txt") }
output "e" { value = jsondecode("{") }
output "f" { value = tonumber("x") }
output "g" { value = lookup(local.m, "b") }
output "h" { value = index(["a"], "b") }
output "i" { value = templatefile("${path.module}/nope.tpl", {}) }
`}, want: []string{
		`main.tf:2:22: Error: Error in function call; Call to function "element" failed: cannot use element function with an empty list.`,
		`main.tf:3:22: Error: Error in function call; Call to function "cidrsubnet" failed: insufficient address space to extend prefix of 16 by 20.`,
		`main.tf:4:22: Error: Error in function call; Call to function "cidrsubnet" failed: prefix extension of 4 does not accommodate a subnet numbered 99.`,
		`main.tf:5:28: Error: Invalid function argument; Invalid value for "path" parameter: no file exists at "nope.txt"; this function works only with files that are distributed as part of the configuration source code, so if this file will be created by a resource in this configuration you must instead obtain this result from an attribute of that resource.`,
		`main.tf:6:22: Error: Error in function call; Call to function "jsondecode" failed: EOF.`,
		`main.tf:7:32: Error: Invalid function argument; Invalid value for "v" parameter: cannot convert "x" to number; given string must be a decimal representation of a number.`,
		`main.tf:8:29: Error: Invalid function argument; Invalid value for "inputMap" parameter: the given object has no attribute "b".`,
		`main.tf:9:22: Error: Error in function call; Call to function "index" failed: item not found.`,
		`main.tf:10:38: Error: Invalid function argument; Invalid value for "path" parameter: no file exists at "./nope.tpl"; this function works only with files that are distributed as part of the configuration source code, so if this file will be created by a resource in this configuration you must instead obtain this result from an attribute of that resource.`,
	}},
	{name: "function that fails in count", files: map[string]string{"main.tf": `resource "terraform_data" "a" {
  count = length(index(["a"], "b"))
  input = element([], 0)
}
`}, want: []string{
		`main.tf:2:18: Error: Error in function call; Call to function "index" failed: item not found.`,
		`main.tf:3:11: Error: Error in function call; Call to function "element" failed: cannot use element function with an empty list.`,
	}},
	{name: "function that fails on a -var value", vars: []string{"z=b"}, files: map[string]string{"main.tf": `variable "z" {
  type = string
}
output "a" { value = tonumber(var.z) }
locals { l = cidrsubnet(var.z, 4, 1) }
resource "terraform_data" "x" { input = local.l }
`}, want: []string{
		`main.tf:4:31: Error: Invalid function argument; Invalid value for "v" parameter: cannot convert "b" to number; given string must be a decimal representation of a number.`,
		`main.tf:5:14: Error: Error in function call; Call to function "cidrsubnet" failed: invalid CIDR expression: invalid CIDR address: b.`,
	}},
	{name: "provider function of an undeclared provider", files: map[string]string{"main.tf": `output "a" { value = provider::aws::arn_parse("x") }
output "b" { value = provider::arn_parse("x") }
output "c" { value = aws::arn_parse("x") }
`}, want: []string{
		`main.tf:1:22: Error: Unknown provider function; There is no function named "provider::aws::arn_parse". Ensure that provider name "aws" is declared in this module's required_providers block, and that this provider offers a function named "arn_parse".`,
		`main.tf:2:22: Error: Unknown provider function; The function call must include the provider name after the "provider::" prefix.`,
		`main.tf:3:22: Error: Unknown provider function; The function namespace "aws" is not valid. Provider function calls must use the "provider::" namespace prefix.`,
	}},
	{name: "provider function of an undeclared provider (OpenTofu)", engine: tffile.OpenTofu, files: map[string]string{"main.tf": `output "a" { value = provider::aws::arn_parse("x") }
`}, want: []string{
		`main.tf:1:22: Error: Unknown function provider; Provider "aws" does not exist within the required_providers of this module`,
	}},
	{name: "provider function without a provider name (OpenTofu)", engine: tffile.OpenTofu, files: map[string]string{"main.tf": `output "a" { value = provider::arn_parse("x") }
`}, want: []string{
		`main.tf:1:22: Error: Unable to parse provider function; invalid provider function "provider::arn_parse": expected provider::<name>::<function> or provider::<name>::<alias>::<function>`,
	}},
	{name: "provider function the provider lacks", schema: "random-3.9.0.json", files: map[string]string{"main.tf": `terraform {
  required_providers {
    random = { source = "hashicorp/random" }
  }
}
output "a" { value = provider::random::nope("x") }
`}, want: []string{
		`main.tf:6:22: Error: Unknown provider function; There is no function named "provider::random::nope". Ensure that provider name "random" is declared in this module's required_providers block, and that this provider offers a function named "nope".`,
	}},
	{name: "provider function in a module that does not declare the provider", schema: "time-0.14.2.json", files: providerFuncInChild, want: []string{
		`m/main.tf:3:11: Error: Unknown provider function; There is no function named "provider::time::rfc3339_parse". Ensure that provider name "time" is declared in this module's required_providers block, and that this provider offers a function named "rfc3339_parse".`,
	}},
	{name: "provider function in a module that does not declare the provider (OpenTofu)", engine: tffile.OpenTofu, schema: "time-0.14.2.json", files: providerFuncInChild, want: []string{
		`m/main.tf:3:11: Error: Unknown function provider; Provider "time" does not exist within the required_providers of this module`,
	}},
	{name: "function of the built-in provider", files: map[string]string{"main.tf": `terraform {
  required_providers {
    terraform = { source = "terraform.io/builtin/terraform" }
  }
}
output "c" { value = provider::terraform::nope("x") }
output "d" { value = provider::terraform::encode_tfvars("x") }
output "e" { value = provider::terraform::decode_tfvars(5, 6) }
`}, want: []string{
		`main.tf:6:22: Error: Unknown provider function; The function "nope" is not available from the provider "terraform".`,
		`main.tf:7:22: Error: Error in function call; Call to function "provider::terraform::encode_tfvars" failed: invalid value to encode: must be an object whose attribute names will become the encoded variable names.`,
		`main.tf:8:60: Error: Too many function arguments; Function "provider::terraform::decode_tfvars" expects only 1 argument(s).`,
	}},
	{name: "function call in a variable default", files: map[string]string{"main.tf": `variable "x" {
  default = upper("a")
}
`}, want: []string{`main.tf:2:13: Error: Function calls not allowed; Functions may not be called here.`}},
	{name: "unknown function in a validation", files: map[string]string{"main.tf": `variable "y" {
  type    = string
  default = "a"
  validation {
    condition     = lenght(var.y) > 0
    error_message = "y must not be empty."
  }
}
`}, want: []string{`main.tf:5:21: Error: Call to unknown function; There is no function named "lenght". Did you mean "length"?`}},
	{name: "function that fails in a validation", vars: []string{"z=b"}, files: map[string]string{"main.tf": `variable "z" {
  type = string
  validation {
    condition     = tonumber(var.z) > 0
    error_message = "z must be positive."
  }
}
`}, want: []string{`main.tf:4:30: Error: Invalid function argument; Invalid value for "v" parameter: cannot convert "b" to number; given string must be a decimal representation of a number.`}},
	{name: "function that fails in a validation's error_message", vars: []string{"z=b"}, files: map[string]string{"main.tf": `variable "z" {
  type = string
  validation {
    condition     = var.z == "a"
    error_message = "z is ${tonumber(var.z)}."
  }
}
`}, want: []string{
		`main.tf:5:38: Error: Invalid function argument; Invalid value for "v" parameter: cannot convert "b" to number; given string must be a decimal representation of a number.`,
		`main.tf:5:21: Error: Invalid error message; Unsuitable value for error message: expression refers to values that won't be known until the apply phase.`,
	}},
	{name: "function that fails in a validation's error_message (OpenTofu)", engine: tffile.OpenTofu, vars: []string{"z=b"}, files: map[string]string{"main.tf": `variable "z" {
  type = string
  validation {
    condition     = var.z == "a"
    error_message = "z is ${tonumber(var.z)}."
  }
}
`}, want: []string{
		`main.tf:5:38: Error: Invalid function argument; Invalid value for "v" parameter: cannot convert "b" to number; given string must be a decimal representation of a number.`,
		`main.tf:1:1: Error: Invalid value for variable; Failed to evaluate condition error message. This was checked by the validation rule at main.tf:3,3-13.`,
	}},
	// Sensitive values.
	{name: "outputs of sensitive values", files: map[string]string{"main.tf": `variable "s" {
  default   = "x"
  sensitive = true
}
locals {
  l = { a = var.s, b = "plain" }
}
output "a" { value = var.s }
output "b" { value = "pre-${var.s}" }
output "c" { value = local.l }
output "d" { value = local.l.b }
output "e" { value = nonsensitive(var.s) }
output "f" { value = sensitive("x") }
output "g" { value = nonsensitive("plain") }
output "h" {
  value     = var.s
  sensitive = true
}
`}, want: []string{
		`main.tf:8:1: Error: Output refers to sensitive values; ` + sensitiveOutput("Terraform"),
		`main.tf:9:1: Error: Output refers to sensitive values; ` + sensitiveOutput("Terraform"),
		`main.tf:10:1: Error: Output refers to sensitive values; ` + sensitiveOutput("Terraform"),
		`main.tf:13:1: Error: Output refers to sensitive values; ` + sensitiveOutput("Terraform"),
	}},
	{name: "output of a sensitive value (OpenTofu)", engine: tffile.OpenTofu, files: map[string]string{"main.tf": `variable "s" {
  default   = "x"
  sensitive = true
}
output "a" { value = { k = var.s } }
`}, want: []string{`main.tf:5:1: Error: Output refers to sensitive values; ` + sensitiveOutput("OpenTofu")}},
	{name: "outputs of a module's sensitive outputs", files: map[string]string{"main.tf": `module "m" {
  source = "./m"
}
output "a" { value = module.m.s }
output "b" { value = module.m }
output "c" { value = module.m.p }
output "d" { value = nonsensitive(module.m.s) }
`, "m/main.tf": `variable "s" {
  default   = "x"
  sensitive = true
}
output "s" {
  value     = var.s
  sensitive = true
}
output "p" {
  value = var.s
}
`}, want: []string{
		`main.tf:4:1: Error: Output refers to sensitive values; ` + sensitiveOutput("Terraform"),
		`main.tf:5:1: Error: Output refers to sensitive values; ` + sensitiveOutput("Terraform"),
		`main.tf:6:1: Error: Output refers to sensitive values; ` + sensitiveOutput("Terraform"),
	}},
	{name: "sensitive for_each", files: map[string]string{"main.tf": `variable "s" {
  type      = set(string)
  default   = ["a"]
  sensitive = true
}
resource "terraform_data" "a" {
  for_each = var.s
}
resource "terraform_data" "b" {
  for_each = sensitive({ a = 1 })
}
resource "terraform_data" "c" {
  count = sensitive(1)
}
resource "terraform_data" "d" {
  for_each = nonsensitive(var.s)
}
resource "terraform_data" "e" {
  for_each = { a = var.s }
}
module "m" {
  source   = "./m"
  for_each = var.s
}
`, "m/main.tf": "\n"}, want: []string{
		`main.tf:7:14: Error: Invalid for_each argument; Sensitive values, or values derived from sensitive values, cannot be used as for_each arguments. If used, the sensitive value could be exposed as a resource instance key.`,
		`main.tf:10:14: Error: Invalid for_each argument; Sensitive values, or values derived from sensitive values, cannot be used as for_each arguments. If used, the sensitive value could be exposed as a resource instance key.`,
		`main.tf:23:14: Error: Invalid for_each argument; Sensitive values, or values derived from sensitive values, cannot be used as for_each arguments. If used, the sensitive value could be exposed as a resource instance key.`,
	}},
	{name: "sensitive value in a condition's error_message", files: map[string]string{"main.tf": `variable "s" {
  default   = "x"
  sensitive = true
}
resource "terraform_data" "a" {
  lifecycle {
    precondition {
      condition     = var.s == "y"
      error_message = "s is ${var.s}."
    }
  }
}
check "c" {
  assert {
    condition     = var.s == "y"
    error_message = "s is ${var.s}."
  }
}
`}, want: []string{
		`main.tf:9:23: Warning: Error message refers to sensitive values; The error expression used to explain this condition refers to sensitive values, so Terraform will not display the resulting message. You can correct this by removing references to sensitive values, or by carefully using the nonsensitive() function if the expression will not reveal the sensitive data.`,
		`main.tf:8:23: Error: Resource precondition failed; This check failed, but has an invalid error message as described in the other accompanying messages.`,
		`main.tf:16:21: Warning: Error message refers to sensitive values; The error expression used to explain this condition refers to sensitive values, so Terraform will not display the resulting message. You can correct this by removing references to sensitive values, or by carefully using the nonsensitive() function if the expression will not reveal the sensitive data.`,
		`main.tf:15:21: Warning: Check block assertion failed; This check failed, but has an invalid error message as described in the other accompanying messages.`,
	}},
	{name: "sensitive value in a validation's error_message", files: map[string]string{"main.tf": `variable "s" {
  default   = "x"
  sensitive = true
  validation {
    condition     = var.s == "y"
    error_message = "s is ${var.s}."
  }
}
`}, want: []string{`main.tf:1:1: Error: Invalid value for variable; s is x. This was checked by the validation rule at main.tf:4,3-13.`}},
	{name: "sensitive value in a validation's error_message (OpenTofu)", engine: tffile.OpenTofu, files: map[string]string{"main.tf": `variable "s" {
  default   = "x"
  sensitive = true
  validation {
    condition     = var.s == "y"
    error_message = "s is ${var.s}."
  }
}
`}, want: []string{
		`main.tf:6:21: Error: Error message refers to sensitive values; The error expression used to explain this condition refers to sensitive values. OpenTofu will not display the resulting message. You can correct this by removing references to sensitive values, or by carefully using the nonsensitive() function if the expression will not reveal the sensitive data.`,
		`main.tf:1:1: Error: Invalid value for variable; The error message included a sensitive value, so it will not be displayed. This was checked by the validation rule at main.tf:4,3-13.`,
	}},
	// Provider configurations.
	{name: "provider alias not declared", files: map[string]string{"main.tf": `resource "random_pet" "a" {
  provider = random.missing
}
`}, want: []string{
		`main.tf:2:14: Error: Reference to undeclared provider configuration; module root has no provider block with alias "missing" and does not list random.missing in configuration_aliases`,
	}, engineSays: []string{
		`-: Error: Provider configuration not present; To work with random_pet.a its original provider configuration at provider["registry.terraform.io/hashicorp/random"].missing is required, but it has been removed.`,
	}},
	{name: "providers map naming an undeclared alias", files: map[string]string{"main.tf": `module "m" {
  source = "./m"
  providers = {
    random = random.x
  }
}
`, "m/main.tf": `terraform {
  required_providers {
    random = { source = "hashicorp/random" }
  }
}
resource "random_pet" "a" {}
`}, want: []string{
		`main.tf:4:14: Error: Reference to undeclared provider configuration; module root has no provider block with alias "x" and does not list random.x in configuration_aliases`,
	}, engineSays: []string{
		`-: Error: missing provider provider["registry.terraform.io/hashicorp/random"].x; `,
	}},
	{name: "configuration_aliases not passed", files: map[string]string{"main.tf": `module "m" {
  source = "./m"
}
`, "m/main.tf": `terraform {
  required_providers {
    random = {
      source                = "hashicorp/random"
      configuration_aliases = [random.x]
    }
  }
}
resource "random_pet" "a" {
  provider = random.x
}
`}, want: []string{
		`main.tf:1:1: Error: Missing required provider configuration; The child module requires an additional configuration for provider hashicorp/random, with the local name "random.x".`,
	}},
	{name: "providers map passing an alias the module does not expect", warnings: true, files: map[string]string{"main.tf": `terraform {
  required_providers {
    random = { source = "hashicorp/random" }
  }
}
provider "random" {
  alias = "x"
}
module "m" {
  source = "./m"
  providers = {
    random.y = random.x
  }
}
`, "m/main.tf": `terraform {
  required_providers {
    random = { source = "hashicorp/random" }
  }
}
resource "random_pet" "a" {}
`}, want: []string{
		`main.tf:12:5: Warning: Reference to undefined provider; There is no explicit declaration for local provider name "random.y" in module.m, so Terraform is assuming you mean to pass a configuration for "hashicorp/random".`,
	}},
	{name: "providers map passing an alias the module does not expect (OpenTofu)", engine: tffile.OpenTofu, warnings: true, files: map[string]string{"main.tf": `provider "random" {
  alias = "x"
}
module "m" {
  source = "./m"
  providers = {
    random.y = random.x
  }
}
`, "m/main.tf": `resource "random_pet" "a" {}
`}, want: []string{
		`main.tf:7:5: Warning: Reference to undefined provider; There is no explicit declaration for local provider name "random.y" in module.m, so OpenTofu is assuming you mean to pass a configuration for "hashicorp/random".`,
	}},
	{name: "providers map passing an alias of a provider outside hashicorp", warnings: true, files: map[string]string{"main.tf": `terraform {
  required_providers {
    docker = { source = "kreuzwerker/docker" }
  }
}
provider "docker" {
  alias = "x"
}
module "m" {
  source = "./m"
  providers = {
    docker.y = docker.x
  }
}
`, "m/main.tf": `terraform {
  required_providers {
    docker = { source = "kreuzwerker/docker" }
  }
}
`}, want: []string{
		`main.tf:12:5: Error: Reference to undefined provider; The child module does not declare any provider requirement with the local name "docker.y".`,
	}},
	{name: "provider alias set twice", files: map[string]string{"main.tf": `provider "random" {
  alias = "a"
  alias = "b"
}
`}, want: []string{`main.tf:3:3: Error: Attribute redefined; The argument "alias" was already set at main.tf:2,3-8. Each argument may be set only once.`}},
	{name: "provider alias declared twice", files: map[string]string{"main.tf": `provider "random" {
  alias = "a"
}
provider "random" {
  alias = "a"
}
`}, want: []string{`main.tf:4:1: Error: Duplicate provider configuration; A provider configuration for "random" with alias "a" was already given at main.tf:1,1-18. Each configuration for the same provider must have a distinct alias.`}},
	{name: "provider alias not a name", files: map[string]string{"main.tf": `provider "random" {
  alias = "a b"
}
provider "null" {
  alias = var.x
}
variable "x" {
  default = "y"
}
`}, want: []string{
		`main.tf:2:11: Error: Invalid provider configuration alias; An alias must be a valid name. A name must start with a letter or underscore and may contain only letters, digits, underscores, and dashes.`,
		`main.tf:5:11: Error: Variables not allowed; Variables may not be used here.`,
		`main.tf:5:11: Error: Unsuitable value type; Unsuitable value: value must be known`,
	}},
	{name: "provider reference with more than an alias", files: map[string]string{"main.tf": `provider "random" {
  alias = "a"
}
resource "random_pet" "a" {
  provider = random.a.b
}
resource "random_pet" "b" {
  provider = random["a"]
}
`}, want: []string{
		`main.tf:5:14: Error: Invalid provider configuration reference; The provider argument requires a provider type name, optionally followed by a period and then a configuration alias.`,
		`main.tf:8:20: Error: Invalid provider configuration reference; Provider name must either stand alone or be followed by a period and then a configuration alias.`,
	}},
	{name: "provider reference with more than an alias (OpenTofu)", engine: tffile.OpenTofu, files: map[string]string{"main.tf": `provider "random" {
  alias = "a"
}
resource "random_pet" "a" {
  provider = random.a.b
}
resource "random_pet" "b" {
  provider = random["a"]
}
`}, want: []string{
		`main.tf:5:22: Error: Invalid provider configuration reference; Provider name must either stand alone or be followed by a period and then a configuration alias.`,
		`main.tf:8:20: Error: Invalid provider configuration reference; Provider name must either stand alone or be followed by a period and then a configuration alias.`,
	}},
	{name: "provider alias of another provider type", schema: "null-2.1.2.json", files: map[string]string{"main.tf": `provider "null" {
  alias = "x"
}
resource "random_pet" "a" {
  provider = null.x
}
`}, want: []string{`main.tf:4:10: Error: Invalid resource type; The provider hashicorp/null does not support resource type "random_pet".`}},
	// depends_on.
	{name: "depends_on an attribute", files: map[string]string{"main.tf": `resource "terraform_data" "a" {
  count = 1
}
module "m" {
  source     = "./m"
  depends_on = [terraform_data.a[0].id, module.n.x]
}
module "n" {
  source = "./m"
}
data "terraform_remote_state" "d" {
  backend    = "local"
  depends_on = [terraform_data.a.output, path.module]
  config = {
    path = "state.json"
  }
}
output "o" {
  value      = 1
  depends_on = [terraform_data.a[0].input, local.l.k, var.x]
}
locals {
  l = { k = 1 }
}
variable "x" {
  default = 1
}
`, "state.json": `{"version": 4, "terraform_version": "1.11.4", "serial": 1, "lineage": "l", "outputs": {}, "resources": []}
`, "m/main.tf": `output "x" {
  value = 1
}
`}, want: []string{
		`main.tf:6:36: Error: Invalid depends_on reference; References in depends_on must be to a whole object (resource, etc), not to an attribute of an object.`,
		`main.tf:13:33: Error: Invalid depends_on reference; References in depends_on must be to a whole object (resource, etc), not to an attribute of an object.`,
		`main.tf:20:36: Error: Invalid depends_on reference; References in depends_on must be to a whole object (resource, etc), not to an attribute of an object.`,
		`main.tf:20:51: Error: Invalid depends_on reference; References in depends_on must be to a whole object (resource, etc), not to an attribute of an object.`,
	}},
	{name: "depends_on not a static list", files: map[string]string{"main.tf": `resource "terraform_data" "a" {}
resource "terraform_data" "b" {
  depends_on = [for x in [1] : terraform_data.a]
}
resource "terraform_data" "c" {
  depends_on = terraform_data.a
}
resource "terraform_data" "d" {
  depends_on = concat([terraform_data.a])
}
`}, want: []string{
		`main.tf:3:16: Error: Invalid expression; A static list expression is required.`,
		`main.tf:6:16: Error: Invalid expression; A static list expression is required.`,
		`main.tf:9:16: Error: Invalid expression; A static list expression is required.`,
	}},
	{name: "depends_on entries not static references", files: map[string]string{"main.tf": `variable "i" {
  default = 0
}
resource "terraform_data" "a" {
  count = 2
}
resource "terraform_data" "b" {
  depends_on = [terraform_data.a[0]]
}
resource "terraform_data" "c" {
  depends_on = [terraform_data.a[var.i]]
}
resource "terraform_data" "d" {
  depends_on = [terraform_data.a[*]]
}
`}, want: []string{
		`main.tf:11:17: Error: Invalid expression; A single static variable reference is required: only attribute access and indexing with constant keys. No calculations, function calls, template expressions, etc are allowed here.`,
		`main.tf:14:17: Error: Invalid expression; A single static variable reference is required: only attribute access and indexing with constant keys. No calculations, function calls, template expressions, etc are allowed here.`,
	}},
	{name: "depends_on a quoted reference", files: map[string]string{"main.tf": `resource "terraform_data" "a" {}
resource "terraform_data" "b" {
  depends_on = ["terraform_data.a"]
}
`}, want: []string{
		`main.tf:3:17: Warning: Quoted references are deprecated; In this context, references are expected literally rather than in quotes. Terraform 0.11 and earlier required quotes, but quoted references are now deprecated and will be removed in a future version of Terraform. Remove the quotes surrounding this reference to silence this warning.`,
	}},
	{name: "depends_on a data source type", files: map[string]string{"main.tf": `resource "terraform_data" "b" {
  depends_on = [data.terraform_remote_state]
}
`}, want: []string{`main.tf:2:17: Error: Invalid reference; The "data" object must be followed by two attribute names: the data source type and the resource name.`}},
	// Terraform before 1.12 evaluates both operands of || and &&: the
	// right one is not skipped when the left one decides.
	{name: "|| guarding a null", engineVersion: "1.11.4", files: map[string]string{"main.tf": `variable "name" {
  type    = string
  default = null
}

variable "enabled" {
  type    = bool
  default = null
}

output "named" {
  value = var.name == null || length(var.name) > 0
}

output "gated" {
  value = false && var.enabled
}
`}, want: []string{
		`main.tf:12:38: Error: Invalid function argument; Invalid value for "value" parameter: argument must not be null.`,
		`main.tf:16:11: Error: Operation failed; Error during operation: argument must not be null.`,
	}},
	// A count or for_each unknown only because of an error is not also
	// unknown until apply: the engines stop at the error.
	{name: "count and for_each from defaults of the wrong type", warnings: true, files: map[string]string{"main.tf": `variable "n" {
  type    = number
  default = "x"
}

variable "names" {
  type    = set(string)
  default = 1
}

resource "terraform_data" "a" {
  count = var.n
}

resource "terraform_data" "b" {
  for_each = var.names
}
`}, want: []string{
		`main.tf:3:13: Error: Invalid default value for variable; This default value is not compatible with the variable's type constraint: a number is required.`,
		`main.tf:8:13: Error: Invalid default value for variable; This default value is not compatible with the variable's type constraint: set of string required, but have number.`,
	}},
	{name: "count from a local and a module input that fail", warnings: true, files: map[string]string{"main.tf": `locals {
  broken = "a" + 1
}

resource "terraform_data" "c" {
  count = local.broken
}

module "m" {
  source = "./m"
  n      = "y"
}
`, "m/main.tf": `variable "n" {
  type = number
}

resource "terraform_data" "d" {
  count = var.n
}
`}, want: []string{
		`main.tf:2:12: Error: Invalid operand; Unsuitable value for left operand: a number is required.`,
		`main.tf:11:12: Error: Invalid value for input variable; The given value is not suitable for module.m.var.n declared at m/main.tf:1,1-13: a number is required.`,
	}},
	// The same in JSON syntax, in templates inside arrays and objects
	// and in an object key.
	{name: "|| guarding a null in JSON", engineVersion: "1.11.4", files: map[string]string{"main.tf.json": `{
  "variable": {
    "x": {"type": "object({a = number})", "default": null},
    "enabled": {"type": "bool", "default": null}
  },
  "output": {
    "checked": {"value": "${var.x != null && var.x.a == 1}"},
    "gated": {"value": ["${false && var.enabled}", "${true}"]},
    "text": {"value": {"k": "a-${var.x == null || var.x.a == 1}"}},
    "key": {"value": {"${var.x == null || var.x.a == 1}": 1}},
    "plain": {"value": "${var.x == null ? 0 : var.x.a}"}
  }
}
`}, want: []string{
		`main.tf.json:7:51: Error: Attempt to get attribute from null value; This value is null, so it does not have any attributes.`,
		`main.tf.json:8:28: Error: Operation failed; Error during operation: argument must not be null.`,
		`main.tf.json:9:56: Error: Attempt to get attribute from null value; This value is null, so it does not have any attributes.`,
		`main.tf.json:10:48: Error: Attempt to get attribute from null value; This value is null, so it does not have any attributes.`,
	}},
}

// sensitiveOutput is the engines' detail for a root module output of a
// sensitive value without sensitive = true.
func sensitiveOutput(engine string) string {
	return "To reduce the risk of accidentally exporting sensitive data that was intended to be only internal, " + engine +
		" requires that any root module output containing sensitive data be explicitly marked as sensitive, to confirm your intent. " +
		"If you do intend to export this data, annotate the output value as sensitive by adding the following argument: sensitive = true"
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

// importForEach imports into instances named by each.key, of a
// resource, of a module call's resource, of a resource that is not
// declared and of one without for_each (which OpenTofu refuses per
// instance when it plans, and eval leaves to it).
var importForEach = map[string]string{"main.tf": `locals {
  ids = toset(["abc", "defg"])
}

resource "random_string" "each" {
  for_each = local.ids
  length   = 4
}

module "m" {
  source   = "./m"
  for_each = local.ids
}

import {
  for_each = local.ids
  to       = random_string.each[each.key]
  id       = each.value
}

import {
  for_each = local.ids
  to       = module.m[each.key].random_string.x
  id       = each.key
}

import {
  for_each = local.ids
  to       = random_string.nope[each.key]
  id       = each.key
}

resource "random_string" "single" {
  length = 4
}

import {
  for_each = local.ids
  to       = random_string.single[each.key]
  id       = each.key
}
`, "m/main.tf": "resource \"random_string\" \"x\" {\n  length = 3\n}\n"}

// TestMistakes: eval's diagnostics for each mistake, which
// TestMistakesMatchEngine compares with the engine's.
func TestMistakes(t *testing.T) {
	for _, m := range mistakes {
		t.Run(m.name, func(t *testing.T) {
			dir := writeFiles(t, m.files)
			opts := Options{Vars: m.vars, Env: m.env, Engine: m.engine, EngineVersion: m.engineVersion}
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
// the cty of older engines does not: a detail matches the engine's with it
// or without it.
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
// eval's, and nothing else (no other error; no other warning either where
// the mistake compares warnings).
func TestMistakesMatchEngine(t *testing.T) {
	var ms []mistake
	for _, m := range mistakes {
		if len(m.env) == 0 {
			ms = append(ms, m)
		}
	}
	onTheEngineEvalFollows(t, ms, matchEngine)
}

// onTheEngineEvalFollows runs check for each of ms under the engine eval
// follows for it (Terraform unless the mistake names OpenTofu); the other
// engine's run is skipped, saying so.
func onTheEngineEvalFollows(t *testing.T, ms []mistake, check func(t *testing.T, m mistake)) {
	enginetest.SkipShort(t)
	for _, m := range ms {
		want := m.engine
		if want == "" {
			want = tffile.Terraform
		}
		t.Run(m.name, func(t *testing.T) {
			enginetest.ForEachEngine(t, func(t *testing.T, engine string) {
				if tffile.EngineOf(engine) != want {
					t.Skipf("eval follows %s here", want)
				}
				if m.engineVersion != "" && !evalsLike(t, engine, want, m.engineVersion) {
					t.Skipf("eval follows %s %s here, which evaluates && and || otherwise than the engine installed", want, m.engineVersion)
				}
				check(t, m)
			})
		})
	}
}

// evalsLike says whether the engine binary at path evaluates && and || as
// release version of flavor does (bothOperands).
func evalsLike(t *testing.T, path string, flavor tffile.Engine, version string) bool {
	t.Helper()
	e, err := runner.Probe(context.Background(), path, enginetest.Environ(t))
	if err != nil {
		t.Fatal(err)
	}
	return bothOperands(flavor, e.Version.String()) == bothOperands(flavor, version)
}

// evalMistakes checks eval's diagnostics for each of ms, sorted, against
// its want, and that each has a hint holding hint.
func evalMistakes(t *testing.T, ms []mistake, hint string) {
	for _, m := range ms {
		t.Run(m.name, func(t *testing.T) {
			dir := writeFiles(t, m.files)
			_, ds := Dir(dir, Options{Engine: m.engine, EngineVersion: m.engineVersion})
			var got []string
			for _, d := range ds {
				got = append(got, mistakeLine(dir, d))
				if !strings.Contains(d.Suggestion, hint) {
					t.Errorf("%s: no hint saying how to fix it: %q", d.Summary, d.Suggestion)
				}
			}
			sort.Strings(got)
			if strings.Join(got, "\n") != strings.Join(m.want, "\n") {
				t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(m.want, "\n"))
			}
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
	expect := m.want
	if m.engineSays != nil {
		expect = m.engineSays
		if got, want := errorCount(m.engineSays), errorCount(m.want); got < want {
			t.Errorf("the engine reports %d errors for eval's %d", got, want)
		}
	}
	ours := map[string]bool{}
	for _, want := range expect {
		head, whole, _ := strings.Cut(want, "; ")
		detail := haveSuffix.ReplaceAllString(whole, "")
		got, ok := engine[head]
		if _, rest, _ := strings.Cut(head, ": "); !ok {
			head = "-: " + rest // reported without a position
			got, ok = engine[head]
		}
		ours[head] = true
		if !ok || !strings.HasPrefix(got, detail) && !strings.HasPrefix(got, whole) {
			t.Errorf("eval: %s\nengine: %v", want, engine)
		}
	}
	for head, detail := range engine {
		if !ours[head] && (m.warnings || !strings.Contains(head, ": Warning: ")) {
			t.Errorf("the engine reports what eval does not: %s; %s", head, detail)
		}
	}
}

// errorCount is the number of errors among lines of a mistake's want.
func errorCount(lines []string) int {
	n := 0
	for _, l := range lines {
		if strings.Contains(l, ": Error: ") {
			n++
		}
	}
	return n
}

// forEachSets is a for_each of a set of numbers and one of a set holding
// null, which the engines refuse in their own words.
var forEachSets = map[string]string{"main.tf": `resource "terraform_data" "b" {
  for_each = toset([1, 2])
}
resource "terraform_data" "c" {
  for_each = toset(["a", null])
}
`}

// nullExpansion is a count and a for_each of null from a variable, which
// the engines refuse as they plan.
var nullExpansion = map[string]string{"main.tf": `variable "m" {
  type    = map(string)
  default = null
}
variable "n" {
  type    = number
  default = null
}
resource "terraform_data" "a" {
  for_each = var.m
}
resource "terraform_data" "b" {
  count = var.n
}
`}

// providerFuncInChild is a root that declares the time provider and calls
// its function, and a module that calls it without declaring it: the
// root's call comes first, in the module call's argument.
var providerFuncInChild = map[string]string{"main.tf": `terraform {
  required_providers {
    time = { source = "hashicorp/time" }
  }
}
module "m" {
  source = "./m"
  t      = provider::time::rfc3339_parse("2024-01-02T03:04:05Z").year
}
`, "m/main.tf": `variable "t" {}
output "y" {
  value = provider::time::rfc3339_parse("2024-01-02T03:04:05Z").year + var.t
}
`}
