variable "names" {
  type = list(string)
}

provider "aws" {
  region = "eu-west-1"
}

resource "aws_s3_bucket" "logs" {
  bucket = "logs-${terraform.workspace}"
  tags = {
    Team = "platform"
  }
}

resource "aws_s3_bucket_policy" "logs" {
  bucket = aws_s3_bucket.logs.id
  policy = jsonencode({
    Resource = "${aws_s3_bucket.logs.arn}/*"
  })
}

locals {
  names = var.names
  count = length(var.names)
}
