variable "port" {
  type    = number
  default = "eighty"
}

variable "obj" {
  type    = object({ name = string })
  default = { nom = "x" }
}

locals {
  sum      = 1 + "two"
  missing  = var.nope
  nolocal  = local.nope
  nores    = aws_vpc.nope.id
  nomod    = module.nope.x
  bad_fn   = not_a_function(1)
  provider = provider::aws::arn_parse("x")
  no_ns    = core::nofunc("x")
}

resource "null_resource" "r" {
  count = -1
}

resource "null_resource" "s" {
  triggers = {
    i = count.index
    k = each.key
  }
}

resource "null_resource" "t" {
  for_each = ["a", "b"]
}

module "child" {
  source = "./child"
}

module "nowhere" {
  source = "./does-not-exist"
}

resource "null_resource" "huge" {
  count = 5000000000
}
