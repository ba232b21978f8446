locals {
  string        = "hello"
  int           = 42
  big_int       = 123456789012345678901234567890
  decimal       = 3.14159265358979323846264338327950288
  float64       = 0.1
  negative      = -17
  negative_frac = -2.5
  yes           = true
  no            = false
  nothing       = null
  typed_null    = null
  list          = ["a", "b"]
  empty_list    = []
  set           = [1, 2, 3]
  map = {
    a            = 1
    b            = 2
    "with space" = 3
  }
  object_value = {
    list = ["one", 2]
    name = "x"
    nested = {
      deep = true
    }
  }
  list_of_objects = [
    {
      a = 1
    },
    {},
  ]
  template           = "web-${count.index}-${var.environment}"
  template_only      = var.name
  template_number    = "n=${5}"
  template_nested    = "a-${upper("${var.x}-b")}"
  template_object    = "cfg: ${jsonencode({ a = 1, b = [2] })}"
  reference          = aws_instance.web[0].id
  reference_key      = var.m["key with space"].name
  reference_odd_attr = var.m["not a name"]
  call               = join(",", var.list)
  call_expand        = max(1, var.numbers...)
  call_namespaced    = provider::aws::arn_parse(var.arn)
  call_no_args       = timestamp()
  call_hug = merge(var.tags, {
    Name = "web"
  })
  call_multi = coalesce(
    {
      a = 1
    },
    {
      b = 2
    },
  )
  call_multi_expand = concat(
    [
      {
        a = 1
      },
    ],
    var.more...
  )
  conditional         = var.enabled ? "on" : "off"
  conditional_chain   = var.a ? "a" : var.b ? "b" : "c"
  conditional_in_cond = (var.a ? var.b : var.c) ? 1 : 2
  conditional_object = var.a ? {
    x = 1
  } : {}
  for_tuple     = [for s in var.list : upper(s)]
  for_tuple_key = [for i, s in var.list : "${i}=${s}" if s != ""]
  for_object    = { for k, v in var.map : upper(k) => v }
  for_group     = { for s in var.list : substr(s, 0, 1) => s... if length(s) > 0 }
  for_object_value = [for s in var.list : {
    name  = s
    upper = upper(s)
  }]
  for_conditional_collection = [for x in(var.a ? var.b : var.c) : x]
  splat                      = aws_instance.web[*].id
  splat_bare                 = var.list[*]
  splat_deep                 = var.servers[*].disks[0].size
  splat_of_call              = values(aws_instance.by_name)[*].id
  index                      = var.map[var.key]
  index_of_call              = keys(var.map)[length(var.map) - 1]
  getattr_call               = element(aws_subnet.private, 0).id
  getattr_conditional        = (var.a ? var.b : var.c).id
  getattr_splat              = (aws_instance.web[*].id)[0]
  tuple                      = [1, "two", var.three]
  tuple_empty                = []
  tuple_multiline = [
    {
      a = 1
    },
    {
      b = 2
    },
  ]
  object = {
    bare                   = 1
    "quoted key"           = 2
    "for"                  = 3
    (var.computed)         = 4
    "${var.prefix}-suffix" = 5
    6                      = "six"
  }
  object_empty = {}
  object_nested = {
    outer = {
      inner = {
        leaf = true
      }
    }
    sibling = []
  }
  paren = (var.a)
}
