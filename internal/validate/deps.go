package validate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/tffile"
)

// unit is what the engine checks as one node of its graph: a top-level
// block, or one local value. name is how references name it (aws_vpc.main,
// local.tags, var.region, provider.aws.west; "" for blocks nothing refers
// to), deps are the names it refers to, and body, refs and fns its
// diagnostics: of the body against the schema, of references, of function
// calls.
type unit struct {
	name            string
	deps            []string
	body, refs, fns diag.Diagnostics
	// failed is set for a module call whose child module has an error:
	// the engine checks nothing that refers to it.
	failed bool
}

func (u *unit) hasErrors() bool {
	return u.failed || u.body.HasErrors() || u.refs.HasErrors() || u.fns.HasErrors()
}

// declarations are what a configuration declares, for references.
type declarations struct {
	// resources are the resources, data sources (those scoped in check
	// blocks too) and ephemeral resources by address (aws_vpc.main,
	// data.aws_ami.ubuntu).
	resources map[string]*config.Block
	// variables, locals and calls are the names of input variables,
	// local values and module calls, sorted.
	variables, locals, calls []string
	// modules are the module calls by name.
	modules map[string]*config.Block
}

func declare(cfg *config.Config) *declarations {
	d := &declarations{resources: map[string]*config.Block{}}
	var index func(bs []*config.Block)
	index = func(bs []*config.Block) {
		for _, b := range bs {
			if k, ok := config.KindOf(b.Type); ok && k.ProviderSchema && k.Refer == config.ByAddress && len(b.Labels) == 2 {
				d.resources[b.Address()] = b
			}
			index(scoped(b))
		}
	}
	index(cfg.Blocks)
	for _, b := range cfg.Blocks {
		switch {
		case b.Type == "variable" && len(b.Labels) == 1:
			d.variables = append(d.variables, b.Labels[0])
		case b.Type == "module" && len(b.Labels) == 1:
			d.calls = append(d.calls, b.Labels[0])
			if d.modules == nil {
				d.modules = map[string]*config.Block{}
			}
			d.modules[b.Labels[0]] = b
		case b.Type == "locals":
			for _, a := range b.Body.Attributes() {
				d.locals = append(d.locals, a.Name)
			}
		}
	}
	slices.Sort(d.variables)
	slices.Sort(d.locals)
	slices.Sort(d.calls)
	return d
}

// nodeName is how references name top-level block b: its address, for a
// provider configuration provider.NAME or provider.NAME.ALIAS; "" for
// blocks nothing refers to.
func nodeName(b *config.Block) string {
	switch b.Type {
	case "resource", "data", "ephemeral", "module", "variable", "output", "check":
		return b.Address()
	case "provider":
		if len(b.Labels) != 1 {
			return ""
		}
		if alias, ok := b.Body.StringAttr("alias"); ok {
			return "provider." + b.Labels[0] + "." + alias
		}
		return "provider." + b.Labels[0]
	}
	return ""
}

// dependencies records in u what body, of the top-level block b, refers
// to, and reports the references to what the configuration does not
// declare in the engines' words, at the reference. Only the expressions
// the engine reads as references are looked at: not a module's source,
// a variable's type, an ignore_changes list, a provisioner's when, nor
// the addresses of moved, removed and import blocks.
func (c *checker) dependencies(b *config.Block, body *config.Body, u *unit) {
	switch b.Type {
	case "resource", "data", "ephemeral":
		if body.Attribute("provider") == nil && len(b.Labels) == 2 {
			u.deps = append(u.deps, "provider."+tffile.ImpliedProvider(b.Labels[0]))
		}
		c.walkDeps(body, b.Type, b.Address(), b.DeclRange, nil, true, u)
	case "module", "output", "locals", "variable", "provider", "check":
		c.walkDeps(body, b.Type, b.Address(), b.DeclRange, nil, true, u)
	}
}

// walkDeps walks the attributes and nested blocks of body, of a block of
// kind kind (top is set for the top-level block's own body), with the
// iterators of the dynamic blocks around it.
func (c *checker) walkDeps(body *config.Body, kind, path string, rng hcl.Range, iterators []string, top bool, u *unit) {
	for _, it := range body.Items {
		switch it := it.(type) {
		case *config.Attribute:
			if top {
				switch {
				case it.Name == "provider" && (kind == "resource" || kind == "data" || kind == "ephemeral"):
					if trs, ok := config.StaticReferences(it.Expr); ok && len(trs) == 1 {
						u.deps = append(u.deps, "provider."+config.TraversalString(trs[0]))
					}
					continue
				case kind == "module" && (it.Name == "source" || it.Name == "version" || it.Name == "providers"),
					kind == "variable" && it.Name == "type",
					kind == "provider" && it.Name == "alias",
					kind == "lifecycle" && it.Name == "ignore_changes",
					kind == "provisioner" && (it.Name == "when" || it.Name == "on_failure"):
					continue
				}
			}
			c.refsOf(it, path+"."+it.Name, where(it.Range, rng), iterators, u)
		case *config.Block:
			nrng := where(it.DeclRange, rng)
			npath := path + "." + it.Type
			switch {
			case it.Type == "dynamic" && len(it.Labels) == 1:
				inner := append(slices.Clip(iterators), it.Labels[0])
				if a := it.Body.Attribute("iterator"); a != nil {
					if trs, ok := config.StaticReferences(a.Expr); ok && len(trs) == 1 && len(trs[0]) == 1 {
						inner[len(inner)-1] = trs[0].RootName()
					} else if s, ok := config.LiteralString(a.Expr); ok {
						inner[len(inner)-1] = s
					}
				}
				for _, a := range it.Body.Attributes() {
					switch a.Name {
					case "for_each":
						c.refsOf(a, npath+".for_each", where(a.Range, nrng), iterators, u)
					case "labels":
						c.refsOf(a, npath+".labels", where(a.Range, nrng), inner, u)
					}
				}
				for _, cb := range it.Body.Blocks("content") {
					c.walkDeps(cb.Body, kind, npath+".content", where(cb.DeclRange, nrng), inner, false, u)
				}
			case top && kind == "check" && it.Type == "data":
				c.walkDeps(it.Body, "data", npath, nrng, iterators, true, u)
			case top && (kind == "resource" || kind == "data" || kind == "ephemeral") && (it.Type == "lifecycle" || it.Type == "provisioner"):
				c.walkDeps(it.Body, it.Type, npath, nrng, iterators, true, u)
			default:
				c.walkDeps(it.Body, kind, npath, nrng, iterators, false, u)
			}
		}
	}
}

// refsOf records the references of attribute a, and reports those to
// what the configuration does not declare.
func (c *checker) refsOf(a *config.Attribute, path string, rng hcl.Range, iterators []string, u *unit) {
	var seen map[string]int // occurrences of each undeclared reference so far
	for _, tr := range config.Variables(a.Expr) {
		root := tr.RootName()
		if slices.Contains(iterators, root) {
			continue
		}
		step := func(i int) (string, bool) {
			if len(tr) <= i {
				return "", false
			}
			s, ok := tr[i].(hcl.TraverseAttr)
			return s.Name, ok
		}
		var node, name string
		var declared bool
		var candidates []string
		switch root {
		case "count", "each", "self", "path", "terraform", "tofu":
			continue
		case "var", "local", "module":
			n, ok := step(1)
			if !ok {
				continue
			}
			node, name = root+"."+n, n
			list := map[string][]string{"var": c.declared.variables, "local": c.declared.locals, "module": c.declared.calls}[root]
			_, declared = slices.BinarySearch(list, n)
			if root != "module" {
				candidates = list
			}
		case "data", "ephemeral":
			typ, ok1 := step(1)
			n, ok2 := step(2)
			if !ok1 || !ok2 {
				continue
			}
			node = root + "." + typ + "." + n
			name = node
			declared = c.declared.resources[node] != nil
		default:
			n, ok := step(1)
			if !ok {
				continue
			}
			node = root + "." + n
			name = node
			declared = c.declared.resources[node] != nil
		}
		u.deps = append(u.deps, node)
		if declared && (root != "module" || c.children[name] == nil) {
			continue
		}
		// Every reference with the same key is of the same root and
		// declared or not: counting these alone counts each key's.
		key := config.TraversalString(tr)
		if seen == nil {
			seen = map[string]int{}
		}
		n := seen[key]
		seen[key]++
		if declared {
			c.moduleOutput(tr, name, a.Source, key, n, path, rng)
			continue
		}
		hint := diag.DidYouMean(name, candidates)
		summary, detail := config.UndeclaredWords(c.module, root, name, hint != "")
		switch root {
		case "module", "var", "local", "data", "ephemeral":
			if root == "data" && c.declared.resources[strings.TrimPrefix(node, "data.")] != nil {
				// The engine has no word for it: the hint is tfkit's.
				hint = "did you mean the managed resource " + strings.TrimPrefix(node, "data.") + "?"
			}
		default:
			if c.declared.resources["data."+node] != nil {
				// The engine's hint for a data source named without data.
				detail += "\n\nDid you mean the data resource data." + node + "?"
			}
		}
		r := occurrence(a.Source, key, n, rng)
		d := &diag.Diagnostic{Severity: diag.Error, Summary: summary, Detail: detail, Subject: &r, Path: path, Suggestion: hint}
		if root == "var" || root == "local" {
			c.late = append(c.late, d) // see expressions
		} else {
			c.diags = append(c.diags, d)
		}
	}
}

// occurrence is where the n-th reference written as key (var.region,
// aws_vpc.main.id) is in src, as the engines place a reference to
// something not declared; else fallback.
func occurrence(src hcl.Expression, key string, n int, fallback hcl.Range) hcl.Range {
	if v := occurrenceOf(src, key, n); v != nil {
		return where(v.SourceRange(), fallback)
	}
	return fallback
}

// occurrenceOf is the n-th reference written as key in src, with its
// places; nil when src is nil or has none.
func occurrenceOf(src hcl.Expression, key string, n int) hcl.Traversal {
	if src == nil {
		return nil
	}
	for _, v := range src.Variables() {
		if config.TraversalString(config.StripRanges(v)) != key {
			continue
		}
		if n == 0 {
			return v
		}
		n--
	}
	return nil
}

// moduleOutput reports the n-th reference tr (written as key) to an
// output of the module call named call that its child module does not
// declare (module.net.vpc_idd), as the engine does: at the output's name.
// Only calls whose child module was read (Children: local sources) are
// checked; the output is the attribute after the call's name, or after
// its one index when the call has count or for_each.
func (c *checker) moduleOutput(tr hcl.Traversal, call string, src hcl.Expression, key string, n int, path string, rng hcl.Range) {
	child := c.children[call]
	if child == nil || child.Diagnostics.HasErrors() {
		return
	}
	outputs := child.Outputs
	i := 2
	if b := c.declared.modules[call]; b != nil && (b.Body.Attribute("count") != nil || b.Body.Attribute("for_each") != nil) {
		// module.web[0].ip; module.web.ip is another mistake, which the
		// engine words in its own way.
		if len(tr) <= i {
			return
		}
		if _, ok := tr[i].(hcl.TraverseIndex); !ok {
			return
		}
		i++
	}
	if len(tr) <= i {
		return
	}
	attr, ok := tr[i].(hcl.TraverseAttr)
	if !ok {
		return
	}
	if _, found := slices.BinarySearch(outputs, attr.Name); found {
		return
	}
	r := rng
	if v := occurrenceOf(src, key, n); len(v) > i {
		r = where(v[i].SourceRange(), rng)
	}
	c.diags = append(c.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Unsupported attribute",
		Detail:  fmt.Sprintf("This object does not have an attribute named %q.", attr.Name),
		Subject: &r, Path: path, Suggestion: diag.DidYouMean(attr.Name, outputs)})
}

// withoutDependents returns the diagnostics of units in order, but for
// those of a unit that depends, through its references, on one with an
// error: the engine does not check such a unit, so it reports nothing of
// it.
func withoutDependents(units []unit) diag.Diagnostics {
	byName := map[string][]int{}
	for i, u := range units {
		if u.name != "" {
			byName[u.name] = append(byName[u.name], i)
		}
	}
	const (
		unknown = iota
		visiting
		good
		failed
	)
	state := map[string]int{}
	// fails reports whether the unit named name has an error or is left
	// out: what depends on it is left out.
	var fails func(name string) bool
	skipped := func(u *unit) bool {
		for _, d := range u.deps {
			if d != u.name && fails(d) {
				return true
			}
		}
		return false
	}
	fails = func(name string) bool {
		switch state[name] {
		case visiting, good:
			return false // a cycle is config.Validate's to report
		case failed:
			return true
		}
		is, ok := byName[name]
		if !ok {
			return false
		}
		state[name] = visiting
		bad := false
		for _, i := range is {
			if units[i].hasErrors() || skipped(&units[i]) {
				bad = true
				break
			}
		}
		state[name] = good
		if bad {
			state[name] = failed
		}
		return bad
	}
	var out diag.Diagnostics
	for i := range units {
		u := &units[i]
		if skipped(u) {
			continue
		}
		out = append(append(append(out, u.body...), u.refs...), u.fns...)
	}
	return out
}
