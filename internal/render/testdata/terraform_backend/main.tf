terraform {
  required_version = ">= 1.6.0"

  required_providers {
    aws = {
      source                = "hashicorp/aws"
      version               = "~> 5.0"
      configuration_aliases = [aws.west, aws.east]
    }
    random = {
      source  = "hashicorp/random"
      version = ">= 3.0"
    }
  }

  backend "s3" {
    bucket  = "acme-terraform-state"
    key     = "state/$${workspace}/terraform.tfstate"
    region  = "us-east-1"
    encrypt = true
  }
}
