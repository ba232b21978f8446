resource "aws_security_group" "web" {
  name = "web"
  tags = {
    Name = "web"
    Tier = "front"
  }
  vpc_id = "vpc-123"

  egress {
    from_port = 0
    protocol  = "-1"
    to_port   = 0
  }

  ingress {
    from_port = 80
    protocol  = "tcp"
    to_port   = 80
  }

  ingress {
    from_port = 443
    protocol  = "tcp"
    to_port   = 443
  }
}

resource "aws_instance" "web" {
  instance_type = "t3.micro"
  ami           = "ami-456"

  root_block_device {
    volume_size = 20
    encrypted   = true
  }

  user_data = "#!/bin/sh"
}

resource "terraform_data" "empty" {}

resource "aws_instance" "typed" {
  ami = "ami-1"

  root_block_device {
    volume_size = 8
  }
}
