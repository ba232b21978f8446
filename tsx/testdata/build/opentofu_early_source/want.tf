terraform {
  required_providers {
    random = {
      source  = "hashicorp/random"
      version = "3.9.0"
    }
  }
}

variable "flavor" {
  type    = string
  default = "a"
}

locals {
  dir = format("./modules/%s", var.flavor)
}

provider "random" {
  alias    = "by_name"
  for_each = toset(["a", "b"])
}

module "app" {
  source = local.dir
  providers = {
    random = random.by_name["b"]
  }
}
