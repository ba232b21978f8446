data "terraform_remote_state" "p" {
  backend = "local"
  config = {
    path = "${path.module}/../p/terraform.tfstate"
  }
}

resource "terraform_data" "x" {
  input = "%{for p in data.terraform_remote_state.p.outputs.cross_stack_output_random_pet_pets}${p.id},%{endfor}"
  names = [for random_pet in data.terraform_remote_state.p.outputs.cross_stack_output_random_pet_pets[*].id : random_pet.pets]
}

resource "null_resource" "d" {
  dynamic "random_pet" {
    for_each = data.terraform_remote_state.p.outputs.cross_stack_output_random_pet_pets

    content {
      v = random_pet.value
    }
  }
}
