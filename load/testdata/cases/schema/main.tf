resource "random_string" "s" {
  length  = "12"
  special = false
}

resource "null_resource" "n" {
  triggers = {
    s = random_string.s.result
    n = 5
  }
}

resource "random_password" "p" {
  length  = 8
  lenght  = 9
}

resource "random_nothing" "x" {}

resource "local_file" "f" {
  filename = "out.txt"
  content  = "hi"
}

output "result" {
  value = random_string.s.result
}

resource "random_integer" "i" {
  min = 1
  max = "ten"
}

output "typo" {
  value = random_string.s.resutl
}

resource "null_resource" "old_style" {
  triggers {
    a = "b"
  }
}
