provider "aws" {
  alias  = "remote"
  region = "us-west-2"
}

resource "aws_vpc" "main" {
  cidr_block = "10.0.0.0/16"
}

# provider before for_each, as terraform-aws-eks's eks-hybrid-nodes
# example writes it.
resource "aws_instance" "node" {
  provider = aws.remote

  for_each = { one = 0, two = 1 }

  ami           = "ami-123"
  instance_type = "m5.large"
}

# A lifecycle the methods cannot write, before depends_on.
resource "aws_subnet" "late" {
  vpc_id = aws_vpc.main.id

  lifecycle {
    prevent_destroy = false
  }

  depends_on = [aws_vpc.main]
}

# A depends_on that names an instance, before a provisioner.
resource "null_resource" "boot" {
  triggers = { id = aws_vpc.main.id }

  depends_on = [aws_instance.node["one"]]

  provisioner "local-exec" {
    command = "echo boot"
  }
}
