terraform {
  provider_meta "aws" {
    module_name = "a"
  }

  provider_meta "google" {
    module_name = "b"
  }
}

variable "ports" {
  type    = list(number)
  default = [8080]
}

variable "statements" {
  type    = map(any)
  default = {}
}

resource "aws_security_group" "web" {
  name = "web"

  ingress {
    from_port = 443
    to_port   = 443
    protocol  = "tcp"
  }

  dynamic "ingress" {
    for_each = var.ports

    content {
      from_port = ingress.value
      to_port   = ingress.value
      protocol  = "tcp"
    }
  }

  ingress {
    from_port = 80
    to_port   = 80
    protocol  = "tcp"
  }

  egress {
    from_port = 0
    to_port   = 0
    protocol  = "-1"
  }
}

data "aws_iam_policy_document" "doc" {
  dynamic "statement" {
    for_each = length(var.ports) > 0 ? [1] : []

    content {
      sid     = "Ports"
      actions = ["ec2:*"]
    }
  }

  dynamic "statement" {
    for_each = var.statements
    iterator = st

    content {
      sid = st.key

      condition {
        test     = "StringEquals"
        variable = "aws:SourceAccount"
        values   = ["1"]
      }

      dynamic "condition" {
        for_each = st.value.conditions

        content {
          test = condition.value.test
        }
      }
    }
  }
}

resource "aws_security_group" "app" {
  name = "app"

  dynamic "ingress" {
    for_each = var.ports

    content {
      from_port = ingress.value
    }
  }

  ingress {
    from_port = 22
  }

  dynamic "ingress" {
    for_each = [1]
    iterator = one

    content {
      from_port = one.value
    }
  }
}
