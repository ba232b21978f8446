data "terraform_remote_state" "base" {
  backend = "local"
  config = {
    path = "${path.module}/../base/terraform.tfstate"
  }
}

resource "random_string" "s" {
  keepers = {
    pet = data.terraform_remote_state.base.outputs.cross_stack_output_random_pet_name_id
  }
  length = 4
}

output "cross_stack_output_random_string_s_result" {
  value     = random_string.s.result
  sensitive = true
}
