variable "env" {
  type = string
}

resource "aws_vpc" "main" {
  cidr_block = "10.0.0.0/16"
}

resource "aws_security_group" "sg" {
  name        = "sg-${aws_vpc.main.id}"
  description = "in ${var.env}, ${upper(var.env)}"
  vpc_id      = aws_vpc.main.id
  owner       = "${aws_vpc.main.owner_id}-web"
  joined      = join(",", ["a-${aws_vpc.main.arn}"])
  dollar      = "cost ${"$"}${var.env}"
  literal     = "x $${not}"
  policy      = "vpc ${aws_vpc.main.id} in ${var.env} $${kept} %%{also}\n"
  # a comment naming aws_vpc.main.id stays as written
}
