locals {
  string     = "plain"
  template   = "web-${terraform.workspace}"
  escaped    = "$${not interpolated}"
  literal    = "$${kept} %%{kept}"
  quote      = "say \"hi\"\n\ttab \\ backslash"
  int        = 42
  negative   = -3
  int8       = -8
  uint64     = 18446744073709551615
  float      = 2.5
  float32    = 0.1
  bool       = true
  named      = "prod"
  pointer    = 7
  list       = ["a", "b"]
  array      = [1, 2]
  mixed      = [1, "two", false, null, [3]]
  empty_list = []
  map = {
    a = 1
    b = 2
    nested = {
      x = 1
    }
    "with space" = true
  }
  attrs = {
    y = null
    z = 1
  }
  ordered = {
    z = 1
    y = 2
  }
  cty = {
    list = ["x"]
    n    = 1
  }
  valuer = {
    from_port = 80
    to_port   = 8080
    protocol  = "tcp"
  }
  null  = null
  model = 5
}
