check "health" {
  data "http" "site" {
    url = "https://example.com"
  }

  assert {
    condition     = data.http.site.status_code == 200
    error_message = "The site is down."
  }

  assert {
    condition     = data.http.site.status_code < 500
    error_message = "The site fails."
  }
}
