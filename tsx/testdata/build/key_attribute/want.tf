resource "aws_s3_object" "readme" {
  bucket = "assets"
  key    = "docs/README.md"
  source = "README.md"
}

resource "aws_s3_object" "spread" {
  bucket       = "assets"
  content_type = "text/plain"
  key          = "docs/spread.txt"
  content      = "hi"
}

resource "aws_s3_object" "a" {
  key    = "files/a"
  bucket = "assets"
}

resource "aws_s3_object" "b" {
  key    = "files/b"
  bucket = "assets"
}
