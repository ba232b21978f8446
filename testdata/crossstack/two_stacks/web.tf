data "terraform_remote_state" "network" {
  backend = "local"
  config = {
    path = "${path.module}/../network/terraform.tfstate"
  }
}

resource "terraform_data" "app" {
  input   = data.terraform_remote_state.network.outputs.cross_stack_output_random_pet_name_id
  typed   = data.terraform_remote_state.network.outputs.cross_stack_output_random_pet_name_id
  spliced = "${data.terraform_remote_state.network.outputs.cross_stack_output_random_pet_name_id}-web"
  both    = join("-", [data.terraform_remote_state.network.outputs.cross_stack_output_random_pet_name_id, data.terraform_remote_state.network.outputs.cross_stack_output_local_prefix])
  whole   = data.terraform_remote_state.network.outputs.cross_stack_output_random_pet_name
  first   = data.terraform_remote_state.network.outputs.cross_stack_output_random_id_ids_0_hex
  all     = data.terraform_remote_state.network.outputs.cross_stack_output_random_id_ids[*].hex
  region  = data.terraform_remote_state.network.outputs.cross_stack_output_var_region
  module  = data.terraform_remote_state.network.outputs.cross_stack_output_module_net_vpc_id
}

resource "terraform_data" "each" {
  count = 2
  input = data.terraform_remote_state.network.outputs.cross_stack_output_random_id_ids[count.index].hex
}

output "pet" {
  value = data.terraform_remote_state.network.outputs.cross_stack_output_random_pet_name_id
}
