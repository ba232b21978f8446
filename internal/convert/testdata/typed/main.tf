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
