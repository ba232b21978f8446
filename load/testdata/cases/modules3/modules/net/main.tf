variable "name" { type = string }
variable "cidr" { type = string }
variable "subnets" { type = number }

resource "aws_vpc" "this" {
  cidr_block = var.cidr
  tags       = { Name = var.name }
}

module "subnet" {
  source = "../subnet"
  count  = var.subnets
  vpc_id = aws_vpc.this.id
  cidr   = cidrsubnet(var.cidr, 8, count.index)
  name   = "${var.name}-${count.index}"
}

output "vpc_id" {
  value = aws_vpc.this.id
}

output "subnet_cidrs" {
  value = module.subnet[*].cidr
}

output "leaf_names" {
  value = [for s in module.subnet : s.leaf_label]
}
