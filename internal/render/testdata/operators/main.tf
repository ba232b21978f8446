locals {
  add_mul            = var.a + var.b * var.c
  mul_add            = (var.a + var.b) * var.c
  left_assoc         = var.a - var.b - var.c
  right_nested       = var.a - (var.b - var.c)
  logic              = !var.a && (var.b || var.c)
  logic_flat         = var.a && var.b || var.c
  compare            = var.a + 1 >= var.b * 2 == true
  modulo             = var.a % 2 != 0
  divide             = var.a / (var.b / var.c)
  less               = var.a < var.b
  less_equal         = var.a <= var.b
  greater            = var.a > var.b
  negate             = -var.a
  negate_twice       = -(-var.a)
  negate_sum         = -(var.a + var.b)
  negative_literal   = var.a - -1
  negative_first     = -1 * var.a
  not_equal          = !(var.a == var.b)
  cond_in_sum        = (var.a ? 1 : 2) + 3
  cond_of_ops        = var.a && var.b ? var.a + 1 : var.b * 2
  template_unwrapped = (var.a + var.b) * var.c
  for_if_ops         = [for x in var.a : x * 2 if x > 0 && x < 10]
  minus_in_for_value = { for k, v in var.a : k => - v }
}
