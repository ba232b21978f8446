# terraform_remote_state with the local backend is read as terraform plan
# reads it: the outputs of the state file, defaults for the missing ones.
data "terraform_remote_state" "network" {
  backend = "local"
  config = {
    path = "network.state.json"
  }
  defaults = {
    vpc_id = "vpc-default"
    extra  = "from-defaults"
  }
}

resource "terraform_data" "uses" {
  input = {
    vpc_id  = data.terraform_remote_state.network.outputs.vpc_id
    subnets = data.terraform_remote_state.network.outputs.subnets
    region  = data.terraform_remote_state.network.outputs.settings.region
    zones   = data.terraform_remote_state.network.outputs.settings.zones + 1
    extra   = data.terraform_remote_state.network.outputs.extra
  }
}

resource "terraform_data" "per_subnet" {
  count = length(data.terraform_remote_state.network.outputs.subnets)
  input = data.terraform_remote_state.network.outputs.subnets[count.index]
}

output "vpc_id" {
  value = data.terraform_remote_state.network.outputs.vpc_id
}

output "token" {
  value     = data.terraform_remote_state.network.outputs.token
  sensitive = true
}
