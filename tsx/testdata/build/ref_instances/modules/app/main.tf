output "url" {
  value = "x"
}
