# Heredocs without template directives are strings that span lines: the
# program writes them as Go raw string literals and TSX template literals,
# so they keep their layout instead of becoming one line of \n escapes.
variable "env" {
  type        = string
  default     = "dev"
  description = <<-EOT
    The environment.
    One of "dev" or "prod".
  EOT
}

resource "aws_iam_policy" "read" {
  name   = "read-${var.env}"
  policy = <<-EOF
    {
      "Version": "2012-10-17",
      "Statement": [{ "Action": ["ec2:Describe*"], "Effect": "Allow", "Resource": "*" }]
    }
  EOF
}

resource "terraform_data" "script" {
  input = <<-EOT
    #!/bin/sh
    echo "${var.env}" > /tmp/env # not a Go or TS comment
    echo "$${HOME} costs 100%" \
      and `date`
  EOT
}

resource "terraform_data" "policy" {
  # A handle interpolated in a multi-line string.
  input = <<-EOT
    arn: ${aws_iam_policy.read.arn}
    name: ${var.env}-$${literal}
  EOT
}

output "note" {
  value = "one\ntwo\r\nthree"
  description = "first line\nsecond line"
}
