data "terraform_remote_state" "p_148de9c5" {
  backend = "local"
  config = {
    path = "${path.module}/../p/terraform.tfstate"
  }
}

data "terraform_remote_state" "p" {
  backend = "local"
  config = {
    path = "elsewhere.tfstate"
  }
}

resource "terraform_data" "x" {
  input = {
    one    = data.terraform_remote_state.p_148de9c5.outputs.cross_stack_output_random_pet_a_b_id_810aac91
    two    = data.terraform_remote_state.p_148de9c5.outputs.cross_stack_output_random_pet_a_keepers_b_id
    same   = data.terraform_remote_state.p_148de9c5.outputs.cross_stack_output_random_pet_a_b_id_8070a884
    three  = data.terraform_remote_state.p_148de9c5.outputs.cross_stack_output_random_pet_a_8659b7da
    secret = sensitive(data.terraform_remote_state.p_148de9c5.outputs.cross_stack_output_random_password_pw_result)
    pet    = data.terraform_remote_state.p_148de9c5.outputs.cross_stack_output_random_password_pw_id
    var    = sensitive(data.terraform_remote_state.p_148de9c5.outputs.cross_stack_output_var_secret)
  }
}
