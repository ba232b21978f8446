# Each expression kept as raw HCL is reported with the construct that made
# it so.
resource "terraform_data" "groups" {
  count = 2
  input = [{ members = [{ name = "a" }, { name = "b" }] }]
}

locals {
  # An index after an attribute-only splat inside a splat.
  names = terraform_data.groups[0].output[*].members.*.name[0]
  # An index computed for each element.
  firsts = terraform_data.groups[*].output[local.pick]
  pick   = 0
  # A template directive.
  csv = "%{for n in local.names}${n},%{endfor}"
}

provider "null" {
  alias = "west"
}

module "replica" {
  source = "./modules/child"
  name   = "replica"
  # The providers map after the inputs stays there.
  providers = {
    null = null.west
  }
}

# depends_on naming a resource declared after the output, which has no
# handle yet.
output "done" {
  value      = "replica"
  depends_on = [terraform_data.late]
}

resource "terraform_data" "late" {}
