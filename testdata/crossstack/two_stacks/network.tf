resource "random_pet" "name" {
  length = 2
}

resource "random_id" "ids" {
  count       = 2
  byte_length = 4
}

variable "region" {
  type    = string
  default = "eu"
}

locals {
  prefix = upper(random_pet.name.id)
}

module "net" {
  source = "./net"
}

resource "terraform_data" "uses" {
  input = random_pet.name.id
}

output "cross_stack_output_local_prefix" {
  value     = local.prefix
  sensitive = true
}

output "cross_stack_output_module_net_vpc_id" {
  value     = module.net.vpc_id
  sensitive = true
}

output "cross_stack_output_random_id_ids" {
  value     = random_id.ids
  sensitive = true
}

output "cross_stack_output_random_id_ids_0_hex" {
  value     = random_id.ids[0].hex
  sensitive = true
}

output "cross_stack_output_random_pet_name" {
  value     = random_pet.name
  sensitive = true
}

output "cross_stack_output_random_pet_name_id" {
  value     = random_pet.name.id
  sensitive = true
}

output "cross_stack_output_var_region" {
  value     = var.region
  sensitive = true
}
