variable "names" {
  type = list(string)
}

variable "settings" {
  type = object({ tags = map(string) })
}

locals {
  joined   = join(",", var.names)
  first    = var.names[0]
  upper    = upper(join("-", var.names))
  name_tag = var.settings.tags.Name
  indexed  = var.names[1]
  expr     = length(var.names) > 0 ? var.names[0] : null
}

output "joined" {
  value = local.joined
}
