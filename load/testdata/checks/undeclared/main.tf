terraform {
  required_providers {
    aws = {
      source = "hashicorp/aws"
    }
  }
}

variable "region" {
  default = "eu-west-1"
}

provider "aws" {
  region = var.region
  default_tags {
    tags = { Owner = "ops-${terraform.workspace}" }
  }
}

provider "aws" {
  alias   = "west"
  region  = "us-west-2"
  profile = var.nope
}

provider "aws" {
  alias = "later"
  # Known only after apply: unknown in the view, with the reason.
  region = aws_vpc.main.tags["Region"]
  token  = aws_vpc.main.arn
}

resource "aws_vpc" "main" {
  cidr_block = "10.0.0.0/16"
  tags       = { Region = "eu-central-1" }
  depends_on = [aws_subnet.missing, module.app]

  lifecycle {
    replace_triggered_by = [aws_vpc.gone.id]
    ignore_changes       = [tags]
  }

  provisioner "local-exec" {
    command = "echo ${self.id} ${var.undeclared_in_provisioner}"
  }

  connection {
    host = self.cidr_block
  }
}

resource "aws_instance" "east" {
  provider = aws.east
  ami      = "ami-1"
}

module "app" {
  source = "./modules/app"
  providers = {
    aws.east = aws.west
    aws      = aws.nowhere
  }
}

output "needs" {
  value      = aws_vpc.main.cidr_block
  depends_on = [local.undefined]
}

import {
  to = aws_vpc.main
  id = "vpc-${var.region}"
}

import {
  to = aws_vpc.nothing_here
  id = var.import_id
}

import {
  to = module.app.aws_instance.in_app
  id = "i-1"
}

moved {
  from = aws_vpc.old
  to   = aws_vpc.main
}

removed {
  from = aws_vpc.retired
  lifecycle {
    destroy = false
  }
}
