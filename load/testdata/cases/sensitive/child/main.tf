variable "password" {
  type = string
}

variable "user" {
  type = string
}

# A child module's output may hold sensitive values without the flag;
# with it, the caller sees the value as sensitive.
output "secret" {
  value     = "${var.user}:${var.password}"
  sensitive = true
}

output "plain" {
  value = upper(var.user)
}
