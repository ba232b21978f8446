resource "random_string" "s" {
  length = 3
}

import {
  to = random_string.s
  id = "abc"
}
