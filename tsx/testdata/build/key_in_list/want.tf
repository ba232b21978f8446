resource "aws_s3_bucket_object" "a" {
  key    = 0
  bucket = "assets"
}

resource "aws_s3_bucket_object" "b" {
  key    = 1
  bucket = "assets"
}

resource "aws_s3_bucket_object" "fa" {
  key    = "files/a"
  bucket = "assets"
}

resource "aws_s3_bucket_object" "fb" {
  key    = "files/b"
  bucket = "assets"
}

resource "aws_s3_bucket_object" "ax" {
  key    = "ax"
  bucket = "assets"
}

resource "aws_s3_bucket_object" "bx" {
  key    = "bx"
  bucket = "assets"
}

resource "random_pet" "pet_a" {
  key = "a"
}

resource "random_pet" "pet_b" {
  key = "b"
}
