package cli

import (
	"testing"
)

// TestOutputKeepsAmpersands: a URL's & (and < and >) are printed as they
// are, as terraform output prints them, not as the \u0026 of output -json;
// --json keeps the engine's JSON.
func TestOutputKeepsAmpersands(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the Terraform engine")
	}
	p := newStackProject(t)
	p.write(testStack{name: "app", tf: `output "url" {
  value = "https://example.com/?a=1&b=<2>"
}

output "big" {
  value = {n = 12345678901234567890, s = "x&y"}
}
`})
	if res := p.tfkit("", "deploy", "--auto-approve"); res.code != ExitOK {
		t.Fatalf("deploy: %s", res)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"app", "url"}, `"https://example.com/?a=1&b=<2>"` + "\n"},
		{[]string{"app"}, `big = {"n":12345678901234567890,"s":"x&y"}` + "\n" + `url = "https://example.com/?a=1&b=<2>"` + "\n"},
		{[]string{"--json", "app", "url"}, `"https://example.com/?a=1\u0026b=\u003c2\u003e"` + "\n"},
	} {
		res := p.tfkit("", append([]string{"output"}, c.args...)...)
		if res.code != ExitOK || res.stdout != c.want {
			t.Errorf("output %v: want %q\n%s", c.args, c.want, res)
		}
	}
}
