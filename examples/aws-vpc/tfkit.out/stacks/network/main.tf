terraform {
  required_version = ">= 1.0"

  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> 5.0"
    }
  }

  backend "s3" {
    bucket = "my-terraform-state"
    key    = "dev/network/terraform.tfstate"
    region = "ap-northeast-1"
  }
}

provider "aws" {
  region = "ap-northeast-1"
}

provider "aws" {
  alias  = "virginia"
  region = "us-east-1"
}

variable "environment" {
  type    = string
  default = "dev"
}

variable "additional_ports" {
  type        = list(number)
  description = "Extra ports opened by the security groups."
  default     = [8080, 8443]
}

locals {
  common_tags = {
    Environment = var.environment
    ManagedBy   = "tfkit"
  }
}

resource "aws_vpc" "main" {
  cidr_block           = "10.0.0.0/16"
  enable_dns_hostnames = true
  tags                 = local.common_tags
}

resource "aws_subnet" "main_public_0" {
  availability_zone = "ap-northeast-1a"
  cidr_block        = cidrsubnet(aws_vpc.main.cidr_block, 8, 0)
  tags = merge(local.common_tags, {
    Name = "main-public-ap-northeast-1a"
  })
  vpc_id = aws_vpc.main.id
}

resource "aws_subnet" "main_public_1" {
  availability_zone = "ap-northeast-1c"
  cidr_block        = cidrsubnet(aws_vpc.main.cidr_block, 8, 1)
  tags = merge(local.common_tags, {
    Name = "main-public-ap-northeast-1c"
  })
  vpc_id = aws_vpc.main.id
}

resource "aws_security_group" "web" {
  name   = "web-dev"
  tags   = local.common_tags
  vpc_id = aws_vpc.main.id

  dynamic "ingress" {
    for_each = var.additional_ports

    content {
      from_port   = ingress.value
      to_port     = ingress.value
      protocol    = "tcp"
      cidr_blocks = ["0.0.0.0/0"]
    }
  }
}

resource "aws_security_group" "example" {
  name   = "example"
  vpc_id = aws_vpc.main.id

  dynamic "ingress" {
    for_each = var.additional_ports

    content {
      from_port   = ingress.value
      to_port     = ingress.value
      protocol    = "tcp"
      cidr_blocks = ["0.0.0.0/0"]
    }
  }
}

resource "aws_instance" "tokyo" {
  ami           = "ami-xxx"
  instance_type = "t3.micro"
}

resource "aws_instance" "us" {
  provider      = aws.virginia
  ami           = "ami-yyy"
  instance_type = "t3.micro"
}

resource "aws_instance" "web" {
  ami           = "ami-xxx"
  instance_type = "t3.micro"
  subnet_id     = aws_subnet.main_public_0.id
  depends_on    = [aws_vpc.main]

  lifecycle {
    create_before_destroy = true
    ignore_changes        = [ami]
  }
}

output "vpc_id" {
  value = aws_vpc.main.id
}

output "subnet_ids" {
  value = [aws_subnet.main_public_0.id, aws_subnet.main_public_1.id]
}
