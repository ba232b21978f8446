locals {
  a = local.b
  b = local.c
  c = "${local.a}-x"
  d = "independent"
  e = local.a
}

resource "null_resource" "x" {
  triggers = {
    a = local.e
    d = local.d
  }
}

resource "null_resource" "p" {
  triggers = { q = null_resource.q.id }
}

resource "null_resource" "q" {
  triggers = { p = null_resource.p.id }
}

resource "null_resource" "selfish" {
  count    = 2
  triggers = { prev = count.index > 0 ? null_resource.selfish[0].id : "first" }
}

# A resource's depends_on naming the resource itself is no cycle: the
# engines drop the reference and plan the resource.
resource "null_resource" "waits_for_itself" {
  triggers = { a = "x" }

  depends_on = [null_resource.waits_for_itself]
}

data "null_data_source" "reads_after_itself" {
  depends_on = [data.null_data_source.reads_after_itself]
}
