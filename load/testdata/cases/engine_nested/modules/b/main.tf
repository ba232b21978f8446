variable "parent" { type = number }
variable "n" { type = number }

resource "terraform_data" "leaf" {
  count = var.n + 1
  input = "p${var.parent}-n${var.n}-c${count.index}"
}

resource "random_id" "r" {
  count       = var.n
  byte_length = 4 + count.index
  prefix      = "p${var.parent}"
}

output "label" {
  value = join("+", terraform_data.leaf[*].input)
}

resource "terraform_data" "tagged" {
  for_each = toset(["x", "y"])
  input    = "p${var.parent}-n${var.n}-${each.key}"
}

module "c" {
  source = "../c"
  count  = var.n
  label  = "p${var.parent}-n${var.n}-m${count.index}"
}

output "c_keys" {
  value = module.c[*].keys
}
