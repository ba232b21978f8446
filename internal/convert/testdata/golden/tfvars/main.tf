# The label of a module whose values come from variables files, which the
# stack a program writes does not have: they become the defaults.
variable "namespace" {
  type    = string
  default = null
}

variable "stage" {
  type = string
}

variable "delimiter" {
  type    = string
  default = "-"
}

variable "tags" {
  type    = map(string)
  default = {}
}

variable "kept" {
  type     = string
  default  = "kept"
  nullable = false
}

variable "untouched" {
  default = "as declared"
}

locals {
  id = upper(join(var.delimiter, compact([var.namespace, var.stage, var.kept])))
}

resource "terraform_data" "label" {
  input = {
    id        = local.id
    tags      = var.tags
    untouched = var.untouched
  }
}

output "id" {
  value = local.id
}
