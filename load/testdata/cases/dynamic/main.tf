variable "rules" {
  default = [
    { port = 80, cidrs = ["0.0.0.0/0"] },
    { port = 443, cidrs = ["10.0.0.0/8", "192.168.0.0/16"] },
  ]
}

resource "aws_security_group" "web" {
  name = "web"

  ingress {
    from_port = 22
    to_port   = 22
  }

  dynamic "ingress" {
    for_each = var.rules
    iterator = rule
    content {
      from_port   = rule.value.port
      to_port     = rule.value.port
      description = "rule ${rule.key}"

      dynamic "cidr" {
        for_each = rule.value.cidrs
        content {
          block = cidr.value
        }
      }
    }
  }

  egress {
    from_port = 0
  }
}

resource "aws_security_group" "per_env" {
  for_each = { dev = [1], prod = [1, 2] }
  name     = each.key

  dynamic "ingress" {
    for_each = each.value
    content {
      from_port = ingress.value * 1000
    }
  }
}
