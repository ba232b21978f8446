resource "random_pet" "pets" {
  count = 2
}

output "cross_stack_output_random_pet_pets" {
  value     = random_pet.pets
  sensitive = true
}
