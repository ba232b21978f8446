resource "null_resource" "first" {}

resource "null_resource" "a_one" {}

resource "null_resource" "a_two" {}

resource "null_resource" "n1" {}

resource "null_resource" "n2" {}

resource "null_resource" "b_one" {}

resource "null_resource" "b_two" {}

resource "null_resource" "last" {}
