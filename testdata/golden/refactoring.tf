resource "aws_instance" "web" {
  ami = "ami-1"
}

moved {
  from = aws_instance.old
  to   = aws_instance.web
}

module "new" {
  source = "./new"
}

moved {
  from = module.old
  to   = module.new
}

moved {
  from = aws_instance.old["a"]
  to   = aws_instance.web[0]
}

provider "aws" {
  alias = "west"
}

import {
  provider = aws.west
  to       = aws_instance.web
  id       = "i-0123456789"
}

import {
  to = aws_instance.many["a"]
  id = "i-1"
}

resource "aws_instance" "many" {
  for_each = {
    a = "i-1"
    b = "i-2"
  }
}

removed {
  from = aws_instance.gone

  lifecycle {
    destroy = false
  }
}

removed {
  from = module.legacy

  lifecycle {
    destroy = true
  }
}
