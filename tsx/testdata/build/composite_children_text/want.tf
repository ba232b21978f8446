resource "null_resource" "db" {}

resource "null_resource" "web" {
  count      = 1
  depends_on = [null_resource.db]
}

resource "null_resource" "outer" {
  count      = 2
  depends_on = [null_resource.db]
}

resource "null_resource" "one_line" {
  count = 3
}
