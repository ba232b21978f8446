terraform {
  required_providers {
    null   = { source = "hashicorp/null" }
    random = { source = "hashicorp/random" }
    local  = { source = "hashicorp/local" }
    time   = { source = "hashicorp/time" }
  }
}

variable "teams" {
  type = map(object({
    size   = number
    prefix = optional(string, "team")
  }))
  default = {
    red  = { size = 2 }
    blue = { size = 1, prefix = "squad" }
  }
}

locals {
  names   = sort(keys(var.teams))
  summary = join(",", [for n in local.names : "${n}:${var.teams[n].size}"])
}

module "pets" {
  source   = "./modules/pet"
  for_each = var.teams
  team     = each.key
  size     = each.value.size
  prefix   = each.value.prefix
}

resource "null_resource" "summary" {
  triggers = {
    summary = local.summary
    upper   = upper(local.summary)
  }
}

resource "terraform_data" "numbers" {
  count = 3
  input = {
    index  = count.index
    square = pow(count.index, 2)
    cidr   = cidrsubnet("10.0.0.0/16", 8, count.index)
  }
}

resource "local_file" "report" {
  filename = "${path.module}/report.txt"
  content  = templatefile("${path.module}/report.tftpl", { teams = local.names, total = length(local.names) })
}

resource "time_static" "pinned" {
  triggers = { summary = local.summary }
}

output "summary" {
  value = local.summary
}

output "labels" {
  value = { for k, m in module.pets : k => m.labels }
}
