package tfkit_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/internal/render"
	"github.com/tfkit/tfkit/schema"
)

// taggedSchemas: aws_vpc takes tags, aws_route does not.
func taggedSchemas() []*schema.Provider {
	return []*schema.Provider{{
		Source: "registry.terraform.io/hashicorp/aws",
		Resources: []*schema.Resource{
			{Type: "aws_route", Block: &schema.Block{Attributes: []*schema.Attribute{
				{Name: "route_table_id", Type: cty.String, Required: true},
			}}},
			{Type: "aws_vpc", Block: &schema.Block{Attributes: []*schema.Attribute{
				{Name: "cidr_block", Type: cty.String, Optional: true},
				{Name: "tags", Type: cty.Map(cty.String), Optional: true},
			}}},
		},
	}}
}

// tagAll adds tags to every resource whose schema has tags.
var tagAll = tfkit.AspectFunc(func(el tfkit.Element) error {
	r, ok := el.(*tfkit.Resource)
	if !ok {
		return nil
	}
	if sc := tfkit.SchemaOf(r); sc != nil && sc.Block.Attribute("tags") != nil {
		r.Override("tags.team", "core")
	}
	return nil
})

func TestAspectTagsResourcesWhoseSchemaHasTags(t *testing.T) {
	app := tfkit.NewApp(tfkit.WithSchemas(taggedSchemas()))
	s := tfkit.NewStack(app, "net")
	tfkit.NewResource(s, "aws_vpc", "main", tfkit.Attrs{"cidr_block": "10.0.0.0/16", "tags": map[string]string{"Name": "main"}})
	tfkit.NewResource(s, "aws_route", "r", tfkit.Attrs{"route_table_id": "rt-1"})
	s.Aspect(tagAll)
	got := stackHCL(t, s)
	if !strings.Contains(got, "tags = {\n    Name = \"main\"\n    team = \"core\"\n  }") {
		t.Errorf("aws_vpc not tagged:\n%s", got)
	}
	if strings.Count(got, "team") != 1 {
		t.Errorf("aws_route, whose schema has no tags, was tagged:\n%s", got)
	}
}

func TestAspectNamingRuleErrorAtElementLine(t *testing.T) {
	_, s := newStack(t)
	s.Aspect(tfkit.AspectFunc(func(el tfkit.Element) error {
		if r, ok := el.(*tfkit.Resource); ok && !strings.HasPrefix(r.Block().Labels[1], "app_") {
			return errors.New("resource names start with app_")
		}
		return nil
	}))
	tfkit.NewResource(s, "null_resource", "app_ok", nil)
	line := here() + 1
	tfkit.NewResource(s, "null_resource", "bad", nil)
	checkDiags(t, s.Validate(), want{summary: "Refused by an aspect", line: line, path: "null_resource.bad"})
	if d := s.Validate().Errs()[0]; !strings.Contains(d.Detail, "null_resource.bad: resource names start with app_.") {
		t.Errorf("detail: %s", d.Detail)
	}
}

func TestAspectSetsDefaultProvider(t *testing.T) {
	_, s := newStack(t)
	west := tfkit.NewProvider(s, "aws", tfkit.Attrs{"region": "us-west-2"}).Alias("west")
	tfkit.NewResource(s, "aws_vpc", "a", nil)
	tfkit.NewResource(s, "aws_vpc", "b", nil).Provider(west)
	tfkit.NewResource(s, "null_resource", "n", nil)
	s.Aspect(tfkit.AspectFunc(func(el tfkit.Element) error {
		if r, ok := el.(*tfkit.Resource); ok && strings.HasPrefix(r.Block().Labels[0], "aws_") && r.Block().Body.Attribute("provider") == nil {
			r.Provider(west)
		}
		return nil
	}))
	got := stackHCL(t, s)
	if strings.Count(got, "provider = aws.west") != 2 || strings.Contains(got, "resource \"null_resource\" \"n\" {\n  provider") {
		t.Errorf("default provider not set as expected:\n%s", got)
	}
}

// TestAspectOrderAndRounds: elements are visited in declaration order, each
// by every aspect in the order added; an element an aspect declares is
// visited in a further round, by every aspect.
func TestAspectOrderAndRounds(t *testing.T) {
	_, s := newStack(t)
	var log []string
	record := func(name string) tfkit.Aspect {
		return tfkit.AspectFunc(func(el tfkit.Element) error {
			log = append(log, name+":"+el.Block().Address())
			return nil
		})
	}
	tfkit.NewResource(s, "null_resource", "a", nil)
	tfkit.NewVariable(s, "v", tfkit.VariableConfig{})
	s.Aspect(record("first"))
	s.Aspect(tfkit.AspectFunc(func(el tfkit.Element) error {
		// A resource gets a companion, once.
		if r, ok := el.(*tfkit.Resource); ok && !strings.HasSuffix(r.Block().Labels[1], "_log") {
			tfkit.NewResource(r.Stack(), "null_resource", r.Block().Labels[1]+"_log", nil)
		}
		return nil
	}), record("third"))
	tfkit.NewResource(s, "null_resource", "b", nil)
	if ds := s.Validate(); ds.HasErrors() {
		t.Fatal(ds)
	}
	want := "first:null_resource.a third:null_resource.a first:var.v third:var.v first:null_resource.b third:null_resource.b " +
		"first:null_resource.a_log third:null_resource.a_log first:null_resource.b_log third:null_resource.b_log"
	if got := strings.Join(log, " "); got != want {
		t.Errorf("visits\n%s\nwant\n%s", got, want)
	}
	// Validating again visits nothing new.
	log = nil
	s.Validate()
	if len(log) != 0 {
		t.Errorf("second validation visited %v", log)
	}
}

func TestAspectCycleRefused(t *testing.T) {
	_, s := newStack(t)
	n := 0
	line := here() + 1
	s.Aspect(tfkit.AspectFunc(func(el tfkit.Element) error {
		if _, ok := el.(*tfkit.Resource); ok {
			n++
			tfkit.NewResource(el.(*tfkit.Resource).Stack(), "null_resource", fmt.Sprintf("r%d", n), nil)
		}
		return nil
	}))
	tfkit.NewResource(s, "null_resource", "seed", nil)
	ds := s.Validate()
	checkDiags(t, ds, want{summary: "Cycle of aspects", line: line})
	if d := ds.Errs()[0]; !strings.Contains(d.Detail, "after 10 rounds") || !strings.Contains(d.Detail, "visiting null_resource.r9 declared null_resource.r10") {
		t.Errorf("detail: %s", d.Detail)
	}
}

func TestWithAspectsVisitsTheCompositeOnly(t *testing.T) {
	_, s := newStack(t)
	tfkit.NewResource(s, "null_resource", "outside", nil)
	var seen []string
	s.WithAspects(func() {
		tfkit.NewResource(s, "null_resource", "inside", nil)
		tfkit.NewResource(s, "null_resource", "inside2", nil)
	}, tfkit.AspectFunc(func(el tfkit.Element) error {
		seen = append(seen, el.Block().Address())
		if el.Block().Labels[1] == "inside" {
			tfkit.NewResource(s, "null_resource", "added", nil)
		}
		return nil
	}))
	tfkit.NewResource(s, "null_resource", "after", nil)
	if ds := s.Validate(); ds.HasErrors() {
		t.Fatal(ds)
	}
	if got := strings.Join(seen, " "); got != "null_resource.inside null_resource.inside2 null_resource.added" {
		t.Errorf("visited %s", got)
	}
}

// TestSchemaOfTypedBinding: a typed binding's element has the schema of
// the handle it holds.
func TestSchemaOfTypedBinding(t *testing.T) {
	app := tfkit.NewApp(tfkit.WithSchemas(taggedSchemas()))
	stack := tfkit.NewStack(app, "prod")
	vpc := &boundResource{tfkit.NewResource(stack, "aws_vpc", "main", nil)}
	if sc := tfkit.SchemaOf(vpc); sc == nil || sc.Block.Attribute("tags") == nil {
		t.Errorf("SchemaOf the typed binding: %v, want aws_vpc's schema", sc)
	}
}

// TestAspectDocExample runs the example of docs/go-api.md, "Aspects".
func TestAspectDocExample(t *testing.T) {
	schemas := taggedSchemas()
	app := tfkit.NewApp(tfkit.WithSchemas(schemas))
	stack := tfkit.NewStack(app, "prod")
	west := tfkit.NewProvider(stack, "aws", tfkit.Attrs{"region": "us-west-2"}).Alias("west")

	stack.Aspect(
		// Tags for every resource whose schema has tags.
		tfkit.AspectFunc(func(el tfkit.Element) error {
			if sc := tfkit.SchemaOf(el); sc != nil && sc.Block.Attribute("tags") != nil {
				el.(*tfkit.Resource).Override("tags.team", "core")
			}
			return nil
		}),
		// A naming rule, an error at the element's line.
		tfkit.AspectFunc(func(el tfkit.Element) error {
			if r, ok := el.(*tfkit.Resource); ok && !strings.HasPrefix(r.Block().Labels[1], "prod_") {
				return fmt.Errorf("resource names start with prod_")
			}
			return nil
		}),
		// A default provider for resources that choose none.
		tfkit.AspectFunc(func(el tfkit.Element) error {
			if r, ok := el.(*tfkit.Resource); ok && r.Block().Body.Attribute("provider") == nil {
				r.Provider(west)
			}
			return nil
		}),
	)
	tfkit.NewResource(stack, "aws_vpc", "prod_main", tfkit.Attrs{"cidr_block": "10.0.0.0/16"})
	line := here() + 1
	tfkit.NewResource(stack, "aws_route_table", "rt", nil)

	ds := stack.Validate()
	checkDiags(t, ds, want{summary: "Refused by an aspect", line: line, path: "aws_route_table.rt"})
	if got := ds.Errs()[0].Error(); !strings.Contains(got, "aws_route_table.rt: resource names start with prod_.") || !strings.Contains(got, "aspect added here: aspect_test.go:") {
		t.Errorf("diagnostic:\n%s", got)
	}
	text, _ := render.HCL(stack.Config())
	if !strings.Contains(string(text), "resource \"aws_vpc\" \"prod_main\" {\n  provider   = aws.west\n  cidr_block = \"10.0.0.0/16\"\n  tags = {\n    team = \"core\"\n  }\n}") {
		t.Errorf("aws_vpc.prod_main:\n%s", text)
	}
}
