output "public_ip" {
  value       = aws_instance.web[0].public_ip
  description = "Public IP of the first $${instance}."
  sensitive   = true
  depends_on  = [aws_eip.web]

  precondition {
    condition     = aws_instance.web[0].public_ip != null
    error_message = "The instance has no public IP."
  }
}

output "instance_ids" {
  value = aws_instance.web[*].id
}

output "bucket_arns" {
  value = { for k, m in module.buckets : k => m.arn }
}
