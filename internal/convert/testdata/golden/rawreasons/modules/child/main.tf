variable "name" {
  type = string
}

resource "null_resource" "this" {
  triggers = { name = var.name }
}
