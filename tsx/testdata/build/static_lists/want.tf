data "aws_ami" "ubuntu" {}

resource "null_resource" "a" {}

resource "null_resource" "fleet" {
  count = 2
}

module "net" {
  source = "./modules/net"
}

resource "null_resource" "b" {
  depends_on = [null_resource.a, null_resource.fleet[1], module.net, module.net.vpc_id, data.aws_ami.ubuntu, null_resource.fleet[0]]

  lifecycle {
    replace_triggered_by = [null_resource.a.id, null_resource.fleet[0].triggers.x, null_resource.a, null_resource.fleet]
  }
}
