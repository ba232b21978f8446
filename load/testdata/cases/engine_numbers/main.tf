# Numbers as terraform show -json writes them: a float result past int64
# with the float's fewest digits, an int64 with all of its digits, a
# literal at its own precision. Cross-checked digit for digit.
locals {
  float_big = pow(2, 64)
}

resource "terraform_data" "numbers" {
  input = {
    float_big   = local.float_big
    float_odd   = pow(3, 40)
    float_huge  = pow(10, 100)
    float_int64 = pow(2, 62)
    literal_big = 18446744073709551616
    sum_big     = local.float_big + 1
    small       = 1 / 10000000
    fraction    = 1 / 3
    negative    = -pow(2, 64)
    zero        = -0
  }
}

output "float_big" {
  value = local.float_big
}

output "as_string" {
  value = tostring(local.float_big)
}

output "in_list" {
  value = [pow(7, 30), floor(pow(2, 64))]
}
