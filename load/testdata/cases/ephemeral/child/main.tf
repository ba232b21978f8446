variable "plain" {
  type = string
}

variable "accept" {
  type      = string
  ephemeral = true
}

output "kept" {
  value     = var.accept
  ephemeral = true
}

output "stored" {
  value = var.accept
}
