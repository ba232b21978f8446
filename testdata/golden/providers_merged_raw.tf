terraform {
  required_version = ">= 1.0"

  required_providers {
    time = {
      source  = "hashicorp/time"
      version = "0.14.2"
    }
  }

  backend "local" {
    path = "state.tfstate"
  }
}

provider "time" {}
