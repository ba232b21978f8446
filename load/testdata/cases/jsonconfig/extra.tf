resource "null_resource" "mixed" {
  triggers = { first = aws_s3_bucket.b[0].bucket }
}
