resource "null_resource" "one" {
  provisioner "local-exec" {
    command = "echo created"
  }
}

resource "null_resource" "many" {
  connection {
    type = "ssh"
    host = "example.com"
    user = "admin"
  }

  provisioner "local-exec" {
    command = "echo first"
    when    = create
  }

  provisioner "local-exec" {
    command    = "echo bye"
    when       = destroy
    on_failure = continue
  }

  provisioner "remote-exec" {
    inline = ["uptime"]

    connection {
      type = "ssh"
      host = "other.example.com"
    }
  }
}
