resource "random_pet" "network" {
  prefix = "net-prod"
}

resource "random_pet" "a" {
  length = 2
}

resource "random_pet" "b" {
  length = 2
}
