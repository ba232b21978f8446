terraform {
  backend "local" {
    path = "state/local.tfstate"
  }
}

resource "random_pet" "b" {}

output "cross_stack_output_random_pet_b_id" {
  value     = random_pet.b.id
  sensitive = true
}
