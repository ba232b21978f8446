resource "random_pet" "owned" {
  keepers = {
    owner = "platform"
  }
}
