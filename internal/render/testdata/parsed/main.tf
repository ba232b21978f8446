terraform {
  required_version = ">= 1.5"
}

variable "instance_count" {
  type    = number
  default = 2
}

locals {
  name  = "demo-${var.env}"
  ports = [22, 80, 443]
  rules = { for p in local.ports : tostring(p) => {
    port = p
    cidr = p == 22 ? var.admin_cidr : "0.0.0.0/0"
  } }
}

resource "aws_instance" "web" {
  count         = var.instance_count
  ami           = data.aws_ami.ubuntu.id
  instance_type = var.instance_count > 1 ? "t3.small" : "t3.micro"
  user_data     = <<EOT
#!/bin/bash
echo "${local.name}-${count.index}" > /etc/hostname
EOT
  tags = merge(var.tags, {
    Name  = "${local.name}-${count.index}"
    Index = count.index + 1
  })

  lifecycle {
    ignore_changes = [tags["LastSeen"], user_data]
  }
}

output "names" {
  value = [for i in aws_instance.web : i.tags.Name]
}
