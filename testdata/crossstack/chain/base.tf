resource "random_pet" "name" {}

output "cross_stack_output_random_pet_name_id" {
  value     = random_pet.name.id
  sensitive = true
}
