# An object that sets a key twice: HCL keeps the last value without a
# word, as in terraform-aws-alb's examples.
variable "port" {
  type    = number
  default = 8080
}

resource "terraform_data" "target" {
  input = {
    protocol = "HTTP"
    port     = 80
    health_check = {
      port = "traffic-port"
      path = "/healthz"
    }
    "port" = var.port
  }
}

output "port" {
  value = terraform_data.target.input.port
}
