%{ if x == null || length(x) > 0 }y%{ endif }
