resource "random_pet" "server" {
  length = 2
}

resource "random_pet" "api" {}

resource "random_id" "token" {
  byte_length = 8
}

moved {
  from = random_pet.old
  to   = random_pet.server
}

moved {
  from = random_pet.legacy_api
  to   = random_pet.api
}

import {
  to = random_id.token
  id = "aGVsbG8"
}

provider "random" {
  alias = "second"
}

resource "random_id" "many" {
  for_each    = var.ids
  byte_length = 4
  provider    = random.second
}

variable "ids" {
  type = map(string)
  default = {
    a = "YQ"
    b = "Yg"
  }
}

import {
  for_each = var.ids
  to       = random_id.many[each.key]
  id       = each.value
  provider = random.second
}

moved {
  from = random_id.old_token
  to   = random_id.token
}

import {
  to = random_pet.server
  id = "bright-owl"
}

removed {
  from = random_string.gone

  lifecycle {
    destroy = false
  }
}

removed {
  from = null_resource.cleanup

  lifecycle {
    destroy = true
  }

  provisioner "local-exec" {
    command = "echo removed"
    when    = destroy
  }
}

check "pet_length" {
  assert {
    condition     = length(random_pet.server.id) > 0
    error_message = "The pet has no name."
  }
}

check "two" {
  data "local_file" "motd" {
    filename = "/etc/motd"
  }
  assert {
    condition     = length(random_pet.server.id) > 2
    error_message = "short"
  }
  assert {
    condition     = data.local_file.motd.content != ""
    error_message = "empty motd"
  }
}

check "several" {
  assert {
    condition     = random_id.token.byte_length > 4
    error_message = "one"
  }

  assert {
    condition     = random_pet.api.length < 3
    error_message = "two"
  }
}
