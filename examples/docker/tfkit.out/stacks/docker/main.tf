terraform {
  required_providers {
    docker = {
      source  = "kreuzwerker/docker"
      version = "~> 4.6"
    }
  }
}

provider "docker" {}

resource "docker_image" "nginx" {
  keep_locally = false
  name         = "nginx:latest"
}

resource "docker_container" "nginx" {
  name       = "nginx-go-tfkit"
  image      = docker_image.nginx.name
  privileged = false

  ports {
    external = 8000
    internal = 80
  }
}
