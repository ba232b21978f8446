package render

import (
	"strings"
	"testing"

	"github.com/tfkit/tfkit/config"
)

// Arguments Terraform reads with nothing in scope may hold operators over
// constants; JSON, which has no syntax for them, gets their value.
func TestConstantsInLiteralArguments(t *testing.T) {
	src := `variable "ttl" {
  default = 60 * 60 * 24
}

variable "mode" {
  default = !false ? "a-${1 + 1}" : "b"
}

variable "windows" {
  default = false
}

resource "null_resource" "c" {
  connection {
    type = var.windows ? "winrm" : "ssh"
    host = "example.com"
  }
}
`
	cfg, diags := config.ParseConfig(src, "main.tf")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if ds := config.Validate(cfg); len(ds) != 0 {
		t.Fatalf("validate: %s", ds)
	}
	out, err := HCL(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != src {
		t.Errorf("HCL keeps the expressions as written; got:\n%s", out)
	}
	js, err := JSON(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"default": 86400`, `"default": "a-2"`, `"type": "${var.windows ? \"winrm\" : \"ssh\"}"`} {
		if !strings.Contains(string(js), want) {
			t.Errorf("JSON lacks %s:\n%s", want, js)
		}
	}
}
