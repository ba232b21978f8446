terraform {
  # Pinned after the 5.x upgrade.
  required_version = ">= 1.5"

  required_providers {
    aws = {
      source  = "hashicorp/aws" # the official one
      version = "~> 5.0"
    }
  }
}

variable "ports" {
  type    = list(number)
  default = [80, 443] // HTTP and HTTPS
}

resource "aws_vpc" "main" {
  cidr_block = "10.0.0.0/16"
}

resource "aws_security_group" "web" {
  // The web tier.
  name   = "web"
  vpc_id = aws_vpc.main.id # set by the ref

  /*
   * One rule per port.
   */
  dynamic "ingress" {
    for_each = var.ports
    content { # one block per port
      from_port = ingress.value
      to_port   = ingress.value
      protocol  = "tcp"
      cidr_blocks = [
        "10.0.0.0/8",     # office
        "192.168.0.0/16", # VPN
      ]
    }
  } # end of ingress

  egress {
    from_port = 0
    to_port   = 0
    protocol  = "-1"
    # no cidr_blocks yet
  }
  # TODO: tags
}
