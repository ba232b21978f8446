resource "terraform_data" "a" {
  input = {
    tags = {
      Name = "WEB"
      Team = "OPS"
    }
    ports = [80, 443]
  }
}
