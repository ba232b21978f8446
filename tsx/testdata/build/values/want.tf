locals {
  count        = 3
  ratio        = 0.25
  big          = 12345678901234
  negative     = -7
  enabled      = false
  nothing      = null
  names        = ["a", "b"]
  empty_list   = []
  empty_object = {}
  nested = {
    "key with space" = 1
    list = [
      {
        x = true
      },
    ]
    inner = {
      deep = "yes"
    }
  }
  unicode = "héllo ✓"
  quotes  = "say \"hi\"\n"
}
