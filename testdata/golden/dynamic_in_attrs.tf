variable "rules" {
  type = list(object({ port = number }))
}

resource "aws_security_group" "sg" {
  name = "sg"

  dynamic "egress" {
    for_each = [1]

    content {
      from_port = 0
    }
  }

  dynamic "ingress" {
    for_each = var.rules
    labels   = ["x"]

    content {
      from_port = ingress.value.port
    }
  }
}
