package tsx

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/render"
)

// phOpen and phClose delimit placeholders in strings; see
// runtime/tfkit.js.
const (
	phOpen  = "\uE000"
	phClose = "\uE001"
)

// kindSpec says how a component becomes a block.
type kindSpec struct {
	block  string
	labels []string // props that are labels, in label order
}

var kinds = map[string]kindSpec{
	"Resource":   {"resource", []string{"type", "name"}},
	"DataSource": {"data", []string{"type", "name"}},
	"Provider":   {"provider", []string{"type"}},
	"Variable":   {"variable", []string{"name"}},
	"Output":     {"output", []string{"name"}},
	"Module":     {"module", []string{"name"}},
	"Locals":     {"locals", nil},
	"Terraform":  {"terraform", nil},
}

// node is one primitive element of the rendered tree.
type node struct {
	idx     int
	kind    string
	spec    kindSpec
	site    hcl.Range
	props   Value    // the element's props
	attrs   []member // its attributes, in written order
	ref     int      // bound ref, or -1
	text    string
	hasText bool
	plain   bool // the text was a string, not a function
	keyLast bool // key was moved to the end by the JSX runtime
	labels  []string
	addr    string
	ok      bool // labels are valid
	// attrSites are the attributes as written on the opening tag, with
	// their positions; nil when the tag could not be read.
	attrSites []attrPos
}

type converter struct {
	src     *sources
	refs    []Value // the sites useRef recorded, resolved when a message needs one
	ph      []Value
	nodes   []*node
	binding map[int]*node
	diags   diag.Diagnostics
}

// member is one key and value of an object.
type member struct {
	key string
	val Value
}

// members lists an object's members in order, leaving out undefined ones
// (an attribute set to undefined is not set).
func members(v Value) []member {
	keys := v.Keys()
	out := make([]member, 0, len(keys))
	for _, k := range keys {
		if mv := v.Get(k); present(mv) {
			out = append(out, member{k, mv})
		}
	}
	return out
}

// elements lists an array's items.
func elements(v Value) []Value {
	if v == nil || v.Kind() != Array {
		return nil
	}
	n := v.Len()
	out := make([]Value, n)
	for i := range out {
		out[i] = v.Index(i)
	}
	return out
}

// convert turns the rendered tree into a configuration.
func convert(tree Value, src *sources) (*config.Config, diag.Diagnostics) {
	c := &converter{src: src, binding: map[int]*node{}}
	c.refs = elements(tree.Get("refs"))
	c.ph = elements(tree.Get("ph"))
	for _, e := range elements(tree.Get("errors")) {
		summary, _ := str(e.Get("m"))
		detail, _ := str(e.Get("d"))
		hint, _ := str(e.Get("h"))
		d := &diag.Diagnostic{Severity: diag.Error, Summary: summary, Detail: detail, Suggestion: hint}
		if s, ok := sourceSite(e.Get("s")); ok {
			if attr, ok := str(e.Get("a")); ok {
				s = c.attrSite(s, attr)
			}
			d.Subject = &s
			src.withFrame(d)
		}
		c.diags = append(c.diags, d)
	}
	if c.diags.HasErrors() {
		return nil, c.diags
	}

	for i, nv := range elements(tree.Get("nodes")) {
		c.nodes = append(c.nodes, c.readNode(i, nv))
	}
	cfg := &config.Config{}
	for _, n := range c.nodes {
		if !n.ok {
			continue
		}
		if b := c.block(n); b != nil {
			cfg.Blocks = append(cfg.Blocks, b)
		}
	}
	if c.diags.HasErrors() {
		return nil, c.diags
	}
	return cfg, c.diags
}

// sourceSite reads the position the JSX runtime gives an element: an object
// {fileName, lineNumber, columnNumber}.
func sourceSite(v Value) (hcl.Range, bool) {
	if v == nil || v.Kind() != Object {
		return hcl.Range{}, false
	}
	file, ok1 := v.StrAt("fileName")
	line, ok2 := v.IntAt("lineNumber")
	col, ok3 := v.IntAt("columnNumber")
	if !ok1 || !ok2 || !ok3 {
		return hcl.Range{}, false
	}
	return rangeAt(fileName(file), line, col), true
}

// refSite is where useRef made ref id, or nil when unknown.
func (c *converter) refSite(id int) *hcl.Range {
	if id < 0 || id >= len(c.refs) {
		return nil
	}
	file, line, col, ok := c.refs[id].Site()
	if !ok {
		return nil
	}
	r := rangeAt(fileName(file), line, col)
	return &r
}

func (c *converter) errorAt(r hcl.Range, path, summary, detail, hint string, related ...diag.Related) *diag.Diagnostic {
	d := &diag.Diagnostic{Severity: diag.Error, Summary: summary, Detail: detail, Path: path, Suggestion: hint, Related: related}
	if r.Filename != "" {
		d.Subject = &r
		c.src.withFrame(d)
	}
	c.diags = append(c.diags, d)
	return d
}

func (c *converter) readNode(i int, v Value) *node {
	kind, _ := v.StrAt("c")
	n := &node{idx: i, kind: kind, spec: kinds[kind], props: v.Get("p"), ref: -1}
	if n.spec.block == "" {
		panic(fmt.Sprintf("tsx: unknown component kind %q", kind))
	}
	n.site, _ = sourceSite(v.Get("s"))
	if r, ok := v.IntAt("r"); ok {
		n.ref = r
	}
	if x, ok := v.StrAt("x"); ok {
		n.text, n.hasText = x, true
		_, n.plain = v.IntAt("xs")
	}
	_, n.keyLast = v.IntAt("k")
	for _, m := range members(n.props) {
		if m.key != "children" && m.key != "ref" {
			n.attrs = append(n.attrs, m)
		}
	}
	if f := c.src.file(n.site.Filename); f.ok && n.site.Start.Line > 0 {
		if attrs, ok := tagAttrs(f, n.site.Start.Line, n.site.Start.Column); ok {
			n.attrSites = attrs
		}
	}

	n.ok = true
	for _, l := range n.spec.labels {
		lv := n.props.Get(l)
		s, isStr := str(lv)
		if !present(lv) {
			n.ok = false
			c.errorAt(n.site, "", fmt.Sprintf("<%s> without %s", kind, l),
				fmt.Sprintf("A <%s> needs %s.", kind, labelDescription(kind, n.spec.labels)), fmt.Sprintf("add %s=%q", l, labelExample(kind, l)))
			continue
		}
		if !isStr || s == "" || strings.Contains(s, phOpen) {
			n.ok = false
			c.errorAt(c.attrRange(n, l), "", fmt.Sprintf("Invalid %s of <%s>", l, kind),
				fmt.Sprintf("The %s of a <%s> is a non-empty string, written as it appears in Terraform.", l, kind), fmt.Sprintf("write %s=%q", l, labelExample(kind, l)))
			continue
		}
		n.labels = append(n.labels, s)
	}
	if !n.ok {
		return n
	}
	switch n.spec.block {
	case "resource":
		n.addr = n.labels[0] + "." + n.labels[1]
	case "data":
		n.addr = "data." + n.labels[0] + "." + n.labels[1]
	case "provider":
		n.addr = "provider." + n.labels[0]
		if a, ok := str(n.props.Get("alias")); ok {
			n.addr += "." + a
		}
	case "variable":
		n.addr = "var." + n.labels[0]
	case "output":
		n.addr = "output." + n.labels[0]
	case "module":
		n.addr = "module." + n.labels[0]
	default:
		n.addr = n.spec.block
	}

	if n.ref >= 0 {
		if prev, dup := c.binding[n.ref]; dup {
			c.errorAt(n.site, n.addr, "Ref bound twice",
				fmt.Sprintf("%s is bound to %s already; a ref stands for one element.", c.refName(n.ref), prev.addr),
				"make one ref per element with useRef()",
				diag.Related{Message: "first bound here", Range: prev.site})
		} else {
			c.binding[n.ref] = n
		}
	}
	return n
}

func labelDescription(kind string, labels []string) string {
	switch len(labels) {
	case 2:
		return fmt.Sprintf("a %s and a %s", labels[0], labels[1])
	case 1:
		return "a " + labels[0]
	}
	return "nothing"
}

func labelExample(kind, label string) string {
	switch {
	case kind == "Resource" && label == "type":
		return "aws_vpc"
	case kind == "DataSource" && label == "type":
		return "aws_ami"
	case kind == "Provider":
		return "aws"
	}
	return "main"
}

// attrSite is where attribute name is written on the tag at site, or site.
func (c *converter) attrSite(site hcl.Range, name string) hcl.Range {
	if f := c.src.file(site.Filename); f.ok {
		if attrs, ok := tagAttrs(f, site.Start.Line, site.Start.Column); ok {
			for _, a := range attrs {
				if a.name == name {
					return hcl.Range{Filename: site.Filename, Start: a.start, End: a.end}
				}
			}
		}
	}
	return site
}

// attrRange is where attribute name is written on n's tag, or n's site.
func (c *converter) attrRange(n *node, name string) hcl.Range {
	for _, a := range n.attrSites {
		if a.name == name {
			return hcl.Range{Filename: n.site.Filename, Start: a.start, End: a.end}
		}
	}
	return n.site
}

// refName describes a ref for messages: ref "vpcRef" (useRef() at
// main.tsx:4:15).
func (c *converter) refName(id int) string {
	s := c.refSite(id)
	if s == nil {
		return "a ref"
	}
	at := diag.FormatRange(*s)
	if line, ok := c.src.line(s.Filename, s.Start.Line); ok {
		if name := assignedName(line, s.Start.Column); name != "" {
			return fmt.Sprintf("ref %q (useRef() at %s)", name, at)
		}
	}
	return fmt.Sprintf("the ref made by useRef() at %s", at)
}

// assignedName finds NAME in `NAME = useRef(` or `NAME: useRef(` before the
// 1-based column col of line.
func assignedName(line string, col int) string {
	i := strings.Index(line, "useRef")
	if i < 0 {
		return ""
	}
	j := i - 1
	for j >= 0 && (line[j] == ' ' || line[j] == '\t') {
		j--
	}
	if j < 0 || line[j] != '=' && line[j] != ':' {
		return ""
	}
	j--
	for j >= 0 && (line[j] == ' ' || line[j] == '\t') {
		j--
	}
	// Skip a type annotation: `const r: Ref = useRef()`.
	end := j + 1
	start := end
	for start > 0 && isIdentByte(line[start-1]) {
		start--
	}
	if start == end {
		return ""
	}
	name := line[start:end]
	if k := strings.LastIndex(line[:start], ":"); k >= 0 && strings.TrimSpace(line[k+1:start]) == "" {
		// name was the type; the variable is before the colon.
		e := k
		for e > 0 && (line[e-1] == ' ' || line[e-1] == '\t') {
			e--
		}
		s := e
		for s > 0 && isIdentByte(line[s-1]) {
			s--
		}
		if s < e {
			name = line[s:e]
		}
	}
	return name
}

func isIdentByte(b byte) bool {
	return b == '_' || b == '$' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// block converts one node.
func (c *converter) block(n *node) *config.Block {
	b := &config.Block{Type: n.spec.block, Labels: n.labels, Body: &config.Body{}, DeclRange: n.site}
	skip := map[string]bool{}
	for _, l := range n.spec.labels {
		skip[l] = true
	}
	if n.kind == "Variable" {
		if tv := n.props.Get("type"); present(tv) {
			skip["type"] = true
			at := c.attrRange(n, "type")
			if e := c.typeConstraint(tv, at, n.addr+".type"); e != nil {
				b.Body.Items = append(b.Body.Items, &config.Attribute{Name: "type", Expr: e, Range: at})
			}
		}
	}
	if n.hasText {
		items := c.innerText(n)
		for _, it := range items {
			if a, ok := it.(*config.Attribute); ok && b.Body.Attribute(a.Name) != nil {
				c.errorAt(a.Range, n.addr+"."+a.Name, fmt.Sprintf("%s is set twice", a.Name),
					fmt.Sprintf("%s is given both as a prop of <%s> and in its text.", a.Name, n.kind), "keep one of them")
			}
		}
		b.Body.Items = append(b.Body.Items, items...)
		return b
	}
	attrs := n.attrs
	if n.keyLast {
		order := make([]string, len(n.attrSites))
		for i, a := range n.attrSites {
			order[i] = a.name
		}
		attrs = reorderKey(attrs, order)
	}
	path := []string{n.spec.block}
	for _, m := range attrs {
		if skip[m.key] {
			continue
		}
		at := c.attrRange(n, m.key)
		b.Body.Items = append(b.Body.Items, c.item(n, path, m.key, m.val, at, n.addr+"."+m.key)...)
	}
	return b
}

// reorderKey puts key back where it was written: the JSX runtime passes it
// apart from the other props, so it arrives last.
func reorderKey(members []member, order []string) []member {
	pos := -1
	for i, name := range order {
		if name == "key" {
			pos = i
		}
	}
	if pos < 0 || len(members) == 0 || members[len(members)-1].key != "key" {
		return members
	}
	// The key goes before the first member written after it.
	after := map[string]bool{}
	for _, name := range order[pos+1:] {
		after[name] = true
	}
	keyM := members[len(members)-1]
	rest := members[:len(members)-1]
	out := make([]member, 0, len(members))
	placed := false
	for _, m := range rest {
		if !placed && after[m.key] {
			out = append(out, keyM)
			placed = true
		}
		out = append(out, m)
	}
	if !placed {
		out = append(out, keyM)
	}
	return out
}

// blockRule says whether an attribute of a block written as an object is in
// fact one of Terraform's own nested blocks.
type blockRule int

const (
	notBlock     blockRule = iota
	plainBlock             // lifecycle = { ... } is lifecycle { ... }
	labeledBlock           // provisioner = { "local-exec": { ... } } is provisioner "local-exec" { ... }
)

// metaBlock is the rule for attribute name in a block nested as types (top
// level first). These are the blocks Terraform defines itself; blocks of
// providers' schemas are written with tf.block.
func metaBlock(types []string, name string) blockRule {
	top, last, n := types[0], types[len(types)-1], len(types)
	switch {
	case n == 1 && top == "resource":
		switch name {
		case "lifecycle", "connection":
			return plainBlock
		case "provisioner":
			return labeledBlock
		}
	case n == 1 && top == "data":
		if name == "lifecycle" {
			return plainBlock
		}
	case n == 2 && top == "resource" && last == "provisioner":
		if name == "connection" {
			return plainBlock
		}
	case n == 2 && (top == "resource" || top == "data") && last == "lifecycle":
		if name == "precondition" || name == "postcondition" {
			return plainBlock
		}
	case n == 1 && top == "terraform":
		switch name {
		case "required_providers", "cloud":
			return plainBlock
		case "backend", "provider_meta":
			return labeledBlock
		}
	case n == 2 && top == "terraform" && last == "cloud":
		if name == "workspaces" {
			return plainBlock
		}
	case n == 1 && top == "variable":
		if name == "validation" {
			return plainBlock
		}
	case n == 1 && top == "output":
		if name == "precondition" {
			return plainBlock
		}
	}
	return notBlock
}

// markerKind returns the kind of a ref or tf helper, or "".
func markerKind(v Value) string {
	if v == nil || v.Kind() != Object {
		return ""
	}
	k, _ := v.StrAt(markKey)
	return k
}

func isBlockMarker(v Value) bool {
	k := markerKind(v)
	return k == "block" || k == "dynamic"
}

// item converts one attribute of a body: an attribute, or nested blocks.
func (c *converter) item(n *node, types []string, name string, v Value, at hcl.Range, path string) []config.Item {
	switch markerKind(v) {
	case "block":
		return []config.Item{c.nestedBlock(n, types, name, v, at, path)}
	case "dynamic":
		return []config.Item{c.dynamicBlock(n, types, name, v, at, path)}
	}
	if v.Kind() == Array && v.Len() > 0 && isBlockMarker(v.Index(0)) {
		var out []config.Item
		for i, it := range elements(v) {
			p := indexPath(path, i)
			switch markerKind(it) {
			case "block":
				out = append(out, c.nestedBlock(n, types, name, it, at, p))
			case "dynamic":
				out = append(out, c.dynamicBlock(n, types, name, it, at, p))
			default:
				c.errorAt(at, p, "Blocks mixed with values",
					fmt.Sprintf("%s lists tf.block(...) values and other values; a list is either blocks or a value.", path),
					"make every item a tf.block(...)")
			}
		}
		return out
	}
	switch metaBlock(types, name) {
	case plainBlock:
		var out []config.Item
		for i, body := range c.blockBodies(v, at, path, name) {
			p := path
			if v.Kind() == Array {
				p = indexPath(path, i)
			}
			nb := &config.Block{Type: name, Body: &config.Body{}, DeclRange: at}
			nb.Body.Items = c.bodyItems(n, append(types[:len(types):len(types)], name), body, at, p)
			out = append(out, nb)
		}
		return out
	case labeledBlock:
		var out []config.Item
		for i, obj := range c.blockBodies(v, at, path, name) {
			p := path
			if v.Kind() == Array {
				p = indexPath(path, i)
			}
			ms := members(obj)
			if len(ms) == 0 {
				c.errorAt(at, p, fmt.Sprintf("Empty %s", name),
					fmt.Sprintf("%s is written as an object keyed by its type, such as %s.", name, labeledExample(name)), "")
			}
			for _, m := range ms {
				body := m.val
				if body.Kind() != Object || markerKind(body) != "" {
					c.errorAt(at, p+"."+m.key, fmt.Sprintf("Invalid %s", name),
						fmt.Sprintf("The body of %s %q must be an object.", name, m.key), "write "+labeledExample(name))
					continue
				}
				nb := &config.Block{Type: name, Labels: []string{m.key}, Body: &config.Body{}, DeclRange: at}
				nb.Body.Items = c.bodyItems(n, append(types[:len(types):len(types)], name), body, at, p+"."+m.key)
				out = append(out, nb)
			}
		}
		return out
	}
	e := c.value(n, v, at, path)
	if e == nil {
		return nil
	}
	return []config.Item{&config.Attribute{Name: name, Expr: e, Range: at}}
}

func labeledExample(name string) string {
	switch name {
	case "provisioner":
		return `provisioner={{ "local-exec": { command: "echo hello" } }}`
	case "backend":
		return `backend={{ s3: { bucket: "state" } }}`
	}
	return name + `={{ type: { ... } }}`
}

// blockBodies returns the objects of a block-valued attribute: one object,
// or each object of an array.
func (c *converter) blockBodies(v Value, at hcl.Range, path, name string) []Value {
	switch {
	case v.Kind() == Object && markerKind(v) == "":
		return []Value{v}
	case v.Kind() == Array:
		var out []Value
		for i, it := range elements(v) {
			if it.Kind() != Object || markerKind(it) != "" {
				c.errorAt(at, indexPath(path, i), fmt.Sprintf("Invalid %s block", name),
					fmt.Sprintf("%s is a block: each item must be an object.", name), "")
				continue
			}
			out = append(out, it)
		}
		return out
	}
	c.errorAt(at, path, fmt.Sprintf("Invalid %s block", name),
		fmt.Sprintf("%s is a block: give it an object (or an array of objects for several).", name),
		fmt.Sprintf("write %s={{ ... }}", name))
	return nil
}

// bodyItems converts the members of an object into the items of a block
// body nested as types.
func (c *converter) bodyItems(n *node, types []string, obj Value, at hcl.Range, path string) []config.Item {
	var items []config.Item
	for _, m := range members(obj) {
		items = append(items, c.item(n, types, m.key, m.val, at, path+"."+m.key)...)
	}
	return items
}

func (c *converter) nestedBlock(n *node, types []string, name string, v Value, at hcl.Range, path string) *config.Block {
	nb := &config.Block{Type: name, Body: &config.Body{}, DeclRange: at}
	for _, l := range elements(v.Get("l")) {
		s, _ := str(l)
		nb.Labels = append(nb.Labels, s)
	}
	body := v.Get("b")
	if body.Kind() != Object || markerKind(body) != "" {
		c.errorAt(at, path, "Invalid tf.block", "tf.block takes the block body, an object, last.", "")
		return nb
	}
	nb.Body.Items = c.bodyItems(n, append(types[:len(types):len(types)], name), body, at, path)
	return nb
}

// dynamicBlock converts tf.dynamic({for_each, iterator, labels, content}).
func (c *converter) dynamicBlock(n *node, types []string, name string, v Value, at hcl.Range, path string) *config.Block {
	db := &config.Block{Type: "dynamic", Labels: []string{name}, Body: &config.Body{}, DeclRange: at}
	spec := v.Get("b")
	for _, m := range members(spec) {
		p := path + "." + m.key
		switch m.key {
		case "for_each", "labels":
			if e := c.value(n, m.val, at, p); e != nil {
				db.Body.Items = append(db.Body.Items, &config.Attribute{Name: m.key, Expr: e, Range: at})
			}
		case "iterator":
			s, ok := str(m.val)
			if !ok || !validIdent(s) {
				c.errorAt(at, p, "Invalid iterator", "The iterator of a dynamic block is a name, such as \"rule\".", "")
				continue
			}
			db.Body.Items = append(db.Body.Items, &config.Attribute{Name: "iterator", Expr: config.Ref(s), Range: at})
		case "content":
			if m.val.Kind() != Object || markerKind(m.val) != "" {
				c.errorAt(at, p, "Invalid dynamic content", "content is the body of each generated block, an object.", "")
				continue
			}
			cb := &config.Block{Type: "content", Body: &config.Body{}, DeclRange: at}
			cb.Body.Items = c.bodyItems(n, append(types[:len(types):len(types)], name), m.val, at, p)
			db.Body.Items = append(db.Body.Items, cb)
		default:
			c.errorAt(at, p, fmt.Sprintf("Unknown tf.dynamic field %q", m.key),
				"tf.dynamic takes for_each, iterator, labels and content.", diag.DidYouMean(m.key, []string{"for_each", "iterator", "labels", "content"}))
		}
	}
	return db
}

// typeConstraint converts a variable's type: a string is the type
// expression it spells (type="list(string)" is list(string)).
func (c *converter) typeConstraint(v Value, at hcl.Range, path string) config.Expr {
	s, ok := str(v)
	if !ok {
		if markerKind(v) == "raw" {
			s, _ = str(v.Get("t"))
		} else {
			c.errorAt(at, path, "Invalid variable type",
				"A variable type is written as a string holding a type constraint.", `write type="list(string)"`)
			return nil
		}
	}
	text := strings.TrimSpace(s)
	switch text {
	case "list", "map", "set":
		// Terraform's legacy shorthand; terraform fmt writes it out.
		text += "(any)"
	}
	syn, hds := hclsyntax.ParseExpression([]byte(text), "", hcl.InitialPos)
	if !hds.HasErrors() {
		_, _, hds = typeexpr.TypeConstraintWithDefaults(syn)
	}
	if hds.HasErrors() {
		c.errorAt(at, path, "Invalid variable type",
			fmt.Sprintf("%q is not a type constraint: %s", s, hclMessage(hds)),
			`write a type such as "string", "list(number)", "map(string)" or "object({ name = string })"`)
		return nil
	}
	return &config.Raw{Text: text, Syntax: syn}
}

func hclMessage(hds hcl.Diagnostics) string {
	for _, d := range hds {
		if d.Severity == hcl.DiagError {
			if d.Detail != "" {
				return strings.TrimSuffix(d.Detail, ".")
			}
			return d.Summary
		}
	}
	return ""
}

// value converts an attribute value into an expression; nil after an error.
func (c *converter) value(n *node, v Value, at hcl.Range, path string) config.Expr {
	switch v.Kind() {
	case Null:
		return config.Null()
	case Bool:
		return config.Bool(v.Bool())
	case Number:
		return c.number(v.Number(), at, path)
	case String:
		return c.template(n, v.Str(), at, path)
	case Undefined:
		c.errorAt(at, path, "Invalid attribute value", "The value is undefined.",
			"leave the value out, or use null for Terraform's null")
		return nil
	case Function:
		c.errorAt(at, path, "Invalid attribute value", "A function is not a value.",
			"call it, or pass what it returns")
		return nil
	case Other:
		switch name := v.TypeName(); name {
		case "JSX element":
			c.errorAt(at, path, "Invalid attribute value", "A JSX element is not a value.",
				"elements go in the tree, not in attributes")
		case "symbol", "bigint":
			c.errorAt(at, path, "Invalid attribute value", fmt.Sprintf("A %s cannot be written in Terraform.", name), "")
		default:
			hint := "use a plain object, an array, a string, a number or a boolean"
			if name == "Date" {
				hint = "use date.toISOString()"
			}
			c.errorAt(at, path, "Invalid attribute value", fmt.Sprintf("A %s is not a plain value.", name), hint)
		}
		return nil
	case Array:
		items := make([]config.Expr, 0, v.Len())
		for i, it := range elements(v) {
			p := indexPath(path, i)
			if isBlockMarker(it) {
				c.errorAt(at, p, "Block in a value",
					"tf.block(...) and tf.dynamic(...) are nested blocks, so they stand directly as attributes of an element or block, not inside a list or an object.", "")
				continue
			}
			if e := c.value(n, it, at, p); e != nil {
				items = append(items, e)
			}
		}
		return &config.Tuple{Items: items}
	}
	if k := markerKind(v); k != "" {
		return c.marker(n, k, v, at, path)
	}
	ms := members(v)
	items := make([]config.ObjectItem, 0, len(ms))
	for _, m := range ms {
		p := path + "." + m.key
		if isBlockMarker(m.val) {
			c.errorAt(at, p, "Block in a value",
				"tf.block(...) and tf.dynamic(...) are nested blocks, so they stand directly as attributes of an element or block, not inside a list or an object.",
				"if this object should be a block, write it as tf.block({...}) itself")
			continue
		}
		if e := c.value(n, m.val, at, p); e != nil {
			items = append(items, config.ObjectItem{Key: config.String(m.key), Value: e})
		}
	}
	return &config.Object{Items: items}
}

// number converts a JavaScript number: integers exactly, others through
// their shortest decimal form (0.1 stays 0.1).
func (c *converter) number(f float64, at hcl.Range, path string) config.Expr {
	switch {
	case math.IsNaN(f) || math.IsInf(f, 0):
		c.errorAt(at, path, "Invalid attribute value", fmt.Sprintf("%s cannot be written in Terraform.", jsNumber(f)),
			"use a finite number")
		return nil
	case f == math.Trunc(f) && math.Abs(f) < 1<<53:
		return &config.Literal{Val: cty.NumberIntVal(int64(f))}
	}
	num, err := cty.ParseNumberVal(strconv.FormatFloat(f, 'g', -1, 64))
	if err != nil {
		panic(fmt.Sprintf("tsx: number %v: %v", f, err))
	}
	return &config.Literal{Val: num}
}

func jsNumber(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// marker converts a ref or tf helper.
func (c *converter) marker(n *node, kind string, v Value, at hcl.Range, path string) config.Expr {
	switch kind {
	case "ref":
		id, _ := intOf(v.Get("r"))
		return c.refExpr(n, id, elements(v.Get("p")), at, path)
	case "var", "local":
		name, _ := str(v.Get("n"))
		root := "var"
		if kind == "local" {
			root = "local"
		}
		t := hcl.Traversal{hcl.TraverseRoot{Name: root}, hcl.TraverseAttr{Name: name}}
		if !validIdent(name) {
			c.errorAt(at, path, fmt.Sprintf("Invalid tf.%s name", kind), fmt.Sprintf("%q is not a valid name.", name),
				"names start with a letter or underscore and contain letters, digits, underscores and dashes")
			return nil
		}
		for _, s := range elements(v.Get("p")) {
			t = appendStep(t, s)
		}
		return &config.Reference{Traversal: t}
	case "raw":
		text, _ := str(v.Get("t"))
		e, ds := config.ParseExpression(text, "", hcl.InitialPos)
		if ds.HasErrors() {
			c.errorAt(at, path, "Invalid tf.raw expression",
				fmt.Sprintf("%q is not an HCL expression: %s", text, firstDetail(ds)), "write the expression as it would appear in a .tf file, such as tf.raw(\"count.index + 1\")")
			return nil
		}
		return e
	case "fn":
		name, _ := str(v.Get("n"))
		if !validFunctionName(name) {
			c.errorAt(at, path, "Invalid function name", fmt.Sprintf("%q is not a Terraform function name.", name), "")
			return nil
		}
		args := elements(v.Get("a"))
		call := &config.Call{Name: name, Args: make([]config.Expr, 0, len(args))}
		for i, a := range args {
			if e := c.value(n, a, at, fmt.Sprintf("%s(argument %d)", path, i+1)); e != nil {
				call.Args = append(call.Args, e)
			}
		}
		return call
	case "lit":
		s, _ := str(v.Get("v"))
		return config.String(s)
	case "block", "dynamic":
		c.errorAt(at, path, "Block in a value",
			"tf.block(...) and tf.dynamic(...) are nested blocks, so they stand directly as attributes of an element or block.", "")
		return nil
	}
	panic(fmt.Sprintf("tsx: unknown marker %q", kind))
}

// firstDetail is the message of the first diagnostic, for quoting.
func firstDetail(ds diag.Diagnostics) string {
	if len(ds) == 0 {
		return ""
	}
	if d := ds[0]; d.Detail != "" {
		return strings.TrimSuffix(d.Detail, ".")
	}
	return ds[0].Summary
}

// validFunctionName accepts Terraform function names, including
// provider-defined ones (provider::aws::arn_parse).
func validFunctionName(name string) bool {
	for _, part := range strings.Split(name, "::") {
		if !validIdent(part) {
			return false
		}
	}
	return name != ""
}

// appendStep adds a path step: numbers (and strings of digits) index, names
// are attributes, other strings are string keys.
func appendStep(t hcl.Traversal, s Value) hcl.Traversal {
	switch s.Kind() {
	case Number:
		if i, ok := intOf(s); ok {
			return append(t, hcl.TraverseIndex{Key: cty.NumberIntVal(int64(i))})
		}
	case String:
		name := s.Str()
		if isIndex(name) {
			n, _ := strconv.Atoi(name)
			return append(t, hcl.TraverseIndex{Key: cty.NumberIntVal(int64(n))})
		}
		if validIdent(name) {
			return append(t, hcl.TraverseAttr{Name: name})
		}
		return append(t, hcl.TraverseIndex{Key: cty.StringVal(name)})
	}
	return t
}

func isIndex(s string) bool {
	if s == "" || len(s) > 9 || len(s) > 1 && s[0] == '0' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// refExpr resolves a ref read at path of node n: ref.a.b is the reference
// to the bound element's address, then .a.b.
func (c *converter) refExpr(n *node, id int, steps []Value, at hcl.Range, path string) config.Expr {
	target, ok := c.binding[id]
	// related is for messages only: positions are resolved on demand.
	related := func(more ...diag.Related) []diag.Related {
		var out []diag.Related
		if s := c.refSite(id); s != nil {
			out = append(out, diag.Related{Message: "ref made here", Range: *s})
		}
		return append(out, more...)
	}
	switch {
	case !ok:
		c.errorAt(at, path, "Unbound ref",
			fmt.Sprintf("%s is read in %s but never bound: no element has ref={...} with it.", c.refName(id), path),
			"pass the ref to the element it stands for, as ref={...}", related()...)
		return nil
	case n != nil && target.idx > n.idx:
		c.errorAt(at, path, "Ref read before its element is declared",
			fmt.Sprintf("%s is read in %s, but the element it is bound to (%s) is declared after this one; output follows declaration order, so a ref's element comes first.",
				c.refName(id), path, target.addr),
			"move the element with ref={...} before the elements that read it", related(diag.Related{Message: "bound here, later", Range: target.site})...)
		return nil
	case n != nil && target == n:
		c.errorAt(at, path, "Element refers to itself",
			fmt.Sprintf("%s is bound to %s and read in its own attribute %s.", c.refName(id), target.addr, path),
			`inside provisioners and connections write tf.raw("self.attr")`, related()...)
		return nil
	}
	var t hcl.Traversal
	switch target.spec.block {
	case "resource":
		t = hcl.Traversal{hcl.TraverseRoot{Name: target.labels[0]}, hcl.TraverseAttr{Name: target.labels[1]}}
	case "data":
		t = hcl.Traversal{hcl.TraverseRoot{Name: "data"}, hcl.TraverseAttr{Name: target.labels[0]}, hcl.TraverseAttr{Name: target.labels[1]}}
	case "module":
		t = hcl.Traversal{hcl.TraverseRoot{Name: "module"}, hcl.TraverseAttr{Name: target.labels[0]}}
	case "variable":
		t = hcl.Traversal{hcl.TraverseRoot{Name: "var"}, hcl.TraverseAttr{Name: target.labels[0]}}
	case "provider":
		if len(steps) > 0 {
			c.errorAt(at, path, "Provider refs have no attributes",
				fmt.Sprintf("%s stands for the provider configuration %s, which has no attributes to read.", c.refName(id), target.addr),
				"pass the ref itself: provider={ref}", related()...)
			return nil
		}
		t = hcl.Traversal{hcl.TraverseRoot{Name: target.labels[0]}}
		if alias, ok := str(target.props.Get("alias")); ok {
			t = append(t, hcl.TraverseAttr{Name: alias})
		}
		return &config.Reference{Traversal: t}
	case "locals":
		if len(steps) == 0 {
			c.errorAt(at, path, "Locals ref without a name",
				fmt.Sprintf("%s stands for a locals block; read one of its values, such as ref.tags.", c.refName(id)), "", related()...)
			return nil
		}
		name, _ := str(steps[0])
		t = hcl.Traversal{hcl.TraverseRoot{Name: "local"}, hcl.TraverseAttr{Name: name}}
		steps = steps[1:]
	default:
		c.errorAt(at, path, fmt.Sprintf("%s cannot be referenced", target.addr),
			fmt.Sprintf("%s is bound to <%s>, which Terraform expressions cannot refer to.", c.refName(id), target.kind),
			"bind refs to resources, data sources, modules, providers, variables or locals", related()...)
		return nil
	}
	for _, s := range steps {
		t = appendStep(t, s)
	}
	return &config.Reference{Traversal: t}
}

// template converts an attribute string: `${...}` is a Terraform
// interpolation (as in Terraform's JSON syntax), and placeholders of refs
// and tf helpers become interpolations of their expressions.
func (c *converter) template(n *node, s string, at hcl.Range, path string) config.Expr {
	if strings.Contains(s, "[object Object]") {
		c.errorAt(at, path, "Object turned into text",
			fmt.Sprintf("%q holds [object Object]: JavaScript turned an object into text, in a template literal or a string concatenation.", cleanPlaceholders(s)),
			"interpolate one of the object's fields, or pass the object itself as the value")
		return nil
	}
	if !strings.Contains(s, phOpen) {
		if !strings.Contains(s, "${") && !strings.Contains(s, "%{") {
			return config.String(s)
		}
		return c.parseTemplate(s, s, at, path)
	}
	text, ok := c.substitute(n, s, at, path, false)
	if !ok {
		return nil
	}
	return c.parseTemplate(text, s, at, path)
}

func (c *converter) parseTemplate(text, shown string, at hcl.Range, path string) config.Expr {
	e, ds := config.ParseTemplate(text, "", hcl.InitialPos)
	if ds.HasErrors() {
		c.errorAt(at, path, "Invalid interpolation in a string",
			fmt.Sprintf("%q holds ${...} that is not a valid Terraform interpolation: %s", cleanPlaceholders(shown), firstDetail(ds)),
			"for a literal ${ write $${, or use tf.literal(...)")
		return nil
	}
	return e
}

// cleanPlaceholders shows a string with placeholders as ${...}.
func cleanPlaceholders(s string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, phOpen)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		j := strings.Index(s[i:], phClose)
		if j < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		b.WriteString("${...}")
		s = s[i+j+len(phClose):]
	}
}

// substitute replaces the placeholders in s by the HCL text of their
// expressions. In attribute strings (bare false) a placeholder in literal
// text becomes ${expr} and one inside an interpolation just expr; in
// innerText (bare true) every placeholder becomes expr.
func (c *converter) substitute(n *node, s string, at hcl.Range, path string, bare bool) (string, bool) {
	var b strings.Builder
	ok := true
	depth := 0       // brace depth inside ${...}
	inQuote := false // inside a quoted string within an interpolation
	for i := 0; i < len(s); {
		if strings.HasPrefix(s[i:], phOpen) {
			j := strings.Index(s[i+len(phOpen):], phClose)
			idx, err := strconv.Atoi(s[i+len(phOpen) : i+len(phOpen)+max(j, 0)])
			if j < 0 || err != nil || idx < 0 || idx >= len(c.ph) {
				b.WriteString(phOpen)
				i += len(phOpen)
				continue
			}
			i += len(phOpen) + j + len(phClose)
			m := c.ph[idx]
			interp := !bare && (depth == 0 || inQuote)
			text, good := c.placeholderText(n, m, at, path, bare, interp)
			if !good {
				ok = false
				continue
			}
			if interp && markerKind(m) != "lit" {
				b.WriteString("${")
				b.WriteString(text)
				b.WriteString("}")
			} else {
				b.WriteString(text)
			}
			continue
		}
		ch := s[i]
		if !bare {
			switch {
			case depth == 0:
				if strings.HasPrefix(s[i:], "$${") || strings.HasPrefix(s[i:], "%%{") {
					b.WriteString(s[i : i+3])
					i += 3
					continue
				}
				if strings.HasPrefix(s[i:], "${") || strings.HasPrefix(s[i:], "%{") {
					depth = 1
					b.WriteString(s[i : i+2])
					i += 2
					continue
				}
			case inQuote:
				if ch == '\\' && i+1 < len(s) {
					b.WriteString(s[i : i+2])
					i += 2
					continue
				}
				if ch == '"' {
					inQuote = false
				}
			default:
				switch ch {
				case '"':
					inQuote = true
				case '{':
					depth++
				case '}':
					depth--
				}
			}
		}
		b.WriteByte(ch)
		i++
	}
	return b.String(), ok
}

// placeholderText is the HCL text of a placeholder's expression. In literal
// template text (interp) a tf.literal is escaped text, elsewhere a quoted
// string.
func (c *converter) placeholderText(n *node, m Value, at hcl.Range, path string, bare, interp bool) (string, bool) {
	kind := markerKind(m)
	if kind == "lit" {
		s, _ := str(m.Get("v"))
		if interp {
			return config.EscapeTemplateText(s), true
		}
		return config.QuoteString(s), true
	}
	e := c.marker(n, kind, m, at, path)
	if e == nil {
		return "", false
	}
	return strings.TrimSpace(string(render.Expr(e))), true
}

// indexPath names item i of the value at path: path[i].
func indexPath(path string, i int) string {
	return path + "[" + strconv.Itoa(i) + "]"
}

// validIdent is hclsyntax.ValidIdentifier with a fast path for ASCII names
// (the scanner behind ValidIdentifier allocates).
func validIdent(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '_':
		case (c >= '0' && c <= '9' || c == '-') && i > 0:
		case c >= 0x80:
			return hclsyntax.ValidIdentifier(s)
		default:
			return false
		}
	}
	return true
}
