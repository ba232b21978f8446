# Terraform merges this file into variables.tf: each argument here
# replaces the argument of the same name there.
variable "size" {
  default = 3
}

variable "zones" {
  type = set(string)
}
