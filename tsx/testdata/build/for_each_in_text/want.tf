resource "terraform_data" "pets" {
  for_each = {
    a = 1
    b = 2
  }
  input = each.value
}

output "a" {
  value = terraform_data.pets["a"].output
}

output "b" {
  value = terraform_data.pets["b"].output
}
