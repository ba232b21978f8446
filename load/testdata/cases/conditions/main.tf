# Validations read their own variable, other variables and locals
# (Terraform 1.9 and later); none of that is a dependency cycle.
variable "size" {
  type    = number
  default = 12
  validation {
    condition     = var.size <= 10
    error_message = "size must be at most 10, not ${var.size}"
  }
}

variable "min" {
  type    = number
  default = 2
}

variable "max" {
  type    = number
  default = 8
  validation {
    condition     = var.max >= var.min && local.span > 0
    error_message = "max must not be below min"
  }
  validation {
    condition     = var.max < local.limit
    error_message = "max must be below ${local.limit}"
  }
}

locals {
  span  = var.max - var.min
  limit = 5
  later = timestamp()
}

# A condition that is unknown is not a pass: it is reported as not
# evaluated, with the reason.
variable "stamp" {
  type    = string
  default = "x"
  validation {
    condition     = local.later != var.stamp
    error_message = "never"
  }
}

variable "nothing" {
  type    = string
  default = null
  validation {
    condition     = var.nothing == null ? null : true
    error_message = "null condition"
  }
}

variable "wordy" {
  type    = string
  default = "yes"
  validation {
    condition     = var.wordy
    error_message = "not a bool"
  }
  validation {
    condition     = "${var.wordy == "yes"}"
    error_message = "a string that converts to true passes"
  }
}

resource "null_resource" "web" {
  count = 2
  triggers = {
    name = "web-${count.index}"
  }

  lifecycle {
    precondition {
      condition     = count.index < 1
      error_message = "only one web server, not web-${count.index}"
    }
    postcondition {
      condition     = self.id != ""
      error_message = "the provider must set an id"
    }
    postcondition {
      condition     = self.triggers.name != ""
      error_message = "names are never empty"
    }
  }
}

output "span" {
  value = local.span
  precondition {
    condition     = local.span > 100
    error_message = "the span is too small"
  }
}

check "health" {
  data "http" "site" {
    url = "https://example.com/${var.min}"
  }

  assert {
    condition     = data.http.site.status_code == 200
    error_message = "the site is down"
  }

  assert {
    condition     = var.min > 5
    error_message = "min is ${var.min}, at most 5"
  }
}

output "scoped" {
  value = data.http.site.url
}
