variable "size" {
  default = 5
}

resource "aws_instance" "web" {
  instance_type = "t3.large"
  ebs_block_device {
    size = 50
  }
  ebs_block_device {
    size = 60
  }
}
