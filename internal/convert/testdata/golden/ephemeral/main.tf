provider "aws" {
  alias  = "west"
  region = "us-west-2"
}

variable "names" {
  type    = set(string)
  default = ["a", "b"]
}

# A password that is never stored.
ephemeral "random_password" "db" {
  length  = 16
  special = false # letters and digits
  lifecycle {
    precondition {
      condition     = length(var.names) > 0
      error_message = "No names."
    }
    postcondition {
      condition     = self.result != ""
      error_message = "Empty password."
    }
  }
}

ephemeral "aws_secretsmanager_secret_version" "keys" {
  for_each   = var.names
  secret_id  = "key-${each.key}"
  provider   = aws.west
  depends_on = [ephemeral.random_password.db]
  dynamic "filter" {
    for_each = var.names
    content {
      name = filter.value
    }
  }
}

ephemeral "random_password" "extra" {
  count  = 2
  length = 8 + count.index
}

// The password reaches the provider, a local value and a write-only
// attribute; nothing stores it.
provider "postgresql" {
  password = ephemeral.random_password.db.result
  username = "admin-${ephemeral.random_password.extra[0].result}"
}

locals {
  secret_ids = [for k, v in ephemeral.aws_secretsmanager_secret_version.keys : v.secret_id]
  all_keys   = ephemeral.aws_secretsmanager_secret_version.keys
}

resource "aws_db_instance" "db" {
  password_wo         = ephemeral.random_password.db.result
  password_wo_version = 1
  depends_on          = [ephemeral.random_password.extra]
}

# A body with a labeled block: Block(...).Labeled in Go, a tf.block in TSX.
ephemeral "random_password" "labeled" {
  length = 4
  settings "x" {
    on = true
  }
}
