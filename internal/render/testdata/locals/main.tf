locals {
  name        = "app"
  environment = var.environment
  prefix      = "${local.name}-${var.environment}"
}

locals {
  common_tags = merge(var.tags, {
    Environment   = var.environment
    "Cost Center" = "42"
    Name          = local.prefix
  })
  azs = slice(data.aws_availability_zones.available.names, 0, 3)
}
