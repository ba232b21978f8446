locals {
  names = ["a", "b"]
  # A template directive has no helper.
  list = "%{for n in local.names}${n},%{endfor}"
  keyed = { (local.names[0]) = 1 }
}

resource "null_resource" "p" {
  provisioner "local-exec" {
    command = "echo ${self.id}"
  }
}

ephemeral "random_password" "db" {
  length = 16
}

check "health" {
  assert {
    condition     = 1 == 1
    error_message = "never"
  }
}
