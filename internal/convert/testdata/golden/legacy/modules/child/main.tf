terraform {
  required_providers {
    null = {
      source                = "hashicorp/null"
      configuration_aliases = [null.eu]
    }
  }
}

resource "null_resource" "c" {
  provider = null.eu
}
