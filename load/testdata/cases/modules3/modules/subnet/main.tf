variable "vpc_id" { type = string }
variable "cidr" { type = string }
variable "name" { type = string }

resource "aws_subnet" "this" {
  vpc_id     = var.vpc_id
  cidr_block = var.cidr
}

resource "aws_route" "r" {
  for_each               = { internet = "0.0.0.0/0", office = "192.168.0.0/16" }
  destination_cidr_block = each.value
  description            = "${var.name}-${each.key}"
}

module "leaf" {
  source   = "../leaf"
  for_each = toset(["a", "b"])
  label    = "${var.name}-${each.key}"
}

module "leaf_counted" {
  source  = "../leaf"
  count   = 2
  label   = "${var.name}-c${count.index}"
  enabled = count.index == 0
}

output "cidr" {
  value = aws_subnet.this.cidr_block
}

output "leaf_label" {
  value = module.leaf["a"].label
}

output "leaf_labels" {
  value = concat([for k, l in module.leaf : l.label], module.leaf_counted[*].label)
}
