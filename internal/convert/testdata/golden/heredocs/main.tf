# Indented heredocs holding template directives: the lines after a strip
# marker (~}) keep the indentation they have in the file, so a round trip
# must put them back where they were.
locals {
  names = ["a", "b"]
  script = <<-EOT
    #!/bin/sh
    %{ for n in local.names ~}
    echo ${n}
    %{ endfor ~}
      indented more
    %{ if length(local.names) > 1 ~}
    many
    %{ else ~}
    few
    %{ endif ~}
    done
  EOT
  plain = <<-EOT
      deeper
    %{~ for n in local.names }
    - ${n}
    %{~ endfor }
  EOT
}

resource "terraform_data" "run" {
  input = [local.script, local.plain]

  provisioner "local-exec" {
    command = <<-EOT
      %{ for n in local.names ~}
      echo ${n}
      %{ endfor ~}
    EOT
  }
}

output "script" {
  value = <<-EOT
    %{ for n in local.names ~}
      item ${n}
    %{ endfor ~}
  EOT
}
