variable "secret" {
  type      = string
  ephemeral = true
}

variable "label" {
  type = string
}

output "secret" {
  value     = "${var.secret}!"
  ephemeral = true
}

output "label" {
  value = upper(var.label)
}
