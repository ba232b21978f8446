# The configuration every function case is evaluated in, by the engine
# (load/internal/funcgen) and by TestFunctionCases alike.

variable "sens" {
  type      = string
  default   = "s3cret"
  sensitive = true
}

variable "sens_map" {
  type      = map(string)
  default   = { a = "x", b = "y" }
  sensitive = true
}

variable "null_string" {
  type    = string
  default = null
}

variable "null_list" {
  type    = list(string)
  default = null
}

variable "strings" {
  type    = list(string)
  default = ["b", "a", "c"]
}

variable "numbers" {
  type    = map(number)
  default = { one = 1, two = 2 }
}

# Its id is known only after apply.
resource "terraform_data" "u" {
  input = "x"
}

locals {
  # Unknown during the plan: of any type, and a string.
  unknown        = jsondecode(terraform_data.u.id)
  unknown_string = "id-${terraform_data.u.id}"

  # templatestring renders templates from elsewhere, never literal ones.
  tpl_greeting = "Hello, $${name}!"
  tpl_loop     = "%%{ for i in xs }$${i}%%{ endfor }"
  tpl_call     = "$${upper(x)}"
  tpl_bad      = "$${"
  tpl_logic    = "%%{ if x == null || length(x) > 0 }y%%{ endif }"
}
