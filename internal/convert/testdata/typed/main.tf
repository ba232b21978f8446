resource "random_pet" "name" {
  length    = 2
  prefix    = "app-${terraform.workspace}"
  separator = "-"
}

resource "random_string" "suffix" {
  count   = 2
  length  = 8
  special = false
  keepers = { pet = random_pet.name.id }
}

resource "null_resource" "untyped" {
  triggers = { id = random_string.suffix[0].result }
}

module "net" {
  source = "./modules/net"
  count  = 2
  cidr   = "10.0.${count.index}.0/24"
  zones  = 3
  tags   = { pet = random_pet.name.id }

  depends_on = [random_pet.name]
}

resource "null_resource" "uses_net" {
  triggers = { net = module.net[0].id }
}
