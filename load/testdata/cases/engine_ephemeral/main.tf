# Ephemeral values (Terraform 1.10): an ephemeral variable, a child
# module's ephemeral variable and output, and ephemeralasnull, which
# turns each ephemeral part into null and keeps the rest. Conversions
# keep a sensitive element's mark on that element: the other elements of
# tomap and tolist are not sensitive. Cross-checked with terraform plan.

variable "token" {
  type      = string
  ephemeral = true
  default   = "t0ken"
}

variable "password" {
  type      = string
  sensitive = true
  default   = "p4ss"
}

module "session" {
  source = "./child"
  secret = var.token
  label  = "s"
}

locals {
  login = tomap({ user = "admin", pass = var.password })
  pair  = tolist(["first", var.password])
}

resource "terraform_data" "config" {
  input = {
    token   = ephemeralasnull(var.token)
    nested  = ephemeralasnull({ a = var.token, b = "kept", c = [var.token, "x"] })
    derived = ephemeralasnull("${var.token}-suffix")
    from    = ephemeralasnull(module.session.secret)
    in_map  = ephemeralasnull(tomap({ a = var.token, b = "y" }))
    label   = module.session.label
    user    = local.login["user"]
    first   = local.pair[0]
  }
}

output "user" {
  value = local.login["user"]
}

output "first" {
  value = local.pair[0]
}

output "token_as_null" {
  value = ephemeralasnull(module.session.secret) == null
}

# A failed check whose message is built from an ephemeral value does not
# show the message: a warning says why.
check "token_length" {
  assert {
    condition     = length(var.token) > 10
    error_message = "The token ${var.token} is short."
  }
}
