provider "aws" {
  alias  = "west"
  region = "us-west-2"
}

resource "aws_instance" "web" {
  count = 2
  ami   = "ami-1"
}

resource "aws_instance" "fleet" {
  for_each = { a = "i-1", b = "i-2" }
  ami      = "ami-1"
}

module "net" {
  source = "./modules/net"
}

# Renamed.
moved {
  from = aws_instance.app
  to   = aws_instance.web
}

moved {
  from = aws_instance.app_b[1]
  to   = aws_instance.web[1] # by index
}

moved {
  from = module.old
  to   = module.net
}

moved {
  from = aws_instance.x["a"]
  to   = module.net.aws_instance.x["a"]
}

import {
  to       = aws_instance.web[0]
  id       = "i-0abc"
  provider = aws.west
}

import {
  for_each = { a = "i-1", b = "i-2" }
  to       = aws_instance.fleet[each.key]
  id       = each.value
}

import {
  to = aws_instance.web[1]
  identity = {
    id     = "i-0def"
    region = "eu-west-1"
  }
}

removed {
  from = aws_instance.legacy
  lifecycle {
    destroy = true
  }
  provisioner "local-exec" {
    when    = destroy
    command = "echo bye ${self.id}"
  }
}

removed {
  from = module.gone
  lifecycle {
    destroy = false
  }
}


variable "x_identity" {
  type    = map(string)
  default = { id = "i-0x" }
}

# Not the shapes the props take (a string for the bool destroy, which
# Terraform converts): innerText in TSX, raw HCL in Go.
removed {
  from = aws_instance.old_x
  lifecycle {
    destroy = "false"
  }
}

import {
  to       = module.net.aws_instance.x["a"]
  identity = var.x_identity
}

check "counts" {
  assert {
    condition     = length(aws_instance.web) == 2
    error_message = "Two servers."
  }
  assert {
    # Both of the fleet.
    condition     = length(aws_instance.fleet) == 2
    error_message = "Two in the fleet."
  }
}

check "site" {
  data "http" "site" {
    url        = "https://example.com"
    depends_on = [aws_instance.web]
  }
  assert {
    condition     = data.http.site.status_code == 200
    error_message = "The site is down."
  }
}

check "template" {
  data "http" "a" {
    url = "https://a.example.com"
  }
  assert {
    condition     = data.http.a.status_code == 200
    error_message = "%{for n in ["a", "b"]}${n} %{endfor}differ."
  }
}
