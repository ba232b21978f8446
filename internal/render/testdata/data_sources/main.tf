data "aws_ami" "ubuntu" {
  most_recent = true
  owners      = ["099720109477"]
  provider    = aws.west
  depends_on  = [aws_vpc.main]

  filter {
    name   = "name"
    values = ["ubuntu/images/hvm-ssd/ubuntu-jammy-22.04-amd64-server-*"]
  }

  filter {
    name   = "virtualization-type"
    values = ["hvm"]
  }

  lifecycle {
    postcondition {
      condition     = self.architecture == "x86_64"
      error_message = "Wrong architecture."
    }
  }
}

data "terraform_remote_state" "network" {
  backend = "s3"
  config = {
    bucket = "acme-terraform-state"
    key    = "network/terraform.tfstate"
    region = var.region
  }
}

data "aws_availability_zones" "available" {
  state = "available"
}
