variable "name" {
  type    = string
  default = "demo"
}

variable "zones" {
  type    = list(string)
  default = ["a", "b"]
}

locals {
  prefix = "${var.name}-${terraform.workspace}"
  tags   = { Name = local.prefix, Zones = join(",", var.zones) }
}

resource "null_resource" "one" {
  triggers = local.tags
}

resource "random_pet" "per_zone" {
  count  = length(var.zones)
  prefix = "${local.prefix}-${var.zones[count.index]}"
  keepers = {
    dep = null_resource.one.id
  }
}

resource "terraform_data" "each" {
  for_each = toset(var.zones)
  input    = upper(each.key)
}

output "pets" {
  value = random_pet.per_zone[*].id
}

output "inputs" {
  value = [for k, v in terraform_data.each : "${k}=${v.input}"]
}
