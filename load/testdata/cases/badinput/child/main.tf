variable "needed" {
  type = string
}
output "echo" {
  value = var.needed
}
