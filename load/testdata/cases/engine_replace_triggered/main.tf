# replace_triggered_by may name the instance of the same key or index
# (terraform-azurerm-aks does): each.key and count.index are in scope there.
locals {
  pools = { a = "small", b = "large" }
}

resource "terraform_data" "keeper" {
  for_each = local.pools
  input    = each.value
}

resource "terraform_data" "pool" {
  for_each = local.pools
  input    = "${each.key}-${each.value}"

  lifecycle {
    replace_triggered_by = [terraform_data.keeper[each.key].output]
  }
}

resource "terraform_data" "counted_keeper" {
  count = 2
  input = count.index
}

resource "terraform_data" "counted" {
  count = 2
  input = "n${count.index}"

  lifecycle {
    replace_triggered_by = [terraform_data.counted_keeper[count.index]]
  }
}
