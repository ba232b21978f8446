variable "name" {
  type        = string
  description = "Name prefix for every resource."
}

variable "subnets" {
  type = list(object({
    cidr = string
    zone = optional(string, "a")
    tags = optional(map(string))
  }))
  default = [{ cidr = "10.0.1.0/24" }]
}

variable "enabled" {
  type     = bool
  default  = true
  nullable = false
}

variable "secret" {
  sensitive = true
  default   = null
}
