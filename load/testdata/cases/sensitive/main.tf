# Sensitivity as Terraform tracks it.
variable "password" {
  type      = string
  default   = "s3cret"
  sensitive = true
}

variable "settings" {
  type = object({ user = string, token = string })
  default = { user = "admin", token = "t0ken" }
}

resource "random_password" "db" {
  length = 16
}

resource "null_resource" "uses" {
  triggers = {
    user     = var.settings.user
    password = var.password
    hidden   = sensitive(var.settings.token)
    shown    = nonsensitive(sensitive("plain"))
    db       = random_password.db.result
  }
}

module "child" {
  source   = "./child"
  password = var.password
  user     = var.settings.user
}

output "password" {
  value     = var.password
  sensitive = true
}

# Terraform refuses a root output holding a sensitive value without
# sensitive = true.
output "leak" {
  value = { user = var.settings.user, password = var.password }
}

output "from_child" {
  value     = module.child.secret
  sensitive = true
}

output "child_plain" {
  value = module.child.plain
}

output "unmarked" {
  value = nonsensitive(var.password)
}

output "is_sensitive" {
  value = [issensitive(var.password), issensitive(var.settings), issensitive(module.child.secret)]
}
