variable "region" {
  type    = string
  default = "a"
}

provider "random" {
  alias    = "by_region"
  for_each = toset(["a", "b"])
}

resource "random_pet" "a" {
  provider = random.by_region["a"]
}

resource "random_pet" "chosen" {
  provider = random.by_region[var.region]
}

resource "random_pet" "raw" {
  provider = random.by_region[var.region]
}

module "app" {
  source = "./modules/app"
  providers = {
    random = random.by_region[var.region]
  }
}

provider "random" {
  alias    = "by_zone"
  for_each = toset(["x", "y"])
}

resource "random_pet" "x" {
  provider = random.by_zone["x"]
}
