variable "vpc_id" { type = string }
variable "cidr" { type = string }
variable "name" { type = string }

resource "aws_subnet" "this" {
  vpc_id     = var.vpc_id
  cidr_block = var.cidr
}

module "leaf" {
  source = "../leaf"
  label  = var.name
}

output "cidr" {
  value = aws_subnet.this.cidr_block
}

output "leaf_label" {
  value = module.leaf.label
}
