variable "prefix" { type = string }

resource "aws_internet_gateway" "gw" {
  tags = { Name = "${var.prefix}-igw" }
}

output "full" {
  value = "${var.prefix}-inner"
}
