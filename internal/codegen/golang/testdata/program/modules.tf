module "net" {
  source = "./modules/net"
  count  = 2
  name   = "dev"
  subnets = [
    {
      cidr = "10.0.2.0/24"
    },
  ]
}

output "ids" {
  value = module.net[*].id
}

module "single" {
  source  = "./modules/net"
  name    = "x"
  enabled = false
}

output "single_id" {
  value = module.single.id
}
