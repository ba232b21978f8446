resource "aws_vpc" "main" {
  cidr_block           = "10.0.0.0/16"
  enable_dns_hostnames = true
}

resource "aws_instance" "web" {
  count         = var.instance_count
  ami           = data.aws_ami.ubuntu.id
  instance_type = "t3.micro"
  subnet_id     = aws_subnet.private[count.index].id
  provider      = aws.west
  depends_on    = [aws_vpc.main, aws_internet_gateway.gw]
  tags = {
    Name = "web-${count.index}"
  }

  root_block_device {
    volume_size = 20
    encrypted   = true
  }

  lifecycle {
    create_before_destroy = true
    prevent_destroy       = false
    ignore_changes        = [tags, tags["Owner"]]
    replace_triggered_by  = [aws_security_group.web.id, terraform_data.revision]

    precondition {
      condition     = data.aws_ami.ubuntu.architecture == "x86_64"
      error_message = "The AMI must be for the x86_64 architecture."
    }

    postcondition {
      condition     = self.public_dns != ""
      error_message = "EC2 instance must have a public DNS name."
    }
  }

  provisioner "local-exec" {
    command    = "echo ${self.private_ip} >> hosts.txt"
    on_failure = continue
  }

  provisioner "remote-exec" {
    inline = ["sudo apt-get update", "sudo apt-get install -y nginx"]

    connection {
      type        = "ssh"
      user        = "ubuntu"
      host        = self.public_ip
      private_key = file(pathexpand("~/.ssh/id_rsa"))
    }
  }

  provisioner "local-exec" {
    when    = destroy
    command = "echo destroying"
  }
}

resource "aws_subnet" "private" {
  for_each          = toset(["a", "b"])
  vpc_id            = aws_vpc.main.id
  availability_zone = "${var.region}${each.key}"

  lifecycle {
    ignore_changes = all
  }
}

resource "terraform_data" "revision" {
  input = var.revision
}
