output "subnet_ids" {
  description = "One id per subnet."
  value       = [for s in var.network.subnets : "${var.network.name}-${s.zone}-${s.cidr}"]
}

output "dns_ttl" {
  value = var.network.dns == null ? null : var.network.dns.ttl
}

output "rule_ports" {
  value = { for k, r in var.rules : k => r.port }
}
