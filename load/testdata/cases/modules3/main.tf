terraform {
  required_providers {
    aws = { source = "hashicorp/aws" }
  }
}

provider "aws" {
  region = "eu-west-1"
}

provider "aws" {
  alias  = "west"
  region = "us-west-2"
}

variable "networks" {
  default = {
    blue  = { cidr = "10.0.0.0/16", subnets = 2 }
    green = { cidr = "10.1.0.0/16", subnets = 1 }
  }
}

module "net" {
  source   = "./modules/net"
  for_each = var.networks
  name     = each.key
  cidr     = each.value.cidr
  subnets  = each.value.subnets
  providers = {
    aws = aws.west
  }
}

module "single" {
  source  = "./modules/leaf"
  label   = "root-leaf"
  enabled = false
}

output "vpc_ids" {
  value = { for k, m in module.net : k => m.vpc_id }
}

output "subnet_cidrs" {
  value = flatten([for m in values(module.net) : m.subnet_cidrs])
}

output "leaf_names" {
  value = module.net["blue"].leaf_names
}
