resource "terraform_data" "moved2" {}

moved {
  from = terraform_data.moved
  to   = terraform_data.moved2
}

resource "terraform_data" "moved_changed2" {
  input = "x"
}

moved {
  from = terraform_data.moved_changed
  to   = terraform_data.moved_changed2
}

resource "terraform_data" "changed" {
  input = "x"
}

removed {
  from = terraform_data.forgotten
  lifecycle {
    destroy = false
  }
}

resource "terraform_data" "replaced" {
  triggers_replace = "2"
}

resource "terraform_data" "added" {}

resource "random_string" "s" {
  length = 3
}

import {
  to = random_string.s
  id = "abc"
}

output "x" {
  value = "2"
}
