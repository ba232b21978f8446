# Relative paths resolve against the root module directory, where
# terraform runs: path.cwd, abspath and the file functions agree. (The
# outputs leave the directory itself out, so that the view does not depend
# on where the case is copied.)
module "child" {
  source = "./modules/child"
}

output "root" {
  value = path.root
}

output "module" {
  value = path.module
}

output "cwd_is_absolute" {
  value = abspath(path.cwd) == path.cwd
}

output "abs_relative" {
  value = trimprefix(abspath("files/greeting.txt"), "${path.cwd}/")
}

output "abs_module_is_cwd" {
  value = abspath(path.module) == path.cwd
}

output "abs_dots" {
  value = trimprefix(abspath("./files/../files/greeting.txt"), path.cwd)
}

output "abs_absolute" {
  value = abspath("/tmp/x/../y")
}

output "same_file" {
  value = file(abspath("files/greeting.txt")) == file("files/greeting.txt")
}

output "child" {
  value = module.child.paths
}
