variable "label" { type = string }

resource "terraform_data" "each" {
  for_each = { for s in ["one", "two"] : s => upper(s) }
  input    = { key = each.key, value = each.value, label = var.label }
}

output "keys" {
  value = sort(keys(terraform_data.each))
}
