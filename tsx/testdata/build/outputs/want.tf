resource "random_pet" "name" {
  length = 2
}

output "name" {
  value       = random_pet.name.id
  description = "A pet name"
}

output "secret" {
  value      = random_pet.name.id
  sensitive  = true
  depends_on = [random_pet.name]
}

output "text" {
  value = "pet: ${random_pet.name.id}"
}
