variable "idx" { type = number }

module "b" {
  source   = "../b"
  for_each = { for i in range(var.idx + 1) : "k${i}" => i }
  parent   = var.idx
  n        = each.value
}

resource "terraform_data" "a" {
  input = [for k, m in module.b : "${k}:${m.label}"]
}

output "deep" {
  value = { for k, m in module.b : k => m.label }
}
