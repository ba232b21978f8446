provider "aws" {
  region = "eu-west-1"
}

provider "aws" {
  alias  = "east"
  region = "us-east-1"
}

provider "aws" {
  alias  = "west"
  region = "us-west-2"
}

data "aws_vpc" "main" {
  default = true
}

resource "aws_vpc" "main" {
  cidr_block = "10.0.0.0/16"
}

locals {
  a = 1
}

locals {
  b = 2
}
