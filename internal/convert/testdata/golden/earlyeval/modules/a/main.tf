variable "label" {
  type = string
}

resource "terraform_data" "a" {
  input = "a-${var.label}"
}

output "id" {
  value = terraform_data.a.input
}
