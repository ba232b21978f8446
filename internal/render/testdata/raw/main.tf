locals {
  directive        = "%{if var.enabled}on%{else}off%{endif}"
  for_directive    = "%{for s in var.list}${s},%{endfor}"
  heredoc          = <<EOT
line one ${var.x}
  line two
EOT
  indented_heredoc = <<-EOT
    indented ${var.y}
    EOT
  spaced           = var.a + var.b * 2
  multiline_object = {
    a  = 1
    bb = "two"
  }
  raw_in_sum             = (var.a + var.b) * 2
  raw_conditional_source = (var.a ? var.b : var.c).id
  raw_in_template        = "x=${var.a + 1}"
  raw_newline_outside_brackets = (var.a +
  var.b)
  raw_heredoc_arg = trimspace(<<EOT
hello
EOT
  )
  raw_type = list(string)
}
