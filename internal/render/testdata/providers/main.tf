provider "aws" {
  region = var.region
}

provider "aws" {
  alias  = "west"
  region = "us-west-2"

  assume_role {
    role_arn     = "arn:aws:iam::${var.account_id}:role/deploy"
    session_name = "tfkit"
  }

  default_tags {
    tags = {
      ManagedBy = "tfkit"
      Team      = var.team
    }
  }
}

provider "google" {
  project = "acme-prod"
}
