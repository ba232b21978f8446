package config

import (
	"testing"

	"github.com/hashicorp/hcl/v2"
)

// SameBlock ignores where blocks were declared and nothing the renderer
// writes.
func TestSameBlock(t *testing.T) {
	block := func(src string, line int, trivia bool) *Block {
		t.Helper()
		parse := ParseBody
		if trivia {
			parse = ParseBodyWithTrivia
		}
		body, ds := parse(src, "main.tsx", hcl.Pos{Line: line, Column: 1})
		if ds.HasErrors() {
			t.Fatal(ds)
		}
		b := NewBlock("variable", "region")
		b.Body = body
		b.DeclRange = hcl.Range{Filename: "main.tsx", Start: hcl.Pos{Line: line}}
		return b
	}
	const src = "type = string\ndefault = [for r in var.all : upper(r) if r != \"\"][0]\nvalidation {\n  condition = var.region != \"x\"\n  error_message = \"no ${var.region}\"\n}\n"
	base := block(src, 1, false)
	for _, tc := range []struct {
		name string
		b    *Block
		want bool
	}{
		{"elsewhere", block(src, 40, false), true},
		{"other default", block("type = string\ndefault = [for r in var.all : lower(r) if r != \"\"][0]\nvalidation {\n  condition = var.region != \"x\"\n  error_message = \"no ${var.region}\"\n}\n", 1, false), false},
		{"other message", block("type = string\ndefault = [for r in var.all : upper(r) if r != \"\"][0]\nvalidation {\n  condition = var.region != \"x\"\n  error_message = \"not ${var.region}\"\n}\n", 1, false), false},
		{"no validation", block("type = string\ndefault = [for r in var.all : upper(r) if r != \"\"][0]\n", 1, false), false},
		{"with comments", block("# the region\n"+src, 1, true), false},
	} {
		if got := SameBlock(base, tc.b); got != tc.want {
			t.Errorf("%s: SameBlock = %v, want %v", tc.name, got, tc.want)
		}
	}
	if a, b := block("# x\n"+src, 1, true), block("# x\n"+src, 9, true); !SameBlock(a, b) {
		t.Error("the same comments elsewhere differ")
	}
}
