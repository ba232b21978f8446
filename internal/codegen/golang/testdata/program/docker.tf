terraform {
  required_providers {
    docker = {
      source  = "kreuzwerker/docker"
      version = "~> 4.6"
    }
  }
}

provider "docker" {
  host = "unix:///var/run/docker.sock"
}

resource "docker_image" "nginx" {
  keep_locally = true
  name         = "nginx:latest"
}

resource "docker_container" "web" {
  count = 1
  image = docker_image.nginx.image_id
  name  = "web"

  healthcheck {
    test = ["CMD", "true"]
  }

  ports {
    external = 8080
    internal = 80
  }

  ports {
    external = var.https_port
    internal = 443
  }
}

variable "https_port" {
  type    = number
  default = 8443
}
