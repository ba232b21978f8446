provider "random" {
  alias = "second"
}

resource "random_id" "seed" {
  byte_length = 4
}

ephemeral "random_password" "db" {
  length     = 16
  special    = false
  provider   = random.second
  depends_on = [random_id.seed]

  lifecycle {
    postcondition {
      condition     = length(self.result) == 16
      error_message = "Too short."
    }
  }
}

ephemeral "random_password" "pin" {
  count   = 2
  length  = 4
  numeric = true
}

locals {
  db_password = ephemeral.random_password.db.result
  pins        = [ephemeral.random_password.pin[0].result, ephemeral.random_password.pin[1].result]
}
