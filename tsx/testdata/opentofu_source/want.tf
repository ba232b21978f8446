variable "flavor" {
  type    = string
  default = "a"
}

module "app" {
  source = "./modules/${var.flavor}"
}

output "flavor" {
  value = module.app.flavor
}
