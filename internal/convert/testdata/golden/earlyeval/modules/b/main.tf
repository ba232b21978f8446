variable "label" {
  type = string
}

resource "terraform_data" "b" {
  input = "b-${var.label}"
}

output "id" {
  value = terraform_data.b.input
}
