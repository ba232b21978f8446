data "terraform_remote_state" "base" {
  backend = "local"
  config = {
    path = "${path.module}/../base/terraform.tfstate"
  }
}

data "terraform_remote_state" "mid_v2" {
  backend = "local"
  config = {
    path = "${path.module}/../mid.v2/terraform.tfstate"
  }
}

resource "terraform_data" "record" {
  input = format("%s.%s", data.terraform_remote_state.mid_v2.outputs.cross_stack_output_random_string_s_result, data.terraform_remote_state.base.outputs.cross_stack_output_random_pet_name_id)
}
