variable "names" {
  type    = list(string)
  default = ["ada", "bob"]
}

variable "tags" {
  type = map(string)
  default = {
    Name = "web"
  }
}

locals {
  settings = {
    size  = "small"
    zones = ["a", "b"]
  }
}

resource "null_resource" "a" {
  triggers = {
    first = var.names[0]
    tag   = var.tags.Name
    zone  = local.settings.zones[1]
    odd   = var.tags["a b"]
  }
}

output "first" {
  value = var.names[0]
}

output "size" {
  value = local.settings.size
}

output "both" {
  value = var.names[1]
}

output "text" {
  value = "${var.names[1]}-${local.settings.size}"
}
