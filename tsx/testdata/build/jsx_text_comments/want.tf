resource "null_resource" "db" {}

resource "null_resource" "first" {
  count      = 2
  depends_on = [null_resource.db]
}

resource "null_resource" "middle" {
  count      = 2
  depends_on = [null_resource.db]
}

resource "null_resource" "last" {
  # an HCL comment stays
  count      = 1
  depends_on = [null_resource.db]
}

resource "null_resource" "wrapped" {
  count      = 1
  depends_on = [null_resource.db]
}
