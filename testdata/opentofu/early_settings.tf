terraform {
  required_providers {
    random = {
      source  = "hashicorp/random"
      version = "3.9.0"
    }
  }

  backend "local" {
    path = "state/${var.env}.tfstate"
  }
}

variable "env" {
  type    = string
  default = "dev"
}

variable "greet_version" {
  type    = string
  default = "1.0.0"
}

variable "region" {
  type    = string
  default = "a"
}

provider "random" {
  alias    = "by_region"
  for_each = toset(["a", "b"])
}

module "greet" {
  source  = "example.test/acme/greet/random"
  version = var.greet_version
  providers = {
    random = random.by_region[var.region]
  }
}

output "name" {
  value = module.greet.name
}
