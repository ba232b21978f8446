variable "zone_id" {
  type    = string
  default = "z"
}

variable "ratio" {
  type    = number
  default = 1
}

variable "big" {
  type    = number
  default = 0
}

output "records" {
  value = ["a.${var.zone_id}"]
}
