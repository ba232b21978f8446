package hclguard

import (
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// FuzzConfig: the check never panics, and the shortcut for short text
// never lets through what a full count refuses.
func FuzzConfig(f *testing.F) {
	for _, s := range []string{
		"a = 1\n", "a = [[1], {b = -c}]\n", `a = "${x ? "%{if y}z%{endif}" : 1}"` + "\n",
		"a = <<EOT\n${f(1)}\nEOT\n", "a = !!!!b\n", "a = (1\n+\n2)\n", "}}}]]]\n", `a = "${`,
		"a = 1e10000\n", "a = [1.5E-0009999, x1e99999]\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		ds := Config(src, "f.tf", hcl.InitialPos)
		toks, _ := hclsyntax.LexConfig(src, "f.tf", hcl.InitialPos)
		full := tokens(toks)
		if shallow(src) && full.HasErrors() && full[0].Summary == Summary {
			t.Fatalf("short text refused by the full count: %q", src)
		}
		if !mayHoldLongExponent(src) && full.HasErrors() && full[0].Summary == NumberSummary {
			t.Fatalf("the number refused in %q was not seen by the byte scan", src)
		}
		if ds.HasErrors() != full.HasErrors() {
			t.Fatalf("Config and the full count disagree on %q", src)
		}
		_ = Template(src, "f.tpl", hcl.InitialPos)
		_ = Expression(src, "f", hcl.InitialPos)
	})
}

// FuzzJSON: the JSON check never panics.
func FuzzJSON(f *testing.F) {
	for _, s := range []string{`{"a": [1, {"b": "${x}"}]}`, `{"a": "\"${[`, `[[[`, `"\u0024{"`, `{"a":"\\"}`, `{"a": -1e99999}`, `{"a": "${2e+10000}"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		_ = JSON(src, "f.tf.json", hcl.InitialPos)
	})
}
