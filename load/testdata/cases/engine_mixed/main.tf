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

# Values that are partly unknown: the known parts are compared with the
# plan too.
resource "random_id" "tag" {
  byte_length = 4
}

resource "terraform_data" "partly" {
  input = {
    known  = "k-${local.summary}"
    random = random_id.tag.hex
    list   = ["first", random_id.tag.id, upper("last")]
    nested = { fixed = 42, dynamic = random_id.tag.b64_std }
  }
}

output "partly" {
  value = {
    name = "partly"
    id   = terraform_data.partly.id
    tags = [local.names[0], random_id.tag.dec]
  }
}
