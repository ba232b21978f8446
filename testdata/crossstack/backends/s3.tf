terraform {
  backend "s3" {
    bucket = "state"
    key    = "s3/terraform.tfstate"
    region = "eu-west-1"
  }
}

resource "random_pet" "a" {}

output "cross_stack_output_random_pet_a_id" {
  value     = random_pet.a.id
  sensitive = true
}
