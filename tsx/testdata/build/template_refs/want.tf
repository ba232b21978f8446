locals {
  suffix = "x"
}

resource "random_pet" "a" {}

resource "terraform_data" "b" {
  input            = random_pet.a.id
  triggers_replace = ["pet-${random_pet.a.id}-${local.suffix}", upper(random_pet.a.id)]
}
