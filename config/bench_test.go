package config

import (
	"fmt"
	"testing"

	"github.com/hashicorp/hcl/v2"
)

// benchConfig builds the benchmark shape used across tfkit: n resources,
// half of them referring to another resource, plus variables, outputs and
// locals.
func benchConfig(n int) *Config {
	cfg := &Config{}
	for i := 0; i < n/100+1; i++ {
		v := NewBlock("variable", fmt.Sprintf("v%d", i))
		v.Body.Set("type", Ref("string"))
		v.Body.Set("default", String("x"))
		cfg.Add(v)
	}
	locals := NewBlock("locals")
	locals.Body.Set("prefix", &Template{Parts: []Expr{String("app-"), Ref("var", "v0")}})
	cfg.Add(locals)
	for i := 0; i < n; i++ {
		r := NewBlock("resource", "null_resource", fmt.Sprintf("r%d", i))
		r.DeclRange = hcl.Range{Filename: "main.go", Start: hcl.Pos{Line: i + 1}}
		r.Body.Set("name", &Template{Parts: []Expr{Ref("local", "prefix"), String(fmt.Sprintf("-%d", i))}})
		r.Body.Set("size", Int(int64(i)))
		if i%2 == 1 {
			r.Body.Set("other", Ref("null_resource", fmt.Sprintf("r%d", i-1), "id"))
		}
		cfg.Add(r)
	}
	for i := 0; i < n/100+1; i++ {
		o := NewBlock("output", fmt.Sprintf("o%d", i))
		o.Body.Set("value", Ref("null_resource", fmt.Sprintf("r%d", i), "id"))
		cfg.Add(o)
	}
	return cfg
}

func BenchmarkValidate10k(b *testing.B) {
	cfg := benchConfig(10_000)
	b.ReportAllocs()
	for b.Loop() {
		if d := Validate(cfg); len(d) != 0 {
			b.Fatal(d)
		}
	}
}

func BenchmarkValidate100k(b *testing.B) {
	cfg := benchConfig(100_000)
	b.ReportAllocs()
	for b.Loop() {
		if d := Validate(cfg); len(d) != 0 {
			b.Fatal(d)
		}
	}
}
