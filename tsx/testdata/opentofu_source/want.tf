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

variable "region" {
  type    = string
  default = "a"
}

provider "random" {
  alias    = "by_region"
  for_each = toset(["a", "b"])
}

module "app" {
  source = "./modules/${var.flavor}"
  providers = {
    random = random.by_region[var.region]
  }
}

output "flavor" {
  value = module.app.flavor
}
