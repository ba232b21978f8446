resource "aws_instance" "web" {
  count = 2
}

variable "names" {
  type = list(string)
}

variable "tags" {
  type = map(string)
}

variable "nums" {
  type = list(number)
}

locals {
  join        = join(", ", var.names)
  expand      = max(var.nums...)
  cond        = terraform.workspace == "prod" ? 3 : 1
  nested_cond = (true ? false : true) ? "a" : false ? "b" : "c"
  precedence  = (1 + 2) * (3 - (4 - 5))
  left_assoc  = 1 - 2 - 3
  logic       = !(true && false || true)
  neg         = -var.nums[0]
  splat       = aws_instance.web[*].id
  splat_deep  = aws_instance.web[*].network_interface[0].id
  splat_ref   = aws_instance.web[*].private_ip
  instance    = aws_instance.web[0].id
  index_expr  = var.tags[var.names[0]]
  index_ref   = aws_instance.web[length(var.names)].arn
  upper       = [for n in var.names : upper(n)]
  filtered    = { for k, v in var.tags : k => v if v != "" }
  grouped     = { for n in var.names : substr(n, 0, 1) => n... }
  path        = "${path.module}/files"
  path_expr   = file("${path.module}/x.txt")
  spliced     = "id-${aws_instance.web[0].id}-${terraform.workspace}"
  call_attr   = element(var.names, 0).x
  op_attr     = (var.nums == null).x
  cwd         = path.cwd
  root        = path.root
}
