# Object keys that are expressions are tfkit.Object, whose keys are values
# like any other: expressions, and strings read as templates.
variable "name" {
  default = "web"
}

locals {
  prefix = "app"
  keyed = {
    (var.name)          = 1
    "${local.prefix}-x" = 2
    plain               = 3
    "two words"         = 4
    # A key that is a call.
    (upper(var.name)) = { (var.name) = true } # a nested one
  }
  as_map  = tomap({ (local.prefix) = var.name })
  by_name = { for n in ["a", "b"] : n => { (n) = local.prefix } }
  numbers = { 1 = "one", (var.name) = "x" }
  escaped = { "$${literal}-${var.name}" = 5 }
}

output "keyed" {
  value = local.keyed
}

output "all" {
  value = [local.as_map, local.by_name, local.numbers, local.escaped]
}
