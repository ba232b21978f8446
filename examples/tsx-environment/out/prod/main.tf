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
  length  = 32
  special = true
}

resource "random_id" "replica_0" {
  byte_length = 4
  prefix      = "prod-0-"
}

resource "random_id" "replica_1" {
  byte_length = 4
  prefix      = "prod-1-"
}

resource "random_id" "replica_2" {
  byte_length = 4
  prefix      = "prod-2-"
}

resource "time_rotating" "credentials" {
  rotation_hours = 720
}

output "admin_password" {
  value     = random_password.admin.result
  sensitive = true
}

output "environment" {
  value = "prod"
}
