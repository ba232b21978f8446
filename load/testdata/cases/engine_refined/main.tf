# Values not known until apply of which the plan knows enough: the id
# the built-in provider plans for terraform_data is never null, and a
# string template with a known start is known to start with it
# (startswith). A count or for_each decided by them is known.
# Cross-checked with terraform plan.

resource "terraform_data" "base" {
  input = "base"
}

locals {
  name = "i-${terraform_data.base.id}"
}

resource "terraform_data" "when_id" {
  count = terraform_data.base.id != null ? 2 : 0
  input = count.index
}

resource "terraform_data" "when_prefix" {
  for_each = startswith(local.name, "i-") ? toset(["a"]) : toset([])
  input    = each.key
}

resource "terraform_data" "facts" {
  input = {
    has_id     = terraform_data.base.id != null
    no_id      = terraform_data.base.id == null
    prefixed   = startswith(local.name, "i-")
    other      = startswith(local.name, "x-")
    longer     = startswith(local.name, "i-abc")
    ends       = endswith(local.name, "z")
    output_set = terraform_data.base.output != null
  }
}
