# Data source results set by address (tfkit eval --data-values), for
# offline checks: what the cloud would answer is given.
data "aws_availability_zones" "available" {
  state = "available"
}

data "aws_caller_identity" "current" {}

resource "aws_subnet" "private" {
  count             = length(data.aws_availability_zones.available.names)
  availability_zone = data.aws_availability_zones.available.names[count.index]
  cidr_block        = cidrsubnet("10.0.0.0/16", 8, count.index)
  tags              = { Owner = data.aws_caller_identity.current.account_id }
}

module "net" {
  source = "./net"
  zones  = ["a", "b"]
}

output "arns" {
  value = module.net.arns
}
