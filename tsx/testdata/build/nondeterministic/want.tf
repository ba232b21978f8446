resource "null_resource" "web_a" {
  triggers = {
    epoch = "1970-01-01T00:00:00.000Z"
    fresh = "true"
  }
}
