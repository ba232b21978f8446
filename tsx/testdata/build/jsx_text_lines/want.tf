resource "null_resource" "first" {
  count      = 2
  depends_on = [null_resource.second]
}

resource "null_resource" "second" {
  count = 1

  # comments and blank lines are kept, as in a template literal
  depends_on = []
}

resource "null_resource" "one" {
  count = 3
}

resource "null_resource" "entity" {
  count = length("a&b")
}
