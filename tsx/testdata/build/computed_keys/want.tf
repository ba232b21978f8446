variable "env" {
  type = string
}

resource "terraform_data" "bucket" {
  input = "logs"
}

locals {
  by_ref = {
    (terraform_data.bucket.id) = "whole key"
  }
  by_var = {
    (var.env)          = 1
    "${var.env}-logs"  = 2
    "${"$"}${var.env}" = 3
    "$${not.a.ref}"    = 4
  }
  by_fn = {
    (upper(var.env)) = {
      "$${x}" = true
    }
  }
  tags = {
    Name              = "web"
    "team-${var.env}" = "infra"
  }
}

resource "null_resource" "web" {
  triggers = {
    (terraform_data.bucket.output) = "x"
  }
}
