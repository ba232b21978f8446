resource "aws_instance" "web" {
  ami = "ami-0abc"
  ebs_block_device {
    device_name = "/dev/sdb"
    volume_size = 100
  }
  tags = {
    Team = "core"
  }

  lifecycle {
    create_before_destroy = true
  }

  provisioner "local-exec" {
    command = "echo created"
  }
}
