module "a" {
  source = "./modules/a"
  count  = 2
  idx    = count.index
}

output "deep" {
  value = module.a[*].deep
}
