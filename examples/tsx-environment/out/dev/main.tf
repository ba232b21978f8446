terraform {
  required_providers {
    random = {
      source  = "hashicorp/random"
      version = ">= 3.0"
    }
    time = {
      source  = "hashicorp/time"
      version = ">= 0.9"
    }
  }
}

resource "random_password" "admin" {
  length  = 16
  special = false
}

resource "random_id" "replica_0" {
  byte_length = 4
  prefix      = "dev-0-"
}

resource "time_rotating" "credentials" {
  rotation_hours = 24
}

output "environment" {
  value = "dev"
}
