# OpenTofu's early evaluation: module sources and versions built from
# variables and locals.

variable "flavor" {
  type    = string
  default = "a"
}

variable "vpc_version" {
  type    = string
  default = "~> 5.0"
}

locals {
  dir = "./modules/${var.flavor}"
}

module "app" {
  # the chosen flavor
  source = "./modules/${var.flavor}"
  label  = "app"
}

module "other" {
  source = local.dir
  label  = "other-${var.flavor}"
}

module "nest" {
  source = "${path.module}/modules/${var.flavor == "a" ? "b" : "a"}"
  label  = "100% ${var.flavor}"
}

module "vpc" {
  source  = "terraform-aws-modules/vpc/aws"
  version = var.vpc_version
  name    = "main"
}

output "app" {
  value = module.app.id
}
