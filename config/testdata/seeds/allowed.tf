terraform {
  required_providers {
    aws = { source = "hashicorp/aws" }
  }
}
provider "aws" {}
provider "aws" {
  alias = "west"
}
provider "aws" {
  alias = "east"
}
locals { a = 1 }
locals { b = local.a }
resource "aws_vpc" "main" {}
data "aws_vpc" "main" {
  id = aws_vpc.main.id
}
resource "aws_subnet" "s" {
  count    = 2
  provider = aws.west
  vpc_id   = data.aws_vpc.main.id
  cidr     = cidrsubnet("10.0.0.0/16", 8, count.index)
  tags     = { for k, v in var.tags : k => upper(v) if v != "" }
  depends_on = [aws_vpc.main]
  lifecycle {
    ignore_changes       = [tags, cidr]
    replace_triggered_by = [aws_vpc.main.id]
    postcondition {
      condition     = self.id != ""
      error_message = "x"
    }
  }
  provisioner "local-exec" {
    command = "echo ${self.id}"
  }
}
resource "aws_sg" "g" {
  for_each = toset(["a"])
  name     = each.key
  dynamic "ingress" {
    for_each = var.ports
    content {
      from_port = ingress.value
      name      = each.value
    }
  }
  dynamic "egress" {
    for_each = var.ports
    iterator = port
    content {
      to_port = port.value
    }
  }
}
variable "tags" {
  type = map(string)
}
variable "ports" {
  type    = list(object({ port = optional(number, 80) }))
  default = []
  validation {
    condition     = length(var.ports) < 10
    error_message = "too many"
  }
}
module "net" {
  source    = "./net"
  providers = { aws = aws.east }
  cidr      = aws_vpc.main.cidr_block
}
output "net" {
  value      = module.net.id
  depends_on = [module.net]
}
moved {
  from = aws_vpc.old
  to   = aws_vpc.main
}
import {
  to = aws_subnet.s[0]
  id = "subnet-1"
}
import {
  for_each = { a = "sg-1" }
  to       = aws_sg.g[each.key]
  id       = each.value
}
removed {
  from = aws_instance.gone
  lifecycle {
    destroy = false
  }
}
check "health" {
  data "http" "h" {
    url = "https://${aws_vpc.main.id}"
  }
  assert {
    condition     = data.http.h.status_code == 200
    error_message = "down"
  }
}
resource "x_y" "z" {
  p = path.module
  w = terraform.workspace
  t = [for s in aws_subnet.s : s.id]
  u = aws_subnet.s[*].id
}
# Ephemeral resources (Terraform 1.10+), which may share type and name with
# a resource and a data source.
ephemeral "random_password" "db" {
  length     = 16
  depends_on = [aws_subnet.s]
  lifecycle {
    postcondition {
      condition     = length(self.result) == 16
      error_message = "Wrong length."
    }
  }
}
resource "random_password" "db" {
  depends_on = [ephemeral.random_password.db]
}
data "random_password" "db" {}
provider "postgresql" {
  password = ephemeral.random_password.db.result
}
locals { db_password = ephemeral.random_password.db.result }
