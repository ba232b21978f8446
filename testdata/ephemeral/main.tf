terraform {
  required_providers {
    random = {
      source  = "hashicorp/random"
      version = "3.9.0"
    }
    docker = {
      source = "kreuzwerker/docker"
    }
  }
}

provider "random" {}

provider "random" {
  alias = "alt"
}

ephemeral "random_password" "db" {
  length = 16
}

resource "random_pet" "name" {}

ephemeral "random_password" "users" {
  for_each    = toset(["alice", "bob"])
  provider    = random.alt
  length      = ephemeral.random_password.db.length
  special     = false
  min_numeric = 2
  depends_on  = [ephemeral.random_password.db, random_pet.name]

  lifecycle {
    postcondition {
      condition     = length(self.result) == 16
      error_message = "Wrong length."
    }
  }
}

ephemeral "random_password" "pins" {
  count   = 2
  length  = 4
  special = false
}

resource "random_password" "db" {
  length     = 8
  depends_on = [ephemeral.random_password.db]
}

locals {
  db_password = ephemeral.random_password.db.result
}

provider "docker" {
  registry_auth {
    address  = "registry.example.com"
    username = "admin"
    password = ephemeral.random_password.db.result
  }
}
