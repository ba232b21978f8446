provider "aws" {
  alias = "east"
}

data "aws_availability_zones" "all" {
  provider = aws.east
  state    = "available"

  lifecycle {
    postcondition {
      condition     = length(self.names) > 1
      error_message = "need two zones"
    }
  }
}

data "aws_subnet" "each" {
  for_each          = toset(data.aws_availability_zones.all.names)
  availability_zone = each.value

  dynamic "filter" {
    for_each = {
      tier = "private"
    }

    content {
      name   = "tag:${filter.key}"
      values = [filter.value]
    }
  }

  depends_on = [data.aws_availability_zones.all]
}

data "aws_ami" "n" {
  count  = 2
  owners = ["self"]
}
