variable "label" { type = string }
variable "enabled" {
  type    = bool
  default = true
}

resource "aws_route_table" "rt" {
  count = var.enabled ? 2 : 0
  tags  = { Name = "${var.label}-rt${count.index}" }
}

output "label" {
  value = upper(var.label)
}

resource "aws_route_table_association" "assoc" {
  for_each = var.enabled ? { for i in range(2) : "rt${i}" => i } : {}
  name     = "${var.label}-${each.key}"
  position = each.value
}
