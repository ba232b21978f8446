moved {
  from = aws_instance.old
  to   = aws_instance.web[0]
}

moved {
  from = module.network
  to   = module.vpc["main"]
}

import {
  to       = aws_instance.web[0]
  id       = "i-0123456789abcdef0"
  provider = aws.west
}

import {
  for_each = var.buckets
  to       = aws_s3_bucket.imported[each.key]
  id       = each.value
}

removed {
  from = aws_instance.legacy

  lifecycle {
    destroy = false
  }
}

removed {
  from = aws_instance.scratch

  lifecycle {
    destroy = true
  }

  provisioner "local-exec" {
    when    = destroy
    command = "echo removing"
  }
}
