# Expressions that read the local value or resource they belong to: the
# engines refuse each reference where it is written, and see no cycle.
locals {
  a = "${local.a}-x"
  b = local.a
}

resource "terraform_data" "input" {
  input = terraform_data.input.output
}

resource "terraform_data" "count" {
  count = length(terraform_data.count)
}

resource "terraform_data" "keyed" {
  for_each = toset(["a", "b"])
  input    = each.key == "b" ? terraform_data.keyed["a"].id : "first"
}

data "terraform_remote_state" "s" {
  backend = "local"
  config  = { path = data.terraform_remote_state.s.outputs.path }
}

# replace_triggered_by naming the resource itself: both engines fail the
# plan, finding no change of the resource to compare with.
resource "terraform_data" "replaced" {
  input = "x"
  lifecycle {
    replace_triggered_by = [terraform_data.replaced]
  }
}

# Reading another resource is no self-reference.
resource "terraform_data" "reads_replaced" {
  input = terraform_data.replaced.input
}

module "m" {
  source = "./m"
}
