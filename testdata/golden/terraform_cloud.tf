terraform {
  cloud {
    organization = "example"

    workspaces {
      tags = ["app"]
    }
  }
}
