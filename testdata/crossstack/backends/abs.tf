terraform {
  backend "local" {
    path = "/var/state/abs.tfstate"
  }
}

resource "random_pet" "c" {}

output "cross_stack_output_random_pet_c_id" {
  value     = random_pet.c.id
  sensitive = true
}
