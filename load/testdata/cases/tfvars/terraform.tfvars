from_tfvars  = "terraform.tfvars"
from_auto    = "terraform.tfvars"
from_file    = "terraform.tfvars"
from_flag    = "terraform.tfvars"
server       = { name = "api" }
nullable_off = null
size         = 12
