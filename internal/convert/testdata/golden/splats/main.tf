# Splats inside splats read a list of lists: every member of every group.
variable "groups" {
  type = list(object({
    name    = string
    members = list(object({ name = string, tags = list(string) }))
  }))
  default = [
    { name = "a", members = [{ name = "ada", tags = ["x", "y"] }, { name = "bob", tags = [] }] },
    { name = "b", members = [{ name = "cy", tags = ["z"] }] },
  ]
}

resource "terraform_data" "groups" {
  count = 2
  input = var.groups[count.index]
}

locals {
  # A splat of a variable inside a splat, with nothing after it.
  members = var.groups[*].members[*]
  # Three levels, and steps after the innermost splat.
  tags  = var.groups[*].members[*].tags[*]
  first = var.groups[*].members[0].tags[*]
  # An attribute-only splat inside a splat.
  names = var.groups[*].members.*.name
  # A splat with no steps after it, then one of its result.
  all   = var.groups[*]
  again = local.all[*][*].name
  # Splats inside a for expression's collection.
  upper = [for n in flatten(var.groups[*].members[*].name) : upper(n)]
  sizes = { for i, ms in var.groups[*].members[*] : i => length(ms) }
}

resource "terraform_data" "summary" {
  input = {
    # The instances of a resource with count, then a list in each.
    member_names = terraform_data.groups[*].input.members[*].name
    members      = local.members
    tags         = local.tags
    first        = local.first
    names        = local.names
    upper        = local.upper
    sizes        = local.sizes
    again        = local.again
  }
}

resource "terraform_data" "legacy" {
  # Steps after an attribute-only splat inside a splat read its result, the
  # first name of each group: they stay raw HCL.
  input = var.groups[*].members.*.name[0]
}

resource "terraform_data" "keyed" {
  for_each = { a = ["x"], b = ["y", "z"] }
  input    = each.value
}

resource "terraform_data" "fanout" {
  input = {
    # A list of an element without count, and a list of one instance of an
    # element with for_each (its key first, then the splat).
    tags  = terraform_data.summary.input.tags[*][0]
    keyed = terraform_data.keyed["b"].input[*]
    # Right after the ref of an element with for_each, "*" would be read as
    # an instance key: the splat stays raw.
    every = terraform_data.keyed[*]
  }
}
