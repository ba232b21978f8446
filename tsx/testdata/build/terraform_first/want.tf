resource "null_resource" "a" {}

resource "null_resource" "marker" {}

terraform {
  required_version = ">= 1.5"
}
