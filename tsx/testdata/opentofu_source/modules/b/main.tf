resource "terraform_data" "this" {
  input = "b"
}

output "flavor" {
  value = terraform_data.this.output
}
