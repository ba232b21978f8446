# Whole resource objects passed on through locals, module outputs, module
# inputs and for_each: the attributes read from them later that the
# configuration does not set are unknown, never an error.
resource "aws_vpc" "main" {
  cidr_block = "10.0.0.0/16"
}

resource "aws_vpc" "many" {
  count      = 2
  cidr_block = "10.${count.index}.0.0/16"
}

resource "aws_eip" "by_key" {
  for_each = { a = 1, b = 2 }
  domain   = "vpc"
}

locals {
  vpc    = aws_vpc.main
  vpcs   = aws_vpc.many
  eips   = aws_eip.by_key
  merged = merge(aws_vpc.main, { extra = "x" })
}

resource "aws_subnet" "s" {
  vpc_id     = local.vpc.id
  vpc_arn    = local.vpc.arn
  cidr_block = cidrsubnet(local.vpc.cidr_block, 8, 1)
  owner      = local.vpcs[1].owner_id
  route      = local.merged.main_route_table_id
  extra      = local.merged.extra
}

module "sg" {
  source = "./modules/sg"
}

module "typed" {
  source = "./modules/typed"
  vpc    = aws_vpc.main
}

resource "aws_eip_association" "each" {
  for_each      = aws_eip.by_key
  allocation_id = each.value.allocation_id
  domain        = each.value.domain
}

output "sg_arn" {
  value = module.sg.group.arn
}

output "sg_name" {
  value = module.sg.group.name
}

output "public_ips" {
  value = { for k, e in local.eips : k => e.public_ip }
}

output "splat_cidrs" {
  value = local.vpcs[*].cidr_block
}

output "typed_cidr" {
  value = module.typed.cidr
}

# The whole object: what is configured, and as unknowns what is read.
output "vpc" {
  value = aws_vpc.main
}

output "splat_ipv6" {
  value = local.vpcs[*].ipv6_cidr_block
}

resource "aws_network_acl" "acl" {
  dynamic "vpc" {
    for_each = aws_vpc.many
    content {
      acl = vpc.value.default_network_acl_id
    }
  }
}

# try, can and lookup on an attribute nothing else reads: unknown, as in a
# plan, never the fallback.
resource "aws_vpc" "plain" {
  cidr_block = "10.9.0.0/16"
}

locals {
  plain = aws_vpc.plain
}

output "try_owner" {
  value = try(local.vpc.owner_id, "none")
}

output "can_ipv6" {
  value = can(local.vpc.ipv6_association_id)
}

output "lookup_plain" {
  value = lookup(local.plain, "default_security_group_id", "none")
}

output "nested_try" {
  value = try(try(local.plain.tags_all, null), {})
}

output "lookup_configured" {
  value = lookup(local.plain, "cidr_block", "none")
}
