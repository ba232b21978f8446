module "vpc" {
  source  = "terraform-aws-modules/vpc/aws"
  version = "5.0.0"
  name    = "main"
}

module "missing" {
  source = "git::https://example.com/mod.git"
}

output "vpc_name" {
  value = module.vpc.name
}
