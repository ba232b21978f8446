check "health" {
  data "http" "site" {
    url        = "https://${aws_instance.web[0].public_dns}/health"
    depends_on = [aws_instance.web]
    provider   = http.probe
  }

  assert {
    condition     = data.http.site.status_code == 200
    error_message = "${data.http.site.url} returned ${data.http.site.status_code}."
  }

  assert {
    condition     = can(jsondecode(data.http.site.response_body))
    error_message = "The health endpoint must return JSON."
  }
}
