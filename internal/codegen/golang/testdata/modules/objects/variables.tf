variable "network" {
  description = "The network and its subnets."
  type = object({
    name = string
    cidr = string
    subnets = list(object({
      cidr   = string
      zone   = optional(string, "a")
      public = optional(bool, false)
      tags   = optional(map(string), {})
    }))
    dns = optional(object({
      domain = string
      ttl    = optional(number, 300)
    }))
  })
}

variable "rules" {
  description = "Firewall rules by name."
  type = map(object({
    port      = number
    protocols = optional(set(string), ["tcp"])
  }))
  default = {}
}

variable "peers" {
  type    = set(object({ id = string }))
  default = []
}

variable "grid" {
  type    = list(list(object({ x = number, y = optional(number) })))
  default = []
}

# An input named like a declaration of the package, and an attribute named
# like the method every object struct has.
variable "inputs" {
  type = object({
    terraform_value = optional(string)
    extra           = optional(any)
  })
  default = null
}

variable "pair" {
  type    = tuple([string, object({ n = number })])
  default = ["a", { n = 1 }]
}

variable "labels" {
  type    = map(string)
  default = { team = "net", "cost-center" = "42" }
}

# The default of an optional object attribute gets the defaults of the
# attributes inside it, as Terraform applies them: { a = 1, b = [], c = [{ p = 8 }] }.
variable "layered" {
  type = object({
    inner = optional(object({
      a = number
      b = optional(list(string), [])
      c = optional(list(object({ p = optional(number, 8) })), [{}])
    }), { a = 1 })
  })
  default = null
}
