terraform {
  required_version = ">= 1.5"
}

data "terraform_remote_state" "s3" {
  backend = "s3"
  config = {
    bucket = "state"
    key    = "s3/terraform.tfstate"
    region = "eu-west-1"
  }
}

data "terraform_remote_state" "local" {
  backend = "local"
  config = {
    path = "${path.module}/../local/state/local.tfstate"
  }
}

data "terraform_remote_state" "abs" {
  backend = "local"
  config = {
    path = "/var/state/abs.tfstate"
  }
}

resource "terraform_data" "r" {
  input = [data.terraform_remote_state.s3.outputs.cross_stack_output_random_pet_a_id, data.terraform_remote_state.local.outputs.cross_stack_output_random_pet_b_id, data.terraform_remote_state.abs.outputs.cross_stack_output_random_pet_c_id]
}
