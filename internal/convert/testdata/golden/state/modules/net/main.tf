resource "aws_instance" "x" {
  for_each = toset(["a"])
  ami      = "ami-1"
}
