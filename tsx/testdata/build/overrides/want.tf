resource "null_resource" "first" {}

resource "null_resource" "hello" {
  triggers = {
    b = "2"
    c = null_resource.first.id
  }

  provisioner "local-exec" {
    command    = "echo created"
    on_failure = continue
  }

  lifecycle {
    create_before_destroy = true
    ignore_changes        = [triggers]
  }
}

resource "aws_instance" "web" {
  ami           = "ami-1"
  instance_type = "t3.micro"
  ebs_block_device {
    device_name = "/dev/sdb"
    volume_size = 100
  }

  tags = {
    Name = null
  }
}
