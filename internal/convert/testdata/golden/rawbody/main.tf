# Bodies tfkit.Ordered cannot hold are written with tfkit.RawBody, each
# reported as a warning that says why.
variable "names" {
  default = ["a", "b"]
}

resource "terraform_data" "labeled" {
  dynamic "setting" {
    for_each = var.names
    # Not a list written out: tfkit.Dynamic.Labels is a Go list.
    labels = var.names
    content {
      v = setting.key
    }
  }
}

resource "terraform_data" "both" {
  input = "x"

  input {
    v = 1
  }
}

# Not raw: a labeled nested block is tfkit.Block(...).Labeled("aws").
terraform {
  provider_meta "aws" {
    user_agent = ["example"]
  }
}
