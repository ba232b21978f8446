# With the provider's schema, map-nested blocks are a map keyed by their
# label; a label on a block that takes none is an error. The provider
# block is shaped by the provider's configuration schema.
terraform {
  required_providers {
    feat = { source = "example/feat" }
  }
}

variable "alt_port" {
  default = "8080"
}

provider "feat" {
  token = "t-${var.alt_port}"
}

resource "feat_db" "main" {
  name = "main"

  rule "http" {
    port = 80
  }

  rule "https" {
    port = "443"
  }

  dynamic "rule" {
    for_each = { alt = var.alt_port }
    labels   = [rule.key]
    content {
      port = rule.value
    }
  }

  legacy "oops" {
    x = "1"
  }
}

resource "feat_db" "plain" {
  name = "plain"
}

output "ports" {
  value = { for k, r in feat_db.main.rule : k => r.port }
}
