// Package validate checks a configuration against provider schemas before
// Terraform runs: every resource, data source, ephemeral resource and
// provider body is compared with its schema, and each problem is reported
// with its attribute path (aws_instance.web.ebs_block_device[0].volume_size)
// and the place it was declared (Go file:line, .tsx line, .tf range).
//
// It reports missing required attributes, unknown attributes and blocks
// (with a did-you-mean), computed-only attributes set by the user, literal
// values of the wrong type, too few or too many nested blocks, unknown
// resource, data source and ephemeral resource types, and deprecated
// attributes and blocks (as warnings), and references to attributes a
// resource's schema does not have (aws_vpc.main.cidr). Values of nested attributes
// (protocol 6) are checked object by object in the same ways, with paths
// into them (settings.mode, rules[1].port). Types nobody has a schema for
// are left alone: schemas help, they do not gate.
//
// This package must never import a front end or write text.
package validate

import (
	"fmt"
	"runtime"
	"strings"
	"sync"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/schema"
	"github.com/tfkit/tfkit/tffile"
)

// Config checks every resource, data source (also those scoped in check
// blocks), ephemeral resource and provider block of cfg against the
// schemas of providers.
//
// References to attributes that a resource's, data source's or ephemeral
// resource's schema lacks (aws_vpc.main.cidr) are reported too, and so
// are calls of provider functions the provider's schema does not offer.
//
// A large configuration is checked on all processors, in runs of blocks
// whose diagnostics are joined in the order of the blocks, so the result
// is the same as one pass over them.
func Config(cfg *config.Config, providers []*schema.Provider) diag.Diagnostics {
	index := indexProviders(cfg, providers)
	workers := min(runtime.GOMAXPROCS(0), len(cfg.Blocks)/minBlocksPerWorker)
	if workers <= 1 {
		c := &checker{providers: index}
		c.blocks(cfg.Blocks)
		c.references(cfg)
		c.functions(cfg)
		return c.diags
	}
	// One part per run of blocks, and one for references and functions,
	// which are checked beside them.
	parts := make([]diag.Diagnostics, workers+1)
	var wg sync.WaitGroup
	wg.Go(func() {
		c := &checker{providers: index}
		c.references(cfg)
		c.functions(cfg)
		parts[workers] = c.diags
	})
	per := (len(cfg.Blocks) + workers - 1) / workers
	for w := range workers {
		from, to := w*per, min((w+1)*per, len(cfg.Blocks))
		wg.Go(func() {
			c := &checker{providers: index}
			c.blocks(cfg.Blocks[from:to])
			parts[w] = c.diags
		})
	}
	wg.Wait()
	var out diag.Diagnostics
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// minBlocksPerWorker is how many top-level blocks make a run worth a
// goroutine of its own.
const minBlocksPerWorker = 256

// blocks checks top-level blocks and the blocks scoped in them.
func (c *checker) blocks(bs []*config.Block) {
	for _, b := range bs {
		c.topLevel(b)
		for _, nb := range scoped(b) {
			c.topLevel(nb)
		}
	}
}

// Warnings returns ds with every error made a warning, for schemas that
// may be older than the providers the engine installs (an attribute a
// newer provider added would be an error otherwise): the configuration is
// written as it is, and Terraform has the last word. ds is changed in
// place.
func Warnings(ds diag.Diagnostics) diag.Diagnostics {
	for _, d := range ds {
		if d.Severity == diag.Error {
			d.Severity = diag.Warning
		}
	}
	return ds
}

type checker struct {
	providers map[string]*schema.Provider // local name → schema
	diags     diag.Diagnostics
	// noneRequired is set while a provider block is checked: Terraform
	// asks a provider's configuration for nothing, since a provider may
	// take its settings from the environment (AWS_REGION for aws's
	// region), so missing required arguments and too few nested blocks
	// are not errors there.
	noneRequired bool
}

// indexProviders maps the local names a configuration uses to provider
// schemas, as the reader of Terraform files does for JSON.
func indexProviders(cfg *config.Config, providers []*schema.Provider) map[string]*schema.Provider {
	return tffile.ProviderSchemas(cfg, providers)
}

// scoped are the blocks nested in b that a provider's schema describes,
// as it describes top-level ones: the data sources of a check block.
func scoped(b *config.Block) []*config.Block {
	k, ok := config.KindOf(b.Type)
	if !ok {
		return nil
	}
	var out []*config.Block
	for _, s := range k.Blocks {
		if s.ProviderSchema {
			out = append(out, b.Body.Blocks(s.Type)...)
		}
	}
	return out
}

// topLevel checks a block whose body a provider's schema describes: a
// resource, data source, ephemeral resource (by its type) or provider.
func (c *checker) topLevel(b *config.Block) {
	k, ok := config.KindOf(b.Type)
	if !ok || !k.ProviderSchema {
		return
	}
	switch k.Refer {
	case config.ByAddress:
		if len(b.Labels) != 2 {
			return
		}
		typ := b.Labels[0]
		p := c.providerFor(b, typ)
		if p == nil {
			return
		}
		kinds, list, noun := p.Resources, p.Resource, "resource type"
		switch b.Type {
		case "data":
			kinds, list, noun = p.DataSources, p.DataSource, "data source type"
		case "ephemeral":
			kinds, list, noun = p.EphemeralResources, p.EphemeralResource, "ephemeral resource type"
		}
		rs := list(typ)
		if rs == nil {
			names := make([]string, len(kinds))
			for i, r := range kinds {
				names[i] = r.Type
			}
			c.add(diag.Error, b.DeclRange, b.Address(), fmt.Sprintf("Unknown %s %q", noun, typ),
				fmt.Sprintf("Provider %s has no %s named %s.", p.Source, noun, typ), diag.DidYouMean(typ, names))
			return
		}
		c.body(b.Body, rs.Block, b.Address(), b.DeclRange, true)
	case config.ByConfiguration:
		if len(b.Labels) != 1 {
			return
		}
		if p := c.providers[b.Labels[0]]; p != nil {
			c.providerBody(b, p)
		}
	}
}

// providerFor finds the schema of the provider serving a resource type:
// the provider meta-argument when set, else the type's prefix.
func (c *checker) providerFor(b *config.Block, typ string) *schema.Provider {
	if a := b.Body.Attribute("provider"); a != nil {
		if trs, ok := config.StaticReferences(a.Expr); ok && len(trs) == 1 {
			return c.providers[trs[0].RootName()]
		}
		return nil
	}
	name := typ
	if i := strings.IndexByte(typ, '_'); i > 0 {
		name = typ[:i]
	}
	return c.providers[name]
}

func (c *checker) providerBody(b *config.Block, p *schema.Provider) {
	// alias and version are Terraform's own provider arguments.
	body := &config.Body{}
	for _, it := range b.Body.Items {
		if a, ok := it.(*config.Attribute); ok && config.KindProvider.Owns(a.Name) {
			continue
		}
		body.Items = append(body.Items, it)
	}
	if len(body.Items) == 0 {
		// Terraform does not check a provider block that sets only its
		// own arguments (an alias), nor does the provider.
		return
	}
	c.noneRequired = true
	c.body(body, p.Config, b.Address(), b.DeclRange, false)
	c.noneRequired = false
}

func (c *checker) add(sev diag.Severity, rng hcl.Range, path, summary, detail, suggestion string) {
	r := rng
	d := &diag.Diagnostic{Severity: sev, Summary: summary, Detail: detail, Path: path, Suggestion: suggestion}
	if r.Filename != "" || r.Start.Line != 0 {
		d.Subject = &r
	}
	c.diags = append(c.diags, d)
}

// valueRange is where an attribute's value was written, as Terraform
// places the problems of a value (its type, setting a computed attribute,
// a deprecated one), else fallback.
func valueRange(a *config.Attribute, fallback hcl.Range) hcl.Range {
	if a.Source != nil {
		if r := a.Source.Range(); r.Filename != "" && r.Start.Line != 0 {
			return r
		}
	}
	return fallback
}

func where(r, fallback hcl.Range) hcl.Range {
	if r.Filename != "" || r.Start.Line != 0 {
		return r
	}
	return fallback
}

// body checks one block body against its schema. top is true for the body
// of a resource or data source, where meta-arguments are allowed.
func (c *checker) body(body *config.Body, sch *schema.Block, path string, rng hcl.Range, top bool) {
	set := map[string]bool{}
	blockCounts := map[string]int{}
	// blockRanges are where the blocks of each type were declared, in
	// order, so that "too many" can point at the first one too many.
	blockRanges := map[string][]hcl.Range{}
	dynamicTypes := map[string]bool{}
	for _, it := range body.Items {
		switch it := it.(type) {
		case *config.Attribute:
			// Meta-arguments are Terraform's, never a provider's schema.
			if top && config.KindResource.Owns(it.Name) {
				continue
			}
			set[it.Name] = true
			c.attribute(it, sch, path, rng)
		case *config.Block:
			if top && config.KindResource.Owns(it.Type) {
				continue
			}
			if it.Type == "dynamic" {
				c.dynamic(it, sch, path, rng, dynamicTypes)
				if len(it.Labels) == 1 && sch.Attribute(it.Labels[0]) != nil {
					set[it.Labels[0]] = true // an attribute written as dynamic blocks
				}
				continue
			}
			if sch.NestedBlock(it.Type) == nil && sch.Attribute(it.Type) != nil {
				set[it.Type] = true // an attribute written as blocks
			}
			i := blockCounts[it.Type]
			blockCounts[it.Type]++
			blockRanges[it.Type] = append(blockRanges[it.Type], where(it.DeclRange, rng))
			c.nestedBlock(it, i, sch, path, rng)
		}
	}
	for _, a := range sch.Attributes {
		if a.Required && !set[a.Name] && !c.noneRequired {
			c.add(diag.Error, rng, path+"."+a.Name, fmt.Sprintf("Missing required argument %q", a.Name),
				fmt.Sprintf("%s requires %s (%s).", path, a.Name, typeName(a.Type)), fmt.Sprintf("set %s", a.Name))
		}
	}
	for _, nb := range sch.Blocks {
		if dynamicTypes[nb.Name] {
			continue // generated blocks are counted by Terraform
		}
		n := blockCounts[nb.Name]
		max := nb.MaxItems
		if nb.Nesting == schema.NestingSingle || nb.Nesting == schema.NestingGroup {
			max = 1
		}
		switch {
		case n < nb.MinItems && !c.noneRequired:
			c.add(diag.Error, rng, path+"."+nb.Name, fmt.Sprintf("Insufficient %s blocks", nb.Name),
				fmt.Sprintf("%s needs at least %d %s block(s); it has %d.", path, nb.MinItems, nb.Name, n), fmt.Sprintf("add a %s block", nb.Name))
		case max > 0 && n > max:
			// The diagnostic points at the first block too many; the
			// first block of the type is related.
			rs := blockRanges[nb.Name]
			c.add(diag.Error, rs[max], path+"."+nb.Name, fmt.Sprintf("Too many %s blocks", nb.Name),
				fmt.Sprintf("%s allows at most %d %s block(s); it has %d.", path, max, nb.Name, n),
				fmt.Sprintf("remove the %s block(s) after the first %d", nb.Name, max))
			if last := c.diags[len(c.diags)-1]; rs[0] != rs[max] {
				last.Related = append(last.Related, diag.Related{Message: "first " + nb.Name + " block", Range: rs[0]})
			}
		}
	}
}

func (c *checker) attribute(a *config.Attribute, sch *schema.Block, path string, rng hcl.Range) {
	apath := path + "." + a.Name
	arng := where(a.Range, rng)
	sa := sch.Attribute(a.Name)
	if sa == nil {
		if sch.NestedBlock(a.Name) != nil {
			c.add(diag.Error, arng, apath, fmt.Sprintf("%q is a block, not an argument", a.Name),
				fmt.Sprintf("The schema declares %s as a nested block.", a.Name), fmt.Sprintf("write it as a nested block: %s { ... }", a.Name))
			return
		}
		hint := diag.DidYouMean(a.Name, attributeNames(sch))
		if hint == "" {
			// A misspelt block written as an argument (always so in JSON).
			hint = diag.DidYouMean(a.Name, blockNames(sch))
		}
		c.add(diag.Error, arng, apath, fmt.Sprintf("Unsupported argument %q", a.Name),
			fmt.Sprintf("%s has no argument named %s.", path, a.Name), hint)
		return
	}
	if sa.ComputedOnly() {
		if isNull(a.Expr) {
			return // null is not setting it, for Terraform
		}
		c.add(diag.Error, valueRange(a, arng), apath, fmt.Sprintf("Cannot set computed attribute %q", a.Name),
			fmt.Sprintf("%s is set by the provider; configuration cannot set it.", a.Name), fmt.Sprintf("remove %s, or read it with a reference instead", a.Name))
		return
	}
	if sa.Deprecated && !isNull(a.Expr) {
		c.add(diag.Warning, valueRange(a, arng), apath, fmt.Sprintf("Deprecated argument %q", a.Name), firstSentence(sa.Description), "")
	}
	if sa.NestedType != nil && c.nestedValue(a.Expr, sa.NestedType, apath, arng) {
		return
	}
	if v, ok := config.StaticValue(a.Expr); ok && !v.IsNull() {
		if _, err := convert.Convert(v, sa.Type); err != nil {
			c.add(diag.Error, valueRange(a, arng), apath, "Incorrect attribute value type",
				fmt.Sprintf("%s must be %s: %s.", a.Name, typeName(sa.Type), err), "")
		}
	}
}

func (c *checker) nestedBlock(b *config.Block, i int, sch *schema.Block, path string, rng hcl.Range) {
	nb := sch.NestedBlock(b.Type)
	brng := where(b.DeclRange, rng)
	if nb == nil {
		if a := sch.Attribute(b.Type); a != nil && !a.ComputedOnly() {
			if obj, ok := tffile.BlocksAsAttribute(a); ok {
				epath := fmt.Sprintf("%s.%s[%d]", path, b.Type, i)
				if isJSON(brng) {
					c.jsonElement(b.Body, obj, b.Type, epath, brng)
					return
				}
				// Terraform accepts blocks for a list or set of objects
				// (attributes in block syntax, as aws 3.x's ingress).
				c.body(b.Body, obj, epath, brng, false)
				return
			}
		}
		if sch.Attribute(b.Type) != nil {
			c.add(diag.Error, brng, path+"."+b.Type, fmt.Sprintf("%q is an argument, not a block", b.Type),
				fmt.Sprintf("The schema declares %s as an argument.", b.Type), fmt.Sprintf("write %s = { ... } or %s = [ ... ]", b.Type, b.Type))
			return
		}
		c.add(diag.Error, brng, path+"."+b.Type, fmt.Sprintf("Unsupported block type %q", b.Type),
			fmt.Sprintf("%s has no nested block named %s.", path, b.Type), diag.DidYouMean(b.Type, blockNames(sch)))
		return
	}
	npath := fmt.Sprintf("%s.%s[%d]", path, b.Type, i)
	if nb.Nesting == schema.NestingMap {
		if len(b.Labels) == 1 {
			npath = fmt.Sprintf("%s.%s[%q]", path, b.Type, b.Labels[0])
		} else {
			c.add(diag.Error, brng, npath, fmt.Sprintf("Missing key label on %s block", b.Type), "Blocks of this type are a map and need one label as their key.", "")
		}
	} else if nb.Nesting == schema.NestingSingle || nb.Nesting == schema.NestingGroup {
		npath = path + "." + b.Type
	}
	if nb.Block.Deprecated {
		c.add(diag.Warning, brng, npath, fmt.Sprintf("Deprecated block %q", b.Type), firstSentence(nb.Block.Description), "")
	}
	c.body(b.Body, nb.Block, npath, brng, false)
}

// isJSON reports whether r is in a file of Terraform's JSON syntax.
func isJSON(r hcl.Range) bool {
	return strings.HasSuffix(r.Filename, ".json")
}

// jsonElement checks one object of a list or set of objects attribute
// written in JSON, which the reader gives as a block (in JSON the two look
// alike). Terraform reads it as the attribute's value, not as a block: the
// object is converted to the element type, so every attribute of the type
// must be given (null for none) and keys the type lacks are dropped.
func (c *checker) jsonElement(body *config.Body, obj *schema.Block, name, path string, rng hcl.Range) {
	known := &config.Body{}
	set := map[string]bool{}
	for _, it := range body.Items {
		if a, ok := it.(*config.Attribute); ok {
			if obj.Attribute(a.Name) == nil {
				continue
			}
			set[a.Name] = true
		}
		known.Items = append(known.Items, it)
	}
	c.body(known, obj, path, rng, false)
	var missing []string
	for _, a := range obj.Attributes {
		if !set[a.Name] {
			missing = append(missing, fmt.Sprintf("%q", a.Name))
		}
	}
	if len(missing) == 0 {
		return
	}
	what := "attribute " + missing[0] + " is"
	if n := len(missing); n > 1 {
		what = "attributes " + strings.Join(missing[:n-1], ", ") + " and " + missing[n-1] + " are"
		if n > 2 {
			what = "attributes " + strings.Join(missing[:n-1], ", ") + ", and " + missing[n-1] + " are"
		}
	}
	c.add(diag.Error, rng, path, "Incorrect attribute value type",
		fmt.Sprintf("Inappropriate value for attribute %q: %s required.", name, what),
		fmt.Sprintf("in JSON, %s is an argument whose objects give every attribute; set the others to null", name))
}

// nestedValue checks the value of a nested attribute (protocol 6) against
// its nested type, object by object, as far as the expression shows its
// structure: each object is checked as a body of the object's attributes,
// so an unknown key gets a did-you-mean, a computed-only attribute set is
// reported, and paths name the object (settings.mode, rules[1].port,
// by_name["a"].v). It reports whether it could look inside; when not (a
// reference, a call), the caller checks the value as a whole.
func (c *checker) nestedValue(x config.Expr, nt *schema.Object, path string, rng hcl.Range) bool {
	switch nt.Nesting {
	case schema.NestingSingle, schema.NestingGroup:
		if isNull(x) {
			return true
		}
		items, ok := objectItems(x)
		if !ok {
			return false
		}
		c.nestedObject(items, &schema.Block{Attributes: nt.Attributes}, path, rng)
		return true
	case schema.NestingList, schema.NestingSet:
		elems, ok := tupleItems(x)
		if !ok {
			return false
		}
		for i, e := range elems {
			c.nestedElement(e, nt, fmt.Sprintf("%s[%d]", path, i), rng)
		}
		c.itemCount(len(elems), nt, path, rng)
		return true
	case schema.NestingMap:
		entries, ok := objectItems(x)
		if !ok {
			return false
		}
		for _, e := range entries {
			c.nestedElement(e.value, nt, fmt.Sprintf("%s[%q]", path, e.key), rng)
		}
		c.itemCount(len(entries), nt, path, rng)
		return true
	}
	return false
}

// nestedElement checks one object of a list, set or map nested attribute;
// a static value that is no object is checked against the object type.
func (c *checker) nestedElement(x config.Expr, nt *schema.Object, path string, rng hcl.Range) {
	if isNull(x) {
		return
	}
	if items, ok := objectItems(x); ok {
		c.nestedObject(items, &schema.Block{Attributes: nt.Attributes}, path, rng)
		return
	}
	if v, ok := config.StaticValue(x); ok {
		want := (&schema.Object{Attributes: nt.Attributes}).ImpliedType()
		if _, err := convert.Convert(v, want); err != nil {
			c.add(diag.Error, rng, path, "Incorrect attribute value type",
				fmt.Sprintf("%s must be %s: %s.", path, typeName(want), err), "")
		}
	}
}

// nestedObject checks the items of one object of a nested attribute.
func (c *checker) nestedObject(items []objectItem, obj *schema.Block, path string, rng hcl.Range) {
	body := &config.Body{}
	for _, it := range items {
		body.Items = append(body.Items, &config.Attribute{Name: it.key, Expr: it.value, Range: rng})
	}
	c.body(body, obj, path, rng, false)
}

// itemCount checks the number of objects of a list, set or map nested
// attribute against its bounds.
func (c *checker) itemCount(n int, nt *schema.Object, path string, rng hcl.Range) {
	switch {
	case n < nt.MinItems:
		c.add(diag.Error, rng, path, "Not enough list items",
			fmt.Sprintf("%s needs at least %d item(s); it has %d.", path, nt.MinItems, n), "")
	case nt.MaxItems > 0 && n > nt.MaxItems:
		c.add(diag.Error, rng, path, "Too many list items",
			fmt.Sprintf("%s allows at most %d item(s); it has %d.", path, nt.MaxItems, n), "")
	}
}

// objectItem is one key and value of an object written in the
// configuration.
type objectItem struct {
	key   string
	value config.Expr
}

// objectItems returns the items of an object whose keys are all known:
// an object constructor or an object or map literal.
func objectItems(x config.Expr) ([]objectItem, bool) {
	switch x := x.(type) {
	case *config.Paren:
		return objectItems(x.Inner)
	case *config.Object:
		out := make([]objectItem, 0, len(x.Items))
		for _, it := range x.Items {
			k, ok := config.LiteralString(it.Key)
			if !ok {
				return nil, false
			}
			out = append(out, objectItem{k, it.Value})
		}
		return out, true
	case *config.Literal:
		v := x.Val
		if !v.IsKnown() || v.IsNull() || !(v.Type().IsObjectType() || v.Type().IsMapType()) {
			return nil, false
		}
		var out []objectItem
		for it := v.ElementIterator(); it.Next(); {
			k, e := it.Element()
			out = append(out, objectItem{k.AsString(), &config.Literal{Val: e}})
		}
		return out, true
	}
	return nil, false
}

// tupleItems returns the elements of a tuple constructor or of a list,
// set or tuple literal.
func tupleItems(x config.Expr) ([]config.Expr, bool) {
	switch x := x.(type) {
	case *config.Paren:
		return tupleItems(x.Inner)
	case *config.Tuple:
		return x.Items, true
	case *config.Literal:
		v := x.Val
		t := v.Type()
		if !v.IsKnown() || v.IsNull() || !(t.IsListType() || t.IsSetType() || t.IsTupleType()) {
			return nil, false
		}
		var out []config.Expr
		for it := v.ElementIterator(); it.Next(); {
			_, e := it.Element()
			out = append(out, &config.Literal{Val: e})
		}
		return out, true
	}
	return nil, false
}

func isNull(x config.Expr) bool {
	v, ok := config.StaticValue(x)
	return ok && v.IsKnown() && v.IsNull()
}

// dynamic checks a dynamic block's content against the block type it
// generates.
func (c *checker) dynamic(b *config.Block, sch *schema.Block, path string, rng hcl.Range, dynamicTypes map[string]bool) {
	if len(b.Labels) != 1 {
		return
	}
	name := b.Labels[0]
	dynamicTypes[name] = true
	brng := where(b.DeclRange, rng)
	var content *schema.Block
	if nb := sch.NestedBlock(name); nb != nil {
		content = nb.Block
	} else if a := sch.Attribute(name); a != nil && !a.ComputedOnly() {
		content, _ = tffile.BlocksAsAttribute(a)
	}
	if content == nil {
		c.add(diag.Error, brng, path+".dynamic."+name, fmt.Sprintf("Unsupported block type %q", name),
			fmt.Sprintf("%s has no nested block named %s to generate dynamically.", path, name), diag.DidYouMean(name, blockNames(sch)))
		return
	}
	for _, cb := range b.Body.Blocks("content") {
		c.body(cb.Body, content, path+".dynamic."+name+".content", where(cb.DeclRange, brng), false)
	}
}

func attributeNames(b *schema.Block) []string {
	var out []string
	for _, a := range b.Attributes {
		if !a.ComputedOnly() {
			out = append(out, a.Name)
		}
	}
	return out
}

func blockNames(b *schema.Block) []string {
	out := make([]string, len(b.Blocks))
	for i, nb := range b.Blocks {
		out[i] = nb.Name
	}
	return out
}

func typeName(t cty.Type) string {
	if t == cty.NilType {
		return "any"
	}
	return typeexpr.TypeString(t)
}

// firstSentence is the first sentence of a description, on one line
// (descriptions may wrap their lines).
func firstSentence(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if i := strings.Index(s, ". "); i > 0 {
		return s[:i+1]
	}
	return s
}
