terraform {
  required_providers {
    nest = {
      source = "example/nest"
    }
  }
}

resource "nest_thing" "t" {
  list = [
    {
      on = true
      x  = "a"
    },
    {
      x = var.x
    },
  ]
  name = "t"
  set  = var.ports
  single = {
    inner = {
      a = {}
      b = {
        v = 2
      }
    }
    name = "one"
  }
}

variable "x" {
  type = string
}

variable "ports" {
  type = set(object({ port = number }))
}
