terraform {
  required_providers {
    local = {
      source  = "hashicorp/local"
      version = "2.9.0"
    }
    random = {
      source  = "hashicorp/random"
      version = "3.9.0"
    }
  }

  encryption {
    key_provider "pbkdf2" "main" {
      passphrase = "correct-horse-battery-staple"
    }

    method "aes_gcm" "main" {
      keys = key_provider.pbkdf2.main
    }

    method "unencrypted" "migrate" {}

    state {
      method = method.aes_gcm.main

      fallback {
        method = method.unencrypted.migrate
      }
    }

    plan {
      method   = method.aes_gcm.main
      enforced = true
    }
  }
}

variable "names" {
  type    = set(string)
  default = ["a", "b"]
}

provider "random" {
  alias    = "by_name"
  for_each = var.names
}

resource "random_pet" "a" {
  provider = random.by_name["a"]
}

resource "random_pet" "b" {
  provider = random.by_name["b"]
}
