variable "region" {
  type        = string
  default     = "us-east-1"
  description = "AWS region, such as us-east-1; not a $${template}."
  nullable    = false
}

variable "servers" {
  type = list(object({
    name = string
    size = optional(number, 1)
    tags = optional(map(string), {})
  }))
  default = [
    {
      name = "web"
      size = 2
    },
    {
      name = "db"
      size = 1
    },
  ]
  sensitive = true

  validation {
    condition     = length(var.servers) > 0
    error_message = "At least one server is required."
  }

  validation {
    condition     = alltrue([for s in var.servers : s.size <= 8])
    error_message = "Servers may have at most 8 units, got ${max(var.servers[*].size)}."
  }
}

variable "legacy_map" {
  type    = map(any)
  default = {}
}

variable "cidrs" {
  type      = set(string)
  default   = ["10.0.0.0/16", "10.1.0.0/16"]
  ephemeral = false
}

variable "settings" {
  type = object({
    retries = number
    verbose = optional(bool, false)
  })
  default = null
}
