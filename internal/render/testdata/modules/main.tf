module "vpc" {
  source  = "terraform-aws-modules/vpc/aws"
  version = "~> 5.1"
  count   = 2
  name    = "vpc-${count.index}"
  cidr    = "10.${count.index}.0.0/16"
  providers = {
    aws      = aws.west
    aws.peer = aws.east
  }
  depends_on = [aws_iam_role.deploy, module.network]
}

module "buckets" {
  source     = "./modules/bucket"
  for_each   = var.buckets
  name       = each.key
  versioning = each.value.versioning
  providers = {
    aws = aws.west
  }
}

module "nulls" {
  source = "./modules/nulls"
  providers = {
    null.west = null.west
  }
}
