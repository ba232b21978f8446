variable "names" {
  type        = list(string)
  description = "Names"
  default     = ["a"]
}

variable "anything" {
  type = list(any)
}

variable "server" {
  type     = object({ name = string, port = optional(number, 80) })
  nullable = false

  validation {
    condition     = var.server.port > 0
    error_message = "The port must be positive."
  }
}

variable "token" {
  type      = string
  sensitive = true
}

variable "region" {
  type        = string
  description = "Where to deploy"
  default     = "eu-west-1"

  validation {
    condition     = can(regex("^[a-z]+-[a-z]+-[0-9]$", var.region))
    error_message = "Not a region."
  }
}
