locals {
  n = local.n + 1
}

resource "terraform_data" "replaced" {
  count = 1
  lifecycle {
    replace_triggered_by = [terraform_data.replaced[0].input]
  }
}
