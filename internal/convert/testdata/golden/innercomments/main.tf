# Comments inside object and tuple constructors: in Go they stay with the
# items they are written before, and one at the end of an item's line stays
# there; TSX writes them after the prop.
variable "ports" {
  # Before the default.
  default = {
    # The web port.
    http = 80
    https = 443 # with TLS
  }
}

locals {
  containers = {
    app = {
      cpu = 256
      # Written by the app.
      readonly = false
    }
    # The sidecar.
    sidecar = {
      cpu = 128
    }
    # after the last item
  }
  zones = [
    # The first zone.
    "a",
    "b", # the second
  ]
  plain = ["x", "y"]
}

resource "terraform_data" "policy" {
  input = jsonencode({
    Version = "2012-10-17"
    # One statement.
    Statement = [for s in var.ports : {
      # The port.
      Port = s
    }]
  })
  triggers_replace = local.zones # why
}

output "containers" {
  # What runs.
  value = {
    # The app.
    app = local.containers.app
  }
}

resource "terraform_data" "inline" {
  input = { a = 1 } # the attribute's
}

locals {
  name = "app"
  # An object with a key that is an expression is tfkit.Object: the
  # comments inside it stay with its items.
  keyed = {
    # The sidecar.
    sidecar = { cpu = 128 }

    (local.name) = {
      cpu = 512 # the app's
    }
  }
}
