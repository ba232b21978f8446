resource "random_pet" "logs" {
  keepers = {
    decorated = "name,region"
    region    = "eu-west-1"
  }
}
