variable "name" { type = string }

resource "aws_vpc" "this" {
  tags = { Name = var.name, Module = path.module }
}

module "inner" {
  source = "./modules/inner"
  prefix = var.name
}

output "name" {
  value = module.inner.full
}
