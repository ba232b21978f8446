resource "aws_eks_cluster" "this" {
  name = "inner"
  vpc_config {
    subnet_ids = ["subnet-c"]
  }
}

output "cluster" {
  value = aws_eks_cluster.this
}
