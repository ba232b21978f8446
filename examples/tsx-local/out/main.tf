terraform {
  required_version = ">= 1.5"

  required_providers {
    random = {
      source  = "hashicorp/random"
      version = ">= 3.0"
    }
    local = {
      source  = "hashicorp/local"
      version = ">= 2.4"
    }
    time = {
      source  = "hashicorp/time"
      version = ">= 0.9"
    }
    null = {
      source  = "hashicorp/null"
      version = ">= 2.1"
    }
  }
}

variable "greeting" {
  type        = string
  default     = "Hello"
  description = "The word that starts each greeting"
}

variable "people" {
  type    = list(string)
  default = ["Ada", "Grace"]
}

resource "time_static" "created" {}

resource "random_pet" "server" {
  length    = 2
  separator = "-"
  keepers = {
    created = time_static.created.rfc3339
  }
}

locals {
  server_name  = "${random_pet.server.id}-server"
  people_count = length(var.people)
}

resource "local_file" "greeting" {
  filename        = "${path.module}/out/greeting.txt"
  content         = "${var.greeting}, ${random_pet.server.id}!\n"
  file_permission = "0644"

  lifecycle {
    ignore_changes = [content]
  }
}

resource "local_file" "people" {
  filename = "${path.module}/out/people.txt"
  content  = join("\n", [for p in var.people : "${var.greeting}, ${p} (on ${local.server_name})"])
}

resource "null_resource" "announce" {
  triggers = {
    server = local.server_name
  }

  provisioner "local-exec" {
    command = "echo ${self.triggers.server} is ready"
  }

  depends_on = [random_pet.server]
}

check "server_name" {
  assert {
    condition     = length(random_pet.server.id) > 3
    error_message = "The server name is too short to tell servers apart."
  }
}

output "server_name" {
  value       = local.server_name
  description = "The generated server name"
}

output "created_at" {
  value = time_static.created.rfc3339
}
