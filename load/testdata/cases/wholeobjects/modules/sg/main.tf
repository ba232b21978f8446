resource "aws_security_group" "this" {
  name = "web"
}

output "group" {
  value = aws_security_group.this
}
