# A block type written both as blocks and as dynamic blocks, or as several
# dynamic blocks, is a []tfkit.BlockItem holding them in the order written.
variable "rules" {
  default = {
    read = { actions = ["s3:GetObject"] }
  }
}

variable "ports" {
  default = [8080, 8443]
}

data "aws_iam_policy_document" "doc" {
  statement {
    actions   = ["s3:ListBucket"]
    resources = ["*"]
  }

  # One statement per rule.
  dynamic "statement" {
    for_each = var.rules
    content {
      sid       = statement.key
      actions   = statement.value.actions
      resources = ["*"]
    }
  }

  # Written after the dynamic ones, and kept there.
  statement {
    actions   = ["s3:PutObject"]
    resources = ["*"]
  }
}

resource "aws_lb_listener" "web" {
  port = 80

  dynamic "default_action" {
    for_each = var.rules
    content {
      type = "forward"
    }
  }

  dynamic "default_action" {
    for_each = var.ports
    iterator = port
    content {
      type  = "redirect"
      order = port.value
    }
  }
}

resource "aws_security_group" "web" {
  name = "web"

  dynamic "ingress" {
    for_each = var.ports
    content {
      from_port = ingress.value
      to_port   = ingress.value
      protocol  = "tcp"
    }
  }

  ingress {
    from_port = 22
    to_port   = 22
    protocol  = "tcp"
  }

  egress {
    from_port = 0
    to_port   = 0
    protocol  = "-1"
  }
}

data "aws_iam_policy_document" "nested" {
  dynamic "statement" {
    for_each = var.rules
    content {
      actions = statement.value.actions

      condition {
        test     = "Bool"
        variable = "aws:SecureTransport"
        values   = ["true"]
      }

      dynamic "condition" {
        for_each = var.ports
        content {
          test   = "StringEquals"
          values = [tostring(condition.value)]
        }
      }

      dynamic "condition" {
        for_each = var.rules
        content {
          test = "StringLike"
        }
      }
    }
  }
}
