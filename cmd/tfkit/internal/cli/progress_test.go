package cli

import (
	"bytes"
	"strings"
	"testing"
)

// initOutput is what terraform init prints for two providers and a
// registry module (OpenTofu prints the same lines).
const initOutput = `Initializing modules...
Downloading registry.terraform.io/terraform-aws-modules/vpc/aws 5.0.0 for vpc...
- vpc in .terraform/modules/vpc

Initializing provider plugins...
- Finding hashicorp/random versions matching "~> 3.0"...
- Finding latest version of hashicorp/local...
- Installing hashicorp/random v3.9.0...
- Installed hashicorp/random v3.9.0 (unauthenticated)
- Using previously-installed hashicorp/local v2.9.0

Terraform has been successfully initialized!
`

func TestProgressPlain(t *testing.T) {
	var out, kept bytes.Buffer
	p := newProgress(&out, false, 0)
	followInit(p, strings.NewReader(initOutput), &kept)
	p.setPhase("Reading provider schemas")
	p.stop()
	want := "module.vpc: installed\n" +
		"hashicorp/random: installed 3.9.0\n" +
		"hashicorp/local: installed 2.9.0\n" +
		"Reading provider schemas\n"
	if out.String() != want {
		t.Errorf("plain progress:\n%s\nwant:\n%s", out.String(), want)
	}
	if kept.String() != initOutput {
		t.Errorf("the init output kept differs:\n%s", kept.String())
	}
}

// TestProgressTerminal: on a terminal a spinner line shows what is under
// way, each finished item is printed above it, and stop erases it.
func TestProgressTerminal(t *testing.T) {
	var out bytes.Buffer
	p := newProgress(&out, true, 0)
	followInit(p, strings.NewReader(initOutput), &bytes.Buffer{})
	p.setPhase("Reading provider schemas")
	p.frame = 3
	p.set("x/y", "installing 1.0.0", false)
	p.stop()
	const clear = "\r\033[K"
	want := clear + "⠋ module.vpc (downloading)" +
		clear + "✓ module.vpc: installed\n" +
		clear + "⠋ hashicorp/random (finding versions)" +
		clear + "⠋ hashicorp/random (finding versions), hashicorp/local (finding versions)" +
		clear + "⠋ hashicorp/random (installing 3.9.0), hashicorp/local (finding versions)" +
		clear + "✓ hashicorp/random: installed 3.9.0\n" +
		clear + "⠋ hashicorp/local (finding versions)" +
		clear + "✓ hashicorp/local: installed 2.9.0\n" +
		clear + "⠋ Reading provider schemas" +
		clear + "⠸ x/y (installing 1.0.0)" +
		clear
	if got := out.String(); got != want {
		t.Errorf("terminal progress:\n%q\nwant:\n%q", got, want)
	}
}

// TestProgressLongLine: the spinner line is cut to fit 80 columns.
func TestProgressLongLine(t *testing.T) {
	var out bytes.Buffer
	p := newProgress(&out, true, 0)
	p.set(strings.Repeat("n", 100), "installing", false)
	line := strings.TrimPrefix(out.String(), "\r\033[K")
	if n := len([]rune(line)); n != 80 || !strings.HasSuffix(line, "…") {
		t.Errorf("line of %d runes: %q", n, line)
	}
}
