resource "random_pet" "a_b" {}

resource "random_pet" "a" {
  keepers = {
    b_id = "x"
  }
}

resource "random_password" "pw" {
  length = 12
}

variable "secret" {
  type      = string
  default   = "s"
  sensitive = true
}

output "cross_stack_output_random_pet_a" {
  value = "taken"
}

output "cross_stack_output_random_password_pw_id" {
  value     = random_password.pw.id
  sensitive = true
}

output "cross_stack_output_random_password_pw_result" {
  value     = random_password.pw.result
  sensitive = true
}

output "cross_stack_output_random_pet_a_8659b7da" {
  value     = random_pet.a
  sensitive = true
}

output "cross_stack_output_random_pet_a_b_id_8070a884" {
  value     = random_pet.a.b_id
  sensitive = true
}

output "cross_stack_output_random_pet_a_b_id_810aac91" {
  value     = random_pet.a_b.id
  sensitive = true
}

output "cross_stack_output_random_pet_a_keepers_b_id" {
  value     = random_pet.a.keepers.b_id
  sensitive = true
}

output "cross_stack_output_var_secret" {
  value     = var.secret
  sensitive = true
}
