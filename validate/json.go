package validate

import (
	"sort"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	hcljson "github.com/hashicorp/hcl/v2/json"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/hcldepth"
	"github.com/tfkit/tfkit/schema"
)

// jsonTop is the part of Terraform's JSON configuration syntax the checker
// reads: the blocks it checks and the terraform block that names the
// providers. Other top-level properties are left alone.
var jsonTop = &hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{
	{Type: "terraform"},
	{Type: "provider", LabelNames: []string{"name"}},
	{Type: "resource", LabelNames: []string{"type", "name"}},
	{Type: "data", LabelNames: []string{"type", "name"}},
	{Type: "ephemeral", LabelNames: []string{"type", "name"}},
	{Type: "check", LabelNames: []string{"name"}},
}}

// ReadJSON reads a Terraform JSON configuration file (main.tf.json) into
// the model, as far as Config needs it: the terraform block's
// required_providers, and provider, resource, data source and ephemeral
// resource bodies (also data sources scoped in check blocks). JSON does not say which properties
// are nested blocks; the providers' schemas do, so a property is read as
// blocks when the schema declares a nested block of that name, and as an
// argument otherwise. Values without expressions become literals, so their
// types are checked; strings with ${ } templates are not.
func ReadJSON(src []byte, filename string, providers []*schema.Provider) (*config.Config, diag.Diagnostics) {
	if hd := hcldepth.JSON(src, filename, hcl.InitialPos); hd.HasErrors() {
		return nil, diag.FromHCL(hd)
	}
	file, hd := hcljson.Parse(src, filename)
	if hd.HasErrors() {
		return nil, diag.FromHCL(hd)
	}
	content, _, hd := file.Body.PartialContent(jsonTop)
	if hd.HasErrors() {
		return nil, diag.FromHCL(hd)
	}
	r := &jsonReader{src: src}
	cfg := &config.Config{}
	// The terraform blocks first: they say which provider a local name is.
	for _, b := range content.Blocks {
		if b.Type == "terraform" {
			cfg.Add(r.terraform(b))
		}
	}
	index := indexProviders(cfg, providers)
	for _, b := range content.Blocks {
		switch b.Type {
		case "provider":
			var sch *schema.Block
			if p := index[b.Labels[0]]; p != nil {
				sch = p.Config
			}
			cfg.Add(r.block(b, sch, false))
		case "resource", "data", "ephemeral":
			cfg.Add(r.element(b, index))
		case "check":
			cb := r.blockHeader(b)
			inner, _, _ := b.Body.PartialContent(&hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "data", LabelNames: []string{"type", "name"}}}})
			for _, d := range inner.Blocks {
				cb.Body.AppendBlock(r.element(d, index))
			}
			cfg.Add(cb)
		}
	}
	return cfg, r.diags
}

type jsonReader struct {
	src   []byte
	diags diag.Diagnostics
}

func (r *jsonReader) blockHeader(b *hcl.Block) *config.Block {
	nb := config.NewBlock(b.Type, b.Labels...)
	nb.DeclRange = b.DefRange
	return nb
}

// terraform reads the required_providers of a terraform block.
func (r *jsonReader) terraform(b *hcl.Block) *config.Block {
	tb := r.blockHeader(b)
	inner, _, _ := b.Body.PartialContent(&hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "required_providers"}}})
	for _, rp := range inner.Blocks {
		nb := r.blockHeader(rp)
		attrs, _ := rp.Body.JustAttributes()
		for _, a := range sortedAttributes(attrs) {
			nb.Body.Items = append(nb.Body.Items, &config.Attribute{Name: a.Name, Expr: objectOf(r.expr(a.Expr)), Range: a.Range})
		}
		tb.Body.AppendBlock(nb)
	}
	return tb
}

// element reads a resource or data source with the schema of its type.
func (r *jsonReader) element(b *hcl.Block, index map[string]*schema.Provider) *config.Block {
	var sch *schema.Block
	probe := r.blockHeader(b)
	if a := r.attribute(b.Body, "provider"); a != nil {
		probe.Body.Items = append(probe.Body.Items, a)
	}
	c := &checker{providers: index}
	if p := c.providerFor(probe, b.Labels[0]); p != nil {
		rs := p.Resource(b.Labels[0])
		switch b.Type {
		case "data":
			rs = p.DataSource(b.Labels[0])
		case "ephemeral":
			rs = p.EphemeralResource(b.Labels[0])
		}
		if rs != nil {
			sch = rs.Block
		}
	}
	return r.block(b, sch, true)
}

// attribute returns one property of a body as an argument, or nil.
func (r *jsonReader) attribute(body hcl.Body, name string) *config.Attribute {
	content, _, _ := body.PartialContent(&hcl.BodySchema{Attributes: []hcl.AttributeSchema{{Name: name}}})
	a := content.Attributes[name]
	if a == nil {
		return nil
	}
	return &config.Attribute{Name: a.Name, Expr: r.expr(a.Expr), Range: a.Range}
}

// block reads b's body: properties the schema (sch, nil when unknown)
// declares as nested blocks become blocks, dynamic blocks keep their
// content, and every other property is an argument, in source order.
// top is true for resource and data source bodies, whose lifecycle,
// provisioner and connection blocks are Terraform's and are skipped.
func (r *jsonReader) block(b *hcl.Block, sch *schema.Block, top bool) *config.Block {
	out := r.blockHeader(b)
	attrs, _ := b.Body.JustAttributes()
	for _, a := range sortedAttributes(attrs) {
		switch {
		case top && (a.Name == "provider" || a.Name == "depends_on"):
			out.Body.Items = append(out.Body.Items, &config.Attribute{Name: a.Name, Expr: r.reference(a), Range: a.Range})
		case top && metaBlocks[a.Name]:
		case a.Name == "dynamic" && sch != nil:
			r.dynamic(b.Body, sch, out.Body)
		case sch != nil && sch.NestedBlock(a.Name) != nil:
			nb := sch.NestedBlock(a.Name)
			var labels []string
			if nb.Nesting == schema.NestingMap {
				labels = []string{"key"}
			}
			r.blocks(b.Body, a.Name, labels, nb.Block, out.Body)
		case sch != nil && sch.Attribute(a.Name) != nil && r.objectsValue(a.Expr):
			// A list or set of objects may be written as blocks; in
			// JSON the two look alike, and Terraform reads them as
			// blocks with every attribute optional.
			if obj, ok := blocksAsAttribute(sch.Attribute(a.Name)); ok {
				r.blocks(b.Body, a.Name, nil, obj, out.Body)
				continue
			}
			out.Body.Items = append(out.Body.Items, &config.Attribute{Name: a.Name, Expr: r.expr(a.Expr), Range: a.Range})
		default:
			out.Body.Items = append(out.Body.Items, &config.Attribute{Name: a.Name, Expr: r.expr(a.Expr), Range: a.Range})
		}
	}
	return out
}

// blocks reads the property typ of body as nested blocks with schema sch.
func (r *jsonReader) blocks(body hcl.Body, typ string, labels []string, sch *schema.Block, into *config.Body) {
	inner, _, hd := body.PartialContent(&hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: typ, LabelNames: labels}}})
	if hd.HasErrors() {
		r.diags = append(r.diags, diag.FromHCL(hd)...)
		return
	}
	for _, ib := range inner.Blocks {
		into.AppendBlock(r.block(ib, sch, false))
	}
}

// objectsValue reports whether a JSON value is an object or an array
// starting with an object: the shapes JSON gives nested blocks.
func (r *jsonReader) objectsValue(e hcl.Expression) bool {
	text := strings.TrimSpace(r.text(e.Range()))
	if strings.HasPrefix(text, "[") {
		text = strings.TrimSpace(text[1:])
	}
	return strings.HasPrefix(text, "{")
}

// dynamic reads the dynamic blocks of a body: their labels name the block
// type they generate and their content is read with that type's schema.
func (r *jsonReader) dynamic(body hcl.Body, sch *schema.Block, into *config.Body) {
	inner, _, hd := body.PartialContent(&hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "dynamic", LabelNames: []string{"type"}}}})
	if hd.HasErrors() {
		r.diags = append(r.diags, diag.FromHCL(hd)...)
		return
	}
	for _, db := range inner.Blocks {
		out := r.blockHeader(db)
		var contentSchema *schema.Block
		if nb := sch.NestedBlock(db.Labels[0]); nb != nil {
			contentSchema = nb.Block
		}
		cs, _, _ := db.Body.PartialContent(&hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "content"}}})
		for _, cb := range cs.Blocks {
			out.Body.AppendBlock(r.block(cb, contentSchema, false))
		}
		into.AppendBlock(out)
	}
}

// expr turns a JSON value into a literal when it holds no expression.
// JSON writes expressions as "${...}" strings, which read literally here:
// each such string becomes an opaque expression (nothing to check
// statically), and the objects and arrays around it constructors, so the
// literal parts are still checked.
func (r *jsonReader) expr(e hcl.Expression) config.Expr {
	v, hd := e.Value(nil)
	if !hd.HasErrors() && v.IsWhollyKnown() {
		return jsonValue(v)
	}
	return &config.Raw{Text: r.text(e.Range())}
}

func jsonValue(v cty.Value) config.Expr {
	if !hasTemplate(v) {
		return &config.Literal{Val: v}
	}
	t := v.Type()
	switch {
	case t == cty.String:
		return &config.Raw{Text: strconv.Quote(v.AsString())}
	case t.IsObjectType() || t.IsMapType():
		obj := &config.Object{}
		for it := v.ElementIterator(); it.Next(); {
			k, ev := it.Element()
			obj.Items = append(obj.Items, config.ObjectItem{Key: &config.Literal{Val: k}, Value: jsonValue(ev)})
		}
		return obj
	default: // tuple, list or set
		tup := &config.Tuple{}
		for it := v.ElementIterator(); it.Next(); {
			_, ev := it.Element()
			tup.Items = append(tup.Items, jsonValue(ev))
		}
		return tup
	}
}

// hasTemplate reports whether a string in v holds a template sequence.
func hasTemplate(v cty.Value) bool {
	found := false
	_ = cty.Walk(v, func(_ cty.Path, ev cty.Value) (bool, error) {
		if ev.Type() == cty.String && !ev.IsNull() {
			s := ev.AsString()
			if strings.Contains(s, "${") || strings.Contains(s, "%{") {
				found = true
			}
		}
		return !found, nil
	})
	return found
}

// objectOf spells a literal object as an object expression, as HCL's
// { source = "..." } reads.
func objectOf(e config.Expr) config.Expr {
	lit, ok := e.(*config.Literal)
	if !ok || lit.Val.IsNull() || !lit.Val.Type().IsObjectType() {
		return e
	}
	obj := &config.Object{}
	for it := lit.Val.ElementIterator(); it.Next(); {
		k, v := it.Element()
		obj.Items = append(obj.Items, config.ObjectItem{Key: &config.Literal{Val: k}, Value: &config.Literal{Val: v}})
	}
	return obj
}

// reference reads provider = "aws.west" and depends_on = ["x.y"]: JSON
// writes these references as strings.
func (r *jsonReader) reference(a *hcl.Attribute) config.Expr {
	v, hd := a.Expr.Value(nil)
	if hd.HasErrors() || !v.IsWhollyKnown() {
		return r.expr(a.Expr)
	}
	one := func(v cty.Value) config.Expr {
		if v.Type() != cty.String || v.IsNull() {
			return &config.Literal{Val: v}
		}
		t, td := hclsyntax.ParseTraversalAbs([]byte(v.AsString()), a.Range.Filename, a.Expr.Range().Start)
		if td.HasErrors() {
			return &config.Literal{Val: v}
		}
		return &config.Reference{Traversal: t}
	}
	if v.Type().IsTupleType() || v.Type().IsListType() {
		tup := &config.Tuple{}
		for it := v.ElementIterator(); it.Next(); {
			_, ev := it.Element()
			tup.Items = append(tup.Items, one(ev))
		}
		return tup
	}
	return one(v)
}

func (r *jsonReader) text(rng hcl.Range) string {
	if rng.Start.Byte < 0 || rng.End.Byte > len(r.src) || rng.Start.Byte > rng.End.Byte {
		return ""
	}
	return string(r.src[rng.Start.Byte:rng.End.Byte])
}

// sortedAttributes orders a body's properties as they appear in the file.
func sortedAttributes(attrs hcl.Attributes) []*hcl.Attribute {
	out := make([]*hcl.Attribute, 0, len(attrs))
	for _, a := range attrs {
		out = append(out, a)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Range.Start.Byte < out[j].Range.Start.Byte })
	return out
}
