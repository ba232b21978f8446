variable "owner" {
  type = string
}

variable "team" {
  type = string
}

resource "aws_s3_bucket" "logs" {}

resource "aws_iam_policy" "read" {
  policy      = "{\"Version\":\"2012-10-17\",\"Statement\":[{\"Effect\":\"Allow\",\"Action\":[\"s3:GetObject\"],\"Resource\":[\"${aws_s3_bucket.logs.arn}\",\"${aws_s3_bucket.logs.arn}/*\"],\"Condition\":{\"StringEquals\":{\"aws:PrincipalTag/team\":\"${lower(var.team)}\"}}}]}"
  description = "{\"owner\":\"${var.owner}\"}"
}

resource "aws_iam_policy" "pretty" {
  policy = "{\n  \"Resource\": \"${aws_s3_bucket.logs.arn}\"\n}"
}
