resource "random_pet" "web" {
  length = 2
}

moved {
  from = random_pet.old
  to   = random_pet.web
}

import {
  to = random_pet.web
  id = "bright-owl"
}

removed {
  from = random_string.gone

  lifecycle {
    destroy = false
  }
}

check "health" {
  assert {
    condition     = length(random_pet.web.id) > 0
    error_message = "No name."
  }
}

ephemeral "random_password" "db" {
  length = 16
}

check "scoped" {
  data "local_file" "motd" {
    filename = "/etc/motd"
  }
  assert {
    condition     = data.local_file.motd.content != ""
    error_message = "The motd is empty."
  }
}
