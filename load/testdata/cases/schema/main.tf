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

# With a schema a whole object is complete: try falls back and can is
# false for an attribute the schema lacks. lookup is unknown while any
# part of the object is, as in Terraform.
locals {
  file = local_file.f
}

output "try_missing" {
  value = try(local.file.no_such, "fallback")
}

output "can_missing" {
  value = can(local.file.no_such)
}

output "lookup_missing" {
  value = lookup(local.file, "no_such", "default")
}
