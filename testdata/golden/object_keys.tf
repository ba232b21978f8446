variable "name" {
  type    = string
  default = "web"
}

locals {
  prefix = "app"
}

locals {
  keyed = {
    (var.name)          = 1
    "${local.prefix}-x" = 2
    plain               = 3
    "two words"         = 4
    "for"               = 5
    "$${literal}"       = 6
    (upper(var.name)) = {
      (var.name) = true
    }
    (true ? "a" : "b") = var.name
    "$${kept}"         = 7
    42                 = "number key"
  }
  tomap = tomap({
    (var.name) = local.prefix
  })
  in_for = { for k, v in var.name : k => {
    (k) = v
  } }
  empty = {}
  indexed = {
    (var.name) = "x"
  }[var.name]
}

resource "aws_instance" "web" {
  tags = {
    Name               = var.name
    "${var.name}-role" = "web"
  }
}
