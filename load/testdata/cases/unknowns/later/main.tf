resource "null_resource" "inside" {}
