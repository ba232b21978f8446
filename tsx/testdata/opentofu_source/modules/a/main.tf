terraform {
  required_providers {
    random = {
      source = "hashicorp/random"
    }
  }
}

resource "random_pet" "this" {
  prefix = "a"
}

output "flavor" {
  value = split("-", random_pet.this.id)[0]
}
