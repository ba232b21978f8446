variable "team" { type = string }
variable "size" { type = number }
variable "prefix" { type = string }

resource "random_pet" "member" {
  count     = var.size
  prefix    = "${var.prefix}-${var.team}-${count.index}"
  length    = 2
  separator = "_"
}

resource "random_string" "code" {
  for_each = toset([for i in range(var.size) : "m${i}"])
  length   = 8 + length(each.key)
  special  = false
  upper    = var.team == "red"
}

resource "null_resource" "tags" {
  triggers = merge({ team = var.team }, var.size > 1 ? { big = "yes" } : {})
}

output "labels" {
  value = [for i in range(var.size) : format("%s/%02d", var.team, i)]
}
