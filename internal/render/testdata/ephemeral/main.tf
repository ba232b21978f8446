ephemeral "random_password" "db" {
  length     = 16
  special    = false
  provider   = random.alt
  depends_on = [random_pet.name, data.aws_ami.u]

  lifecycle {
    postcondition {
      condition     = length(self.result) == 16
      error_message = "Wrong length."
    }
  }
}

ephemeral "random_password" "each" {
  for_each = var.users
  length   = each.value
}

provider "postgresql" {
  password = ephemeral.random_password.db.result
}

locals {
  passwords = ephemeral.random_password.each
}
