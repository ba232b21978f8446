resource "null_resource" "text" {
  triggers = {
    workspace = "${terraform.workspace}-app"
    literal   = "$${x}"
  }
}

resource "null_resource" "block" {
  lifecycle {
    create_before_destroy = true
  }
}

resource "null_resource" "lines" {
  lifecycle {
    create_before_destroy = true
  }
}
