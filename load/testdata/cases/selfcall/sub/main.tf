module "again" {
  source = "../sub"
}

module "root" {
  source = "../"
}
