resource "null_resource" "m_A" {}

resource "null_resource" "m_B" {}

resource "null_resource" "m_a" {}

resource "null_resource" "m_b" {}
