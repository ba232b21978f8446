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

# Provider blocks are evaluated and listed under "providers".
provider "aws" {
  region = var.region
  default_tags {
    tags = { Owner = "ops-${terraform.workspace}" }
  }
}

provider "aws" {
  alias  = "west"
  region = "us-west-2"
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
  depends_on = [aws_subnet.first, module.app]

  lifecycle {
    replace_triggered_by = [aws_subnet.first.id]
    ignore_changes       = [tags]
  }

  provisioner "local-exec" {
    command    = "echo ${self.id} ${var.region}"
    on_failure = continue
  }

  provisioner "local-exec" {
    when    = destroy
    command = "echo ${self.id}"
  }

  connection {
    host = self.cidr_block
  }
}

resource "aws_subnet" "first" {
  provider   = aws.west
  cidr_block = "10.1.0.0/24"
}

module "app" {
  source = "./modules/app"
  providers = {
    aws = aws.west
  }
}

output "needs" {
  value      = aws_vpc.main.cidr_block
  depends_on = [aws_subnet.first]
}

import {
  to = aws_vpc.main
  id = "vpc-${var.region}"
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
