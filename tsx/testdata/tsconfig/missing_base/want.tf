resource "random_pet" "a" {}
