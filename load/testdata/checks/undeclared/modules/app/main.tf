terraform {
  required_providers {
    aws = {
      source                = "hashicorp/aws"
      configuration_aliases = [aws.east]
    }
  }
}

resource "aws_instance" "in_app" {
  provider = aws.east
  ami      = "ami-2"
}

resource "aws_instance" "elsewhere" {
  provider = aws.north
  ami      = "ami-3"
}
