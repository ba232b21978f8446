terraform {
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "3.3.0"
    }
  }
}

provider "aws" {
  region = "eu-west-1"
}

resource "aws_instance" "web" {
  ami           = "ami-12345678"
  instance_type = "t3.micro"
}

resource "aws_s3_bucket" "logs" {
  lifecycle_rule {
    enabled = true
  }

  lifecycle_rule {
    enabled = false
  }
}

output "root_volume_id" {
  value = aws_instance.web.root_block_device[0].volume_id
}

output "ebs_volume_ids" {
  value = aws_instance.web.ebs_block_device[*].volume_id
}

output "http_tokens" {
  value = aws_instance.web.metadata_options[0].http_tokens
}

output "second_rule_id" {
  value = aws_s3_bucket.logs.lifecycle_rule[1].id
}
