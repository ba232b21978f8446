variable "size" {
  type    = number
  default = 1
}

variable "zones" {
  type    = list(string)
  default = ["a"]

  validation {
    condition     = length(var.zones) > 0
    error_message = "At least one zone."
  }
}

variable "name" {
  type        = string
  description = "Name prefix."
}
