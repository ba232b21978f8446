resource "terraform_data" "hosts" {
  count = 2
  input = [
    {
      name  = "a-${count.index}"
      ports = [80, 443]
    },
    {
      name  = "b-${count.index}"
      ports = [22]
    },
  ]
}

output "names" {
  value = terraform_data.hosts[*].output[*].name
}

output "ports" {
  value = terraform_data.hosts[*].output[*].ports[*]
}

output "first_ports" {
  value = terraform_data.hosts[*].output[*].ports[0]
}
