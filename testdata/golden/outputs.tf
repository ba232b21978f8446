resource "random_pet" "name" {}

output "name" {
  value = random_pet.name.id
}

output "secret" {
  value       = upper(random_pet.name.id)
  description = "The pet, loudly."
  sensitive   = true
  depends_on  = [random_pet.name]

  precondition {
    condition     = length(random_pet.name.id) > 0
    error_message = "empty name"
  }
}

output "nothing" {
  value     = null
  ephemeral = true
}
