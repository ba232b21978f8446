terraform {
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "3.3.0"
    }
  }
}

provider "aws" {
  region = "us-east-1"
}

variable "ports" {
  type    = list(number)
  default = [80, 8080]
}

resource "aws_security_group" "once" {
  name = "once"

  ingress {
    from_port   = 443
    to_port     = 443
    protocol    = "tcp"
    cidr_blocks = ["0.0.0.0/0"]
  }
}

resource "aws_security_group" "several" {
  ingress {
    from_port = 443
    to_port   = 443
    protocol  = "tcp"
  }

  egress {
    from_port = 0
    to_port   = 0
    protocol  = "-1"
  }

  ingress {
    from_port   = 80
    to_port     = 80
    protocol    = "tcp"
    description = "http"
  }
}

resource "aws_security_group" "dynamic" {
  dynamic "ingress" {
    for_each = var.ports
    iterator = port

    content {
      from_port = port.value
      to_port   = port.value
      protocol  = "tcp"
    }
  }
}

resource "aws_security_group" "mixed" {
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

  egress {
    from_port = 0
    to_port   = 0
    protocol  = "-1"
  }
}

resource "aws_security_group" "value" {
  ingress = [
    {
      from_port        = 22
      to_port          = 22
      protocol         = "tcp"
      cidr_blocks      = null
      description      = null
      ipv6_cidr_blocks = null
      prefix_list_ids  = null
      security_groups  = null
      self             = null
    },
  ]
}

resource "aws_route_table" "main" {
  vpc_id = "vpc-123"

  route {
    cidr_block = "0.0.0.0/0"
    gateway_id = "igw-123"
  }
}

resource "aws_emr_cluster" "nested" {
  name          = "nested"
  release_label = "emr-5.30.0"
  service_role  = "emr"

  step {
    action_on_failure = "CONTINUE"
    name              = "one"

    hadoop_jar_step {
      jar  = "command-runner.jar"
      args = ["state-pusher-script"]
    }
  }
}

resource "aws_emr_cluster" "nested_dynamic" {
  name          = "nested_dynamic"
  release_label = "emr-5.30.0"
  service_role  = "emr"

  step {
    action_on_failure = "CONTINUE"
    name              = "one"

    dynamic "hadoop_jar_step" {
      for_each = ["command-runner.jar"]

      content {
        jar = hadoop_jar_step.value
      }
    }
  }

  dynamic "step" {
    for_each = var.ports

    content {
      action_on_failure = "CONTINUE"
      name              = "port-${step.value}"

      hadoop_jar_step {
        jar = "command-runner.jar"
      }
    }
  }
}
