variable "vpc" {
  type = object({
    id             = string
    cidr_block     = string
    dhcp_options_id = string
  })
}

output "cidr" {
  value = var.vpc.cidr_block
}
