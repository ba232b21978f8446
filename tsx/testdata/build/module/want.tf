provider "aws" {
  region = "eu-west-1"
}

provider "aws" {
  alias  = "west"
  region = "us-west-2"
}

module "vpc" {
  source  = "terraform-aws-modules/vpc/aws"
  version = "5.1.0"
  cidr    = "10.0.0.0/16"
  azs     = ["us-west-2a", "us-west-2b"]
  providers = {
    aws = aws.west
  }
}

resource "aws_instance" "app" {
  ami           = "ami-1"
  instance_type = "t3.micro"
  subnet_id     = module.vpc.private_subnets[0]
  depends_on    = [module.vpc]
}

output "vpc_id" {
  value       = module.vpc.vpc_id
  description = "The VPC"
}
