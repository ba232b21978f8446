terraform {
  required_providers {
    feat = {
      source = "example/feat"
    }
  }
}

resource "feat_db" "db" {
  name = "db"

  backup {
    enabled = true
  }

  rule "http" {
    port = var.http_port
  }

  rule "https" {
    port = 443
  }
}

variable "http_port" {
  type    = number
  default = 80
}

resource "feat_db" "bare" {
  name = "bare"
}
