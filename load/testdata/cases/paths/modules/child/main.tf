output "paths" {
  value = {
    module   = path.module
    root     = path.root
    abs      = trimprefix(abspath(path.module), path.cwd)
    greeting = trimspace(file("${path.module}/../../files/greeting.txt"))
  }
}
