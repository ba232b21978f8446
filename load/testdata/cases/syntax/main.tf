resource "null_resource" "ok" {}

resource "null_resource" "broken" {
  triggers = {
    a = "unterminated
  }
}
