variable "pick" {
  type    = string
  default = "ada"
}

resource "null_resource" "pets" {
  for_each = {
    "0"    = "C"
    ada    = "A"
    my-key = "B"
  }
}

data "null_data_source" "zones" {
  for_each = toset(["a", "b"])
}

module "apps" {
  source = "./modules/app"
  for_each = {
    web = 1
  }
}

resource "null_resource" "fleet" {
  count = 2
}

resource "null_resource" "after" {
  for_each = {
    ada = "A"
  }
  depends_on = [null_resource.pets["ada"], module.apps["web"], null_resource.fleet[1]]
  triggers = {
    dashed   = null_resource.pets["my-key"].id
    numeric  = null_resource.pets["0"].id
    dotted   = null_resource.pets["ada"].id
    zone     = data.null_data_source.zones["a"].outputs
    app      = module.apps["web"].url
    same     = null_resource.pets[each.key].id
    chosen   = null_resource.pets[var.pick].triggers.name
    prefixed = null_resource.pets["x-${var.pick}"].id
    counted  = null_resource.fleet[length(var.pick)].id
    all      = join(",", null_resource.fleet[*].id)
    firsts   = jsonencode(null_resource.fleet[*].triggers[0])
  }

  lifecycle {
    replace_triggered_by = [null_resource.pets["ada"].id]
  }
}

output "app" {
  value = module.apps["web"]
}
