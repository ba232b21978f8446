resource "terraform_data" "moved" {}

resource "terraform_data" "moved_changed" {}

resource "terraform_data" "changed" {}

resource "terraform_data" "forgotten" {}

resource "terraform_data" "replaced" {
  triggers_replace = "1"
}

output "x" {
  value = "1"
}
