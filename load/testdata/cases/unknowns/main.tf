variable "required" {
  type = string
}

resource "aws_instance" "web" {
  ami = "ami-123"
}

data "aws_ami" "ubuntu" {
  most_recent = true
}

resource "aws_eip" "by_count" {
  count    = length(aws_instance.web.id)
  instance = aws_instance.web.id
}

resource "aws_eip" "by_keys" {
  for_each = toset([aws_instance.web.arn])
}

resource "aws_eip" "known_keys" {
  for_each = { a = aws_instance.web.id }
  instance = each.value
  name     = "eip-${each.key}"
  ami      = data.aws_ami.ubuntu.image_id
}

resource "aws_s3_bucket" "logs" {
  bucket = "logs-${var.required}"
  tags = {
    Created = timestamp()
    Stable  = "yes"
  }
  dynamic "rule" {
    for_each = aws_instance.web.ebs
    content {
      id = rule.key
    }
  }
}

output "ids" {
  value = [aws_instance.web.id, aws_eip.known_keys["a"].instance]
}

module "later" {
  source = "./later"
  count  = length(aws_instance.web.id) > 3 ? 1 : 0
}

ephemeral "random_password" "db" {
  length = 16
}

resource "terraform_data" "uses_ephemeral" {
  input = ephemeral.random_password.db.result
}

# Provider-defined functions run in the provider: unknown, with why.
terraform {
  required_providers {
    aws  = { source = "hashicorp/aws" }
    time = { source = "hashicorp/time" }
  }
}
resource "terraform_data" "provider_function" {
  input = {
    region = provider::aws::arn_parse("arn:aws:s3:us-east-1:123456789012:logs").region
    length = length(provider::time::rfc3339_parse("2026-11-22T00:00:00Z"))
  }
}
