resource "terraform_data" "kept" {}

removed {
  from = terraform_data.a
  lifecycle {
    destroy = false
  }
}
