resource "null_resource" "vpc" {
  triggers = {
    size = "small"
  }
}

resource "null_resource" "web" {
  triggers = {
    id   = null_resource.vpc.id
    tag  = null_resource.vpc.triggers.size
    text = null_resource.vpc.id
  }
}

output "web" {
  value = null_resource.web.id
}

output "pick" {
  value = "a"
}

resource "null_resource" "default" {
  triggers = {
    note = "vpc.id ?? none"
  }
}
