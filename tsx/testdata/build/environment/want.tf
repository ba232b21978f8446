resource "aws_instance" "app" {
  ami           = "ami-1"
  instance_type = "m5.large"
  tags = {
    Environment = "prod"
  }
}

resource "aws_instance" "replica" {
  ami           = "ami-1"
  instance_type = "m5.large"
}

resource "null_resource" "no_missing" {}
