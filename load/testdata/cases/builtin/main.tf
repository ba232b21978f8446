# The built-in provider's schema is known without --schema, as the
# engines know it: mistakes in its resources are errors terraform validate
# gives too.

variable "token" {
  type      = string
  default   = "s3cr3t"
  sensitive = true
}

# config written as a block (Terraform 0.11): an argument since 0.12.
data "terraform_remote_state" "legacy" {
  backend = "s3"

  config {
    bucket = "state"
  }
}

# A sensitive value in config marks config only, not the outputs.
data "terraform_remote_state" "marked" {
  backend = "http"
  config = {
    address  = "https://state.example.com/network"
    password = var.token
  }
}

resource "terraform_data" "kept" {
  input = "x"
}

resource "terraform_data" "misspelt" {
  inputs = "x"
}

output "outputs" {
  value = data.terraform_remote_state.marked.outputs
}

# Terraform 0.11 read outputs directly off the data source.
output "legacy_read" {
  value = data.terraform_remote_state.marked.vpc_id
}

output "not_an_attribute" {
  value = terraform_data.kept.result
}

output "input" {
  value = terraform_data.kept.input
}
