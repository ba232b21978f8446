resource "aws_s3_bucket" "main" {
  bucket = "acme-main"
}

resource "aws_s3_bucket" "logs" {
  bucket = "acme-logs"
}

resource "aws_s3_bucket" "assets" {
  bucket = "acme-assets"
}
