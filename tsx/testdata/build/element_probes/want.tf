resource "null_resource" "x" {
  triggers = {
    a = "b"
  }
}

locals {
  all_probes_pass = true
  failed          = []
}
