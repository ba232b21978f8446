provider "random" {
  alias = "west"
}

resource "random_pet" "a" {
  provider = random.west
}

resource "random_pet" "b" {
  provider = random.west
}
