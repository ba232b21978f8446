# The network: one VPC and a subnet per zone.
terraform {
  required_version = ">= 1.5"
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> 5.0"
    }
  }
}

provider "aws" {
  region = var.region # where everything lives
}

provider "aws" {
  alias  = "west"
  region = "us-west-2"
}

variable "region" {
  type        = string
  default     = "eu-west-1"
  description = "The region."
  validation {
    condition     = length(var.region) > 3
    error_message = "Too short."
  }
}

variable "zones" {
  type     = list(string)
  default  = ["a", "b"]
  nullable = false
}

locals {
  // Tags on everything.
  tags = {
    Name = "net-${var.region}"
    "a b" = true
  }
  literal = "cost: $${price} and 100%%{x}"
}

/* The VPC.
   Big enough for everything. */
resource "aws_vpc" "main" {
  cidr_block = "10.0.0.0/16"
  tags       = local.tags
}

resource "aws_subnet" "zone" {
  count             = length(var.zones)
  vpc_id            = aws_vpc.main.id
  cidr_block        = cidrsubnet(aws_vpc.main.cidr_block, 8, count.index)
  availability_zone = "${var.region}${var.zones[count.index]}"
  provider          = aws.west

  lifecycle {
    ignore_changes = [tags]
  }
}

data "aws_ami" "ubuntu" {
  most_recent = true
  owners      = ["099720109477"]
  filter {
    name   = "name"
    values = ["ubuntu/*"]
  }
  filter {
    name   = "virtualization-type"
    values = ["hvm"]
  }
}

resource "aws_security_group" "web" {
  name   = "sg-${aws_vpc.main.id}-100% $${x} %%{y} $${aws_vpc.main.id}"
  vpc_id = aws_vpc.main.id
  dynamic "ingress" {
    for_each = var.zones
    iterator = z
    content {
      description = "zone ${z.value}"
      from_port   = z.key * 100
    }
  }
  depends_on = [aws_subnet.zone]
}

module "dns" {
  source  = "./modules/dns"
  zone_id = aws_vpc.main.id
  ratio   = 0.25
  big     = -3
}

output "subnet_ids" {
  value       = aws_subnet.zone[*].id
  description = "The subnets."
  depends_on  = [aws_vpc.main]
}

output "names" {
  value     = { for k, v in local.tags : k => upper(v) if v != "" }
  sensitive = true
}

output "first" {
  value = module.dns.records[0]
}

moved {
  from = aws_vpc.old
  to   = aws_vpc.main
}

variable "commented" {
  # The type.
  type = number
  default = 3 # three
  validation {
    # Positive.
    condition     = var.commented > 0
    error_message = "Must be positive."
  }
}

output "commented" {
  // The value.
  value     = var.commented
  sensitive = true # hide it
}
module "peer" {
  source     = "./modules/dns"
  count      = 2
  providers  = { aws = aws.west }
  depends_on = [module.dns, aws_vpc.main]
}

resource "aws_eip" "ip" {
  vpc = true
  tags = {
    Name = "ip-${aws_vpc.main.id}-${var.region}-$${x}-` \\ 100%"
  }
  lifecycle {
    create_before_destroy = true
    replace_triggered_by  = [aws_vpc.main.id, aws_subnet.zone]
    ignore_changes        = all
    postcondition {
      condition     = self.public_ip != ""
      error_message = "No IP."
    }
  }
}

data "aws_caller_identity" "me" {
  lifecycle {
    postcondition {
      condition     = self.account_id != ""
      error_message = "No account."
    }
  }
}

output "account" {
  value = data.aws_caller_identity.me.account_id
  precondition {
    condition     = data.aws_caller_identity.me.account_id != "0"
    error_message = "Bad account."
  }
}

import {
  to = aws_eip.ip
  id = "eipalloc-1"
}

removed {
  from = aws_instance.gone
  lifecycle {
    destroy = false
  }
}
# The end.
