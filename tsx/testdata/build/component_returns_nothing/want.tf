resource "null_resource" "kept" {}
