# A check block's scoped data source that cannot be read is a warning, not
# an error, and the engines then skip the check's asserts; a check whose
# data source is read checks its asserts (a failed one is a warning).

locals {
  zones = ["a", "b"]
}

check "missing" {
  data "terraform_remote_state" "gone" {
    backend = "local"
    config  = { path = "missing.tfstate" }
  }

  assert {
    condition     = length(local.zones) == 3
    error_message = "not checked: the data source could not be read"
  }
}

check "present" {
  data "terraform_remote_state" "net" {
    backend = "local"
    config  = { path = "network.state.json" }
  }

  assert {
    condition     = data.terraform_remote_state.net.outputs.zones == length(local.zones)
    error_message = "the network has ${data.terraform_remote_state.net.outputs.zones} zones"
  }
}

resource "terraform_data" "zones" {
  input = local.zones
}
