locals {
  x = 1 +
}
