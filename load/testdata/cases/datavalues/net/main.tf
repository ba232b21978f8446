variable "zones" {
  type = list(string)
}

data "aws_subnet" "this" {
  for_each          = toset(var.zones)
  availability_zone = each.key
}

output "arns" {
  value = { for k, s in data.aws_subnet.this : k => s.arn }
}
