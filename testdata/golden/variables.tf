variable "region" {
  type        = string
  description = "The AWS region."
  default     = "eu-west-1"
}

variable "ports" {
  type    = list(number)
  default = [80, 443]

  validation {
    condition     = alltrue([for p in var.ports : p < 65536])
    error_message = "Ports must be below 65536."
  }
}

variable "settings" {
  type      = object({ name = string, size = optional(number, 1) })
  sensitive = true
  nullable  = false
  ephemeral = true
}

variable "anything" {
  default = null
}

variable "objects" {
  type = map(object({ a = string, b = bool }))
}
