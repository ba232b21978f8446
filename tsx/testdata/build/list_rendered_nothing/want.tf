resource "null_resource" "first" {}

resource "null_resource" "a" {}

resource "null_resource" "b" {}
