resource "null_resource" "only" {
  triggers = {
    a = "b"
  }
}
