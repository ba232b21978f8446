package tfkit

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/fastpath"
	"github.com/tfkit/tfkit/internal/synth"
)

// Element is anything declared in a stack. Every handle (*Resource,
// *Provider, ...) implements it, and so does a type that embeds or holds
// one, such as a typed binding's struct. Used as a value, an element is a
// reference to itself: aws_vpc.main, module.net, aws.west.
type Element interface {
	// Block returns the block the element appended to its stack's
	// configuration. Changing it changes the output.
	Block() *config.Block
}

// element is what every handle holds: its stack and its block.
type element struct {
	stack *Stack
	block *config.Block
}

// Block returns the element's block in the configuration model.
func (e *element) Block() *config.Block { return e.block }

// Stack returns the stack the element was declared in.
func (e *element) Stack() *Stack { return e.stack }

// declare appends a new top-level block to the stack.
func declare(s *Stack, site hcl.Range, typ string, labels ...string) element {
	s = usable(s)
	b := config.NewBlock(typ, labels...)
	b.DeclRange = site
	s.cfg.Add(b)
	return element{stack: s, block: b}
}

// conv returns a converter reporting at site, for values of the element's
// stack: references to other stacks' elements are marked (see markForeign).
func (e *element) conv(site hcl.Range) *conv {
	c := newConv(site)
	c.stack = e.stack
	return c
}

// finish reports what a converter collected to the stack: its diagnostics,
// and the elements of other stacks it refers to. Synth turns those
// references into outputs of the other stack read through
// terraform_remote_state (see foreignMarks in value.go); a provider cannot be passed so.
func (e *element) finish(c *conv, path string) { e.finishIn(c, path, "") }

// finishLocal is finish for arguments that must name elements of the same
// configuration (depends_on, provider, replace_triggered_by): what is
// the argument, for the diagnostic. Their values are converted with a
// converter of no stack, and left out when they reach out of it.
func (e *element) finishLocal(c *conv, path, what string) { e.finishIn(c, path, what) }

// reachesOut reports whether what c converted refers to an element of a
// stack other than s.
func (c *conv) reachesOut(s *Stack) bool {
	for _, t := range c.refs {
		if t.stack != s {
			return true
		}
	}
	return false
}

func (e *element) finishIn(c *conv, path, local string) {
	for _, d := range c.diags {
		if d.Path == "" {
			d.Path = path
		}
	}
	e.stack.diags = append(e.stack.diags, c.diags...)
	for _, t := range c.refs {
		if t.stack == e.stack {
			continue
		}
		site := c.at()
		switch {
		case t.stack.app != e.stack.app:
			e.errorf(site, path, "Reference to a stack of another app",
				fmt.Sprintf("%s in stack %q refers to %s of stack %q, which belongs to another app.",
					e.address(), e.stack.name, t.addr(), t.stack.name), "")
		case t.ephemeral() && local == "":
			summary, detail, fix := synth.EphemeralCrossRead(e.address(), e.stack.name, t.addr(), t.stack.name, false)
			e.errorf(site, path, summary, detail, fix)
		case t.provider() || local != "":
			what := local
			if what == "" {
				what = "a provider configuration"
			}
			e.errorf(site, path, "Reference to another stack",
				fmt.Sprintf("%s in stack %q refers to %s of stack %q, but %s must be in the same stack: each stack is a separate Terraform configuration.",
					e.address(), e.stack.name, t.addr(), t.stack.name, what),
				"declare it in this stack, or order the stacks with stack.DependsOn(other)")
		default:
			e.stack.uses = append(e.stack.uses, crossUse{producer: t.stack, addr: t.addr()})
		}
	}
	c.diags, c.refs = nil, nil
}

// address names the element in diagnostics.
func (e *element) address() string { return e.block.Address() }

// errorf records an error diagnostic on the stack.
func (e *element) errorf(site hcl.Range, path, summary, detail, suggestion string) {
	e.stack.diags = append(e.stack.diags, &diag.Diagnostic{
		Severity: diag.Error, Summary: summary, Detail: detail,
		Subject: &site, Path: path, Suggestion: suggestion,
	})
}

// addBody adds a body's items, in their order, after the element's other
// arguments and nested blocks (and before provisioners, depends_on and
// lifecycle).
func (e *element) addBody(site hcl.Range, body Body) {
	c := e.conv(site)
	addr := e.address()
	items := c.body(body, addr)
	e.finish(c, addr)
	if len(items) == 0 {
		return
	}
	if len(e.block.Body.Items) == 0 {
		e.block.Body.Items = items
		return
	}
	at := e.insertionPoint(rankBodyBlock)
	all := e.block.Body.Items
	out := make([]config.Item, 0, len(all)+len(items))
	out = append(append(append(out, all[:at]...), items...), all[at:]...)
	e.block.Body.Items = out
}

// set sets one attribute (or nested block) from a Go value, replacing an
// attribute of the same name in place; nil removes it.
func (e *element) set(site hcl.Range, name string, v any) {
	c := e.conv(site)
	items := c.item(name, v, e.address())
	e.finish(c, joinPath(e.address(), name))
	if len(items) == 1 {
		if a, ok := items[0].(*config.Attribute); ok {
			if old := e.block.Body.Attribute(name); old != nil {
				old.Expr, old.Range = a.Expr, a.Range
				return
			}
		}
	}
	if items == nil {
		e.block.Body.Remove(name)
		return
	}
	for _, it := range items {
		e.place(it)
	}
}

// ref returns a reference to the element or to a path inside it. It runs
// inside the handle's Ref method, whose caller is the Go line reported.
func (e *element) ref(path []string) Expr {
	var buf [8]string
	names, ok := config.ReferenceNames(buf[:0], e.block)
	if !ok {
		c := lazyConv()
		c.errorf(e.address(), "Element cannot be referenced",
			fmt.Sprintf("%s %s block is not something an expression can refer to.", article(e.block.Type), e.block.Type), "")
		return c.expr(config.Null())
	}
	tg := target{stack: e.stack, block: e.block}
	p := joinSegments(path)
	if p == "" {
		return Expr{x: config.Ref(names[0], names[1:]...), meta: oneRef(tg)}
	}
	if all, ok := fastpath.SplitNames(names, p); ok {
		// A path of names, the usual one ("id"), extends the reference.
		return Expr{x: config.Ref(all[0], all[1:]...), meta: oneRef(tg)}
	}
	c := lazyConv()
	c.refs = append(c.refs, tg)
	x, ok := c.pathExpr(config.Ref(names[0], names[1:]...), p)
	if !ok {
		return c.expr(config.Null())
	}
	return c.expr(x)
}

// article returns "An" before a block type starting with a vowel (an
// output, an import), "A" otherwise.
func article(typ string) string {
	if typ != "" && strings.ContainsRune("aeiou", rune(typ[0])) {
		return "An"
	}
	return "A"
}

// joinSegments joins path segments with dots, except before [index] steps.
func joinSegments(segs []string) string {
	if len(segs) == 1 && !strings.HasPrefix(segs[0], "[") {
		return segs[0]
	}
	var b strings.Builder
	for _, s := range segs {
		if s == "" {
			continue
		}
		if b.Len() > 0 && !strings.HasPrefix(s, "[") {
			b.WriteByte('.')
		}
		b.WriteString(s)
	}
	return b.String()
}

// pathExpr applies a textual path to a base reference. Static paths
// ("ingress[0].from_port", `tags["Name"]`) extend the reference; paths with
// splats or computed keys ("[*].id", "[count.index].id") become the
// corresponding expressions.
func (c *conv) pathExpr(base *config.Reference, path string) (config.Expr, bool) {
	if r, ok := fastpath.Path(base, path); ok {
		return r, true
	}
	src := config.TraversalString(base.Traversal)
	if !strings.HasPrefix(path, "[") {
		src += "."
	}
	src += path
	x, ds := config.ParseExpression(src, "<reference>", hcl.InitialPos)
	if ds.HasErrors() {
		c.errorf("", "Invalid attribute path",
			fmt.Sprintf("%q is not an attribute path: %s", path, firstMessage(ds)),
			`write names joined by dots with [index] steps: "id", "ingress[0].from_port", "tags[\"Name\"]", "[*].id"`)
		return nil, false
	}
	switch x.(type) {
	case *config.Reference, *config.GetAttr, *config.Index, *config.Splat:
		return x, true
	}
	c.errorf("", "Invalid attribute path",
		fmt.Sprintf("%q is not an attribute path.", path),
		"build computed expressions with the helpers, such as tfkit.Fn or tfkit.Op, around the reference")
	return nil, false
}

// firstMessage is the first diagnostic's summary and detail.
func firstMessage(ds diag.Diagnostics) string {
	if len(ds) == 0 {
		return ""
	}
	if ds[0].Detail != "" {
		return ds[0].Summary + ": " + ds[0].Detail
	}
	return ds[0].Summary
}

// Order of meta-arguments and of other items in a body, following
// Terraform's style: count/for_each and provider first, the arguments, then
// provisioners, depends_on and lifecycle last.
const (
	rankFirst = iota
	rankCount
	rankProvider
	rankBody
	rankBodyBlock
	rankConnection
	rankProvisioner
	rankDependsOn
	rankLifecycle
)

// rankOf places an item of a block of type typ.
func rankOf(typ string, it config.Item) int {
	switch it := it.(type) {
	case *config.Attribute:
		switch it.Name {
		case "source", "version":
			if typ == "module" {
				return rankFirst
			}
		case "alias":
			if typ == "provider" {
				return rankFirst
			}
		case "count", "for_each":
			return rankCount
		case "provider", "providers":
			return rankProvider
		case "depends_on":
			return rankDependsOn
		}
	case *config.Block:
		switch it.Type {
		case "connection":
			return rankConnection
		case "provisioner":
			return rankProvisioner
		case "lifecycle":
			return rankLifecycle
		}
		return rankBodyBlock
	}
	return rankBody
}

// place inserts an item after the last item that comes before or with it,
// keeping meta-arguments where Terraform's style puts them whatever order
// the methods were called in.
func (e *element) place(it config.Item) {
	at := e.insertionPoint(rankOf(e.block.Type, it))
	items := append(e.block.Body.Items, nil)
	copy(items[at+1:], items[at:])
	items[at] = it
	e.block.Body.Items = items
}

// insertionPoint returns the index after the last item of rank r or less.
func (e *element) insertionPoint(r int) int {
	at := 0
	for i, have := range e.block.Body.Items {
		if rankOf(e.block.Type, have) <= r {
			at = i + 1
		}
	}
	return at
}

// placeAttr sets a meta-argument attribute, replacing an earlier one.
func (e *element) placeAttr(site hcl.Range, name string, x config.Expr) {
	if a := e.block.Body.Attribute(name); a != nil {
		a.Expr, a.Range = x, site
		return
	}
	e.place(&config.Attribute{Name: name, Expr: x, Range: site})
}

// removeBlocks removes the nested blocks of one type.
func (e *element) removeBlocks(typ string) {
	items := e.block.Body.Items[:0]
	for _, it := range e.block.Body.Items {
		if b, ok := it.(*config.Block); ok && b.Type == typ {
			continue
		}
		items = append(items, it)
	}
	e.block.Body.Items = items
}

// count and forEach set the meta-arguments; config.Validate reports a block
// that has both.
func (e *element) count(site hcl.Range, n any) { e.metaValue(site, "count", n) }

func (e *element) forEach(site hcl.Range, coll any) {
	e.metaValue(site, "for_each", nilValuesNull(coll))
}

// nilValuesNull returns coll with the nil values of a Go map or an
// OrderedAttrs as Null: in for_each each key is an instance, which a nil
// value, left out as in any other object, would silently remove (the
// engines take a null value, each.value being null). A nil handle stays,
// to be reported.
func nilValuesNull(coll any) any {
	nullFor := func(v any) any {
		if _, ok := v.(Element); !ok && isNil(v) {
			return Null
		}
		return v
	}
	if o, ok := coll.(*OrderedAttrs); ok && o != nil {
		cp := &OrderedAttrs{names: o.names, values: make([]any, len(o.values)), meta: o.meta}
		for i, v := range o.values {
			cp.values[i] = nullFor(v)
		}
		return cp
	}
	rv := reflect.ValueOf(coll)
	if rv.Kind() != reflect.Map || rv.IsNil() || rv.Type().Key().Kind() != reflect.String {
		return coll
	}
	switch rv.Type().Elem().Kind() {
	case reflect.Interface, reflect.Pointer, reflect.Map, reflect.Slice, reflect.Func, reflect.Chan:
	default:
		return coll // no value can be nil
	}
	m := make(map[string]any, rv.Len())
	for it := rv.MapRange(); it.Next(); {
		m[it.Key().String()] = nullFor(it.Value().Interface())
	}
	return m
}

// metaValue sets a meta-argument from a value; nil removes it.
// config.Validate reports a literal that the meta-argument cannot take.
func (e *element) metaValue(site hcl.Range, name string, v any) {
	c := e.conv(site)
	path := e.address() + "." + name
	x := c.value(v, path)
	e.finish(c, path)
	if x == nil {
		e.block.Body.Remove(name)
		return
	}
	e.placeAttr(site, name, x)
}

// dependsOn adds references to elements to depends_on.
func (e *element) dependsOn(site hcl.Range, els []Element) {
	path := e.address() + ".depends_on"
	refs := e.elementRefs(site, path, els, "depends_on takes resources, data sources and modules")
	if len(refs) == 0 {
		return
	}
	if a := e.block.Body.Attribute("depends_on"); a != nil {
		if t, ok := a.Expr.(*config.Tuple); ok {
			for _, r := range refs {
				if !containsRef(t.Items, r) {
					t.Items = append(t.Items, r)
				}
			}
			return
		}
	}
	e.place(&config.Attribute{Name: "depends_on", Expr: &config.Tuple{Items: refs}, Range: site})
}

// elementRefs converts elements into bare references, accepting only
// resources, data sources, ephemeral resources and modules.
func (e *element) elementRefs(site hcl.Range, path string, els []Element, hint string) []config.Expr {
	var refs []config.Expr
	for i, el := range els {
		if isNil(el) || el.Block() == nil {
			e.errorf(site, fmt.Sprintf("%s[%d]", path, i), "Nil element", "A nil element, or one its constructor did not make, was given.", "pass the handle a constructor returned (tfkit.NewResource, tfkit.NewModule, ...)")
			continue
		}
		b := el.Block()
		if b.Type != "resource" && b.Type != "data" && b.Type != "ephemeral" && b.Type != "module" {
			e.errorf(site, fmt.Sprintf("%s[%d]", path, i), "Invalid dependency",
				fmt.Sprintf("%s is %s; Terraform can only depend on resources, data sources, ephemeral resources and modules.", b.Address(), blockNoun(b.Type)), hint)
			continue
		}
		c := newConv(site)
		r := c.elementRef(el, path)
		out := c.reachesOut(e.stack)
		e.finishLocal(c, path, "depends_on")
		if out {
			continue
		}
		if !containsRef(refs, r) {
			refs = append(refs, r)
		}
	}
	return refs
}

func containsRef(list []config.Expr, r config.Expr) bool {
	rr, ok := r.(*config.Reference)
	if !ok {
		return false
	}
	for _, it := range list {
		if ir, ok := it.(*config.Reference); ok && config.TraversalString(ir.Traversal) == config.TraversalString(rr.Traversal) {
			return true
		}
	}
	return false
}

// provider sets `provider = aws.west` from a provider handle.
func (e *element) provider(site hcl.Range, p Element) {
	path := e.address() + ".provider"
	var b *config.Block
	if !isNil(p) {
		b = p.Block()
	}
	if b == nil || b.Type != "provider" {
		what := "nil"
		if b != nil {
			what = "a " + b.Type
		}
		e.errorf(site, path, "Not a provider", fmt.Sprintf("The provider meta-argument takes a provider; %s was given.", what),
			"pass the handle returned by tfkit.NewProvider")
		return
	}
	c := newConv(site)
	x := c.elementRef(p, path)
	if pi, ok := p.(*ProviderInstance); ok {
		x = c.instanceRef(x, pi, path)
	}
	out := c.reachesOut(e.stack)
	e.finishLocal(c, path, "the provider argument")
	if !out {
		e.placeAttr(site, "provider", x)
	}
}

// instanceRef indexes x, the reference to pi's provider, by pi's key:
// aws.by_region["eu-west-1"], OpenTofu's provider instances.
func (c *conv) instanceRef(x config.Expr, pi *ProviderInstance, path string) config.Expr {
	k := c.valueOrNull(pi.key, path+" key")
	if lit, ok := k.(*config.Literal); ok && isKeyValue(lit.Val) {
		return traverse(x, hcl.TraverseIndex{Key: lit.Val})
	}
	return &config.Index{Collection: x, Key: k}
}

// Condition is a custom condition: a precondition or postcondition of a
// resource, data source or output, a variable's validation, a check's
// assertion.
type Condition struct {
	// Condition must be true; usually an Expr.
	Condition any
	// ErrorMessage explains what is wrong when it is not.
	ErrorMessage any
}

// conditionBlocks converts conditions into blocks of type typ.
func conditionBlocks(c *conv, typ string, conds []Condition, path string) []config.Item {
	var out []config.Item
	for i, cond := range conds {
		p := fmt.Sprintf("%s.%s[%d]", path, typ, i)
		b := config.NewBlock(typ)
		b.DeclRange = c.at()
		if x := c.value(cond.Condition, p+".condition"); x != nil {
			b.Body.Set("condition", x).Range = c.at()
		} else {
			c.errorf(p, "Missing condition", "A "+typ+" needs a condition.", "")
		}
		if x := c.value(cond.ErrorMessage, p+".error_message"); x != nil {
			b.Body.Set("error_message", x).Range = c.at()
		} else {
			c.errorf(p, "Missing error message", "A "+typ+" needs an error message.", "")
		}
		out = append(out, b)
	}
	return out
}

// Lifecycle is a resource's lifecycle block. Data sources accept only
// Preconditions and Postconditions.
type Lifecycle struct {
	CreateBeforeDestroy bool
	PreventDestroy      bool
	// IgnoreChanges lists attribute paths ("tags", `tags["Name"]`,
	// "ingress[0].from_port"); they are written as bare references.
	IgnoreChanges []string
	// IgnoreAllChanges writes ignore_changes = all.
	IgnoreAllChanges bool
	// ReplaceTriggeredBy lists element handles or references
	// (aws_instance.x, aws_instance.x.id) whose change replaces this one.
	ReplaceTriggeredBy []any
	Preconditions      []Condition
	Postconditions     []Condition
}

// lifecycle replaces the element's lifecycle block.
func (e *element) lifecycle(site hcl.Range, l Lifecycle) {
	path := e.address() + ".lifecycle"
	b := config.NewBlock("lifecycle")
	b.DeclRange = site
	set := func(name string, x config.Expr) { b.Body.Set(name, x).Range = site }
	if l.CreateBeforeDestroy {
		set("create_before_destroy", config.Bool(true))
	}
	if l.PreventDestroy {
		set("prevent_destroy", config.Bool(true))
	}
	c := e.conv(site)
	switch {
	case l.IgnoreAllChanges:
		if len(l.IgnoreChanges) > 0 {
			c.errorf(path+".ignore_changes", "Both IgnoreChanges and IgnoreAllChanges",
				"ignore_changes is either a list of attributes or all.", "remove one of them")
		}
		set("ignore_changes", config.Ref("all"))
	case len(l.IgnoreChanges) > 0:
		t := &config.Tuple{}
		for i, p := range l.IgnoreChanges {
			tr, hds := hclsyntax.ParseTraversalAbs([]byte(p), "<ignore_changes>", hcl.InitialPos)
			if hds.HasErrors() {
				c.errorf(fmt.Sprintf("%s.ignore_changes[%d]", path, i), "Invalid attribute path",
					fmt.Sprintf("%q is not an attribute path: %s", p, hclMessage(hds)),
					`write attribute names, with [index] steps when needed: "tags", "tags[\"Name\"]"`)
				continue
			}
			t.Items = append(t.Items, &config.Reference{Traversal: config.StripRanges(tr)})
		}
		set("ignore_changes", t)
	}
	if len(l.ReplaceTriggeredBy) > 0 {
		t := &config.Tuple{}
		for i, v := range l.ReplaceTriggeredBy {
			p := fmt.Sprintf("%s.replace_triggered_by[%d]", path, i)
			rc := newConv(site)
			var x config.Expr
			if s, ok := v.(string); ok {
				x = rc.value(Ref(s), p)
			} else {
				x = rc.value(v, p)
			}
			out := rc.reachesOut(e.stack)
			c.diags, rc.diags = append(c.diags, rc.diags...), nil
			e.finishLocal(rc, path+".replace_triggered_by", "replace_triggered_by")
			if out {
				continue
			}
			switch x.(type) {
			case *config.Reference, *config.GetAttr, *config.Index:
				t.Items = append(t.Items, x)
			default:
				c.errorf(p, "Invalid replace_triggered_by item",
					"replace_triggered_by takes references to resources or their attributes.",
					"pass a resource handle or r.Ref(\"attr\")")
			}
		}
		set("replace_triggered_by", t)
	}
	b.Body.Items = append(b.Body.Items, conditionBlocks(c, "precondition", l.Preconditions, path)...)
	b.Body.Items = append(b.Body.Items, conditionBlocks(c, "postcondition", l.Postconditions, path)...)
	e.finish(c, path)
	e.removeBlocks("lifecycle")
	if len(b.Body.Items) > 0 {
		e.place(b)
	}
}

// dynamic appends a dynamic block.
func (e *element) dynamic(site hcl.Range, typ string, d Dynamic) {
	c := e.conv(site)
	path := e.address()
	if !config.ValidIdentifier(typ) {
		c.errorf(path, "Invalid block type", fmt.Sprintf("%q is not a valid block type name.", typ), "")
	} else {
		e.place(c.dynamic(typ, d, joinPath(path, typ)))
	}
	e.finish(c, path)
}

// override sets (or, with del, deletes) the value at an attribute path of
// the element; see Resource.Override.
func (e *element) override(site hcl.Range, path string, v any, del bool) {
	addr := e.address()
	steps, err := config.ParsePath(path)
	if err != nil {
		e.errorf(site, addr, "Invalid override path", capitalizeFirst(err.Error())+".",
			`write names joined by dots, list indexes as numbers: "ebs_block_device.0.volume_size", "lifecycle.create_before_destroy"`)
		return
	}
	full := joinPath(addr, config.PathString(steps))
	if detail, suggestion := ownedPathProblem(e.block.Type, steps); detail != "" {
		e.errorf(site, full, "Invalid override", fmt.Sprintf("In %s, %s.", addr, detail), suggestion)
		return
	}
	var x config.Expr
	if !del {
		switch v.(type) {
		case NestedBlock, []NestedBlock, Dynamic, *Dynamic, []BlockItem:
			if len(steps) == 1 && !steps[0].IsIndex {
				e.set(site, steps[0].Name, v)
				return
			}
			e.errorf(site, full, "Nested block in an override path",
				"A nested block value can be set only at a top-level name.",
				"override the block's arguments one by one, or set the block with Set")
			return
		}
		c := e.conv(site)
		x = c.valueOrNull(v, full)
		e.finish(c, full)
	}
	created, err := config.Override(e.block, steps, x, site)
	if err != nil {
		e.errorf(site, full, "Invalid override", fmt.Sprintf("In %s, %s.", addr, err),
			"check the path against the element's body: a list index must be below its length, and a path goes only through blocks, objects and lists")
		return
	}
	if created != nil {
		// Appended by the model: put it where Terraform's style puts it.
		items := e.block.Body.Items
		e.block.Body.Items = items[:len(items)-1]
		e.place(created)
	}
}

// ownedPathProblem says what is wrong with an override path that goes
// into a block Terraform owns in a block of type typ (lifecycle,
// precondition, removed's lifecycle) to a name Terraform does not define
// there, or to a name Terraform reserves (a module's lifecycle and
// locals), with a suggestion naming the valid names; "" when nothing is.
// The engines refuse such a name when they read the configuration. Names
// a provider's or module's schema defines are left to the schema check.
func ownedPathProblem(typ string, steps []config.PathStep) (detail, suggestion string) {
	types := []string{typ}
	for i := 0; i < len(steps); {
		spec, ok := config.Spec(types)
		step := steps[i]
		if !ok || step.IsIndex {
			return "", ""
		}
		at := strconv.Quote(config.PathString(steps[:i+1]))
		if len(types) == 1 && slices.Contains(spec.Reserved, step.Name) {
			a := strings.ToLower(article(typ))
			return fmt.Sprintf("%s: the name %q is reserved in %s %s block for a future version of Terraform, which refuses it",
					at, step.Name, a, typ),
				fmt.Sprintf("remove the override; %s %s block takes %s and the module's inputs", a, typ, strings.Join(spec.ArgNames(), ", "))
		}
		if len(types) > 1 {
			if _, ok := spec.Arg(step.Name); ok {
				return "", ""
			}
		}
		nb, ok := spec.Block(step.Name)
		if !ok {
			if len(types) == 1 || !spec.Closed {
				return "", "" // a name of the body's schema, or checked elsewhere
			}
			names := append(spec.ArgNames(), spec.BlockTypes()...)
			block := types[len(types)-1]
			detail = fmt.Sprintf("%s: %s %s block has no argument or block named %q", at, strings.ToLower(article(block)), block, step.Name)
			if len(names) == 0 {
				return detail, "remove the override; the " + block + " block takes no arguments there"
			}
			suggestion = "use one of " + strings.Join(names, ", ")
			if hint := diag.DidYouMean(step.Name, names); hint != "" {
				suggestion = hint + " (the names are " + strings.Join(names, ", ") + ")"
			}
			return detail, suggestion
		}
		types = append(types, step.Name)
		i += 1 + len(nb.Labels)
		if i < len(steps) && steps[i].IsIndex {
			i++ // which of several blocks of the type
		}
	}
	return "", ""
}

// capitalizeFirst capitalizes the first letter of a message.
func capitalizeFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// constructors name the function that makes each kind of handle, for
// hints.
var constructors = map[string]string{
	"Resource":         "tfkit.NewResource(stack, type, name, body)",
	"DataSource":       "tfkit.NewDataSource(stack, type, name, body)",
	"Ephemeral":        "tfkit.NewEphemeral(stack, type, name, body)",
	"Provider":         "tfkit.NewProvider(stack, name, body)",
	"Module":           "tfkit.NewModule(stack, name, cfg)",
	"Variable":         "tfkit.NewVariable(stack, name, cfg)",
	"Output":           "tfkit.NewOutput(stack, name, cfg)",
	"Locals":           "tfkit.NewLocals(stack, body)",
	"Terraform":        "tfkit.NewTerraform(stack, cfg)",
	"Moved":            "tfkit.NewMoved(stack, from, to)",
	"Import":           "tfkit.NewImport(stack, to, id)",
	"Removed":          "tfkit.NewRemoved(stack, from, destroy)",
	"Check":            "tfkit.NewCheck(stack, name, asserts...)",
	"RemoteState":      "tfkit.NewRemoteState(stack, name, backend, cfg)",
	"ProviderInstance": "provider.Instance(key)",
	"Stack":            "tfkit.NewStack(app, name)",
	"KeyProvider":      "tfkit.NewKeyProvider(type, name, body)",
	"EncryptionMethod": "tfkit.NewEncryptionMethod(type, name, body)",
}

// absent reports whether h, the receiver of an exported method, is nil or
// was not made by its constructor, and records that mistake if so.
func absent[P interface {
	*H
	Element
}, H any](h P) bool {
	if h != nil && h.Block() != nil {
		return false
	}
	misusedHandle(reflect.TypeFor[H]().Name(), h == nil)
	return true
}

// misusedHandle records a call of a method on a nil handle of the named
// type (nilHandle), or on one its constructor did not make.
func misusedHandle(typ string, nilHandle bool) *diag.Diagnostic {
	if pkg, recv, method, ok := bindingCall(); ok {
		// Through a typed binding: name the binding's type, which is
		// what the program holds (a nil one, or a zero one, whose
		// untyped handle is nil alike).
		ctor := pkg + ".New" + recv
		if recv == "Module" {
			ctor = pkg + ".New"
		}
		return misuse("Nil *"+pkg+"."+recv,
			fmt.Sprintf("(*%s.%s).%s was called on a nil *%s.%s, or on one %s did not make (a zero %s.%s{}).", pkg, recv, method, pkg, recv, ctor, pkg, recv),
			fmt.Sprintf("use the *%s.%s that %s returns (a variable that was declared but never assigned is nil)", pkg, recv, ctor))
	}
	ctor := constructors[typ]
	if ctor == "" {
		ctor = "its constructor"
	}
	if nilHandle {
		return misuse("Nil *tfkit."+typ,
			fmt.Sprintf("%s was called on a nil *tfkit.%s.", apiCall(), typ),
			fmt.Sprintf("use the *tfkit.%s that %s returns (a variable that was declared but never assigned is nil)", typ, ctor))
	}
	return misuse("tfkit."+typ+" not made by its constructor",
		fmt.Sprintf("%s was called on a tfkit.%s that %s did not make (a zero tfkit.%s{}), which belongs to no stack.", apiCall(), typ, ctor, typ),
		fmt.Sprintf("use the *tfkit.%s that %s returns", typ, ctor))
}

// blockNoun names a kind of top-level block with its article, for
// messages: "an output", "a locals block".
func blockNoun(typ string) string {
	switch typ {
	case "output", "import":
		return "an " + typ
	case "locals", "moved", "removed", "check", "terraform":
		return "a " + typ + " block"
	}
	return "a " + typ
}
