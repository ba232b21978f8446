provider "aws" {
  alias = "west"
}

provider "aws" {
  alias = "east"
}

module "vpc" {
  source  = "terraform-aws-modules/vpc/aws"
  version = "5.1.0"
  providers = {
    aws      = aws.west
    aws.peer = aws.east
  }
  azs  = ["eu-west-1a", "eu-west-1b"]
  cidr = "10.0.0.0/16"
}

module "sg" {
  source     = "./modules/sg"
  for_each   = toset(["a", "b"])
  vpc_id     = module.vpc.vpc_id
  subnets    = module.vpc.private_subnets[0]
  name       = each.key
  depends_on = [module.vpc]
}

module "counted" {
  source = "./modules/c"
  count  = 2
}
