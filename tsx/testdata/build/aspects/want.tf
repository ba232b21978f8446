provider "aws" {
  alias  = "west"
  region = "us-west-2"
}

resource "aws_vpc" "main" {
  cidr_block = "10.0.0.0/16"
  tags = {
    Name = "main"
    team = "core"
  }
  provider = aws.west
}

resource "aws_subnet" "a" {
  vpc_id     = aws_vpc.main.id
  cidr_block = "10.0.1.0/24"
  provider   = aws.west
  tags = {
    team = "core"
  }
}

resource "aws_route_table" "rt" {
  vpc_id   = aws_vpc.main.id
  provider = aws.west
}

resource "null_resource" "outside" {}

resource "aws_vpc" "a_shadow" {
  cidr_block = "10.9.0.0/16"
  provider   = aws.west
  tags = {
    team = "core"
  }
}
