variable "settings" {
  default = {
    alpha = { value = "1" }
    beta  = { value = "2" }
  }
}

# Labels of nested blocks are kept as "_labels", for plain blocks and for
# the blocks a dynamic block makes from its labels argument.
resource "example_thing" "t" {
  name = "t"

  setting "fixed" {
    value = "0"
  }

  dynamic "setting" {
    for_each = var.settings
    labels   = [setting.key]
    content {
      value = setting.value.value
    }
  }

  dynamic "pair" {
    for_each = var.settings
    iterator = it
    labels   = [it.key, "${it.key}-second"]
    content {
      value = it.value.value
    }
  }

  dynamic "bad" {
    for_each = var.settings
    labels   = bad.key
    content {}
  }
}
