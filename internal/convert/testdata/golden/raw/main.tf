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
    condition     = length(local.names) == 2
    error_message = "never"
  }
}

terraform {
  required_version = ">= 1.5"
  backend "local" {
    path = "state.tfstate"
  }
}

resource "null_resource" "q" {
  connection {
    type = "ssh"
    host = "x"
  }
  provisioner "remote-exec" {
    when       = destroy
    on_failure = continue
    inline     = ["echo"]
    connection {
      host = "y"
    }
  }
}

check "site" {
  data "http" "site" {
    url = "https://example.com"
  }
  assert {
    condition     = data.http.site.status_code == 200
    error_message = "down"
  }
}

resource "terraform_data" "labeled" {
  dynamic "setting" {
    for_each = ["a", "b"]
    labels   = [setting.value]
    content {
      v = setting.key
    }
  }
}
