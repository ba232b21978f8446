package load

import "testing"

// Diagnostics found while the dependency graph is built come out in the
// same order on every run, whatever the order of Go's maps.
func TestGraphDiagnosticsInStableOrder(t *testing.T) {
	dir := writeFiles(t, map[string]string{"main.tf": `
check "health" {
  data "http" "ping" {
    url = "https://example.com"
  }
  assert {
    condition     = data.http.ping.status_code == 200
    error_message = "down"
  }
}

locals {
  a = data.http.ping.status_code
  b = data.http.ping.url
  c = data.http.ping.id
  d = data.http.ping.response_body
  e = data.http.ping.status_code + 1
}

output "f" {
  value = data.http.ping.url
}
`})
	var first string
	for i := 0; i < 30; i++ {
		_, diags := Dir(dir, Options{})
		if len(diags) < 6 {
			t.Fatalf("want a diagnostic per reference to the scoped data source, got:\n%s", diags)
		}
		if got := diags.Error(); i == 0 {
			first = got
		} else if got != first {
			t.Fatalf("run %d reported in another order:\n%s\nfirst:\n%s", i, got, first)
		}
	}
}
