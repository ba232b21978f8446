resource "aws_subnet" "all" {
  count      = 2
  cidr_block = cidrsubnet("10.0.0.0/16", 8, count.index)
}

data "aws_vpc" "main" {
  default = true
}

resource "aws_route_table_association" "rta" {
  for_each  = { for i, s in aws_subnet.all : tostring(i) => s.cidr_block }
  subnet_id = aws_subnet.all[tonumber(each.key)].id
  cidr      = each.value
}

output "arns" {
  value = [for s in aws_subnet.all : s.arn]
}

output "cidrs" {
  value = [for s in aws_subnet.all : s.cidr_block]
}

output "vpc_cidr" {
  value = data.aws_vpc.main.cidr_block
}

output "splat_owner" {
  value = aws_subnet.all[*].owner_id
}

resource "aws_subnet" "next" {
  count      = 2
  depends_on = [aws_subnet.all]
  vpc_id     = aws_subnet.all[*].vpc_id[count.index]
}
