resource "aws_instance" "in_app" {
  ami = "ami-2"
}
