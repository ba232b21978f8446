resource "weird \"type\"" "name\\with\\tab\\ttoo" {
  quotes                = "say \"hi\" \\ bye"
  control               = "tab\tnewline\ncr\rbell\u0007del\u007f"
  interpolation_text    = "$${not} %%{not} $x %x $$ %% $$${"
  dollar_before_interp  = "price: ${"$"}${var.price}"
  percent_before_interp = "100%${var.unit}"
  unicode               = "héllo wörld ✓ 日本"
  emoji                 = "🚀"
  html                  = "<b>&amp;</b>"
  tags = {
    café = 1
    café = 2
    日本   = 3
    x    = 4
  }
  escaped_key = {
    "$${key}" = "%%{v}"
  }
  script                       = <<EOF
#!/bin/sh
echo "$${HOME}" \n 100%%{x}
EOT
EOF
  script_template              = <<EOT
#!/bin/sh
host=${"$"}${self.ip}
exit 0
EOT
  not_heredoc_no_final_newline = "line one\nline two"
  not_heredoc_cr               = "line one\r\nline two\r\n"
  scripts = {
    setup = <<EOT
a
b
EOT
    other = 1
  }
  heredocs_in_tuple = ["a\nb\n", "c"]
}
