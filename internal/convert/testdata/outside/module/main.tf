# Files outside this directory read by constant paths, as
# terraform-aws-eks's modules/_user_data reads its templates: each is an
# asset of the program, read by the asset's path.
variable "os" {
  type    = string
  default = "linux"
}

locals {
  templates = {
    linux = "${path.module}/../templates/motd.tpl"
    other = "${path.root}/../templates/motd.tpl"
  }
  motd = templatefile(local.templates[var.os], { name = "tfkit" })
}

resource "terraform_data" "motd" {
  input = local.motd
}

output "policy" {
  # Relative to the directory the engine runs in.
  value = jsondecode(file("../templates/policy.json"))
}

output "encoded" {
  value = filebase64("${path.module}/../templates/motd.tpl")
}

output "exists" {
  value = fileexists("${path.module}/../templates/policy.json")
}

output "inside" {
  # A file of the directory: synth copies it into the stack at its path.
  value = file("${path.module}/inside.txt")
}

output "later" {
  # A file written at apply names nothing yet: it stays as written.
  value = "${path.module}/../out/bundle.zip"
}
