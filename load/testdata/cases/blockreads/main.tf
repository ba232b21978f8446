# Attributes the provider computes inside blocks the configuration writes
# (vpc_config[0].cluster_security_group_id) are unknown, as computed
# top-level attributes are; what the blocks set stays known, and a key an
# attribute's own object value lacks is still an error.

resource "aws_eks_cluster" "this" {
  count = 1
  name  = "example"

  vpc_config {
    subnet_ids = ["subnet-a", "subnet-b"]
  }

  kubernetes_network_config {
    service_ipv4_cidr = null
    elastic_load_balancing {
      enabled = true
    }
  }

  dynamic "identity" {
    for_each = []
    content {
      type = identity.value
    }
  }

  dynamic "access_config" {
    for_each = ["API"]
    content {
      authentication_mode = access_config.value
    }
  }
}

resource "aws_ec2_tag" "cluster_sg" {
  resource_id = aws_eks_cluster.this[0].vpc_config[0].cluster_security_group_id
  key         = "team"
  value       = "core"
}

resource "null_resource" "tags" {
  triggers = { team = "core" }
}

output "service_cidr" {
  value = aws_eks_cluster.this[0].kubernetes_network_config[0].service_ipv4_cidr
}

output "vpc_ids" {
  value = aws_eks_cluster.this[*].vpc_config[0].vpc_id
}

output "subnets" {
  value = aws_eks_cluster.this[0].vpc_config[0].subnet_ids
}

output "bootstrap" {
  value = aws_eks_cluster.this[0].access_config[0].bootstrap_cluster_creator_admin_permissions
}

output "elb" {
  value = aws_eks_cluster.this[0].kubernetes_network_config[0].elastic_load_balancing[0]
}

output "elb_zone" {
  value = aws_eks_cluster.this[0].kubernetes_network_config[0].elastic_load_balancing[0].zone
}

output "missing_key" {
  value = null_resource.tags.triggers.owner
}

# Through whole objects: a local and a module output holding the resource.
locals {
  cluster = aws_eks_cluster.this[0]
}

output "via_local" {
  value = local.cluster.vpc_config[0].cluster_security_group_id
}

module "cluster" {
  source = "./modules/cluster"
}

output "via_module" {
  value = module.cluster.cluster.vpc_config[0].cluster_security_group_id
}

output "via_module_subnets" {
  value = module.cluster.cluster.vpc_config[0].subnet_ids
}

# No identity block is written (the dynamic block makes none): the
# provider may compute it.
output "identity" {
  value = aws_eks_cluster.this[0].identity[0].oidc
}

# Blocks passed on whole, then read (terraform-google-kubernetes-engine's
# master_auth): the attributes read from them are computed too.
resource "google_container_cluster" "primary" {
  name = "gke"
  master_auth {
    client_certificate_config {
      issue_client_certificate = false
    }
  }
}

locals {
  auth_list = concat(google_container_cluster.primary[*].master_auth, [])
  auth_map  = local.auth_list[0][0]
}

output "ca_certificate" {
  value = local.auth_map["cluster_ca_certificate"]
}

output "issue_client_certificate" {
  value = local.auth_map.client_certificate_config[0].issue_client_certificate
}

output "client_key" {
  value = local.auth_map.client_certificate_config[0].client_key
}

# A dynamic block over nothing, read whole (the kubernetes-engine
# module's addons_config outputs): unknown, as the provider may compute it.
resource "google_container_cluster" "main" {
  name = "standard"
  dynamic "addons_config" {
    for_each = []
    content {
      http_load_balancing {
        disabled = addons_config.value
      }
    }
  }
}

output "http_load_balancing_enabled" {
  value = coalescelist(lookup(coalescelist(google_container_cluster.main.addons_config, [{}])[0], "http_load_balancing", [{}]), [{ disabled = false }])[0].disabled
}
