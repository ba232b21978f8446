variable "prefix" {
  type = string
}

resource "terraform_data" "items" {
  count = 2
  input = "item-${count.index}"
}

resource "terraform_data" "literal" {
  input            = "cost: $${price}"
  triggers_replace = ["$${not.interpolated}", "50%"]
}

resource "terraform_data" "mixed" {
  input = "${var.prefix}-${terraform.workspace}"
}
