# What Terraform refuses of ephemeral values, in its words and places:
# an ephemeral value for a child module's variable not declared
# ephemeral, in an output not declared ephemeral (in the child and in
# the root), an ephemeral root output, and an ephemeral value in
# terraform_data, none of whose arguments is write-only. ephemeralasnull
# makes a value fit to keep. terraform.applying is ephemeral too.

variable "token" {
  type      = string
  ephemeral = true
  default   = "t0ken"
}

module "child" {
  source = "./child"
  plain  = var.token
  accept = var.token
}

output "leak" {
  value = "token: ${var.token}"
}

output "declared" {
  value     = "x"
  ephemeral = true
}

resource "terraform_data" "stored" {
  input            = var.token
  triggers_replace = [upper(var.token)]
}

resource "terraform_data" "fine" {
  input = ephemeralasnull(var.token)
}

# count and for_each make the instance keys, which are kept.
resource "terraform_data" "per_token" {
  count = length(var.token)
}

module "per_mode" {
  source   = "./child"
  for_each = terraform.applying ? toset(["apply"]) : toset(["plan"])
  plain    = each.key
  accept   = each.key
}
