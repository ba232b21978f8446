# Strings that are easy to get wrong.
locals {
  a = "cost: $${price}"
  b = "100%%{x}"
  d = "ends with $"
  e = "${"$"}${local.a}"
  f = "%${local.a}"
  g = "$${local.a}$"
  h = <<EOT
heredoc ${local.a}
  kept "quotes" and \backslashes\
EOT
  i = "tab\t quote\" backslash\\ unicode \u00e9 emoji 😀 nul-free"
  j = "$$ and %% alone"
  k = "back`tick ${local.d}"
  l = "line\nbreak\r\n"
  m = "${local.a}"
  n = 1e3
  o = 0.1
  p = -0.5
  q = 123456789012345678901234567890
}

resource "terraform_data" "s" {
  input = [local.a, local.b, local.d, local.e, local.f, local.g, local.h, local.i, local.j, local.k, local.l, local.m, local.n, local.o, local.p, local.q]
}
