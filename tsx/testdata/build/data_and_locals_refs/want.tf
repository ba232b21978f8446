variable "prefix" {
  type    = string
  default = "app"
}

data "aws_vpc" "main" {
  default = true
}

resource "aws_vpc" "main" {
  cidr_block = data.aws_vpc.main.cidr_block
}

locals {
  name = "${var.prefix}-vpc"
  ids  = [data.aws_vpc.main.id, aws_vpc.main.id]
}

locals {
  second = "independent block"
}

output "name" {
  value = local.name
}

output "first_id" {
  value = local.ids[0]
}

output "tag" {
  value = aws_vpc.main.tags.Name
}
