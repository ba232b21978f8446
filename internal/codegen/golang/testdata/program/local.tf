terraform {
  required_providers {
    random = {
      source  = "hashicorp/random"
      version = "~> 3.9"
    }
    local = {
      source  = "hashicorp/local"
      version = "~> 2.9"
    }
  }
}

resource "random_pet" "name" {
  keepers = {
    env = "dev"
  }
  length = 2
}

resource "random_id" "suffix" {
  byte_length = 4
  prefix      = "${random_pet.name.id}-"
}

resource "local_file" "out" {
  content    = join("\n", [random_pet.name.id, random_id.suffix.hex, "end"])
  filename   = "${path.module}/out.txt"
  depends_on = [random_id.suffix]
}
