terraform {
  cloud {
    organization = "acme"
    hostname     = "app.terraform.io"

    workspaces {
      tags = ["app", "prod"]
    }
  }

  required_providers {
    google = {
      source = "hashicorp/google"
    }
  }
}
