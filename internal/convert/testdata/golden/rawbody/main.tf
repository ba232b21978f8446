# Bodies tfkit.Ordered cannot hold are written with tfkit.RawBody, each
# reported as a warning that says why.
variable "rules" {
  default = {}
}

data "aws_iam_policy_document" "doc" {
  statement {
    actions   = ["s3:GetObject"]
    resources = ["*"]
  }

  dynamic "statement" {
    for_each = var.rules
    content {
      actions   = statement.value.actions
      resources = ["*"]
    }
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
    for_each = var.rules
    content {
      type = "redirect"
    }
  }
}

# Not raw: a labeled nested block is tfkit.Block(...).Labeled("aws").
terraform {
  provider_meta "aws" {
    user_agent = ["example"]
  }
}

data "aws_iam_policy_document" "nested" {
  dynamic "statement" {
    for_each = var.rules
    content {
      actions = ["s3:GetObject"]

      dynamic "condition" {
        for_each = var.rules
        content {
          test = "StringEquals"
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
