data "local_file" "motd" {
  filename = "/etc/motd"
}

moved {
  from = data.local_file.banner
  to   = data.local_file.motd
}

data "local_file" "hosts" {
  count    = 2
  filename = "/etc/hosts"
}

moved {
  from = data.local_file.hosts_file
  to   = data.local_file.hosts[0]
}
