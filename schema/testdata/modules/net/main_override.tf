variable "ignored" {}
