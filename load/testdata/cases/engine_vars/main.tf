variable "name" {
  default = "default"
}

variable "sizes" {
  type    = list(number)
  default = [1]
}

variable "server" {
  type = object({
    host  = string
    port  = optional(number, 8080)
    extra = optional(object({ tls = optional(bool, true) }), {})
  })
}

variable "labels" {
  type    = map(string)
  default = {}
}

locals {
  total = sum(var.sizes)
  url   = "${var.server.extra.tls ? "https" : "http"}://${var.server.host}:${var.server.port}"
}

resource "terraform_data" "conf" {
  for_each = merge({ base = var.name }, var.labels)
  input = {
    key   = each.key
    value = each.value
    url   = local.url
    total = local.total
  }
}

output "server" {
  value = var.server
}

output "url" {
  value = local.url
}

output "sizes" {
  value = var.sizes
}
