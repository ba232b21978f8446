package tfkit

import (
	"fmt"
	"math"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/fastpath"
	"github.com/tfkit/tfkit/internal/synth"
)

// Attrs are the arguments of an element or nested block, by name. Go maps
// have no order, so tfkit writes the attributes sorted by name, then the
// nested blocks sorted by type; use Ordered to choose the order.
//
// Values may be:
//   - nil, a nil pointer, slice or map: the attribute is left out (use Null
//     for Terraform's null);
//   - a string: read as a Terraform template, as in Terraform's JSON syntax,
//     so "web-${count.index}" interpolates (use Literal, or $${, for a
//     literal "${");
//   - bools, integers and floats, and types defined on them;
//   - slices and arrays: lists;
//   - maps with string keys (Attrs too): objects, keys sorted;
//   - an Ordered list: an object with keys in that order;
//   - an Expr (references, function calls, ...) or a config.Expr;
//   - an element handle: a reference to the element (aws_vpc.main);
//   - a cty.Value: a literal;
//   - a Valuer: what its TerraformValue method returns;
//   - Block, Blocks, Dynamic and []BlockItem values: nested blocks (only
//     directly in a body, not inside a list or an object).
//
// The rule for nested things: a Go map is an object-typed attribute
// (tags = { ... }), Block is a nested block (ingress { ... }). Terraform
// tells them apart by the provider's schema; tfkit by what you wrote.
//
// Anything else (structs, functions, channels) is reported as a diagnostic
// naming the attribute path and the Go line.
type Attrs map[string]any

// Body is the content of an element or nested block: Attrs, an
// OrderedAttrs list, or RawBody text.
type Body interface {
	// items converts the body; path names it in diagnostics.
	items(c *conv, path string) []config.Item
}

// Valuer is implemented by values that convert themselves, such as the
// structs of typed bindings. TerraformValue returns any value Attrs accept.
type Valuer interface {
	TerraformValue() any
}

// OrderedAttrs is a body whose attributes keep the order they were given
// in. Build one with Ordered and grow it with Set.
type OrderedAttrs struct {
	names  []string
	values []any
	meta   *exprMeta
	// The first few attributes live here, so that a small list is one
	// allocation.
	nbuf [4]string
	vbuf [4]any
}

// Ordered returns attributes in the order given, as name, value pairs:
// Ordered("name", "web", "size", 2). As a value (not a body) it is an object
// with its keys in that order.
func Ordered(pairs ...any) *OrderedAttrs {
	o := &OrderedAttrs{}
	if n := len(pairs) / 2; n <= len(o.nbuf) {
		o.names, o.values = o.nbuf[:0], o.vbuf[:0]
	} else {
		o.names, o.values = make([]string, 0, n), make([]any, 0, n)
	}
	if len(pairs)%2 != 0 {
		site := callerSite()
		o.meta = &exprMeta{diags: diag.Diagnostics{{
			Severity: diag.Error, Summary: "Odd number of arguments to Ordered",
			Detail:  fmt.Sprintf("Ordered takes name, value pairs; %d arguments were given.", len(pairs)),
			Subject: &site,
		}}}
		pairs = pairs[:len(pairs)-1]
	}
	for i := 0; i < len(pairs); i += 2 {
		name, ok := pairs[i].(string)
		if !ok {
			site := callerSite()
			o.meta = addDiag(o.meta, &diag.Diagnostic{
				Severity: diag.Error, Summary: "Attribute name is not a string",
				Detail:  fmt.Sprintf("Argument %d of Ordered must be an attribute name; it is a %T.", i+1, pairs[i]),
				Subject: &site,
			})
			continue
		}
		if o.index(name) >= 0 {
			// Terraform accepts each argument once ("Attribute redefined");
			// a name given twice is a mistake, not a replacement (Set is).
			site := callerSite()
			o.meta = addDiag(o.meta, &diag.Diagnostic{
				Severity: diag.Error, Summary: "Attribute redefined",
				Detail: fmt.Sprintf("Ordered was given the name %q twice (arguments %d and %d); each argument may be set only once.",
					name, firstName(pairs, name)+1, i+1),
				Subject:    &site,
				Suggestion: "remove one of them, or call Set to replace a value on purpose",
			})
			continue
		}
		o.names = append(o.names, name)
		o.values = append(o.values, pairs[i+1])
	}
	return o
}

// firstName returns the index of name among the names of pairs.
func firstName(pairs []any, name string) int {
	for i := 0; i < len(pairs); i += 2 {
		if pairs[i] == name {
			return i
		}
	}
	return -1
}

// index returns the position of name among the attributes, or -1.
func (o *OrderedAttrs) index(name string) int {
	for i, n := range o.names {
		if n == name {
			return i
		}
	}
	return -1
}

// Set sets an attribute: in place if the name is already there, else at the
// end. It returns o for chaining.
func (o *OrderedAttrs) Set(name string, value any) *OrderedAttrs {
	if i := o.index(name); i >= 0 {
		o.values[i] = value
		return o
	}
	o.names = append(o.names, name)
	o.values = append(o.values, value)
	return o
}

// Len returns the number of attributes.
func (o *OrderedAttrs) Len() int { return len(o.names) }

// NestedBlock is a nested block value: Block(Attrs{...}) in a body writes
// `type { ... }` with the attribute name as block type.
type NestedBlock struct {
	body   Body
	labels []string
}

// Block returns a nested block with the given content:
//
//	tfkit.Attrs{"ingress": tfkit.Block(tfkit.Attrs{"from_port": 443})}
//
// is `ingress { from_port = 443 }`, where a map would be the object
// attribute `ingress = { from_port = 443 }`.
func Block(body Body) NestedBlock { return NestedBlock{body: body} }

// Labeled returns the block with labels, for the nested block types
// that have them (a terraform block's provider_meta "aws"):
//
//	tfkit.Attrs{"provider_meta": tfkit.Block(tfkit.Attrs{"module_name": "net"}).Labeled("aws")}
//
// is `provider_meta "aws" { module_name = "net" }`.
func (b NestedBlock) Labeled(labels ...string) NestedBlock {
	b.labels = append([]string(nil), labels...)
	return b
}

// Blocks returns several nested blocks of the same type, in order.
func Blocks(bodies ...Body) []NestedBlock {
	out := make([]NestedBlock, len(bodies))
	for i, b := range bodies {
		out[i] = NestedBlock{body: b}
	}
	return out
}

// BlockItem is one item of a list of nested blocks of one type: a
// NestedBlock (Block(...)) or a Dynamic. A []BlockItem in a body writes its
// blocks in the order given, the way to write a type as both literal and
// dynamic blocks, or as several dynamic blocks:
//
//	"ingress", []tfkit.BlockItem{
//		tfkit.Block(tfkit.Attrs{"from_port": 443, "to_port": 443, "protocol": "tcp"}),
//		tfkit.Dynamic{ForEach: tfkit.Var("extra_ports"), Content: tfkit.Attrs{"from_port": tfkit.Ref("ingress.value")}},
//	}
//
// is an ingress block followed by dynamic "ingress": Terraform keeps the
// order of the blocks of a type, which matters for list blocks.
type BlockItem interface {
	blockItem()
}

func (NestedBlock) blockItem() {}

func (Dynamic) blockItem() {}

// Dynamic is a dynamic block: one nested block per element of ForEach. In a
// body the attribute name is the block type (a []BlockItem mixes it with
// other blocks of the type); on handles use the Dynamic method.
//
//	tfkit.Attrs{"ingress": tfkit.Dynamic{
//		ForEach: tfkit.Var("ports"),
//		Content: tfkit.Attrs{"from_port": tfkit.Ref("ingress.value")},
//	}}
type Dynamic struct {
	// ForEach is the collection to iterate over.
	ForEach any
	// Iterator names the iteration variable; the block type when empty.
	Iterator string
	// Labels are the labels of each generated block, if the block type has
	// labels.
	Labels []any
	// Content is the body of each generated block; reference the current
	// element as Ref("<iterator>.value") and its key as Ref("<iterator>.key").
	Content Body
}

// rawBody is HCL body text, parsed when it is used.
type rawBody struct {
	text string
	site hcl.Range
	meta *exprMeta
}

// RawBody returns a body given as HCL text, for when the attribute form does
// not fit: complex nested blocks, or HCL copied from an existing
// configuration. A syntax error is reported at its line and column inside
// text and at the Go line that called RawBody.
//
//	tfkit.NewResource(stack, "aws_security_group", "web", tfkit.RawBody(`
//		name = "web"
//		ingress {
//			from_port = 443
//			to_port   = 443
//			protocol  = "tcp"
//		}
//	`))
func RawBody(text string) Body {
	return &rawBody{text: text, site: callerSite()}
}

// RawBodyf is RawBody with fmt formatting. Expressions and element handles
// among args are written as HCL (aws_vpc.main.id, not "${...}"); other
// arguments are formatted as fmt does. Write %% for a literal percent sign.
func RawBodyf(format string, args ...any) Body {
	site := callerSite()
	c := newConv(site)
	text := c.sprintf(format, args)
	return &rawBody{text: text, site: site, meta: c.meta()}
}

// conv converts Go values into the configuration model, collecting
// diagnostics and the elements referred to, with their stacks. site is the
// Go line that gave the values.
type conv struct {
	site hcl.Range
	// lazy says site is yet to be looked up (see lazyConv).
	lazy  bool
	diags diag.Diagnostics
	refs  []target
	depth int
	// paths is set while a value is converted again to report a mistake
	// with its attribute path (see child).
	paths bool
	// stack, when set, is the stack the values are for.
	stack *Stack
}

func newConv(site hcl.Range) *conv { return &conv{site: site} }

// lazyConv returns a converter that looks up its Go line only when it
// needs it: for expression helpers and references, where the line only
// goes into diagnostics, and finding it (runtime.Callers) costs more than
// building the expression. It must be used before the API call that made
// it returns: the lookup skips tfkit's frames to the caller's, which are
// on the stack only until then.
func lazyConv() *conv { return &conv{lazy: true} }

// at returns the Go line the converter reports at.
func (c *conv) at() hcl.Range {
	if c.lazy {
		c.site, c.lazy = callerSite(), false
	}
	return c.site
}

// maxDepth bounds nesting, so that a self-referencing value is reported
// instead of overflowing the stack.
const maxDepth = 64

func (c *conv) errorf(path, summary, detail, suggestion string) {
	site := c.at()
	c.diags = append(c.diags, &diag.Diagnostic{
		Severity: diag.Error, Summary: summary, Detail: detail,
		Subject: &site, Path: path, Suggestion: suggestion,
	})
}

// meta returns what was collected, for an Expr to carry.
func (c *conv) meta() *exprMeta {
	if len(c.diags) == 0 && len(c.refs) == 0 {
		return nil
	}
	return &exprMeta{diags: c.diags, refs: c.refs}
}

// oneRef is the metadata of a reference to one element, in one allocation.
func oneRef(t target) *exprMeta {
	m := &metaOne{one: [1]target{t}}
	m.refs = m.one[:1:1]
	return &m.exprMeta
}

// expr wraps x with what was collected.
func (c *conv) expr(x config.Expr) Expr { return Expr{x: x, meta: c.meta()} }

// take accepts an Expr's metadata: its diagnostics are reported at path,
// keeping where inside the expression they were found in the detail.
func (c *conv) take(m *exprMeta, path string) {
	if m == nil {
		return
	}
	for _, d := range m.diags {
		cp := *d
		if cp.Path != "" && path != "" && cp.Path != path {
			cp.Detail = strings.TrimSpace(cp.Detail + " (in " + cp.Path + ")")
		}
		if path != "" {
			cp.Path = path
		}
		c.diags = append(c.diags, &cp)
	}
	for _, t := range m.refs {
		c.refs = appendTarget(c.refs, t)
	}
}

// valueOrNull is value with nil meaning Terraform's null.
func (c *conv) valueOrNull(v any, path string) config.Expr {
	if x := c.value(v, path); x != nil {
		return x
	}
	return config.Null()
}

// value converts a Go value into an expression; nil means "left out".
func (c *conv) value(v any, path string) config.Expr {
	c.depth++
	defer func() { c.depth-- }()
	if c.depth > maxDepth {
		c.errorf(path, "Value nested too deeply",
			fmt.Sprintf("The value is nested more than %d levels deep; it probably contains itself.", maxDepth), "")
		return config.Null()
	}
	if isNil(v) {
		if _, ok := v.(Element); ok {
			// A handle stands for a reference: a nil one is a variable
			// never assigned, not an attribute to leave out.
			c.errorf(path, "Nil element",
				fmt.Sprintf("A nil %T was given as a value; it refers to nothing.", v),
				"pass the handle a constructor returned (a variable that was declared but never assigned is nil)")
			return config.Null()
		}
		return nil
	}
	switch v := v.(type) {
	case Expr:
		c.take(v.meta, path)
		return c.markForeign(v.x, v.meta, path)
	case *Expr:
		return c.value(*v, path)
	case config.Expr:
		return v
	case string:
		return c.template(v, path)
	case bool:
		return config.Bool(v)
	case cty.Value:
		return c.ctyValue(v, path)
	case NestedBlock, []NestedBlock, Dynamic, *Dynamic, []BlockItem:
		c.errorf(path, "Nested block used as a value",
			"A nested block can only be an attribute of a body, not an element of a list or an object.",
			"use a map or tfkit.Attrs for an object value, or move the block up into the body")
		return config.Null()
	case Element:
		return c.elementRef(v, path)
	case *OrderedAttrs:
		c.take(v.meta, path)
		obj := &config.Object{Items: make([]config.ObjectItem, 0, len(v.names))}
		for i, name := range v.names {
			if x := c.child(v.values[i], path, step{kind: stepDot, name: name}); x != nil {
				obj.Items = append(obj.Items, config.ObjectItem{Key: config.String(name), Value: x})
			}
		}
		return obj
	case *rawBody:
		c.errorf(path, "HCL body used as a value",
			"tfkit.RawBody text is a body (attributes and blocks); as a value use tfkit.Raw for an expression.", "")
		return config.Null()
	case Valuer:
		return c.value(v.TerraformValue(), path)
	case []byte:
		c.errorf(path, "Unsupported value",
			"A []byte has no Terraform counterpart.", "convert it with string(b), or base64-encode it")
		return config.Null()
	case time.Duration:
		// An int64 of nanoseconds: written as a number it would be 1e9 times
		// what a provider's "30s" or seconds attribute means.
		c.errorf(path, "Unsupported value",
			fmt.Sprintf("A time.Duration (%s) has no Terraform counterpart: as a number it would be %d nanoseconds.", v, int64(v)),
			fmt.Sprintf("write the text or number the attribute takes, such as d.String() (%q) or int(d.Seconds()) (%d)", v.String(), int64(v.Seconds())))
		return config.Null()
	case time.Time:
		c.errorf(path, "Unsupported value", "A time.Time has no Terraform counterpart.",
			fmt.Sprintf("format it as the text the attribute takes, such as t.Format(time.RFC3339) (%q)", v.Format(time.RFC3339)))
		return config.Null()
	}
	return c.reflectValue(reflect.ValueOf(v), path)
}

func isNil(v any) bool {
	if v == nil {
		return true
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Interface, reflect.Func, reflect.Chan:
		return rv.IsNil()
	}
	return false
}

func (c *conv) reflectValue(rv reflect.Value, path string) config.Expr {
	switch rv.Kind() {
	case reflect.Pointer, reflect.Interface:
		return c.value(rv.Elem().Interface(), path)
	case reflect.Bool:
		return config.Bool(rv.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return config.Int(rv.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return &config.Literal{Val: cty.NumberUIntVal(rv.Uint())}
	case reflect.Float32, reflect.Float64:
		f := rv.Float()
		if math.IsNaN(f) || math.IsInf(f, 0) {
			c.errorf(path, "Unsupported number", fmt.Sprintf("%v is not a number Terraform can hold.", f), "")
			return config.Null()
		}
		bits := 64
		if rv.Kind() == reflect.Float32 {
			bits = 32
		}
		// Shortest decimal form, so float32(0.1) is 0.1, not 0.10000000149.
		n, err := cty.ParseNumberVal(strconv.FormatFloat(f, 'g', -1, bits))
		if err != nil {
			panic(err)
		}
		return &config.Literal{Val: n}
	case reflect.String:
		return c.template(rv.String(), path)
	case reflect.Slice, reflect.Array:
		if rv.Type().Elem().Kind() == reflect.Uint8 {
			c.errorf(path, "Unsupported value", fmt.Sprintf("A %s has no Terraform counterpart.", rv.Type()),
				"convert it to a string, or to a []int for a list of numbers")
			return config.Null()
		}
		t := &config.Tuple{Items: make([]config.Expr, rv.Len())}
		for i := range rv.Len() {
			t.Items[i] = c.child(rv.Index(i).Interface(), path, step{kind: stepIndex, index: i})
			if t.Items[i] == nil {
				t.Items[i] = config.Null()
			}
		}
		return t
	case reflect.Map:
		if rv.Type().Key().Kind() != reflect.String {
			c.errorf(path, "Unsupported map key type",
				fmt.Sprintf("A %s has %s keys; Terraform objects and maps have string keys.", rv.Type(), rv.Type().Key()), "")
			return config.Null()
		}
		keys := rv.MapKeys()
		sort.Slice(keys, func(i, j int) bool { return keys[i].String() < keys[j].String() })
		obj := &config.Object{}
		for _, k := range keys {
			if !c.utf8(k.String(), path) {
				continue
			}
			if x := c.child(rv.MapIndex(k).Interface(), path, step{kind: stepKey, name: k.String()}); x != nil {
				obj.Items = append(obj.Items, config.ObjectItem{Key: config.String(k.String()), Value: x})
			}
		}
		return obj
	}
	hint := ""
	if rv.Kind() == reflect.Struct {
		hint = "use tfkit.Attrs or a map for an object, tfkit.Block for a nested block, or implement tfkit.Valuer"
	}
	c.errorf(path, "Unsupported value", fmt.Sprintf("A Go value of type %s cannot be converted to a Terraform value.", rv.Type()), hint)
	return config.Null()
}

// keyPath writes a map key as a path step: .name for identifiers, ["key"]
// otherwise.
func keyPath(k string) string {
	if hclsyntax.ValidIdentifier(k) {
		return "." + k
	}
	return "[" + strconv.Quote(k) + "]"
}

// utf8 reports whether s is valid UTF-8, reporting it when not:
// configurations are UTF-8 text.
func (c *conv) utf8(s, path string) bool {
	if utf8.ValidString(s) {
		return true
	}
	c.errorf(path, "Invalid UTF-8 in string",
		fmt.Sprintf("%q is not valid UTF-8; Terraform configurations are UTF-8 text.", s), "")
	return false
}

// template reads a Go string as a Terraform template.
func (c *conv) template(s, path string) config.Expr {
	if !c.utf8(s, path) {
		return config.Null()
	}
	if x, ok := fastpath.Template(s); ok {
		return x
	}
	x, ds := config.ParseTemplate(s, "<string>", hcl.InitialPos)
	if ds.HasErrors() {
		errs := ds.Errs()
		msg := firstMessage(errs)
		if errs[0].Subject != nil {
			msg += fmt.Sprintf(" (at column %d of the string)", errs[0].Subject.Start.Column)
		}
		c.errorf(path, "Invalid template in string",
			fmt.Sprintf("Strings are read as Terraform templates and %q is not a valid one: %s", s, msg),
			`write $${ for a literal "${", or use tfkit.Literal for text that must not be interpolated`)
		return config.Null()
	}
	return x
}

func (c *conv) ctyValue(v cty.Value, path string) config.Expr {
	if !v.IsWhollyKnown() {
		c.errorf(path, "Unknown value", "A cty value given to tfkit must be known.", "")
		return config.Null()
	}
	if v.IsMarked() {
		v, _ = v.Unmark()
	}
	return &config.Literal{Val: v}
}

// elementRef converts an element handle into a reference to it.
func (c *conv) elementRef(el Element, path string) config.Expr {
	b := el.Block()
	if b == nil {
		c.errorf(path, "Element not made by its constructor",
			fmt.Sprintf("A %T was given that its constructor did not make (a zero value), so it refers to nothing.", el),
			"pass the handle a constructor returned (tfkit.NewResource, tfkit.NewModule, ...)")
		return config.Null()
	}
	t, ok := elementTraversal(b)
	if !ok {
		c.errorf(path, "Element cannot be referenced",
			fmt.Sprintf("%s %s block is not something an expression can refer to.", article(b.Type), b.Type),
			"refer to resources, data sources, modules, variables and providers")
		return config.Null()
	}
	if s := StackOf(el); s != nil {
		tg := target{stack: s, block: b}
		c.refs = appendTarget(c.refs, tg)
		switch {
		case c.foreign(tg):
			return markedRef(s, t)
		case c.stack != nil && s != c.stack:
			// Reported by finish (a provider, another app's stack).
			return config.Null()
		}
	}
	return &config.Reference{Traversal: t}
}

// StackOf returns the stack an element was declared in: a handle's, or that
// of the handle a typed binding holds (x.Resource(), x.DataSource(),
// x.Provider(), x.Module()); nil for a nil handle or an element of no stack.
func StackOf(el Element) *Stack {
	switch h := el.(type) {
	case interface{ Stack() *Stack }:
		return h.Stack()
	case interface{ Resource() *Resource }:
		return h.Resource().Stack()
	case interface{ DataSource() *DataSource }:
		return h.DataSource().Stack()
	case interface{ Provider() *Provider }:
		return h.Provider().Stack()
	case interface{ Module() *Module }:
		return h.Module().Stack()
	}
	return nil
}

// elementTraversal returns the traversal that refers to a top-level block:
// aws_vpc.main, data.aws_ami.x, ephemeral.random_password.p, module.m,
// var.v, aws.west (config.ReferenceNames).
func elementTraversal(b *config.Block) (hcl.Traversal, bool) {
	var buf [4]string
	names, ok := config.ReferenceNames(buf[:0], b)
	if !ok {
		return nil, false
	}
	return config.Ref(names[0], names[1:]...).Traversal, true
}

// relPath parses an attribute path relative to something: "id",
// "ingress[0].from_port", `tags["Name"]`, "[0].id".
func (c *conv) relPath(path string) (hcl.Traversal, bool) {
	src := "_"
	if !strings.HasPrefix(path, "[") {
		src += "."
	}
	src += path
	t, hds := hclsyntax.ParseTraversalAbs([]byte(src), "<path>", hcl.InitialPos)
	if hds.HasErrors() || len(t) < 2 {
		c.errorf("", "Invalid attribute path",
			fmt.Sprintf("%q is not an attribute path: %s", path, hclMessage(hds)),
			`write names joined by dots with [index] steps: "id", "ingress[0].from_port", "tags[\"Name\"]"`)
		return nil, false
	}
	return config.StripRanges(t[1:]), true
}

// sprintf formats like fmt.Sprintf, writing expressions and element handles
// as HCL expression text.
func (c *conv) sprintf(format string, args []any) string {
	conv := make([]any, len(args))
	for i, a := range args {
		switch a.(type) {
		case Expr, *Expr, Element, config.Expr:
			x := c.valueOrNull(a, fmt.Sprintf("argument %d", i+1))
			conv[i] = hclText(exprText(x))
		default:
			conv[i] = a
		}
	}
	return fmt.Sprintf(format, conv...)
}

// hclText is expression text that formats as itself with any verb.
type hclText string

func (h hclText) Format(f fmt.State, _ rune) { fmt.Fprint(f, string(h)) }

// items implements Body: attributes sorted by name, then nested blocks
// sorted by type.
func (a Attrs) items(c *conv, path string) []config.Item {
	names := make([]string, 0, len(a))
	for n := range a {
		names = append(names, n)
	}
	sort.Strings(names)
	attrs := make([]config.Item, 0, len(a))
	var blocks []config.Item
	for _, n := range names {
		at := len(attrs)
		attrs = c.appendItem(attrs, n, a[n], path)
		for i := at; i < len(attrs); i++ {
			if _, isBlock := attrs[i].(*config.Block); isBlock {
				blocks = append(blocks, attrs[i])
				attrs = append(attrs[:i], attrs[i+1:]...)
				i--
			}
		}
	}
	return append(attrs, blocks...)
}

// items implements Body: in the order given.
func (o *OrderedAttrs) items(c *conv, path string) []config.Item {
	c.take(o.meta, path)
	out := make([]config.Item, 0, len(o.names))
	for i, n := range o.names {
		out = c.appendItem(out, n, o.values[i], path)
	}
	return out
}

// items implements Body: the parsed text.
func (r *rawBody) items(c *conv, path string) []config.Item {
	c.take(r.meta, path)
	body, ds := config.ParseBody(r.text, rawName(r.site), hcl.InitialPos)
	if ds.HasErrors() {
		c.take(&exprMeta{diags: rawDiags(ds, r.site, r.text)}, "")
		return nil
	}
	return c.markItems(body.Items, r.meta, path)
}

// item converts one name, value pair of a body into attributes or blocks.
func (c *conv) item(name string, v any, path string) []config.Item {
	return c.appendItem(nil, name, v, path)
}

// appendItem appends what item returns to dst.
func (c *conv) appendItem(dst []config.Item, name string, v any, path string) []config.Item {
	if !fastpath.IsPlainName(name) && !hclsyntax.ValidIdentifier(name) {
		c.errorf(joinPath(path, name), "Invalid attribute name",
			fmt.Sprintf("%q is not a valid Terraform name.", name),
			"names start with a letter or underscore and contain letters, digits, underscores and dashes")
		return dst
	}
	// A Valuer may stand for a nested block (a typed binding's block struct).
	for i := 0; i < maxDepth; i++ {
		vv, ok := v.(Valuer)
		if !ok || isNil(v) {
			break
		}
		v = vv.TerraformValue()
	}
	switch v := v.(type) {
	case NestedBlock:
		return append(dst, c.nested(name, v, joinPath(path, name)))
	case []NestedBlock:
		p := joinPath(path, name)
		for i, nb := range v {
			dst = append(dst, c.nested(name, nb, fmt.Sprintf("%s[%d]", p, i)))
		}
		return dst
	case Dynamic:
		return append(dst, c.dynamic(name, v, joinPath(path, name)))
	case *Dynamic:
		if v == nil {
			return dst
		}
		return append(dst, c.dynamic(name, *v, joinPath(path, name)))
	case []BlockItem:
		p := joinPath(path, name)
		for i, it := range v {
			at := fmt.Sprintf("%s[%d]", p, i)
			switch it := it.(type) {
			case NestedBlock:
				dst = append(dst, c.nested(name, it, at))
			case Dynamic:
				dst = append(dst, c.dynamic(name, it, at))
			case *Dynamic:
				// A nil one is left out, as a nil *Dynamic value is.
				if it != nil {
					dst = append(dst, c.dynamic(name, *it, at))
				}
			}
		}
		return dst
	}
	x := c.child(v, path, step{kind: stepAttr, name: name})
	if x == nil {
		return dst
	}
	return append(dst, &config.Attribute{Name: name, Expr: x, Range: c.at()})
}

// step is one step of an attribute path, below a value being converted.
type step struct {
	kind  int
	name  string
	index int
}

// The kinds of step: an argument of a body (path.name, or name at the
// top), an object attribute (path.name), a map key (path.name or
// path["key"]), a list index (path[1]).
const (
	stepAttr = iota
	stepDot
	stepKey
	stepIndex
)

// join returns the path of the step below path.
func (s step) join(path string) string {
	switch s.kind {
	case stepAttr:
		return joinPath(path, s.name)
	case stepDot:
		return path + "." + s.name
	case stepKey:
		return path + keyPath(s.name)
	}
	return fmt.Sprintf("%s[%d]", path, s.index)
}

// child converts v, found at step s below path. Paths only go into
// diagnostics, and building one per value is a good part of what
// converting costs, so v is converted without its path first; only when
// that reports a mistake is it converted again, with every path built
// (c.paths), for the diagnostic to say where.
func (c *conv) child(v any, path string, s step) config.Expr {
	if c.paths {
		return c.value(v, s.join(path))
	}
	nd, nr := len(c.diags), len(c.refs)
	x := c.value(v, "")
	if len(c.diags) == nd {
		return x
	}
	c.diags, c.refs = c.diags[:nd], c.refs[:nr]
	c.paths = true
	x = c.value(v, s.join(path))
	c.paths = false
	return x
}

func joinPath(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// nested converts a nested block value.
func (c *conv) nested(typ string, nb NestedBlock, path string) *config.Block {
	b := config.NewBlock(typ, nb.labels...)
	b.DeclRange = c.at()
	for _, l := range nb.labels {
		path += fmt.Sprintf("[%q]", l)
	}
	if nb.body != nil {
		b.Body.Items = c.body(nb.body, path)
	}
	return b
}

// body converts a body, nil being empty.
func (c *conv) body(b Body, path string) []config.Item {
	if isNil(b) {
		return nil
	}
	return b.items(c, path)
}

// dynamic converts a Dynamic into `dynamic "typ" { ... }`.
func (c *conv) dynamic(typ string, d Dynamic, path string) *config.Block {
	b := config.NewBlock("dynamic", typ)
	b.DeclRange = c.at()
	p := path + ".dynamic"
	// A missing for_each is reported by config.Validate.
	if fe := c.value(nilValuesNull(d.ForEach), p+".for_each"); fe != nil { // one block per key, null values too
		b.Body.Set("for_each", fe).Range = c.at()
	}
	if d.Iterator != "" {
		if !hclsyntax.ValidIdentifier(d.Iterator) {
			c.errorf(p+".iterator", "Invalid iterator name", fmt.Sprintf("%q is not a valid name.", d.Iterator), "")
		} else {
			b.Body.Set("iterator", config.Ref(d.Iterator)).Range = c.at()
		}
	}
	if d.Labels != nil {
		b.Body.Set("labels", c.value(d.Labels, p+".labels")).Range = c.at()
	}
	content := config.NewBlock("content")
	content.DeclRange = c.at()
	content.Body.Items = c.body(d.Content, p+".content")
	b.Body.AppendBlock(content)
	return b
}

// rawName names raw HCL text after the Go line that gave it, so that its
// diagnostics read <raw HCL from main.go:42>:3:5.
func rawName(site hcl.Range) string {
	if site.Filename == "" {
		return "<raw HCL>"
	}
	return "<raw HCL from " + diag.FormatRange(site) + ">"
}

// Ptr returns a pointer to v, for optional fields such as
// VariableConfig.Nullable and typed bindings' optional arguments.
func Ptr[T any](v T) *T { return &v }

// Cross-stack references. Each stack is its own Terraform configuration, so
// an expression of stack B cannot name an element of stack A. Synth rewrites
// such a reference: A gets an output holding the referenced expression,
// B gets one terraform_remote_state data source per stack it reads, the
// reference becomes data.terraform_remote_state.<A>.outputs.<output>, and B
// depends on A (in the manifest, so that A is deployed first and destroyed
// last).
//
// Which stack a reference reads is decided when a value is given to an
// element: a reference made with a handle of another stack's element is
// kept marked with that stack (markedRef), so that stacks may declare
// elements of the same address. A reference without a handle (spliced into
// a Go string, "${random_pet.a.id}") reads another stack when the consumer
// does not declare its address and exactly one other stack does (handles
// used elsewhere in the consumer decide between several).
//
// This file marks the references; the rewrite itself is package
// internal/synth's (NewPlan), on the stacks' configurations when they are
// written: the declared blocks stay as they were built (with the marks),
// and the outputs of a stack depend on every stack that reads it.

// target is an element an expression refers to through a handle: its stack
// and its block (with the local value's name for a locals block).
type target struct {
	stack *Stack
	block *config.Block
	local string
}

// addr is the address expressions use for the target: random_pet.a,
// data.x.y, module.m, var.v, local.l; aws.west for a provider.
func (t target) addr() string {
	if t.local != "" {
		return "local." + t.local
	}
	if tr, ok := elementTraversal(t.block); ok {
		return config.TraversalString(tr)
	}
	return t.block.Address()
}

func (t target) provider() bool { return t.block.Type == "provider" }

// ephemeral reports whether the target is an ephemeral resource, whose
// values no output of a root module may carry: another stack cannot read
// it through terraform_remote_state.
func (t target) ephemeral() bool { return t.block.Type == "ephemeral" }

// markedRef returns the marked reference to t in stack s.
func markedRef(s *Stack, t hcl.Traversal) *config.Reference {
	return synth.MarkedRef(s.name, t)
}

// foreign reports whether a target is an element of another stack of the
// same app that a value of c.stack may read.
func (c *conv) foreign(t target) bool {
	return c.stack != nil && t.stack != c.stack && t.stack.app == c.stack.app && !t.provider() && !t.ephemeral()
}

// markForeign marks, in an expression given to an element of c.stack, the
// references to other stacks' elements that its metadata names. One
// expression cannot refer to two elements of the same address, which it
// could not tell apart.
func (c *conv) markForeign(x config.Expr, m *exprMeta, path string) config.Expr {
	fn := c.foreignMarks(m, path)
	if fn == nil || x == nil {
		return x
	}
	return synth.RewriteExpr(x, fn)
}

// markItems is markForeign for the items of a body.
func (c *conv) markItems(items []config.Item, m *exprMeta, path string) []config.Item {
	fn := c.foreignMarks(m, path)
	if fn == nil {
		return items
	}
	return synth.RewriteItems(items, fn)
}

// foreignMarks returns the function that marks references to the foreign
// elements m names, or nil when there are none.
func (c *conv) foreignMarks(m *exprMeta, path string) func(hcl.Traversal) config.Expr {
	if c.stack == nil || m == nil {
		return nil
	}
	other := false
	for _, t := range m.refs {
		if t.stack != c.stack {
			other = true
			break
		}
	}
	if !other {
		return nil
	}
	foreign := map[string]*Stack{}
	own := map[string]bool{}
	dropped := map[string]bool{} // reported by finish: providers, ephemerals, other apps
	var bad []string
	for _, t := range m.refs {
		if c.foreign(t) {
			addr := t.addr()
			if s, ok := foreign[addr]; ok && s != t.stack {
				bad = append(bad, fmt.Sprintf("%s of stacks %q and %q", addr, s.name, t.stack.name))
			}
			foreign[addr] = t.stack
		} else if t.stack != c.stack {
			dropped[t.addr()] = true
		}
	}
	if len(foreign) == 0 && len(dropped) == 0 {
		return nil
	}
	for _, t := range m.refs {
		if t.stack == c.stack {
			own[t.addr()] = true
		}
	}
	for addr, s := range foreign {
		if own[addr] {
			bad = append(bad, fmt.Sprintf("%s of stacks %q and %q", addr, c.stack.name, s.name))
		}
	}
	if len(bad) > 0 {
		sort.Strings(bad)
		c.errorf(path, "Ambiguous cross-stack reference",
			fmt.Sprintf("The expression refers to %s, which cannot be told apart in one expression.", strings.Join(bad, ", ")),
			"build the value from two attributes or locals, one per stack, or rename one of the elements")
		for _, b := range bad {
			addr, _, _ := strings.Cut(b, " of stacks ")
			delete(foreign, addr)
		}
	}
	if len(foreign) == 0 && len(dropped) == 0 {
		return nil
	}
	return func(t hcl.Traversal) config.Expr {
		addr := synth.RootAddress(t)
		if s := foreign[addr]; s != nil {
			return markedRef(s, t)
		}
		if dropped[addr] || (len(t) == 1 && dropped[t.RootName()]) {
			return config.Null()
		}
		return nil
	}
}

// Value is the value of one attribute of a typed binding: unset (the zero
// Value, which leaves the attribute out), a literal of Go type T, or an
// expression (a reference, a function call) standing for a Terraform value
// of that type. Generated config structs use it for every attribute, so one
// field takes both tfkit.String("web") and img.Name():
//
//	docker.NewContainer(stack, "web", docker.ContainerConfig{
//		Name:  tfkit.String("web"),
//		Image: img.ImageID(), // a Value[string] holding docker_image.x.image_id
//	})
//
// Value implements Valuer; outside typed bindings it can be used wherever a
// value is accepted.
type Value[T any] struct {
	lit  T
	x    Expr
	kind valueKind
}

type valueKind uint8

const (
	valueUnset valueKind = iota
	valueLiteral
	valueExpr
)

// V returns a literal value: V([]string{"a", "b"}), V(map[string]string{...}).
func V[T any](v T) Value[T] { return Value[T]{lit: v, kind: valueLiteral} }

// As returns an expression as a value of type T, for expressions that typed
// getters do not give: As[string](tfkit.Var("name")),
// As[float64](tfkit.Fn("length", tfkit.Var("zones"))). A zero Expr gives an
// unset value.
func As[T any](x Expr) Value[T] {
	if x.IsZero() {
		return Value[T]{}
	}
	return Value[T]{x: x, kind: valueExpr}
}

// String returns a literal string value. Like every string given to tfkit it
// is read as a template: "web-${count.index}" interpolates.
func String(s string) Value[string] { return V(s) }

// Number returns a literal number value from any Go number.
func Number[N ~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~float32 | ~float64](n N) Value[float64] {
	return V(float64(n))
}

// Bool returns a literal bool value.
func Bool(b bool) Value[bool] { return V(b) }

// List returns a list whose elements are values, literals or expressions
// alike: List(sg.ID(), tfkit.String("sg-0123")). Unset elements are null.
func List[T any](elems ...Value[T]) Value[[]T] {
	vs := make([]any, len(elems))
	for i, e := range elems {
		vs[i] = e.element()
	}
	return Value[[]T]{kind: valueExpr, x: composite(vs)}
}

// Map returns a map whose values are values, literals or expressions alike.
// Unset values are null.
func Map[T any](m map[string]Value[T]) Value[map[string]T] {
	vs := make(map[string]any, len(m))
	for k, e := range m {
		vs[k] = e.element()
	}
	return Value[map[string]T]{kind: valueExpr, x: composite(vs)}
}

// composite converts a Go list or map whose elements may be expressions into
// one expression, keeping the diagnostics found on the way.
func composite(v any) Expr {
	c := lazyConv()
	x := c.valueOrNull(v, "value")
	return Expr{x: x, meta: c.meta()}
}

// element is the value inside a list or map: null when unset.
func (v Value[T]) element() any {
	if v.kind == valueUnset {
		return Null
	}
	return v.TerraformValue()
}

// IsSet reports whether v holds a literal or an expression.
func (v Value[T]) IsSet() bool { return v.kind != valueUnset }

// Literal returns the literal v holds and true, or the zero T and false when
// v is unset or an expression.
func (v Value[T]) Literal() (T, bool) { return v.lit, v.kind == valueLiteral }

// TerraformValue implements Valuer: nil when unset, the literal or the
// expression otherwise.
func (v Value[T]) TerraformValue() any {
	switch v.kind {
	case valueLiteral:
		return v.lit
	case valueExpr:
		return v.x
	}
	return nil
}

// Expr returns v as an expression, to go deeper (img.Name().Expr().Attr(...))
// or to pass to Fn, Op and the like; the zero Expr when unset.
func (v Value[T]) Expr() Expr {
	switch v.kind {
	case valueLiteral:
		c := lazyConv()
		x := c.valueOrNull(v.lit, "value")
		return Expr{x: x, meta: c.meta()}
	case valueExpr:
		return v.x
	}
	return Expr{}
}

// String returns v as template text, to splice into a string:
// fmt.Sprintf("%s-logs", bucket.Bucket()) is "${aws_s3_bucket.b.bucket}-logs".
// A literal string is returned as is (its "${" already interpolates); an
// unset value is "".
func (v Value[T]) String() string {
	switch v.kind {
	case valueLiteral:
		if s, ok := any(v.lit).(string); ok {
			return s
		}
		return v.Expr().String()
	case valueExpr:
		return v.x.String()
	}
	return ""
}

// GoString keeps %#v readable in test failures.
func (v Value[T]) GoString() string {
	switch v.kind {
	case valueLiteral:
		return fmt.Sprintf("tfkit.V(%#v)", v.lit)
	case valueExpr:
		return fmt.Sprintf("tfkit.As(%s)", v.x.HCL())
	}
	return "tfkit.Value{}"
}

// Fields returns the body a typed binding's config or nested block struct
// stands for: its fields tagged `tf:"name"`, in order, each a Valuer (such
// as a Value) or nil; fields tagged `tf:"name,block"` are nested blocks, a
// pointer to a struct for one block and a slice of structs for several.
// Generated code calls it so that bindings stay data, not code: a
// constructor is one line however many attributes it has.
//
// v must be a struct or a pointer to one; anything else is a programming
// error and panics.
func Fields(v any) Body {
	rv := reflect.ValueOf(v)
	for rv.Kind() == reflect.Pointer {
		if rv.IsNil() {
			return &OrderedAttrs{}
		}
		rv = rv.Elem()
	}
	if rv.Kind() != reflect.Struct {
		panic(fmt.Sprintf("tfkit.Fields: %T is not a struct", v))
	}
	return fieldsOf(rv)
}

// structField is one tagged field of a binding struct.
type structField struct {
	index int
	name  string
	block bool
}

var structFields sync.Map // reflect.Type → []structField

func fieldsOfType(t reflect.Type) []structField {
	if fs, ok := structFields.Load(t); ok {
		return fs.([]structField)
	}
	var fs []structField
	for i := 0; i < t.NumField(); i++ {
		tag, ok := t.Field(i).Tag.Lookup("tf")
		if !ok {
			continue
		}
		name, opt, _ := strings.Cut(tag, ",")
		fs = append(fs, structField{index: i, name: name, block: opt == "block"})
	}
	structFields.Store(t, fs)
	return fs
}

func fieldsOf(rv reflect.Value) *OrderedAttrs {
	o := &OrderedAttrs{}
	for _, f := range fieldsOfType(rv.Type()) {
		fv := rv.Field(f.index)
		if !f.block {
			o.names = append(o.names, f.name)
			o.values = append(o.values, fv.Interface())
			continue
		}
		switch fv.Kind() {
		case reflect.Pointer:
			if !fv.IsNil() {
				o.names = append(o.names, f.name)
				o.values = append(o.values, Block(fieldsOf(fv.Elem())))
			}
		case reflect.Slice:
			if fv.Len() > 0 {
				bs := make([]NestedBlock, fv.Len())
				for i := range bs {
					bs[i] = Block(fieldsOf(fv.Index(i)))
				}
				o.names = append(o.names, f.name)
				o.values = append(o.values, bs)
			}
		default:
			panic(fmt.Sprintf("tfkit.Fields: block field %s of %s is a %s, not a pointer or slice", f.name, rv.Type(), fv.Kind()))
		}
	}
	return o
}

// Object returns an object whose keys may be expressions, from key, value
// pairs in the order they are written:
//
//	tfkit.Object(tfkit.Var("name"), 1, "${local.prefix}-x", 2, "plain", 3)
//
// is { (var.name) = 1, "${local.prefix}-x" = 2, plain = 3 }. A key is an
// Expr (written in parentheses, as Terraform needs for a reference or a
// call to be evaluated rather than read as a name), a Go string (read as a
// template, like every string), a number or a bool. A nil value leaves its
// key out, as in Ordered. Use Ordered or a map when every key is a name
// known in Go.
func Object(pairs ...any) Expr {
	c := lazyConv()
	if len(pairs)%2 != 0 {
		c.errorf("", "Odd number of arguments to Object",
			fmt.Sprintf("Object takes key, value pairs; %d arguments were given.", len(pairs)), "")
		pairs = pairs[:len(pairs)-1]
	}
	obj := &config.Object{Items: make([]config.ObjectItem, 0, len(pairs)/2)}
	seen := map[string]int{}
	for i := 0; i < len(pairs); i += 2 {
		n := i/2 + 1
		k := c.objectKey(pairs[i], n)
		if k == nil {
			continue
		}
		if l, ok := k.(*config.Literal); ok {
			// As Terraform converts keys: 1 and "1" are one key.
			ks := config.KeyString(l.Val)
			if l.Val.Type() == cty.String {
				ks = l.Val.AsString()
			}
			if first, dup := seen[ks]; dup {
				// HCL would keep the last value without a word; a key given
				// twice is a mistake.
				c.errorf("", "Duplicate object key",
					fmt.Sprintf("Object was given the key %q twice (pairs %d and %d).", ks, first, n),
					"remove one of them")
				continue
			}
			seen[ks] = n
		}
		if v := c.value(pairs[i+1], fmt.Sprintf("object value %d", n)); v != nil {
			obj.Items = append(obj.Items, config.ObjectItem{Key: k, Value: v})
		}
	}
	return c.expr(obj)
}

// objectKey converts key n of Object, reporting a key that cannot be one:
// Terraform converts keys to strings, so null and collections are refused.
func (c *conv) objectKey(key any, n int) config.Expr {
	path := fmt.Sprintf("object key %d", n)
	k := c.value(key, path)
	bad := ""
	switch x := k.(type) {
	case nil:
		bad = "is missing (nil)"
	case *config.Literal:
		switch {
		case x.Val.IsNull():
			bad = "is null"
		case !x.Val.Type().IsPrimitiveType():
			bad = "is a collection"
		}
	case *config.Tuple, *config.Object, *config.For:
		bad = "is a collection"
	}
	if bad != "" {
		c.errorf("", "Invalid object key",
			fmt.Sprintf("Key %d of Object %s; Terraform object keys are strings (numbers and bools are converted).", n, bad),
			"give a string, a number, a bool or an expression that evaluates to one")
		return nil
	}
	return k
}
