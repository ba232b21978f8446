variable "environment" {
  type    = string
  default = "dev"
}

locals {
  common_tags = {
    Environment = var.environment
    Team        = "infra"
  }
}

locals {
  name = "app-${var.environment}"
  tags = merge(local.common_tags, {
    Name = local.name
  })
  team = local.common_tags.Team
  zone = "a"
}
