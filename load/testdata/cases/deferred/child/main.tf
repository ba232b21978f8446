variable "zone" {
  type = string
}

variable "prefix" {
  type = string
}

resource "aws_nat_gateway" "this" {
  count = 2
  tags  = { Name = "${var.prefix}-${count.index}", Zone = var.zone }
}

output "names" {
  value = aws_nat_gateway.this[*].tags.Name
}
