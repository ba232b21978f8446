variable "ports" {
  type    = list(number)
  default = [22, 80]
}

resource "aws_security_group" "web" {
  name_prefix = "web-"
  tags = {
    Name = "web"
  }

  ingress {
    from_port   = 443
    to_port     = 443
    protocol    = "tcp"
    cidr_blocks = ["0.0.0.0/0"]
  }

  ingress {
    from_port   = 8443
    to_port     = 8443
    protocol    = "tcp"
    cidr_blocks = ["10.0.0.0/8"]
  }

  dynamic "egress" {
    for_each = var.ports
    iterator = port

    content {
      from_port = port.value
      to_port   = port.value
      protocol  = "tcp"
    }
  }
}

resource "aws_instance" "web" {
  ami           = "ami-123"
  instance_type = "t3.micro"

  root_block_device {
    volume_size = 20
    tags = {
      Disk = "root"
    }
  }
}
