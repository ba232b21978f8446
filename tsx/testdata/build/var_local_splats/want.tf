variable "groups" {
  type = list(object({ name = string, members = list(string) }))
  default = [
    {
      name    = "a"
      members = ["ada", "bob"]
    },
  ]
}

variable "pick" {
  type    = string
  default = "a"
}

variable "by_name" {
  type = map(string)
  default = {
    a = "x"
  }
}

locals {
  groups = var.groups
}

output "names" {
  value = var.groups[*].name
}

output "members" {
  value = local.groups[*].members[*]
}

output "picked" {
  value = var.by_name[var.pick]
}
