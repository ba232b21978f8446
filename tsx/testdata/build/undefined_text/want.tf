resource "null_resource" "web-undefined" {
  triggers = {
    size          = "undefined"
    bucket        = "logs-undefined-eu-west-1"
    undefined_tag = "x"
    note          = "left undefined on purpose"
    owner         = "platform"
  }
}

resource "null_resource" "b" {
  triggers = {
    path = "/srv/b"
  }
}

resource "null_resource" "c" {
  triggers = {
    path = "/srv/undefined"
  }
}

resource "null_resource" "d" {
  triggers = {
    path = "/srv/undefined"
  }
}

resource "null_resource" "db-undefined" {
  triggers = {
    zone = "undefined"
  }
}

resource "null_resource" "text" {
  triggers = {
    zone = "eu-west-1-undefined"
  }
}
