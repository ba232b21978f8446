variable "env" {
  default = "prod"
}

locals {
  size = 3
}

provider "aws" {
  alias  = "west"
  region = "us-west-2"
}

resource "aws_instance" "web" {
  # A larger instance with two volumes.
  instance_type = "t3.large"

  ebs_block_device {
    size = 50
  }

  ebs_block_device {
    size = 60
  }
}
