provider "aws" {
  region = "ap-northeast-1"
}

provider "aws" {
  alias  = "virginia"
  region = "us-east-1"
}

resource "aws_instance" "tokyo" {
  ami           = "ami-xxx"
  instance_type = "t3.micro"
}

resource "aws_instance" "us" {
  ami           = "ami-yyy"
  instance_type = "t3.micro"
  provider      = aws.virginia
}
