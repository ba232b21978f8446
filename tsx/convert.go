package tsx

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/config/hclguard"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/render"
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
	kind   *config.Kind
}

// kinds are the components, one per kind of block of the language table,
// named as the table names them for the authoring APIs. Their labels are
// props named as Terraform names them, but a provider's: <Provider
// type="aws">.
var kinds = func() map[string]kindSpec {
	m := make(map[string]kindSpec, len(config.Kinds))
	for _, k := range config.Kinds {
		labels := k.Labels
		if k == config.KindProvider {
			labels = []string{"type"}
		}
		m[k.Name] = kindSpec{block: k.Type, labels: labels, kind: k}
	}
	return m
}()

// requiredExample is an example value of an address a component written
// with props needs besides its labels (those the table marks required),
// for the hint. With an innerText body config.Validate reports what is
// missing.
func requiredExample(kind *config.Kind, name string) string {
	switch {
	case name == "from":
		return "aws_instance.old"
	case kind == config.KindMoved:
		return "aws_instance.new"
	}
	return "aws_instance.web"
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
	// alias is a provider configuration's alias, from its props or its
	// innerText ("" when it has none).
	alias string
	plain bool // the text was a string, not a function
	// textSite is where the text was written: the element's own site, or
	// the use of the composite whose children it is (<Wrapper>text</Wrapper>
	// rendering {props.children} inside the element).
	textSite hcl.Range
	badText  bool // the text is not valid Unicode (reported)
	// owners is the chain of composites the element was rendered in,
	// innermost first ({s: site, n: name, up: ...}), read when a message
	// needs it.
	owners  Value
	keyLast bool // key was moved to the end by the JSX runtime
	// keyInList: key was written on an element of a list built by code
	// (.map(...)), where React habit puts it.
	keyInList bool
	labels    []string
	addr      string
	ok        bool // labels are valid
	// attrSites are the attributes as written on the opening tag, with
	// their positions; nil when the tag could not be read.
	attrSites []attrPos
	// forEach caches whether the element sets for_each (0 not read yet, 1
	// no, 2 yes), asked by every ref read from it.
	forEach int8
}

// setsForEach says whether the element sets for_each, as a prop or in its
// innerText.
func (n *node) setsForEach() bool {
	if n.forEach == 0 {
		n.forEach = 1
		if n.props != nil && present(n.props.Get("for_each")) || n.hasText && textSetsForEach(n.text) {
			n.forEach = 2
		}
	}
	return n.forEach == 2
}

// textSetsForEach says whether an innerText body sets for_each at its top
// level (a line of the dedented text that begins "for_each ="; a dynamic
// block's for_each is indented).
func textSetsForEach(text string) bool {
	for _, l := range strings.Split(dedent(text).text, "\n") {
		rest, ok := strings.CutPrefix(l, "for_each")
		if !ok {
			continue
		}
		rest = strings.TrimLeft(rest, " \t")
		if strings.HasPrefix(rest, "=") && !strings.HasPrefix(rest, "==") {
			return true
		}
	}
	return false
}

type converter struct {
	src     *sources
	refs    []Value // the sites useRef recorded, resolved when a message needs one
	ph      []Value
	nodes   []*node
	binding map[int]*node
	diags   diag.Diagnostics
	g       guard
	entry   string // the entry file's name in diagnostics
	// warned are the warnings given once per place in the source (see
	// firstAt).
	warned map[warnSite]bool
	// undefinedWarned are the positions of text holding undefined warned
	// about (see undefinedText).
	undefinedWarned map[undefinedSite]bool
	// tree is the rendered tree; unset, the environment variables the
	// build read and found unset, once asked for.
	tree  Value
	unset []unsetEnvVar
}

// exportDefaultSite is where the entry file says export default, or its
// first line when it does not.
func (c *converter) exportDefaultSite() hcl.Range {
	f := c.src.file(c.entry)
	for i, l := range f.lines {
		if j := strings.Index(l, "export default"); j >= 0 {
			col := utf8.RuneCountInString(l[:j]) + 1
			return hcl.Range{Filename: c.entry, Start: hcl.Pos{Line: i + 1, Column: col}, End: hcl.Pos{Line: i + 1, Column: col + len("export default")}}
		}
	}
	return rangeAt(c.entry, 1, 1)
}

// member is one key and value of an object.
type member struct {
	key string
	val Value
}

// members lists an object's members in order, leaving out undefined ones
// (an attribute set to undefined is not set).
func members(v Value) []member {
	return membersOf(v, v.Keys())
}

// membersOf is members with the keys of v already read.
func membersOf(v Value, keys []string) []member {
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
func convert(c *converter, tree Value) (*config.Config, diag.Diagnostics) {
	src := c.src
	c.tree = tree
	c.refs = elements(tree.Get("refs"))
	c.ph = elements(tree.Get("ph"))
	once := sameUseOnce{}
	for _, e := range elements(tree.Get("errors")) {
		summary, _ := str(e.Get("m"))
		detail, _ := str(e.Get("d"))
		hint, _ := str(e.Get("h"))
		d := &diag.Diagnostic{Severity: diag.Error, Summary: summary, Detail: detail, Suggestion: hint}
		if _, ok := e.IntAt("w"); ok {
			d.Severity = diag.Warning
		}
		if s, ok := sourceSite(e.Get("s")); ok {
			if attr, ok := str(e.Get("a")); ok {
				s = c.attrSite(s, attr)
			}
			if text, ok := e.StrAt("x"); ok {
				if r, found := c.findText(s, text); found {
					s = r
				}
			}
			// Children that are not text may be the value of JavaScript
			// that HCL's braces written in JSX text held.
			if summary == "List rendered nothing" {
				// At the .map(...) that made it, when the source shows one.
				if f := src.file(s.Filename); f.ok {
					if p, ok := mapWithBlock(f, s.Start.Line); ok {
						s = hcl.Range{Filename: s.Filename, Start: p, End: hcl.Pos{Line: p.Line, Column: p.Column + 3}}
					}
				}
			}
			if summary == "Invalid innerText" {
				// The children may be those given to a composite
				// (<Wrapper>lifecycle {...}</Wrapper>), written at its use.
				sites := []hcl.Range{s}
				for _, o := range ownerSites(e.Get("o")) {
					sites = append(sites, o.site)
				}
				for _, at := range sites {
					if f := src.file(at.Filename); f.ok && bracesInJSXText(f, at.Start.Line, closingLine(f, at.Start.Line)) {
						d.Suggestion = jsxTextBraceHint
						break
					}
				}
			}
			d.Subject = &s
		} else if _, ok := e.IntAt("e"); ok && c.entry != "" {
			// About the default export: at the entry's export default.
			s := c.exportDefaultSite()
			d.Subject = &s
		}
		if once.again(d, e.Get("o")) {
			continue
		}
		c.diags = append(c.diags, d)
	}
	once.nameUses()
	for _, d := range c.diags {
		src.withFrame(d)
	}
	if c.diags.HasErrors() {
		return nil, c.diags
	}
	c.nondeterministic(tree.Get("nd"))
	c.refTestWarnings(tree)

	for i, nv := range elements(tree.Get("nodes")) {
		c.nodes = append(c.nodes, c.readNode(i, nv))
	}
	cfg := &config.Config{}
	for _, n := range c.nodes {
		if !n.ok {
			continue
		}
		c.g.cur = n
		c.tick()
		if b := c.block(n); b != nil {
			cfg.Blocks = append(cfg.Blocks, b)
		}
	}
	if c.diags.HasErrors() {
		return nil, c.diags
	}
	if len(cfg.Blocks) == 0 && c.entry != "" {
		c.diags = append(c.diags, c.emptyStack())
	}
	return cfg, c.diags
}

// emptyStack is the warning for an entry whose default export renders
// nothing (null, <></>, a component that returns either), at its export
// default: the stack is written as an empty configuration, as the Go
// API's empty stack is, with the same words.
func (c *converter) emptyStack() *diag.Diagnostic {
	s := c.exportDefaultSite()
	d := &diag.Diagnostic{
		Severity: diag.Warning, Summary: "Empty stack",
		Detail: fmt.Sprintf("The default export of %s renders nothing, so stack %q declares nothing and is written as an empty configuration: the engine has nothing to deploy in it, and deploying it where objects of the stack were deployed before destroys them.",
			c.entry, StackName(c.entry)),
		Suggestion: "render resources or other elements from the default export (null, <></> and a component that returns either render nothing), or remove the entry",
		Subject:    &s,
	}
	c.src.withFrame(d)
	return d
}

// sourceSite reads the position the JSX runtime gives an element: an object
// {fileName, lineNumber, columnNumber}, or the index the goja engine made of
// it (indexJSXSites).
func sourceSite(v Value) (hcl.Range, bool) {
	if g, ok := v.(*gojaValue); ok && g.kind == Number {
		if s, ok := g.jsxSite(); ok {
			return rangeAt(fileName(s.file), s.line, s.col), true
		}
		return hcl.Range{}, false
	}
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

// nondeterministic warns about each place the configuration called
// Math.random(), Date.now() or new Date() (the engine's list: {w: what,
// s: the site}): what they return differs from one build to the next, so
// whatever the output holds of it changes on every synth, and Terraform
// plans a change each time.
func (c *converter) nondeterministic(list Value) {
	for _, e := range elements(list) {
		what, _ := str(e.Get("w"))
		file, line, col, ok := e.Get("s").Site()
		name := fileName(file)
		if ok && (isRuntimeFile(name) || strings.Contains(name, "node_modules/")) {
			continue
		}
		hint := "let Terraform make the value: the random provider's random_id, random_pet or random_string, which keep it in the state, or pass it in with tf.var"
		if what != "Math.random()" {
			hint = "let Terraform read the clock (time_static of the time provider, or tf.fn(\"timestamp\"), which changes on every plan too), or pass the time in with tf.var or process.env"
		}
		d := &diag.Diagnostic{
			Severity:   diag.Warning,
			Summary:    "Value differs on every build",
			Detail:     fmt.Sprintf("%s returns another value each time the configuration is built; if it reaches the output, main.tf changes on every synth and Terraform plans a change every time.", what),
			Suggestion: hint,
		}
		if ok {
			r := rangeAt(name, line, col)
			d.Subject = &r
			c.src.withFrame(d)
		}
		c.diags = append(c.diags, d)
	}
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
	n := &node{idx: i, kind: kind, spec: kinds[kind], props: v.Get("p"), ref: -1, owners: v.Get("o")}
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
		if !c.validText(v.Get("x"), n.site, "<"+kind+"> innerText") {
			n.badText = true
		}
	}
	_, n.keyLast = v.IntAt("k")
	_, n.keyInList = v.IntAt("kl")
	c.g.cur = n
	keys := n.props.Keys()
	c.validKeys(n.props, keys, n.site, "<"+kind+">")
	for _, m := range membersOf(n.props, keys) {
		if m.key != "children" && m.key != "ref" {
			n.attrs = append(n.attrs, m)
		}
	}
	if f := c.src.file(n.site.Filename); f.ok && n.site.Start.Line > 0 {
		if attrs, ok := tagAttrs(f, n.site.Start.Line, n.site.Start.Column); ok {
			n.attrSites = attrs
		}
	}
	if n.hasText {
		n.textSite = n.site
		// JSX joins the lines of its text into one: a body written as
		// JSX text over several lines is read from the source, with them,
		// between the element's tags or those of the composite it was
		// given to.
		joined := n.plain && !n.badText && !strings.Contains(n.text, "\n")
		own := false
		if joined {
			var text string
			if text, own = c.jsxText(n.site, n.text); own {
				n.text = text
			}
		}
		if n.plain && !own {
			n.textSite = c.textWrittenAt(n)
			if joined && n.textSite != n.site {
				if text, ok := c.jsxText(n.textSite, n.text); ok {
					n.text = text
				}
			}
		}
	}

	n.ok = true
	for _, l := range n.spec.labels {
		lv := n.props.Get(l)
		s, isStr := str(lv)
		if !present(lv) {
			n.ok = false
			at, fix := n.site, fmt.Sprintf("add %s=%q", l, labelExample(kind, l))
			if k := misspeltLabel(l, keys, n.spec.labels); k != "" {
				// <Output nme="file">: the label is there, misspelt.
				at, fix = c.attrRange(n, k), fmt.Sprintf("write %s instead of %s", l, k)
			}
			c.errorAt(at, "", fmt.Sprintf("<%s> without %s", kind, l),
				fmt.Sprintf("%s needs %s.", capitalize(element(kind)), labelDescription(kind, n.spec.labels)), fix)
			continue
		}
		if !isStr || s == "" || strings.Contains(s, phOpen) {
			n.ok = false
			c.errorAt(c.attrRange(n, l), "", fmt.Sprintf("Invalid %s of <%s>", l, kind),
				fmt.Sprintf("The %s of %s is a non-empty string, written as it appears in Terraform.", l, element(kind)), fmt.Sprintf("write %s=%q", l, labelExample(kind, l)))
			continue
		}
		n.labels = append(n.labels, s)
	}
	if !n.ok {
		return n
	}
	n.addr = n.spec.kind.Address(n.labels)
	for i, l := range n.spec.labels {
		if strings.Contains(n.labels[i], "undefined") {
			c.undefinedText(n, n.labels[i], c.attrRange(n, l), n.addr, l)
		}
	}
	if a, ok := str(n.props.Get("alias")); ok && n.spec.kind.Refer == config.ByConfiguration {
		n.alias, n.addr = a, n.spec.kind.Address(n.labels, a)
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

// misspeltLabel is the prop among keys that looks like label l misspelt
// (nme, Name for name), or "": one that is not itself a label.
func misspeltLabel(l string, keys, labels []string) string {
	for _, k := range keys {
		if k == l || slices.Contains(labels, k) {
			continue
		}
		if strings.EqualFold(k, l) || diag.DidYouMean(k, []string{l}) != "" {
			return k
		}
	}
	return ""
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
	case kind == "Ephemeral" && label == "type":
		return "random_password"
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
	skip[overrideProp] = true
	defer c.overrides(n, b)
	if n.hasText {
		text := c.innerText(n)
		if text == nil {
			return b
		}
		c.checkStaticText(n, text.Items)
		for _, it := range text.Items {
			if a, ok := it.(*config.Attribute); ok && b.Body.Attribute(a.Name) != nil {
				c.errorAt(a.Range, n.addr+"."+a.Name, fmt.Sprintf("%s is set twice", a.Name),
					fmt.Sprintf("%s is given both as a prop of <%s> and in its text.", a.Name, n.kind), "keep one of them")
			}
		}
		b.Body.Items = append(b.Body.Items, text.Items...)
		b.Body.Trailing = text.Trailing
		// An alias in the text names the configuration as the prop does,
		// for the refs of the elements that follow.
		if a, ok := b.Body.StringAttr("alias"); ok && n.spec.kind.Refer == config.ByConfiguration {
			n.alias, n.addr = a, n.spec.kind.Address(n.labels, a)
		}
		return b
	}
	c.requireAttrs(n)
	c.reactKey(n)
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
		if isAddressAttr(n.spec.kind, m.key) && !c.checkAddress(n, m.key, m.val, at) {
			continue
		}
		b.Body.Items = append(b.Body.Items, c.item(n, path, m.key, m.val, at, n.addr+"."+m.key)...)
	}
	return b
}

// requireAttrs reports the attributes n lacks that Terraform requires of
// its block, at the element, with the prop to add.
func (c *converter) requireAttrs(n *node) {
	for _, a := range n.spec.kind.Args {
		if a.Required && a.Read == config.Address && !present(n.props.Get(a.Name)) {
			c.errorAt(n.site, n.addr, fmt.Sprintf("<%s> without %s", n.kind, a.Name),
				fmt.Sprintf("%s needs %s: %s.", capitalize(element(n.kind)), a.Name, requiredDetail(n.kind, a.Name)),
				fmt.Sprintf("add %s=%q", a.Name, requiredExample(n.spec.kind, a.Name)))
		}
	}
	if n.kind == "Import" && !present(n.props.Get("id")) && !present(n.props.Get("identity")) {
		c.errorAt(n.site, n.addr, "<Import> without id",
			"An <Import> needs the id of the object to import (or, where the provider supports it, its identity).", `add id="..."`)
	}
}

// isAddressAttr reports whether attribute name of a kind is an address
// Terraform reads as written (moved from and to, import to, removed from).
func isAddressAttr(kind *config.Kind, name string) bool {
	a, ok := kind.Arg(name)
	return ok && a.Read == config.Address
}

// checkAddress checks an address attribute: a string spelling an address
// (aws_instance.web, module.net, aws_instance.web[0]) or a ref to a
// resource or module, perhaps indexed (ref[0]). config.Validate checks
// what an address names; this checks what only the props show: that it is
// an address at all, and that a ref stands for its element, not one of its
// attributes.
func (c *converter) checkAddress(n *node, name string, v Value, at hcl.Range) bool {
	path := n.addr + "." + name
	hint := fmt.Sprintf("write %s=%q, or pass the ref of the element itself", name, addressExample(n.kind, name))
	if n.kind == "Import" {
		hint += `; under for_each, write to={tf.raw("aws_instance.web[each.key]")}`
	}
	if s, ok := str(v); ok {
		if strings.Contains(s, phOpen) {
			c.errorAt(at, path, fmt.Sprintf("Invalid %s address", name),
				fmt.Sprintf("The %s of %s is an address Terraform reads as written: it cannot hold an interpolation.", name, element(n.kind)), hint)
			return false
		}
		if !validAddress(s) {
			c.errorAt(at, path, fmt.Sprintf("Invalid %s address", name),
				fmt.Sprintf("%q is not an address: the %s of %s is an address such as %s.", s, name, element(n.kind), addressExample(n.kind, name)), hint)
			return false
		}
		return true
	}
	if markerKind(v) != "ref" {
		if markerKind(v) == "raw" {
			return true
		}
		c.errorAt(at, path, fmt.Sprintf("Invalid %s address", name),
			fmt.Sprintf("The %s of %s is an address, written as a string or given as a ref; it is %s.", name, element(n.kind), describeValue(v)), hint)
		return false
	}
	id, _ := intOf(v.Get("r"))
	for _, st := range elements(v.Get("p")) {
		if s, ok := str(st); !ok || !isIndex(s) {
			c.errorAt(at, path, fmt.Sprintf("Invalid %s address", name),
				fmt.Sprintf("%s reads an attribute of its element; the %s of %s is the address of the element itself.", c.refName(id), name, element(n.kind)), hint)
			return false
		}
	}
	if target, ok := c.binding[id]; ok && !addressable(n.kind, target.spec.block) {
		what := "a resource or a module"
		if n.kind == "Moved" {
			what = "a resource, a data source or a module"
		}
		c.errorAt(at, path, fmt.Sprintf("Invalid %s address", name),
			fmt.Sprintf("%s is bound to %s; the %s of %s is %s.", c.refName(id), target.addr, name, element(n.kind), what), hint)
		return false
	}
	return true
}

// addressable reports whether the address of an element kind can name a
// block of type block: a resource or a module; for <Moved>, as both
// engines accept moves between data sources, a data source too (an
// <Import> or a <Removed> cannot name one: nothing is imported into or
// destroyed from a data source).
func addressable(kind, block string) bool {
	return block == "resource" || block == "module" || kind == "Moved" && block == "data"
}

// validAddress reports whether s spells an address: a static traversal
// (an expression index, as import under for_each needs, is written with
// tf.raw).
func validAddress(s string) bool {
	if strings.TrimSpace(s) == "" {
		return false
	}
	t, ds := hclsyntax.ParseTraversalAbs([]byte(s), "", hcl.InitialPos)
	if ds.HasErrors() || !utf8.ValidString(s) {
		return false
	}
	for _, step := range t {
		switch st := step.(type) {
		case hcl.TraverseRoot:
			if !config.ValidIdentifier(st.Name) {
				return false
			}
		case hcl.TraverseAttr:
			if !config.ValidIdentifier(st.Name) {
				return false
			}
		}
	}
	return true
}

func addressExample(kind, name string) string {
	if kind == "Moved" && name == "from" || kind == "Removed" {
		return "aws_instance.old"
	}
	return "aws_instance.web"
}

func requiredDetail(kind, name string) string {
	switch {
	case kind == "Moved" && name == "from":
		return "the address the object had before"
	case kind == "Moved" && name == "to":
		return "the address it has now"
	case kind == "Import":
		return "the address of the resource to import into"
	}
	return "the address of the resource or module no longer in the configuration"
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
	notBlock      blockRule = iota
	plainBlock              // lifecycle = { ... } is lifecycle { ... }
	labeledBlock            // provisioner = { "local-exec": { ... } } is provisioner "local-exec" { ... }
	twoLabelBlock           // key_provider = { pbkdf2: { main: { ... } } } is key_provider "pbkdf2" "main" { ... }
)

// metaBlock is the rule for attribute name in a block nested as types (top
// level first): the blocks Terraform owns there by the language table
// (config.OwnBlock); blocks of providers' schemas are written with
// tf.block. The front end writes as objects the owned blocks of at most
// one label under elements and under owned blocks it writes as objects:
// not under a check's scoped data source (a tf.block) nor a dynamic
// block's content (written under the generated block's name).
func metaBlock(types []string, name string) blockRule {
	for i := 2; i <= len(types); i++ {
		if s, ok := config.Spec(types[:i]); !ok || len(s.Labels) > 1 || s.Type == "dynamic" {
			return notBlock
		}
	}
	s, ok := config.OwnBlock(types, name)
	switch {
	case !ok:
		return notBlock
	case len(s.Labels) == 0:
		return plainBlock
	case len(s.Labels) == 1:
		return labeledBlock
	case len(s.Labels) == 2 && !isKindSpec(s):
		return twoLabelBlock
	}
	return notBlock
}

// isKindSpec reports whether s is a kind's own block nested elsewhere (a
// check's scoped data source), which is written with tf.block.
func isKindSpec(s *config.BlockSpec) bool {
	k, ok := config.KindOf(s.Type)
	return ok && &k.BlockSpec == s
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
	case labeledBlock, twoLabelBlock:
		var out []config.Item
		for i, obj := range c.blockBodies(v, at, path, name) {
			p := path
			if v.Kind() == Array {
				p = indexPath(path, i)
			}
			out = append(out, c.labeledBlocks(n, types, name, obj, nil, metaBlock(types, name) == twoLabelBlock, at, p)...)
		}
		return out
	}
	if rule := staticList(types, name); rule != "" && v.Kind() == Array {
		return c.staticListItems(n, rule, name, v, at, path)
	} else if rule != "" && v.Kind() != Null && markerKind(v) != "raw" {
		// Terraform wants a list even of one (depends_on = [aws_vpc.main]).
		what, entry := describeValue(v), "web"
		switch s, isStr := str(v); {
		case markerKind(v) == "ref":
			id, _ := intOf(v.Get("r"))
			what = c.refName(id) + ", not a list of refs"
			if r := c.refVar(id); r != "" {
				entry = r
				for _, st := range elements(v.Get("p")) {
					if k, ok := str(st); ok && hclsyntax.ValidIdentifier(k) {
						entry += "." + k
					} else if ok {
						entry += "[" + strconv.Quote(k) + "]"
					} else if i, ok := intOf(st); ok {
						entry += fmt.Sprintf("[%d]", i)
					}
				}
			}
		case isStr:
			what, entry = fmt.Sprintf("the string %q", s), strconv.Quote(s)
		}
		fix := fmt.Sprintf("%s={[%s]}", name, entry)
		if len(types) > 1 {
			fix = fmt.Sprintf("%s: [%s]", name, entry) // in lifecycle={{ ... }}
		}
		c.errorAt(at, path, "Invalid "+name,
			fmt.Sprintf("%s is a list, given as an array, even of one entry; it is %s.", name, what),
			"put the entries in brackets: "+fix)
		return nil
	}
	e := c.value(n, v, at, path)
	if e == nil {
		return nil
	}
	return []config.Item{&config.Attribute{Name: name, Expr: e, Range: at}}
}

// labeledBlocks converts an object keyed by a block's first label (and,
// with two, each value keyed by the second) into the blocks it stands for.
func (c *converter) labeledBlocks(n *node, types []string, name string, obj Value, labels []string, two bool, at hcl.Range, p string) []config.Item {
	ms := members(obj)
	if len(ms) == 0 {
		c.errorAt(at, p, fmt.Sprintf("Empty %s", name),
			fmt.Sprintf("%s is written as an object keyed by its type, such as %s.", name, labeledExample(name)), "")
	}
	var out []config.Item
	for _, m := range ms {
		body := m.val
		if body.Kind() != Object || markerKind(body) != "" {
			c.errorAt(at, p+"."+m.key, fmt.Sprintf("Invalid %s", name),
				fmt.Sprintf("The body of %s %q must be an object.", name, m.key), "write "+labeledExample(name))
			continue
		}
		ls := append(labels[:len(labels):len(labels)], m.key)
		if two && len(ls) == 1 {
			out = append(out, c.labeledBlocks(n, types, name, body, ls, two, at, p+"."+m.key)...)
			continue
		}
		nb := &config.Block{Type: name, Labels: ls, Body: &config.Body{}, DeclRange: at}
		nb.Body.Items = c.bodyItems(n, append(types[:len(types):len(types)], name), body, at, p+"."+m.key)
		out = append(out, nb)
	}
	return out
}

func labeledExample(name string) string {
	switch name {
	case "provisioner":
		return `provisioner={{ "local-exec": { command: "echo hello" } }}`
	case "backend":
		return `backend={{ s3: { bucket: "state" } }}`
	case "key_provider":
		return `key_provider: { pbkdf2: { main: { passphrase: "..." } } }`
	case "method":
		return `method: { aes_gcm: { main: { keys: tf.raw("key_provider.pbkdf2.main") } } }`
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
	c.tick()
	if !c.enter(obj, at, path) {
		return nil
	}
	defer c.leave(obj)
	keys := obj.Keys()
	if !c.validKeys(obj, keys, at, path) {
		return nil
	}
	var items []config.Item
	for _, m := range membersOf(obj, keys) {
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
			if !ok || !config.ValidIdentifier(s) {
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
	var syn hclsyntax.Expression
	hds := hclguard.Expression([]byte(text), "", hcl.InitialPos)
	if !hds.HasErrors() {
		syn, hds = hclsyntax.ParseExpression([]byte(text), "", hcl.InitialPos)
		if !hds.HasErrors() {
			_, _, hds = typeexpr.TypeConstraintWithDefaults(syn)
		}
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

// describeValue names what a value is, for messages.
func describeValue(v Value) string {
	switch v.Kind() {
	case Null:
		return "null"
	case Bool:
		return "a boolean"
	case Number:
		return "a number"
	case Array:
		return "an array"
	case Object:
		if k := markerKind(v); k != "" {
			return "a tf." + k + "(...) value"
		}
		return "an object"
	case Function:
		return "a function"
	}
	return "not a string"
}

// element is "a <Kind>" or "an <Kind>", for messages.
func element(kind string) string {
	if kind != "" && strings.ContainsRune("AEIOU", rune(kind[0])) {
		return "an <" + kind + ">"
	}
	return "a <" + kind + ">"
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// findText finds JSX text in the source after the position of the element
// that holds it (JSX text has no position of its own): the whole text, or
// its first word, on that line or the lines after it.
func (c *converter) findText(after hcl.Range, text string) (hcl.Range, bool) {
	f := c.src.file(after.Filename)
	words := strings.Fields(text)
	if !f.ok || len(words) == 0 || after.Start.Line < 1 {
		return hcl.Range{}, false
	}
	for _, want := range []string{strings.Join(words, " "), words[0]} {
		for ln := after.Start.Line; ln <= len(f.lines) && ln < after.Start.Line+500; ln++ {
			line := f.lines[ln-1]
			from := 0
			if ln == after.Start.Line {
				if from = byteOffset(line, after.Start.Column); from < 0 {
					from = len(line)
				}
			}
			i := strings.Index(line[from:], want)
			if i < 0 {
				continue
			}
			col := utf8.RuneCountInString(line[:from+i]) + 1
			return hcl.Range{Filename: after.Filename, Start: hcl.Pos{Line: ln, Column: col},
				End: hcl.Pos{Line: ln, Column: col + utf8.RuneCountInString(want)}}, true
		}
	}
	return hcl.Range{}, false
}

// sameSiteCallers explains a duplicate whose two elements come from the
// same line of one composite used twice, where "first declared here" would
// point at the error's own position: it names the two places the
// composite was used instead. seen counts the duplicates of each address
// reported so far.
func (c *converter) sameSiteCallers(d *diag.Diagnostic, seen map[string]int) {
	if d.Subject == nil || len(d.Related) == 0 || d.Related[0].Message != "first declared here" ||
		d.Related[0].Range.Filename != d.Subject.Filename || d.Related[0].Range.Start != d.Subject.Start {
		return
	}
	var same []*node
	for _, n := range c.nodes {
		if n.ok && n.addr == d.Path && n.site.Filename == d.Subject.Filename && n.site.Start == d.Subject.Start {
			same = append(same, n)
		}
	}
	k := seen[d.Path] + 1
	seen[d.Path] = k
	if k >= len(same) {
		return
	}
	if first, again, ok := differingUses(same[0].owners, same[k].owners); ok {
		d.Related = []diag.Related{
			{Message: fmt.Sprintf("first from <%s> used here", first.name), Range: first.site},
			{Message: fmt.Sprintf("again from <%s> used here", again.name), Range: again.site},
		}
		if d.Suggestion == "rename one of them" {
			d.Suggestion = fmt.Sprintf("give <%s> a prop that sets the name (or part of it), so that each use declares its own", again.name)
		}
		return
	}
	// Under the same composites: one line rendered twice by a loop.
	d.Related = nil
	d.Detail += " Both are rendered from this line, by a list (.map(...), a loop) or a function called twice, with the same name."
	if d.Suggestion == "rename one of them" {
		d.Suggestion = "build the name from what differs between the items, such as name={`web_${item.id}`}, or leave the repeated item out of the list"
	}
}

// jsxText is the JSX text alone between the tags of the element at site,
// with its lines, when it is what JSX joined into text (see jsxTextBody).
func (c *converter) jsxText(site hcl.Range, text string) (string, bool) {
	f := c.src.file(site.Filename)
	if !f.ok || site.Start.Line < 1 {
		return "", false
	}
	return jsxTextBody(f, site.Start.Line, site.Start.Column, text)
}

// textWrittenAt is where the string body of n was written: the element's
// own site, or, when it is the children a composite was given and passed
// on ({props.children}, through any number of composites), the outermost
// use of a composite given that text.
func (c *converter) textWrittenAt(n *node) hcl.Range {
	at := n.site
	v := n.owners
	for i := 0; present(v) && v.Kind() == Object && i < 1000; i++ {
		if t, ok := str(v.Get("c")); !ok || t != n.text {
			break
		}
		if s, ok := sourceSite(v.Get("s")); ok {
			at = s
		}
		v = v.Get("up")
	}
	return at
}

// differingUses gives the innermost uses of composites, in two chains of
// them, that differ: where two elements (or mistakes) made from one line
// of code were rendered from different places.
func differingUses(a, b Value) (ownerSite, ownerSite, bool) {
	first, again := ownerSites(a), ownerSites(b)
	for i := 0; i < len(first) && i < len(again); i++ {
		if first[i].site != again[i].site {
			return first[i], again[i], true
		}
	}
	return ownerSite{}, ownerSite{}, false
}

// sameUseOnce keeps one of the mistakes the runtime reports that are the
// same at the same place: a composite used several times makes the
// mistake of its body in each use. The one kept names the uses.
type sameUseOnce map[mistakeKey]*sameUses

type sameUses struct {
	d      *diag.Diagnostic
	owners []Value
}

// again records d, made in the composites owners, and reports whether it
// repeats a mistake recorded before.
func (o sameUseOnce) again(d *diag.Diagnostic, owners Value) bool {
	if d.Subject == nil {
		return false
	}
	k := mistakeOf(d)
	if u, ok := o[k]; ok {
		u.owners = append(u.owners, owners)
		return true
	}
	o[k] = &sameUses{d: d, owners: []Value{owners}}
	return false
}

// nameUses names, in each mistake kept, the uses of the composite that
// made it again (the first few of them).
func (o sameUseOnce) nameUses() {
	const shown = 5
	for _, u := range o {
		if len(u.owners) < 2 {
			continue
		}
		var related []diag.Related
		name := ""
		for _, again := range u.owners[1:min(len(u.owners), shown+1)] {
			first, other, ok := differingUses(u.owners[0], again)
			if !ok {
				continue
			}
			if related == nil {
				name = first.name
				related = append(related, diag.Related{Message: fmt.Sprintf("first from <%s> used here", first.name), Range: first.site})
			}
			related = append(related, diag.Related{Message: fmt.Sprintf("again from <%s> used here", other.name), Range: other.site})
		}
		if related == nil {
			u.d.Detail += fmt.Sprintf(" The same mistake is made %d times here, once for each element rendered from this line.", len(u.owners))
			continue
		}
		u.d.Related = append(u.d.Related, related...)
		u.d.Detail += fmt.Sprintf(" The same mistake is made %d times here, once for each use of <%s>.", len(u.owners), name)
	}
}

type ownerSite struct {
	site hcl.Range
	name string
}

// ownerSites reads a chain of composites, innermost first.
func ownerSites(v Value) []ownerSite {
	var out []ownerSite
	for i := 0; present(v) && v.Kind() == Object && i < 1000; i++ {
		s, ok := sourceSite(v.Get("s"))
		name, _ := str(v.Get("n"))
		if name == "" {
			name = "(anonymous)"
		}
		if ok {
			out = append(out, ownerSite{s, name})
		}
		v = v.Get("up")
	}
	return out
}

type warnSite struct {
	file string
	at   hcl.Pos
	what string
}

// firstAt reports whether the warning what is given at r for the first
// time, and records it: one warning per place in the source, not one per
// element a list renders from there.
func (c *converter) firstAt(r hcl.Range, what string) bool {
	k := warnSite{r.Filename, r.Start, what}
	if c.warned[k] {
		return false
	}
	if c.warned == nil {
		c.warned = map[warnSite]bool{}
	}
	c.warned[k] = true
	return true
}

// reactKey warns about key={...} written out of React habit: on an element
// of a list built by code, with the list index or the element's own name
// as its value. key is an attribute in tfkit (AWS resources have one), so
// it is written all the same.
func (c *converter) reactKey(n *node) {
	if !n.keyInList {
		return
	}
	switch n.kind {
	case "Resource", "DataSource", "Ephemeral", "Provider", "Module", "Locals":
	default:
		// Blocks whose arguments Terraform fixes: validation reports key
		// as an argument they do not take, an error that says it all.
		return
	}
	v := n.props.Get("key")
	s, isStr := str(v)
	index := v.Kind() == Number
	name := ""
	if len(n.labels) > 0 {
		name = n.labels[len(n.labels)-1]
	}
	if !index && !(isStr && nameHoldsKey(name, s)) {
		return
	}
	at := c.attrRange(n, "key")
	if at.Filename != "" && !c.firstAt(at, "key") {
		return
	}
	what := fmt.Sprintf("the element's name %q", s)
	if s != name {
		what = fmt.Sprintf("%q, part of the element's name %q", s, name)
	}
	if index {
		what = "a number (a list index?)"
	}
	d := &diag.Diagnostic{
		Severity: diag.Warning,
		Summary:  "key written as an attribute",
		Detail: fmt.Sprintf("The key of %s, an element of a list, is %s, as React would want it; tfkit renders once and needs no list keys, so key is an ordinary attribute and main.tf gets key = %s.",
			n.addr, what, render.Expr(c.value(n, v, at, n.addr+".key"))),
		Path:       n.addr + ".key",
		Suggestion: "remove key={...}; if the block has an attribute named key, give it its real value",
	}
	if at.Filename != "" {
		d.Subject = &at
		c.src.withFrame(d)
	}
	c.diags = append(c.diags, d)
}

// nameHoldsKey reports whether key is the element's name or a word of it
// (name={`pet_${n}`} key={n}): the item a list maps over, which React
// habit gives as the key.
func nameHoldsKey(name, key string) bool {
	if key == "" {
		return false
	}
	for i := strings.Index(name, key); i >= 0; {
		end := i + len(key)
		if (i == 0 || name[i-1] == '_' || name[i-1] == '-') && (end == len(name) || name[end] == '_' || name[end] == '-') {
			return true
		}
		j := strings.Index(name[i+1:], key)
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}

// overrideProp is the prop whose entries override attribute paths of the
// element after its body is built: override={{ "lifecycle.create_before_destroy": true }}.
const overrideProp = "override"

// overrides applies n's override prop to its block, in the order written:
// each key is an attribute path (config.ParsePath), each value the value
// to write there, or tf.unset() to delete what is there.
func (c *converter) overrides(n *node, b *config.Block) {
	ov := n.props.Get(overrideProp)
	if !present(ov) {
		return
	}
	at := c.attrRange(n, overrideProp)
	if ov.Kind() != Object || markerKind(ov) != "" {
		c.errorAt(at, n.addr+"."+overrideProp, "Invalid override",
			fmt.Sprintf("override is %s; it is an object of attribute paths and their values.", describeValue(ov)),
			`write override={{ "lifecycle.create_before_destroy": true, "tags.Name": tf.unset() }}`)
		return
	}
	for _, m := range members(ov) {
		steps, err := config.ParsePath(m.key)
		if err != nil {
			c.errorAt(at, n.addr, "Invalid override path", capitalize(err.Error())+".",
				`write names joined by dots, list indexes as numbers: "ebs_block_device.0.volume_size", "lifecycle.create_before_destroy"`)
			continue
		}
		full := n.addr + "." + config.PathString(steps)
		var x config.Expr
		if markerKind(m.val) != "unset" {
			if markerKind(m.val) == "block" || markerKind(m.val) == "dynamic" {
				c.errorAt(at, full, "Nested block in an override",
					"An override writes a value; a nested block is set with a prop of its own.",
					"override the block's arguments one by one: \"ebs_block_device.0.volume_size\"")
				continue
			}
			if x = c.value(n, m.val, at, full); x == nil {
				continue
			}
		}
		if _, err := config.Override(b, steps, x, at); err != nil {
			c.errorAt(at, full, "Invalid override", fmt.Sprintf("In %s, %s.", n.addr, err),
				"check the path against the element's body: a list index must be below its length, and a path goes only through blocks, objects and lists")
		}
	}
}
