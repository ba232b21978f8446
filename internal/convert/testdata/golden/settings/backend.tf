# State is kept in a local file next to the configuration.
terraform {
  backend "local" {
    path = "state/terraform.tfstate"
  }
}
