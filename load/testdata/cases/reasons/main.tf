# Unknowns keep the reasons of the unknowns they are built from, and only
# those, through functions and operators.
resource "aws_x" "a" {}
resource "aws_x" "b" {}

locals {
  ua = aws_x.a.id
  ub = aws_x.b.id
  l  = aws_x.a.list
  m  = aws_x.b.map
  o  = { a = aws_x.a.id, b = [for v in aws_x.a.list : v] }
}

output "slice" { value = slice(local.l, 0, 2) }
output "length" { value = length(local.l) }
output "index" { value = local.l[0] }
output "merge_known_unknown" { value = merge({ a = local.ua }, { b = "k" }) }
output "merge_unknown" { value = merge(local.m, { b = "k" }) }
output "concat_unknown" { value = concat(local.l, ["x"]) }
output "concat_parts" { value = concat([local.ua], [local.ub]) }
output "lookup" { value = lookup({ a = local.ua, b = local.ub }, "a") }
output "lookup_unknown" { value = lookup(local.m, "a", "d") }
output "for_list" { value = [for x in local.l : x] }
output "for_object" { value = { for k, v in local.m : k => v } }
output "for_known" { value = [for x in ["p", "q"] : "${x}-${local.ua}"] }
output "conditional_unknown" { value = local.ua == "x" ? "a" : "b" }
output "conditional_true" { value = true ? local.ua : local.ub }
output "conditional_false" { value = false ? local.ua : local.ub }
output "conditional_function" { value = true ? timestamp() : local.ub }
output "conditional_nested" { value = { v = length(local.l) > 0 ? local.ua : "k", w = "k" } }
output "template" { value = "${local.ua}-${local.ub}" }
output "equality" { value = local.ua == local.ub }
output "element" { value = element(local.l, 0) }
output "keys" { value = keys(local.m) }
output "values" { value = values(local.m) }
output "zipmap" { value = zipmap(local.l, local.l) }
output "setproduct" { value = setproduct(local.l, ["a"]) }
output "flatten" { value = flatten([local.l, ["x"]]) }
output "distinct" { value = distinct(concat([local.ua], ["x"])) }
output "coalesce" { value = coalesce(local.ua, "x") }
output "jsonencode" { value = jsonencode({ a = local.ua }) }
output "try" { value = try(local.l[0], "x") }
output "known_beside_unknown" { value = { known = length(["a"]), unknown = local.ub } }
# A for expression over an unknown lists only what it reads, not what its
# sibling items read.
output "items_own" {
  value = {
    x = { ids = [local.ua] }
    y = { cfg = [for v in local.l : v], z = [local.ub, [for v in local.m : v]] }
  }
}
# A function handling unknowns itself lists the reasons of its arguments'
# unknowns, and lookup only those of the part it returns.
output "call_args" { value = distinct(concat([local.ub], lookup(local.o, "b", []))) }
output "call_chosen" { value = length(local.o) > 0 ? concat(lookup(local.o, "b", []), ["k"]) : [local.ua] }
