# Values only the cloud knows: the evaluation goes on around them.
data "aws_availability_zones" "available" {}

locals {
  azs = slice(data.aws_availability_zones.available.names, 0, 2)
}

resource "aws_subnet" "private" {
  count             = length(local.azs)
  availability_zone = local.azs[count.index]
  cidr_block        = cidrsubnet("10.0.0.0/16", 8, count.index)
  vpc_id            = "vpc-123"
  tags              = { Name = "private", Tier = "app" }
}

resource "aws_route_table" "by_az" {
  for_each = toset(local.azs)
  vpc_id   = "vpc-123"
  tags     = { Name = "rt-${each.key}", Shared = "yes" }
}

resource "aws_eip" "known" {
  count  = 2
  domain = "vpc"
  tags   = { Subnets = length(aws_subnet.private), First = aws_subnet.private[0].id }
}

module "zones" {
  source   = "./child"
  for_each = toset(local.azs)
  zone     = each.key
  prefix   = "net"
}

module "registry" {
  source  = "terraform-aws-modules/vpc/aws"
  version = "6.0.0"
}

output "vpc_id" {
  value = module.registry.vpc_id
}

output "zones" {
  value = module.zones
}

output "ids" {
  value = concat(aws_eip.known[*].domain, ["fixed"])
}
