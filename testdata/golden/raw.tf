resource "aws_vpc" "main" {
  cidr_block = "10.0.0.0/16"
}

variable "additional_ports" {
  type    = list(number)
  default = [8080]
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

resource "terraform_data" "raw_expr" {
  directive        = length(var.additional_ports) > 1 ? "many" : "one"
  input            = var.additional_ports[0] == 8080 ? "default" : "custom"
  mod              = var.additional_ports[0] % 2
  triggers_replace = [aws_vpc.main.id]
}
