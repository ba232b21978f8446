variable "size" {
  default = 1
}

resource "aws_instance" "web" {
  instance_type = "t3.micro"
  ami           = "ami-1"
  ebs_block_device {
    size = 10
  }
  tags = { Env = "dev" }
}

output "size" {
  value = var.size
}
