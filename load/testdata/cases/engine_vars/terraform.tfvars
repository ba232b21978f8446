name   = "from-tfvars"
sizes  = [1, 2]
server = { host = "example.com" }
