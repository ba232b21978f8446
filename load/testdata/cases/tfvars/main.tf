variable "from_default" {
  default = "default"
}
variable "from_env" {
  default = "default"
}
variable "from_tfvars" {
  default = "default"
}
variable "from_auto" {
  default = "default"
}
variable "from_file" {
  default = "default"
}
variable "from_flag" {
  default = "default"
}
variable "env_number" {
  type = number
}
variable "flag_list" {
  type = list(number)
}
variable "server" {
  type = object({
    name = string
    port = optional(number, 8080)
    tags = optional(map(string), {})
  })
}
variable "nullable_off" {
  type     = string
  default  = "kept"
  nullable = false
}
variable "size" {
  type    = number
  default = 3
  validation {
    condition     = var.size <= 10
    error_message = "size must be at most 10"
  }
}

resource "terraform_data" "all" {
  input = {
    from_default = var.from_default
    from_env     = var.from_env
    from_tfvars  = var.from_tfvars
    from_auto    = var.from_auto
    from_file    = var.from_file
    from_flag    = var.from_flag
    env_number   = var.env_number + 1
    flag_list    = var.flag_list
    server       = var.server
    nullable_off = var.nullable_off
    workspace    = terraform.workspace
  }
}

variable "max_size" {
  type    = number
  default = 4
}

variable "min_size" {
  type    = number
  default = 5
  validation {
    condition     = var.min_size <= var.max_size
    error_message = "min_size (${var.min_size}) must not exceed max_size (${var.max_size})"
  }
}
