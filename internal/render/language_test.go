package render_test

import (
	"testing"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/internal/render"
	"github.com/tfkit/tfkit/internal/rendertest"
)

// TestKindsRenderAsLanguage renders a block of every kind of the language
// table, with every argument Terraform defines in it and every nested
// block it owns (with theirs), each argument holding a value of the form
// Terraform reads it in, and reads both outputs back the way Terraform
// does: each argument must come back as what the table says Terraform
// reads (a bare reference, a keyword, a type constraint, a literal).
func TestKindsRenderAsLanguage(t *testing.T) {
	cfg := &config.Config{}
	for _, k := range config.Kinds {
		b := config.NewBlock(k.Type, labels(&k.BlockSpec)...)
		fill(b.Body, &k.BlockSpec, 0)
		cfg.Add(b)
	}
	h, err := render.HCL(cfg)
	if err != nil {
		t.Fatal(err)
	}
	rendertest.HCLRoundTrip(t, cfg, h)
	j, err := render.JSON(cfg)
	if err != nil {
		t.Fatal(err)
	}
	rendertest.JSONRoundTrip(t, cfg, j)
}

func labels(s *config.BlockSpec) []string {
	out := make([]string, len(s.Labels))
	for i := range out {
		out[i] = "l" + string(rune('a'+i))
	}
	return out
}

// fill sets every argument of s in body, as written in Terraform, and
// appends its nested blocks.
func fill(body *config.Body, s *config.BlockSpec, depth int) {
	for _, a := range s.Args {
		body.Set(a.Name, valueFor(a))
	}
	if s.Entries == config.RequiredProvider {
		body.Set("aws", &config.Object{Items: []config.ObjectItem{
			{Key: config.String("source"), Value: config.String("hashicorp/aws")},
			{Key: config.String("configuration_aliases"), Value: &config.Tuple{Items: []config.Expr{config.Ref("aws", "west")}}},
		}})
	}
	if depth > 2 {
		return
	}
	for _, nb := range s.Blocks {
		b := config.NewBlock(nb.Type, labels(nb)...)
		fill(b.Body, nb, depth+1)
		body.AppendBlock(b)
	}
}

func valueFor(a config.Arg) config.Expr {
	switch a.Read {
	case config.Address:
		return config.Ref("aws_instance", "old")
	case config.ProviderRef:
		return config.Ref("aws", "west")
	case config.RefList:
		return &config.Tuple{Items: []config.Expr{config.Ref("aws_vpc", "main")}}
	case config.IgnoreChanges:
		return &config.Tuple{Items: []config.Expr{config.Ref("tags")}}
	case config.ProviderMap:
		return &config.Object{Items: []config.ObjectItem{{Key: config.Ref("aws"), Value: config.Ref("aws", "west")}}}
	case config.TypeConstraint:
		return &config.Call{Name: "list", Args: []config.Expr{config.Ref("string")}}
	case config.Keyword:
		return config.Ref("destroy")
	}
	if a.Literal {
		return config.String("text")
	}
	return config.Ref("var", "x")
}
