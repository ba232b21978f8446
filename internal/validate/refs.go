package validate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/schema"
)

// referencesIn reports references in body to attributes that the schema
// of the resource, data source or ephemeral resource they name does not
// have (aws_vpc.main.cidr, data.aws_ami.x.image), as Terraform does. Names
// declared nowhere are left to dependencies (AsEngine) and to
// config.Validate; types without a schema are left alone. An attribute
// read after a splat (aws_instance.web[*].idd) is left alone too, as
// terraform validate leaves it: it takes counts as unknown and leaves the
// read to plan.
func (c *checker) referencesIn(body *config.Body, path string, rng hcl.Range) {
	for _, it := range body.Items {
		switch it := it.(type) {
		case *config.Attribute:
			for _, tr := range config.Variables(it.Expr) {
				c.reference(tr, it.Source, path+"."+it.Name, where(it.Range, rng))
			}
		case *config.Block:
			c.referencesIn(it.Body, path+"."+it.Type, where(it.DeclRange, rng))
		}
	}
}

// reference checks one reference tr, read from the expression src (nil
// when unknown), of the attribute at rng.
func (c *checker) reference(tr hcl.Traversal, src hcl.Expression, path string, rng hcl.Range) {
	// The names of the steps, without indexes: aws_instance.web[0].id is
	// aws_instance, web, id; steps are their places in tr.
	names := make([]string, 0, 4)
	steps := make([]int, 0, 4)
	for i, step := range tr {
		switch s := step.(type) {
		case hcl.TraverseRoot:
			names, steps = append(names, s.Name), append(steps, i)
		case hcl.TraverseAttr:
			names, steps = append(names, s.Name), append(steps, i)
		}
	}
	if len(names) == 0 {
		return
	}
	// A resource is named by its type and name, a data source or an
	// ephemeral resource under its root too; other roots name no
	// resource.
	objLen := 2
	if k, ok := config.KindOfRoot(names[0]); ok && k.ProviderSchema {
		objLen = 1 + len(k.Labels)
	} else if slices.Contains(config.Roots, names[0]) {
		return
	}
	if len(names) <= objLen {
		return
	}
	var addr string
	if objLen == 3 {
		addr = names[0] + "." + names[1] + "." + names[2]
	} else {
		addr = names[0] + "." + names[1]
	}
	b := c.declared.resources[addr]
	if b == nil {
		return
	}
	typ := b.Labels[0]
	p := c.providerFor(b, typ)
	if p == nil {
		return
	}
	var rs *schema.Resource
	switch b.Type {
	case "data":
		rs = p.DataSource(typ)
	case "ephemeral":
		rs = p.EphemeralResource(typ)
	default:
		rs = p.Resource(typ)
	}
	if rs == nil {
		return // reported by topLevel
	}
	attr := names[objLen]
	if rs.Block.Attribute(attr) != nil || rs.Block.NestedBlock(attr) != nil {
		return
	}
	var candidates []string
	for _, a := range rs.Block.Attributes {
		candidates = append(candidates, a.Name)
	}
	for _, nb := range rs.Block.Blocks {
		candidates = append(candidates, nb.Name)
	}
	c.add(diag.Error, stepRange(src, tr, steps[objLen], rng), path, "Unsupported attribute",
		fmt.Sprintf("This object has no argument, nested block, or exported attribute named %q.", attr),
		hintOr(diag.DidYouMean(attr, candidates), fmt.Sprintf("the schema of %s %q of %s has no attribute %s", kindNoun(b.Type), typ, providerForDisplay(p.Source), attr)))
}

// stepRange is where step i of the reference tr was written in src, as
// Terraform reports a step that names nothing (.cidr of aws_vpc.main.cidr);
// else fallback.
func stepRange(src hcl.Expression, tr hcl.Traversal, i int, fallback hcl.Range) hcl.Range {
	if src == nil {
		return fallback
	}
	for _, v := range src.Variables() {
		if len(v) == len(tr) && config.TraversalString(config.StripRanges(v)) == config.TraversalString(tr) {
			return where(v[i].SourceRange(), fallback)
		}
	}
	return fallback
}

// hintOr is hint, else fallback.
func hintOr(hint, fallback string) string {
	if hint != "" {
		return hint
	}
	return fallback
}

func kindNoun(typ string) string {
	switch typ {
	case "data":
		return "data source"
	case "ephemeral":
		return "ephemeral resource"
	}
	return "resource type"
}

// functionsIn reports calls in body of provider functions
// (provider::NAME::FUNC) that the schema of provider NAME does not offer,
// with a did-you-mean. Providers without a schema are left alone, and so
// are built-in functions (config.Validate checks those).
func (c *checker) functionsIn(body *config.Body, path string, rng hcl.Range) {
	for _, it := range body.Items {
		switch it := it.(type) {
		case *config.Attribute:
			var seen map[string]int // calls of each function so far
			for _, call := range config.FunctionCalls(it.Expr) {
				if !strings.HasPrefix(call.Name, "provider::") {
					continue
				}
				if seen == nil {
					seen = map[string]int{}
				}
				at := where(call.Range, callRange(it.Source, call.Name, seen[call.Name], where(it.Range, rng)))
				seen[call.Name]++
				c.providerFunction(call, path+"."+it.Name, at)
			}
		case *config.Block:
			c.functionsIn(it.Body, path+"."+it.Type, where(it.DeclRange, rng))
		}
	}
}

// callRange is where the n-th call of the function name is in src, as
// the engines place a call of a function that is not there; else
// fallback.
func callRange(src hcl.Expression, name string, n int, fallback hcl.Range) hcl.Range {
	x, ok := src.(hclsyntax.Expression)
	if !ok {
		return fallback
	}
	r := fallback
	hclsyntax.VisitAll(x, func(node hclsyntax.Node) hcl.Diagnostics {
		if call, ok := node.(*hclsyntax.FunctionCallExpr); ok && call.Name == name {
			if n == 0 {
				r = where(call.Range(), fallback)
			}
			n--
		}
		return nil
	})
	return r
}

func (c *checker) providerFunction(call config.FunctionCall, path string, rng hcl.Range) {
	rest, ok := strings.CutPrefix(call.Name, "provider::")
	if !ok {
		return
	}
	name, fn, ok := strings.Cut(rest, "::")
	if !ok {
		return
	}
	p := c.providers[name]
	if p == nil {
		return
	}
	var names []string
	for _, f := range p.Functions {
		if f.Name == fn {
			return
		}
		names = append(names, f.Name)
	}
	// The engine's words; what the provider offers is the hint.
	detail := fmt.Sprintf("There is no function named %q. Ensure that provider name %q is declared in this module's required_providers block, and that this provider offers a function named %q.", call.Name, name, fn)
	hint := diag.DidYouMean(fn, names)
	if len(names) == 0 {
		hint = fmt.Sprintf("%s offers no functions", providerForDisplay(p.Source))
	}
	c.add(diag.Error, rng, path, "Unknown provider function", detail, hint)
}
