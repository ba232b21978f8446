variable "cidr" {
  type = string
}

variable "zones" {
  type    = number
  default = 1
}

variable "tags" {
  type    = map(string)
  default = {}
}

output "id" {
  value = "net-${var.cidr}-${var.zones}"
}
