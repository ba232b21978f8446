resource "null_resource" "vpc" {
  triggers = {
    a = "none"
    b = "default"
    c = "x"
    d = "vpc"
  }
}

resource "null_resource" "web" {
  triggers = {
    names = "A"
    twice = "b"
  }
}

resource "null_resource" "subnet_main" {}

resource "null_resource" "tags" {
  triggers = {
    none = ""
  }
}

output "id" {
  value = null_resource.vpc.id
}
