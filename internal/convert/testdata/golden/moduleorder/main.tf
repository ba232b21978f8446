variable "ip" {
  type    = string
  default = null
}

# count before source, as terraform-azurerm-aks's examples write it.
module "ip" {
  count = var.ip == null ? 1 : 0

  source  = "example/ip/aws"
  version = "1.0.0"
}

module "each" {
  for_each = toset(["a", "b"])
  source   = "example/each/aws"
  name     = each.key

  depends_on = [module.ip]
}

# An input before the version.
module "late" {
  source  = "example/late/aws"
  name    = "late"
  version = "2.0.0"
}

module "usual" {
  source  = "example/usual/aws"
  version = "1.0.0"
  count   = 2
  name    = "n-${count.index}"
}
