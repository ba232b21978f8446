from_file = "extra.tfvars"
from_flag = "extra.tfvars"
