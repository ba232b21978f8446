variable "names" {
  type = list(string)
}

resource "null_resource" "fleet" {
  count = 2
}

locals {
  next  = length(null_resource.fleet[*].id) + 1
  label = "fleet-${null_resource.fleet[0].id}"
  pick  = var.names[0] == "a"
}
