# Terraform 0.11's quoted references and keywords, which the engines still
# read (with a warning): convert writes them bare.
provider "null" {
  alias = "eu"
}

resource "null_resource" "a" {}

resource "null_resource" "b" {
  depends_on = ["null_resource.a"]
  provider   = "null.eu"

  triggers = {
    a = null_resource.a.id
  }

  provisioner "local-exec" {
    when       = "destroy"
    on_failure = "continue"
    command    = "echo ${self.id}"
  }

  lifecycle {
    ignore_changes = ["triggers"]
  }
}

module "child" {
  source = "./modules/child"
  providers = {
    "null.eu" = "null.eu"
  }
  depends_on = ["null_resource.b"]
}

# The same without quotes, and a configuration declared after the call.
module "bare" {
  source = "./modules/child"
  providers = {
    null.eu = null.eu
  }
}

module "late" {
  source = "./modules/child"
  providers = {
    null.eu = null.late
  }
}

provider "null" {
  alias = "late"
}
