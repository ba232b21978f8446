package synth

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/render"
	"github.com/tfkit/tfkit/schema"
)

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
// kept marked with that stack (MarkedRef), so that stacks may declare
// elements of the same address. A reference without a handle (spliced into
// a Go string, "${random_pet.a.id}") reads another stack when the consumer
// does not declare its address and exactly one other stack does (handles
// used elsewhere in the consumer decide between several).
//
// The rewrite itself works on the stacks' configurations when they are
// written: the declared blocks stay as they were built (with the marks),
// and the outputs of a stack depend on every stack that reads it.

// Names of what the rewrite adds.
const (
	// crossOutputPrefix starts the names of the outputs added to producers.
	crossOutputPrefix = "cross_stack_output_"
	// remoteStateType is the data source that reads another stack's outputs.
	remoteStateType = "terraform_remote_state"
)

// Plan is the rewrite of an app's cross-stack references, computed for
// the stacks as they are when it is made.
type Plan struct {
	app    *App
	stacks map[*Stack]*crossStack
	diags  diag.Diagnostics
	// engine is the engine the output is for, when it is known
	// ("terraform", "opentofu"; "" when not): it chooses the engines'
	// words where they differ.
	engine string
}

// crossStack is what the rewrite does to one stack.
type crossStack struct {
	// As a consumer: the rewritten declared blocks (nil when none changed),
	// the stacks read, with the name of the data source reading each, and
	// why each is read.
	blocks       []*config.Block
	producers    []*Stack
	remote       map[*Stack]string
	deps         map[*Stack]autoDep
	replacements map[string]config.Expr // by the producer's expression
	// refused is set when the stack reads another's ephemeral resource:
	// the reference is rewritten to null, with no producer to read.
	refused bool
	// written and writtenDiags are what crossBlocks returned, kept.
	written      []*config.Block
	writtenDiags diag.Diagnostics
	// checked and checkedDiags are what config.Validate found in the
	// configuration written, kept (see Plan.configDiagnostics).
	checked      bool
	checkedDiags diag.Diagnostics
	// As a producer: the outputs to add, sorted by name.
	exports []*export
	byKey   map[string]*export
}

// export is an output added to a producer.
type export struct {
	key       string // the referenced expression, as text
	traversal hcl.Traversal
	name      string
	sensitive bool
	site      hcl.Range
	// reads are the arguments of consumers that read it, in the order
	// found: what the engines refuse in the output is the mistake of each.
	reads []read
}

// read is where a consumer reads an export: the argument making the
// reference and its path, as config.Validate names it (terraform_data.t.input).
type read struct {
	stack *Stack
	at    hcl.Range
	path  string
}

// autoDep is why a stack depends on another: the first of its elements
// found referring to one of the other's.
type autoDep struct {
	elem, addr string
	site       hcl.Range
	// at is where the reference is made: the argument holding it, else
	// the element.
	at hcl.Range
}

func (p *Plan) of(s *Stack) *crossStack {
	if p == nil {
		return nil
	}
	return p.stacks[s]
}

// NewPlan computes the rewrite for the app's stacks as they are now.
// schemas, when not nil, returns the provider schemas when they are known;
// it is called only when a stack reads another (to mark outputs of
// sensitive attributes).
func NewPlan(a *App, schemas func() []*schema.Provider) *Plan {
	p := &Plan{app: a, stacks: map[*Stack]*crossStack{}, engine: a.Engine}
	if len(a.Stacks) < 2 {
		return p
	}
	decl := map[*Stack]map[string]*config.Block{}
	owners := map[string][]*Stack{}
	for _, s := range a.Stacks {
		d := declarations(s)
		decl[s] = d
		for addr := range d {
			owners[addr] = append(owners[addr], s)
		}
	}
	for _, s := range a.Stacks {
		p.stacks[s] = &crossStack{remote: map[*Stack]string{}, deps: map[*Stack]autoDep{}, byKey: map[string]*export{}, replacements: map[string]config.Expr{}}
	}
	// Pass 1: find the references, the outputs they need and the stacks
	// each stack reads.
	walkers := make([]*xwalker, len(a.Stacks))
	for i, s := range a.Stacks {
		w := &xwalker{plan: p, stack: s, decl: decl, owners: owners, handles: map[string][]*Stack{}, reported: map[string]bool{}}
		w.fn = w.reference
		for _, u := range s.Uses {
			if !containsStack(w.handles[u.Addr], u.Producer) {
				w.handles[u.Addr] = append(w.handles[u.Addr], u.Producer)
			}
		}
		for _, b := range s.Config.Blocks {
			w.top(b)
		}
		walkers[i] = w
	}
	// Names: outputs of each producer, data sources of each consumer.
	var providers []*schema.Provider
	loaded := false
	for _, s := range a.Stacks {
		cs := p.stacks[s]
		if len(cs.byKey) > 0 {
			if !loaded && schemas != nil {
				providers = schemas()
			}
			loaded = true
			nameExports(s, cs, decl[s], providers)
		}
		if len(cs.producers) > 0 {
			nameRemotes(s, cs, a.Stacks)
		}
	}
	// Pass 2: rewrite the consumers.
	for _, w := range walkers {
		cs := p.stacks[w.stack]
		if len(cs.producers) == 0 && !cs.refused {
			continue
		}
		w.rewrite = true
		cs.blocks = make([]*config.Block, len(w.stack.Config.Blocks))
		for i, b := range w.stack.Config.Blocks {
			cs.blocks[i] = w.top(b)
		}
	}
	return p
}

// declarations returns the addresses a stack's expressions can refer to,
// with the blocks declaring them.
func declarations(s *Stack) map[string]*config.Block {
	m := map[string]*config.Block{}
	for _, b := range s.Config.Blocks {
		switch b.Type {
		case "resource", "data", "ephemeral", "module", "variable":
			// Address is what a reference's root is: random_pet.a,
			// data.x.y, ephemeral.x.y, module.m, var.v.
			m[b.Address()] = b
		case "locals":
			for _, it := range b.Body.Items {
				if a, ok := it.(*config.Attribute); ok {
					m["local."+a.Name] = b
				}
			}
		case "check":
			// A check's scoped data source, which its assertions read.
			for _, it := range b.Body.Items {
				if nb, ok := it.(*config.Block); ok && nb.Type == "data" {
					m[nb.Address()] = nb
				}
			}
		}
	}
	return m
}

// RootAddress returns the address of the element a traversal starts with:
// random_pet.a of random_pet.a[0].id, data.x.y, module.m, var.v, local.l.
func RootAddress(t hcl.Traversal) string {
	if len(t) == 0 {
		return ""
	}
	n := 2
	switch t.RootName() {
	case "count", "each", "self", "path", "terraform":
		return ""
	case "data", "ephemeral":
		n = 3
	}
	if len(t) < n {
		return ""
	}
	addr := t.RootName()
	for _, step := range t[1:n] {
		a, ok := step.(hcl.TraverseAttr)
		if !ok {
			return ""
		}
		addr += "." + a.Name
	}
	return addr
}

// xwalker finds and rewrites the cross-stack references of one stack.
type xwalker struct {
	// fn returns the replacement of a reference, nil to keep it.
	fn      func(hcl.Traversal) config.Expr
	plan    *Plan
	stack   *Stack
	decl    map[*Stack]map[string]*config.Block
	owners  map[string][]*Stack
	handles map[string][]*Stack // producers named by handles, by address
	rewrite bool                // pass 2
	elem    *config.Block       // the top-level block being walked
	at      hcl.Range           // the argument being walked, when it has a range
	steps   []pathStep          // the blocks and argument being walked, below elem
	// reported keeps one diagnostic per address.
	reported map[string]bool
}

// pathStep is a nested block (numbered among those of its type, or not:
// index -1) or an argument, in a diagnostic's path.
type pathStep struct {
	name  string
	index int
}

// argPath is the path of the argument being walked, as config.Validate
// names it: terraform_data.t.input, aws_instance.web.ebs_block_device[1].tags,
// local.name; the element's address when no argument is.
func (w *xwalker) argPath() string {
	if w.elem.Type == "locals" && len(w.steps) > 0 {
		return "local." + w.steps[0].name
	}
	var b strings.Builder
	b.WriteString(w.elem.Address())
	for _, st := range w.steps {
		b.WriteString("." + st.name)
		if st.index >= 0 {
			fmt.Fprintf(&b, "[%d]", st.index)
		}
	}
	return b.String()
}

// site is where a mistake in the argument being walked is reported: the
// argument, or the element when the argument has no range.
func (w *xwalker) site() hcl.Range {
	if w.at.Filename == "" {
		return w.elem.DeclRange
	}
	return w.at
}

// producer returns the stack whose element a reference of w.stack reads
// and the reference as that stack writes it, or nil when the reference
// stays as it is.
func (w *xwalker) producer(t hcl.Traversal) (*Stack, hcl.Traversal) {
	if name, real, ok := unmark(t); ok {
		for _, s := range w.plan.app.Stacks {
			if s.Name == name && s != w.stack {
				return s, real
			}
		}
		return nil, nil
	}
	return w.textual(t), t
}

// textual returns the stack whose element a reference without a mark
// reads, or nil when it is not another stack's.
func (w *xwalker) textual(t hcl.Traversal) *Stack {
	addr := RootAddress(t)
	if addr == "" {
		return nil
	}
	if _, own := w.decl[w.stack][addr]; own {
		return nil
	}
	var candidates []*Stack
	for _, s := range w.owners[addr] {
		if s != w.stack {
			candidates = append(candidates, s)
		}
	}
	switch len(candidates) {
	case 0:
		return nil
	case 1:
		return candidates[0]
	}
	var named []*Stack
	for _, s := range w.handles[addr] {
		if containsStack(candidates, s) {
			named = append(named, s)
		}
	}
	if len(named) == 1 {
		return named[0]
	}
	if !w.rewrite && !w.reported[addr] {
		w.reported[addr] = true
		names := make([]string, len(candidates))
		var related []diag.Related
		for i, s := range candidates {
			names[i] = fmt.Sprintf("%q", s.Name)
			related = append(related, diag.Related{Message: "declared in stack " + s.Name + " here", Range: w.decl[s][addr].DeclRange})
		}
		site := w.site()
		w.plan.diags = append(w.plan.diags, &diag.Diagnostic{
			Severity: diag.Error, Summary: "Ambiguous cross-stack reference",
			Detail: fmt.Sprintf("%s in stack %q refers to %s, which stacks %s all declare.",
				w.elem.Address(), w.stack.Name, addr, strings.Join(names, ", ")),
			Subject: &site, Path: w.argPath(), Related: related,
			Suggestion: "refer to the element with its handle (r.Ref(\"id\")) rather than by text, or rename it",
		})
	}
	return nil
}

// reference handles one reference: in pass 1 it records what the rewrite
// needs, in pass 2 it returns the replacement (nil to keep t).
//
// The engine does not carry an output's sensitivity through
// terraform_remote_state, so a sensitive output is read as
// sensitive(data.terraform_remote_state.<A>.outputs.<name>): the consumer
// treats the value as the producer does.
func (w *xwalker) reference(t hcl.Traversal) config.Expr {
	p, t := w.producer(t)
	if p == nil {
		return nil
	}
	if b := w.decl[p][RootAddress(t)]; b != nil && (b.Type == "ephemeral" || b.Type == "variable" && literalTrue(b, "ephemeral")) {
		return w.ephemeral(p, b, t)
	}
	cs := w.plan.stacks[w.stack]
	ps := w.plan.stacks[p]
	key := config.TraversalString(t)
	if w.rewrite {
		// One replacement per output: expressions are immutable and
		// may be shared.
		if y, ok := cs.replacements[key]; ok {
			return y
		}
		e := ps.byKey[key]
		var y config.Expr = config.Ref("data", remoteStateType, cs.remote[p], "outputs", e.name)
		if e.sensitive {
			y = &config.Call{Name: "sensitive", Args: []config.Expr{y}}
		}
		cs.replacements[key] = y
		return y
	}
	e, ok := ps.byKey[key]
	if !ok {
		e = &export{key: key, traversal: t}
		if b := w.decl[p][RootAddress(t)]; b != nil {
			e.site = b.DeclRange
		}
		ps.byKey[key] = e
	}
	at := w.site()
	// An argument is walked once: reading an export again there is
	// reading it last.
	if r := (read{stack: w.stack, at: at, path: w.argPath()}); len(e.reads) == 0 || e.reads[len(e.reads)-1] != r {
		e.reads = append(e.reads, r)
	}
	if _, ok := cs.deps[p]; !ok {
		cs.producers = append(cs.producers, p)
		cs.deps[p] = autoDep{elem: w.elem.Address(), addr: RootAddress(t), site: w.elem.DeclRange, at: at}
	}
	return nil
}

// ephemeral refuses a reference to another stack's ephemeral resource,
// written as text (a handle's is refused when the value is given), or to
// its ephemeral variable: no output of a root module may hold their
// values (the engines refuse the added output). In pass 2 the reference
// becomes null, so that the consumer's validation reports nothing more.
// EphemeralCrossRead is what is said of elem in stack reading target, an
// ephemeral resource (or with variable an ephemeral variable) of stack
// other: summary, detail and suggestion.
func EphemeralCrossRead(elem, stack, target, other string, variable bool) (summary, detail, fix string) {
	what, never := "resource", "an ephemeral resource's values are never stored, so another stack cannot read them"
	fix = "declare the ephemeral resource in this stack as well (it is opened anew on each run), or share a non-ephemeral value it is derived from"
	if variable {
		what, never = "variable", "an ephemeral variable's value is never stored, so another stack cannot read it"
		fix = "declare the variable in this stack as well and set it there, or share a non-ephemeral value derived from it"
	}
	return "Cross-stack reference to an ephemeral " + what,
		fmt.Sprintf("%s in stack %q refers to %s of stack %q. Stacks share values through outputs and state, and %s.", elem, stack, target, other, never),
		fix
}

func (w *xwalker) ephemeral(p *Stack, b *config.Block, t hcl.Traversal) config.Expr {
	if w.rewrite {
		return config.Null()
	}
	w.plan.stacks[w.stack].refused = true
	addr := RootAddress(t)
	if key := w.elem.Address() + " " + addr; !w.reported[key] {
		w.reported[key] = true
		site := w.site()
		summary, detail, fix := EphemeralCrossRead(w.elem.Address(), w.stack.Name, addr, p.Name, b.Type == "variable")
		w.plan.diags = append(w.plan.diags, &diag.Diagnostic{
			Severity: diag.Error, Summary: summary, Detail: detail,
			Subject: &site, Path: w.argPath(),
			Related:    []diag.Related{{Message: "declared in stack " + p.Name + " here", Range: b.DeclRange}},
			Suggestion: fix,
		})
	}
	return nil
}

// splatOfForEach refuses a splat of another stack's resource, data source
// or module call that has for_each, as config.Validate refuses it in one
// stack: the reference becomes an output holding the map of instances,
// which the engines splat as one value, failing only at plan.
func (w *xwalker) splatOfForEach(x *config.Splat, scope map[string]bool) {
	ref, ok := x.Source.(*config.Reference)
	if !ok || len(x.Each) == 0 || scope[ref.Traversal.RootName()] {
		return
	}
	attr, ok := x.Each[0].(hcl.TraverseAttr)
	if !ok {
		return
	}
	p, t := w.producer(ref.Traversal)
	if p == nil {
		return
	}
	addr := RootAddress(t)
	b := w.decl[p][addr]
	if b == nil || addr != config.TraversalString(t) || b.Body.Attribute("for_each") == nil {
		return
	}
	at := w.site()
	d := config.SplatOfForEach(addr, attr.Name)
	d.Subject, d.Path = &at, w.argPath()
	d.Related = []diag.Related{{Message: "declared in stack " + p.Name + " here", Range: b.DeclRange}}
	w.plan.diags = append(w.plan.diags, d)
}

// top walks a top-level block, returning it rewritten (or itself). Blocks
// whose arguments only name addresses (moved, removed) are never read
// from another stack (they are written as given); anything else is
// walked, even where the engine allows no reference, so that no mark is
// left in the output.
func (w *xwalker) top(b *config.Block) *config.Block {
	if k, ok := config.KindOf(b.Type); ok && k.NamesOnly() {
		return b
	}
	w.elem, w.at, w.steps = b, hcl.Range{}, w.steps[:0]
	return w.block(b, b.Type, nil, nil)
}

// skipped reports whether an argument of a block of type typ names
// elements rather than reading values, or is a literal by Terraform's
// rules, and so is never rewritten.
func skipped(typ, name string) bool {
	switch name {
	case "depends_on", "provider", "providers":
		return true
	}
	switch typ {
	case "module":
		return name == "source" || name == "version"
	case "import":
		return name == "to"
	case "variable":
		return name == "type"
	case "lifecycle":
		return name == "ignore_changes" || name == "replace_triggered_by"
	}
	return false
}

// block walks a block's body. scope holds the names that are iterators
// there (a dynamic block's), which are not references to elements; outer
// is the scope of a dynamic block's for_each, outside its own iterator.
func (w *xwalker) block(b *config.Block, typ string, scope, outer map[string]bool) *config.Block {
	var items []config.Item   // the rewritten items, once one changes
	var counts map[string]int // nested blocks by type, for w.steps
	for i, it := range b.Body.Items {
		var out config.Item = it
		switch it := it.(type) {
		case *config.Attribute:
			if skipped(typ, it.Name) {
				break
			}
			sc := scope
			if typ == "dynamic" && it.Name == "for_each" {
				sc = outer
			}
			prev := w.at
			if it.Range.Filename != "" {
				w.at = it.Range
			}
			w.steps = append(w.steps, pathStep{name: it.Name, index: -1})
			if x := w.expr(it.Expr, sc); x != it.Expr {
				out = &config.Attribute{Name: it.Name, Expr: x, Range: it.Range}
			}
			w.at, w.steps = prev, w.steps[:len(w.steps)-1]
		case *config.Block:
			inner := scope
			if it.Type == "dynamic" && len(it.Labels) == 1 {
				name := it.Labels[0]
				if a := it.Body.Attribute("iterator"); a != nil {
					if r, ok := a.Expr.(*config.Reference); ok && len(r.Traversal) == 1 {
						name = r.Traversal.RootName()
					}
				}
				inner = withNames(scope, name)
			}
			// As config.Validate names it: blocks of a type numbered,
			// but for those of a lifecycle or dynamic block.
			st := pathStep{name: it.Type, index: -1}
			if typ != "lifecycle" && typ != "dynamic" {
				if counts == nil {
					counts = map[string]int{}
				}
				st.index = counts[it.Type]
				counts[it.Type]++
			}
			w.steps = append(w.steps, st)
			if nb := w.block(it, it.Type, inner, scope); nb != it {
				out = nb
			}
			w.steps = w.steps[:len(w.steps)-1]
		}
		if out != it && items == nil {
			items = append(make([]config.Item, 0, len(b.Body.Items)), b.Body.Items[:i]...)
		}
		if items != nil {
			items = append(items, out)
		}
	}
	if items == nil {
		return b
	}
	return &config.Block{Type: b.Type, Labels: b.Labels, DeclRange: b.DeclRange, Body: &config.Body{Items: items}}
}

func withNames(scope map[string]bool, names ...string) map[string]bool {
	out := make(map[string]bool, len(scope)+len(names))
	for k := range scope {
		out[k] = true
	}
	for _, n := range names {
		if n != "" {
			out[n] = true
		}
	}
	return out
}

// expr walks an expression, returning it rewritten (a copy of the changed
// path: expressions are shared between stacks) or itself.
func (w *xwalker) expr(x config.Expr, scope map[string]bool) config.Expr {
	switch x := x.(type) {
	case *config.Reference:
		if scope[x.Traversal.RootName()] {
			return x
		}
		if y := w.fn(x.Traversal); y != nil {
			return y
		}
	case *config.Template:
		if parts, ok := w.exprs(x.Parts, scope); ok {
			return &config.Template{Parts: parts}
		}
	case *config.Call:
		if args, ok := w.exprs(x.Args, scope); ok {
			return &config.Call{Name: x.Name, Args: args, ExpandFinal: x.ExpandFinal}
		}
	case *config.Conditional:
		c, t, f := w.expr(x.Cond, scope), w.expr(x.True, scope), w.expr(x.False, scope)
		if c != x.Cond || t != x.True || f != x.False {
			return &config.Conditional{Cond: c, True: t, False: f}
		}
	case *config.For:
		coll := w.expr(x.Collection, scope)
		inner := withNames(scope, x.KeyVar, x.ValVar)
		k, v, c := w.optExpr(x.Key, inner), w.expr(x.Value, inner), w.optExpr(x.Cond, inner)
		if coll != x.Collection || k != x.Key || v != x.Value || c != x.Cond {
			cp := *x
			cp.Collection, cp.Key, cp.Value, cp.Cond = coll, k, v, c
			return &cp
		}
	case *config.Splat:
		if !w.rewrite {
			w.splatOfForEach(x, scope)
		}
		if s := w.expr(x.Source, scope); s != x.Source {
			return &config.Splat{Source: s, Each: x.Each}
		}
	case *config.Index:
		c, k := w.expr(x.Collection, scope), w.expr(x.Key, scope)
		if c != x.Collection || k != x.Key {
			return &config.Index{Collection: c, Key: k}
		}
	case *config.GetAttr:
		if s := w.expr(x.Source, scope); s != x.Source {
			return &config.GetAttr{Source: s, Traversal: x.Traversal}
		}
	case *config.Tuple:
		if items, ok := w.exprs(x.Items, scope); ok {
			return &config.Tuple{Items: items}
		}
	case *config.Object:
		var items []config.ObjectItem
		for i, it := range x.Items {
			k, v := w.expr(it.Key, scope), w.expr(it.Value, scope)
			if (k != it.Key || v != it.Value) && items == nil {
				items = append(make([]config.ObjectItem, 0, len(x.Items)), x.Items[:i]...)
			}
			if items != nil {
				items = append(items, config.ObjectItem{Key: k, Value: v})
			}
		}
		if items != nil {
			return &config.Object{Items: items}
		}
	case *config.BinaryOp:
		l, r := w.expr(x.Left, scope), w.expr(x.Right, scope)
		if l != x.Left || r != x.Right {
			return &config.BinaryOp{Op: x.Op, Left: l, Right: r}
		}
	case *config.UnaryOp:
		if o := w.expr(x.Operand, scope); o != x.Operand {
			return &config.UnaryOp{Op: x.Op, Operand: o}
		}
	case *config.Paren:
		if in := w.expr(x.Inner, scope); in != x.Inner {
			return &config.Paren{Inner: in}
		}
	case *config.Raw:
		return w.raw(x, scope)
	}
	return x
}

func (w *xwalker) optExpr(x config.Expr, scope map[string]bool) config.Expr {
	if x == nil {
		return nil
	}
	return w.expr(x, scope)
}

// exprs walks a list, returning a rewritten copy and true when one changed.
func (w *xwalker) exprs(list []config.Expr, scope map[string]bool) ([]config.Expr, bool) {
	var out []config.Expr
	for i, x := range list {
		y := w.expr(x, scope)
		if y != x && out == nil {
			out = append(make([]config.Expr, 0, len(list)), list[:i]...)
		}
		if out != nil {
			out = append(out, y)
		}
	}
	return out, out != nil
}

// raw rewrites the references in raw HCL text (such as a %{for} template)
// by replacing their text, which the syntax tree locates.
func (w *xwalker) raw(x *config.Raw, scope map[string]bool) config.Expr {
	if x.Syntax == nil {
		return x
	}
	base := x.Syntax.Range().Start.Byte
	text := x.Text
	type splice struct {
		lo, hi int
		with   string
	}
	var splices []splice
	for _, t := range hclsyntax.Variables(x.Syntax) {
		if scope[t.RootName()] {
			continue
		}
		y := w.fn(config.StripRanges(t))
		if y == nil {
			continue
		}
		r := t.SourceRange()
		lo, hi := r.Start.Byte-base, r.End.Byte-base
		if lo < 0 || hi > len(text) || lo > hi || !strings.HasPrefix(text[lo:hi], t.RootName()) {
			continue
		}
		splices = append(splices, splice{lo, hi, string(render.InlineExpr(y))})
	}
	if len(splices) == 0 {
		return x
	}
	sort.Slice(splices, func(i, j int) bool { return splices[i].lo > splices[j].lo })
	for _, s := range splices {
		text = text[:s.lo] + s.with + text[s.hi:]
	}
	y, ds := config.ParseExpression(text, "<cross-stack reference>", hcl.InitialPos)
	if ds.HasErrors() {
		return x
	}
	return y
}

// nameExports names the outputs added to producer s: cross_stack_output_
// and the referenced expression's text with the characters that cannot be
// in a name replaced by '_' (random_pet.a.id becomes
// cross_stack_output_random_pet_a_id, random_id.x[0].hex
// cross_stack_output_random_id_x_0_hex). When two expressions give the same
// name, or a declared output has it, each of them gets the first eight hex
// digits of its text's SHA-256 appended, so names do not depend on the
// order references are made in.
func nameExports(s *Stack, cs *crossStack, decl map[string]*config.Block, providers []*schema.Provider) {
	taken := map[string]bool{}
	for _, b := range s.Config.Blocks {
		if b.Type == "output" && len(b.Labels) == 1 {
			taken[b.Labels[0]] = true
		}
	}
	count := map[string]int{}
	for _, e := range cs.byKey {
		e.name = crossOutputPrefix + nameText(e.key)
		count[e.name]++
	}
	for _, e := range cs.byKey {
		if count[e.name] > 1 || taken[e.name] {
			e.name += "_" + shortHash(e.key)
		}
		e.sensitive = sensitiveExport(e.traversal, decl, providers)
		cs.exports = append(cs.exports, e)
	}
	sort.Slice(cs.exports, func(i, j int) bool { return cs.exports[i].name < cs.exports[j].name })
}

// nameText turns expression text into name characters: a run of
// characters that cannot be in a name becomes one '_'.
func nameText(s string) string {
	var b strings.Builder
	gap := false
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_', r == '-':
			if gap && b.Len() > 0 {
				b.WriteByte('_')
			}
			gap = false
			b.WriteRune(r)
		default:
			gap = true
		}
	}
	return b.String()
}

func shortHash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:4])
}

// nameRemotes names the data sources of consumer s after the stacks they
// read (the stack's name, with characters that cannot be in a name
// replaced by '_'), adding a hash of the stack's name when that is taken.
func nameRemotes(s *Stack, cs *crossStack, all []*Stack) {
	taken := map[string]bool{}
	for _, b := range s.Config.Blocks {
		if b.Type == "data" && len(b.Labels) == 2 && b.Labels[0] == remoteStateType {
			taken[b.Labels[1]] = true
		}
	}
	// Producers in app order, so that the data sources are too.
	var ordered []*Stack
	for _, p := range all {
		if _, ok := cs.deps[p]; ok {
			ordered = append(ordered, p)
		}
	}
	cs.producers = ordered
	count := map[string]int{}
	for _, p := range ordered {
		count[remoteName(p.Name)]++
	}
	for _, p := range ordered {
		n := remoteName(p.Name)
		if count[n] > 1 || taken[n] {
			n += "_" + shortHash(p.Name)
		}
		cs.remote[p] = n
	}
}

// remoteName is a stack name as a block label: stack names may contain
// dots and start with a digit, names may not.
func remoteName(stack string) string {
	n := strings.ReplaceAll(stack, ".", "_")
	if n == "" || (n[0] >= '0' && n[0] <= '9') || n[0] == '-' {
		n = "stack_" + n
	}
	return n
}

// sensitiveExport reports whether the value of t is known to be
// sensitive, so that consumers mark it so: t reads a sensitive variable,
// or, when provider schemas are known, a sensitive attribute (or a whole
// object with one).
func sensitiveExport(t hcl.Traversal, decl map[string]*config.Block, providers []*schema.Provider) bool {
	b := decl[RootAddress(t)]
	if b == nil {
		return false
	}
	switch b.Type {
	case "variable":
		return literalTrue(b, "sensitive")
	case "resource", "data":
	default:
		return false
	}
	if len(providers) == 0 || len(b.Labels) != 2 {
		return false
	}
	var res *schema.Resource
	for _, p := range providers {
		if b.Type == "resource" {
			res = p.Resource(b.Labels[0])
		} else {
			res = p.DataSource(b.Labels[0])
		}
		if res != nil {
			break
		}
	}
	if res == nil || res.Block == nil {
		return false
	}
	rest := t[2:]
	if b.Type == "data" {
		rest = t[3:]
	}
	if len(rest) > 0 {
		if _, ok := rest[0].(hcl.TraverseIndex); ok {
			rest = rest[1:]
		}
	}
	if len(rest) == 0 {
		return anySensitive(res.Block)
	}
	step, ok := rest[0].(hcl.TraverseAttr)
	if !ok {
		return anySensitive(res.Block)
	}
	if a := res.Block.Attribute(step.Name); a != nil {
		return a.Sensitive || (a.NestedType != nil && anySensitiveAttr(a.NestedType.Attributes))
	}
	if nb := res.Block.NestedBlock(step.Name); nb != nil && nb.Block != nil {
		return anySensitive(nb.Block)
	}
	return false
}

// literalTrue reports whether block b sets argument name to the literal
// true (a variable's sensitive or ephemeral).
func literalTrue(b *config.Block, name string) bool {
	if a := b.Body.Attribute(name); a != nil {
		if l, ok := a.Expr.(*config.Literal); ok && l.Val.Type() == cty.Bool && l.Val.IsKnown() && !l.Val.IsNull() {
			return l.Val.True()
		}
	}
	return false
}

func anySensitive(b *schema.Block) bool {
	if anySensitiveAttr(b.Attributes) {
		return true
	}
	for _, nb := range b.Blocks {
		if nb.Block != nil && anySensitive(nb.Block) {
			return true
		}
	}
	return false
}

// crossBlocks returns the blocks to write for s: its declared blocks with
// cross-stack references rewritten, the terraform_remote_state data sources
// it needs after its terraform block (first otherwise), and the outputs
// other stacks read last, sorted by name.
func (s *Stack) crossBlocks(p *Plan) ([]*config.Block, diag.Diagnostics) {
	cs := p.of(s)
	if cs == nil || (len(cs.producers) == 0 && len(cs.exports) == 0 && !cs.refused) {
		return terraformFirst(s.Config.Blocks), nil
	}
	if cs.written == nil {
		cs.written, cs.writtenDiags = s.writeCross(cs)
	}
	return append([]*config.Block(nil), cs.written...), cs.writtenDiags
}

func (s *Stack) writeCross(cs *crossStack) ([]*config.Block, diag.Diagnostics) {
	blocks := cs.blocks
	if blocks == nil {
		blocks = s.Config.Blocks
	}
	blocks = terraformFirst(blocks)
	var ds diag.Diagnostics
	var remotes []*config.Block
	for _, prod := range cs.producers {
		b, d := remoteState(prod, cs.remote[prod], cs.deps[prod].site, cs.deps[prod].at)
		ds = append(ds, d...)
		remotes = append(remotes, b)
	}
	at := 0
	for i, b := range blocks {
		if b.Type == "terraform" {
			at = i + 1
		}
	}
	out := make([]*config.Block, 0, len(blocks)+len(remotes)+len(cs.exports))
	out = append(append(append(out, blocks[:at]...), remotes...), blocks[at:]...)
	for _, e := range cs.exports {
		b := config.NewBlock("output", e.name)
		b.DeclRange = e.site
		b.Body.Set("value", &config.Reference{Traversal: e.traversal}).Range = e.site
		// Always sensitive: the engine refuses an output holding a
		// sensitive value that is not, and tfkit cannot always tell (a
		// local, a module output, a whole resource). Consumers read the
		// value unmarked, and re-mark what is known to be sensitive.
		b.Body.Set("sensitive", config.Bool(true)).Range = e.site
		out = append(out, b)
	}
	return out, ds
}

// remoteState builds the data source that reads the state of stack prod:
// with the backend prod's terraform block declares, else the local state
// file in prod's working directory. The CLI keeps the working directories
// of an output directory's stacks side by side (.tfkit/<out>/stacks/<name>),
// and runs the engine in them, so that path is
// ${path.module}/../<name>/terraform.tfstate. site is the reading element,
// at the argument holding the first read, where a state that cannot be
// read is reported.
func remoteState(prod *Stack, name string, site, at hcl.Range) (*config.Block, diag.Diagnostics) {
	b := config.NewBlock("data", remoteStateType, name)
	b.DeclRange = site
	backend, cfg, ds := stateLocation(prod, at)
	b.Body.Set("backend", config.String(backend)).Range = site
	b.Body.Set("config", cfg).Range = site
	return b, ds
}

// stateLocation returns the backend type and configuration that read the
// state of stack prod.
func stateLocation(prod *Stack, site hcl.Range) (string, config.Expr, diag.Diagnostics) {
	localPath := func(p string) config.Expr {
		x, _ := config.ParseTemplate("${path.module}/"+path.Join("..", prod.Name, p), "<state path>", hcl.InitialPos)
		return &config.Object{Items: []config.ObjectItem{{Key: config.String("path"), Value: x}}}
	}
	for _, tf := range prod.Config.Blocks {
		if tf.Type != "terraform" {
			continue
		}
		for _, it := range tf.Body.Items {
			nb, ok := it.(*config.Block)
			if !ok {
				continue
			}
			switch {
			case nb.Type == "cloud":
				return "local", localPath("terraform.tfstate"), diag.Diagnostics{{
					Severity: diag.Error, Summary: "Cross-stack reference to a stack in HCP Terraform",
					Detail: fmt.Sprintf("Stack %q keeps its state in HCP Terraform (a cloud block), which tfkit does not read other stacks' outputs from.",
						prod.Name),
					Subject: &site, Related: []diag.Related{{Message: "cloud block", Range: nb.DeclRange}},
					Suggestion: "read its outputs with tfkit.NewRemoteState and the remote backend, and declare stack.DependsOn(other)",
				}}
			case nb.Type == "backend" && len(nb.Labels) == 1:
				if nb.Labels[0] == "local" {
					p := "terraform.tfstate"
					if a := nb.Body.Attribute("path"); a != nil {
						if s, ok := config.LiteralString(a.Expr); ok {
							if path.IsAbs(s) {
								return "local", &config.Object{Items: []config.ObjectItem{{Key: config.String("path"), Value: config.String(s)}}}, nil
							}
							p = s
						}
					}
					return "local", localPath(p), nil
				}
				return nb.Labels[0], bodyObject(nb.Body), nil
			}
		}
	}
	return "local", localPath("terraform.tfstate"), nil
}

// bodyObject turns a backend body into the object terraform_remote_state's
// config takes: attributes as they are, nested blocks as objects (a list of
// them when repeated).
func bodyObject(b *config.Body) *config.Object {
	obj := &config.Object{}
	blocks := map[string][]config.Expr{}
	var order []string
	for _, it := range b.Items {
		switch it := it.(type) {
		case *config.Attribute:
			obj.Items = append(obj.Items, config.ObjectItem{Key: config.String(it.Name), Value: it.Expr})
		case *config.Block:
			if _, ok := blocks[it.Type]; !ok {
				order = append(order, it.Type)
			}
			blocks[it.Type] = append(blocks[it.Type], bodyObject(it.Body))
		}
	}
	for _, typ := range order {
		var v config.Expr = blocks[typ][0]
		if len(blocks[typ]) > 1 {
			v = &config.Tuple{Items: blocks[typ]}
		}
		obj.Items = append(obj.Items, config.ObjectItem{Key: config.String(typ), Value: v})
	}
	return obj
}

func anySensitiveAttr(attrs []*schema.Attribute) bool {
	for _, a := range attrs {
		if a.Sensitive || (a.NestedType != nil && anySensitiveAttr(a.NestedType.Attributes)) {
			return true
		}
	}
	return false
}

// terraformFirst returns a copy of blocks with the terraform block first,
// the others in their order: a composite may declare it anywhere, and
// readers of a configuration look for the settings at its top.
func terraformFirst(blocks []*config.Block) []*config.Block {
	out := make([]*config.Block, 0, len(blocks))
	for _, b := range blocks {
		if b.Type == "terraform" {
			out = append(out, b)
		}
	}
	if len(out) == 0 {
		return append(out, blocks...)
	}
	for _, b := range blocks {
		if b.Type != "terraform" {
			out = append(out, b)
		}
	}
	return out
}
