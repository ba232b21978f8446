resource "null_resource" "main" {}

resource "null_resource" "undefined_service" {}
