provider "aws" {
  alias  = "west"
  region = "us-west-2"
}

resource "aws_vpc" "main" {
  cidr_block = "10.0.0.0/16"
}

data "aws_ami" "ubuntu" {
  most_recent = true
}

resource "aws_instance" "web" {
  count         = 2
  provider      = aws.west
  ami           = data.aws_ami.ubuntu.id
  instance_type = "t3.micro"
  tags = {
    Name = "web-${count.index}"
  }

  dynamic "ebs_block_device" {
    for_each = var.volumes
    iterator = vol

    content {
      device_name = vol.key
      volume_size = vol.value
    }
  }

  connection {
    type = "ssh"
    user = "ubuntu"
    host = self.public_ip
  }

  provisioner "local-exec" {
    command = "echo ${self.private_ip} >> ips.txt"
  }

  provisioner "remote-exec" {
    when       = destroy
    on_failure = continue
    inline     = ["echo bye"]

    connection {
      host = self.public_ip
    }
  }

  depends_on = [aws_vpc.main, data.aws_ami.ubuntu]

  lifecycle {
    create_before_destroy = true
    prevent_destroy       = true
    ignore_changes        = [tags, tags["Name"], ebs_block_device[0].volume_size]
    replace_triggered_by  = [aws_vpc.main, aws_vpc.main.id, aws_vpc.main.cidr_block]

    precondition {
      condition     = data.aws_ami.ubuntu.architecture == "x86_64"
      error_message = "The AMI must be for x86_64."
    }

    postcondition {
      condition     = self.public_dns.x
      error_message = "no public DNS"
    }
  }
}

resource "aws_eip" "each" {
  for_each = {
    a = "x"
    b = "y"
  }
  instance = aws_instance.web[0].id
  tags = {
    Name  = each.key
    Value = each.value
  }
}

variable "volumes" {
  type = map(number)
}

resource "terraform_data" "replaced" {
  count = 3
}

resource "terraform_data" "all" {
  lifecycle {
    ignore_changes = all
  }
}
