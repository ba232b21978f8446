output "size" {
  value = var.size * 2
}

resource "aws_instance" "nobase" {
  ami = "x"
}
