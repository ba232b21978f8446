provider "aws" {
  region = "eu-west-1"
}

resource "aws_security_group" "web" {
  description = "web"
}

resource "aws_instance" "fleet" {
  count         = 2
  ami           = "ami-123"
  instance_type = "t3.micro"
}

output "cidrs" {
  value = aws_security_group.web.ingress[*].cidr_blocks[*]
}

output "fleet_volumes" {
  value = aws_instance.fleet[*].ebs_block_device[*].volume_id
}

output "fleet_groups" {
  value = aws_instance.fleet[*].security_groups[*]
}

output "fleet_root_sizes" {
  value = aws_instance.fleet[*].root_block_device[0].volume_size
}

output "fleet_devices" {
  value = aws_instance.fleet[*].ebs_block_device[*].device_name
}

resource "aws_security_group" "copy" {
  tags = {
    cidrs = join(",", flatten(aws_security_group.web.ingress[*].cidr_blocks[*]))
  }
}
