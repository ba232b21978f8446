terraform {
  required_version = ">= 1.5"

  required_providers {
    random = {
      source  = "hashicorp/random"
      version = "~> 3.0"
    }
  }
}

# A second constraint of its own, as modules that vendor a versions file
# next to their own sometimes have.
terraform {
  required_version = "< 2.0"
}
