terraform {
  required_providers {
    random = { source = "hashicorp/random" }
  }
}

provider "random" {}

provider "random" {
  alias = "other"
}

variable "prefix" {
  type = string
}

locals {
  name  = "${var.prefix}-app"
  names = [for i in range(2) : "${local.name}-${i}"]
}

resource "random_pet" "a" {
  prefix = local.name
}

resource "random_id" "b" {
  provider    = random.other
  byte_length = 4
  keepers = {
    pet = random_pet.a.id
  }
  lifecycle {
    precondition {
      condition     = length(data.null_data_source.x.outputs) > 0
      error_message = "x"
    }
  }
}

data "null_data_source" "x" {
  inputs = {
    v = var.prefix
  }
}

module "greet" {
  source = "./modules/greet"
  name   = random_id.b.hex
  count  = length(local.names)
}

resource "null_resource" "after" {
  depends_on = [module.greet, random_pet.a]
  triggers = {
    at = "${path.module}/x"
  }
}

output "greeting" {
  value = module.greet[0].text
}

moved {
  from = random_pet.old
  to   = random_pet.a
}
