resource "random_pet" "web_pet" {
  length = 2
}
