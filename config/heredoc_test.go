package config

import (
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

func TestIndentHeredocs(t *testing.T) {
	cases := map[string]string{
		"<<-EOT\n  a\n\n  %{ if true ~}\n  b\n  %{ endif ~}\nEOT\n": "<<-EOT\n    a\n\n    %{ if true ~}\n    b\n    %{ endif ~}\n  EOT\n",
		// A plain heredoc's lines are its value: unchanged.
		"<<EOT\n  a\nEOT\n":                         "<<EOT\n  a\nEOT\n",
		"join(\",\", [<<-A\n x\nA\n, <<B\ny\nB\n])": "join(\",\", [<<-A\n   x\n  A\n, <<B\ny\nB\n])",
		"\"no heredoc <<- here\"":                   "\"no heredoc <<- here\"",
	}
	for in, want := range cases {
		if got := IndentHeredocs(in, "  "); got != want {
			t.Errorf("IndentHeredocs(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzIndentHeredocs checks that indenting never panics, leaves text
// without indented heredocs as it is, and keeps text that parses parsing.
func FuzzIndentHeredocs(f *testing.F) {
	for _, s := range []string{"<<-EOT\n  a\n  %{ for x in y ~}\n  ${x}\n  %{ endfor ~}\nEOT\n", "<<EOT\nx\nEOT\n", "[<<-A\nx\nA\n]", "<<-", "\"<<-\""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := IndentHeredocs(s, "  ")
		if !strings.Contains(s, "<<-") && out != s {
			t.Fatalf("changed text without an indented heredoc: %q", out)
		}
		if _, ds := hclsyntax.ParseExpression([]byte(s), "", hcl.InitialPos); ds.HasErrors() {
			return
		}
		if _, ds := hclsyntax.ParseExpression([]byte(out), "", hcl.InitialPos); ds.HasErrors() {
			t.Fatalf("%q parses, but indented %q does not: %s", s, out, ds.Error())
		}
	})
}
