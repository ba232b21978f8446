variable "zone" {
  type    = string
  default = "b"
}

module "net" {
  source = "./modules/objects"
  network = {
    cidr = "10.0.0.0/16"
    dns = {
      domain = "dev.example.com"
    }
    name = "dev"
    subnets = [
      {
        cidr = "10.0.1.0/24"
      },
      {
        cidr   = "10.0.2.0/24"
        public = true
        tags = {
          tier = "web"
        }
        zone = var.zone
      },
    ]
  }
  rules = {
    https = {
      port      = 443
      protocols = ["tcp", "udp"]
    }
    ssh = {
      port = 22
    }
  }
  peers = [
    {
      id = "p-1"
    },
    {
      id = "p-${var.zone}"
    },
  ]
  grid = [
    [
      {
        x = 1
        y = 2
      },
      {
        x = 3
      },
    ],
  ]
  inputs = {
    terraform_value = "tv"
  }
}

output "subnet_ids" {
  value = module.net.subnet_ids
}

output "dns_ttl" {
  value = module.net.dns_ttl
}

output "rule_ports" {
  value = module.net.rule_ports
}
