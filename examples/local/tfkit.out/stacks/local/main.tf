terraform {
  required_version = ">= 1.5"

  required_providers {
    null = {
      source  = "hashicorp/null"
      version = "2.1.2"
    }
    random = {
      source  = "hashicorp/random"
      version = "3.9.0"
    }
    local = {
      source  = "hashicorp/local"
      version = "2.9.0"
    }
    time = {
      source  = "hashicorp/time"
      version = "0.14.2"
    }
  }
}

variable "greeting" {
  type        = string
  description = "The word to greet the pet with."
  default     = "Hello"
}

variable "pet_length" {
  type    = number
  default = 2

  validation {
    condition     = var.pet_length >= 1 && var.pet_length <= 5
    error_message = "The pet name has one to five words."
  }
}

variable "files" {
  type = map(string)
  default = {
    "first.txt"  = "one"
    "second.txt" = "two"
  }
}

resource "random_pet" "name" {
  length = var.pet_length
}

resource "time_static" "created" {
  triggers = {
    name = random_pet.name.id
  }
}

moved {
  from = time_static.start
  to   = time_static.created
}

locals {
  message = "${var.greeting}, ${random_pet.name.id}!"
  out_dir = "${path.module}/out"
}

resource "local_file" "greeting" {
  content         = format("%s\n", local.message)
  file_permission = "0644"
  filename        = "${local.out_dir}/greeting.txt"
}

resource "local_file" "files" {
  for_each = var.files
  content  = each.value
  filename = "${local.out_dir}/${each.key}"
}

resource "random_string" "suffix" {
  count   = 2
  length  = 6
  special = false
  upper   = false
}

resource "null_resource" "marker" {
  count = 2
  triggers = {
    pet    = random_pet.name.id
    suffix = random_string.suffix[count.index].result
  }

  provisioner "local-exec" {
    command = "echo marker ${self.id}"
  }

  depends_on = [local_file.greeting]
}

resource "terraform_data" "summary" {
  input = {
    created  = time_static.created.rfc3339
    pet      = random_pet.name.id
    suffixes = random_string.suffix[*].result
  }
  triggers_replace = [time_static.created.id]

  lifecycle {
    create_before_destroy = true

    postcondition {
      condition     = length(self.output.suffixes) == 2
      error_message = "Expected two suffixes."
    }
  }
}

check "pet_name" {
  assert {
    condition     = length(split("-", random_pet.name.id)) == var.pet_length
    error_message = "The pet name does not have the requested number of words."
  }
}

output "pet_name" {
  value       = random_pet.name.id
  description = "The generated pet name."
}

output "greeting_file" {
  value = local_file.greeting.filename
}

output "file_ids" {
  value = { for name, file in local_file.files : name => file.id }
}

output "created" {
  value = time_static.created.rfc3339
}
