# Primary files with override files merged into them, in both syntaxes.
variable "env" {
  type    = string
  default = "dev"
}

locals {
  # The name prefix.
  prefix = "app-${var.env}"
  size   = 1
}

provider "aws" {
  region = "us-east-1"
}

provider "aws" {
  alias  = "west"
  region = "us-west-1"
}

resource "aws_instance" "web" {
  provider      = aws.west
  instance_type = "t3.micro"
  ami           = "ami-1"

  ebs_block_device {
    size = 10
  }

  tags = {
    Name = "${local.prefix}-web"
  }
}

output "size" {
  value = local.size
}
