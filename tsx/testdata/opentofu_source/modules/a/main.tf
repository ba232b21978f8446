resource "terraform_data" "this" {
  input = "a"
}

output "flavor" {
  value = terraform_data.this.output
}
