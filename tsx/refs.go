// Refs: a ref read in an attribute becomes a reference to the address of
// the element it is bound to. Bindings are known only after the whole tree
// is rendered, so refs are resolved here, in Go, where the order of
// elements (a ref's element must come first) can be checked and both
// places named.

package tsx

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
)

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

// refName describes a ref for messages: ref "vpcRef" (useRef() at
// main.tsx:4:15).
func (c *converter) refName(id int) string {
	s := c.refSite(id)
	if s == nil {
		return "a ref"
	}
	at := diag.FormatRange(*s)
	if name := c.refVar(id); name != "" {
		return fmt.Sprintf("ref %q (useRef() at %s)", name, at)
	}
	return fmt.Sprintf("the ref made by useRef() at %s", at)
}

// refVar is the name of the variable useRef() was assigned to for ref id,
// or "" when it cannot be read from the source.
func (c *converter) refVar(id int) string {
	s := c.refSite(id)
	if s == nil {
		return ""
	}
	if line, ok := c.src.line(s.Filename, s.Start.Line); ok {
		return assignedName(line, s.Start.Column)
	}
	return ""
}

// refWritten is where ref={NAME} is written after useRef() made ref id in
// its file, NAME being the variable it was assigned to: the place of an
// element that would have bound it.
func (c *converter) refWritten(id int) (hcl.Range, bool) {
	s, name := c.refSite(id), c.refVar(id)
	if s == nil || name == "" {
		return hcl.Range{}, false
	}
	return c.findText(*s, "ref={"+name+"}")
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
		if w, written := c.refWritten(id); written {
			c.errorAt(at, path, "Unbound ref",
				fmt.Sprintf("%s is read in %s but never bound: the element written with it was not rendered (a condition or an empty list left it out), or it is a component of your own, which got the ref as props.ref and bound it to nothing.", c.refName(id), path),
				"read the ref only where its element is rendered too (under the same condition); a component of your own binds the ref it is given: ref={props.ref}",
				related(diag.Related{Message: "ref={...} written here", Range: w})...)
			return nil
		}
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
	// How the element is referred to is the language table's.
	switch k := target.spec.kind; k.Refer {
	case config.ByAddress:
		names, _ := k.ReferenceNames(nil, target.labels)
		t = config.Ref(names[0], names[1:]...).Traversal
		if len(steps) > 0 && target.spec.block != "module" {
			c.reactCurrent(id, target, steps[0], at, path)
		}
	case config.ByConfiguration:
		t = hcl.Traversal{hcl.TraverseRoot{Name: target.labels[0]}}
		aliased := target.alias != ""
		if aliased {
			t = append(t, hcl.TraverseAttr{Name: target.alias})
		}
		if len(steps) == 1 && aliased && target.setsForEach() {
			// One instance of a provider with for_each (OpenTofu 1.9):
			// west["a"], or west[`${tf.var("region")}`] for the instance
			// an expression chooses.
			return c.providerInstance(n, t, steps[0], at, path)
		}
		if len(steps) > 0 {
			c.errorAt(at, path, "Provider refs have no attributes",
				fmt.Sprintf("%s stands for the provider configuration %s, which has no attributes to read.", c.refName(id), target.addr),
				"pass the ref itself: provider={ref}; for an instance of a provider with for_each and an alias, index it once: ref[\"key\"]", related()...)
			return nil
		}
		return &config.Reference{Traversal: t}
	case config.ByArgument:
		if len(steps) == 0 {
			c.errorAt(at, path, "Locals ref without a name",
				fmt.Sprintf("%s stands for a locals block; read one of its values, such as ref.tags.", c.refName(id)), "", related()...)
			return nil
		}
		name, _ := str(steps[0])
		t = hcl.Traversal{hcl.TraverseRoot{Name: k.Root}, hcl.TraverseAttr{Name: name}}
		steps = steps[1:]
	default:
		c.errorAt(at, path, fmt.Sprintf("%s cannot be referenced", target.addr),
			fmt.Sprintf("%s is bound to <%s>, which Terraform expressions cannot refer to.", c.refName(id), target.kind),
			"bind refs to resources, data sources, ephemeral resources, modules, providers, variables or locals", related()...)
		return nil
	}
	// The instances of an element with for_each are keyed by strings:
	// ref["a"] (or ref.a, which JavaScript cannot tell apart) is
	// type.name["a"], never the attribute type.name.a, which depends_on and
	// replace_triggered_by would not take for an instance.
	forEach := target.spec.kind.Refer == config.ByAddress && len(steps) > 0 && target.setsForEach()
	return c.refSteps(n, t, steps, forEach, at, path)
}

// reactCurrent warns about ref.current (ref.current.id) read from a ref to
// a resource, data source or ephemeral resource, as a React ref is read: a
// ref is its element, and current an attribute of it, which none of the
// provider schemas tfkit is tested with has.
func (c *converter) reactCurrent(id int, target *node, first Value, at hcl.Range, path string) {
	if s, _ := str(first); s != "current" || at.Filename != "" && !c.firstAt(at, "current") {
		return
	}
	name := c.refVar(id)
	if name == "" {
		name = "ref"
	}
	d := c.errorAt(at, path, "ref.current read",
		fmt.Sprintf("%s is read as %s.current: a ref stands for its element itself, not for a box holding it as in React, so this reads the attribute current of %s.", c.refName(id), name, target.addr),
		fmt.Sprintf("leave out .current: %s.id reads the attribute id; if the type has an attribute named current, this warning does not apply", name))
	d.Severity = diag.Warning
}

// refSteps appends the steps read from a ref to the traversal t of its
// element. keyed makes the first step an instance key; a step holding an
// expression (ref[`${tf.raw("each.key")}`]) indexes with that expression;
// ref["*"] is a splat (ref["*"].id is type.name[*].id), since no
// attribute or list index is named "*"; a "*" after it is a splat inside
// the splat (type.name[*].ingress[*].cidr_blocks).
func (c *converter) refSteps(n *node, t hcl.Traversal, steps []Value, keyed bool, at hcl.Range, path string) config.Expr {
	var x config.Expr // the expression so far, once a step needs one
	var rel hcl.Traversal
	current := func() config.Expr {
		switch {
		case x == nil:
			return &config.Reference{Traversal: t}
		case len(rel) > 0:
			return &config.GetAttr{Source: x, Traversal: rel}
		}
		return x
	}
	for i, st := range steps {
		k, isStr := str(st)
		switch {
		case isStr && strings.Contains(k, phOpen):
			key := c.template(n, k, at, path)
			if tpl, ok := key.(*config.Template); ok && len(tpl.Parts) == 1 {
				key = tpl.Parts[0]
			}
			if key == nil {
				return nil
			}
			x, rel = &config.Index{Collection: current(), Key: key}, nil
		case i == 0 && keyed && isStr:
			t = append(t, hcl.TraverseIndex{Key: cty.StringVal(k)})
		case isStr && k == "*":
			// What follows applies to each element, a further "*" too:
			// ref["*"].ingress["*"].cidr_blocks is
			// type.name[*].ingress[*].cidr_blocks, as Terraform writes it.
			sp := &config.Splat{Source: current()}
			for _, rest := range steps[i+1:] {
				r, ok := str(rest)
				switch {
				case ok && r == "*":
					sp.Each = append(sp.Each, hcl.TraverseSplat{})
				case ok && strings.Contains(r, phOpen):
					c.errorAt(at, path, "Unsupported ref path",
						"After a splat (ref[\"*\"]), a ref reads attributes, numbered elements and further splats only: an expression index cannot follow it.", `write the expression with tf.raw, such as tf.raw("aws_instance.web[*].tags[var.key]")`)
					return nil
				default:
					sp.Each = appendStep(sp.Each, rest)
				}
			}
			return sp
		case x == nil:
			t = appendStep(t, st)
		default:
			rel = appendStep(rel, st)
		}
	}
	return current()
}

// providerInstance is the instance of the provider configuration t (with
// for_each) that key selects: a literal key, or an expression standing
// alone in a template literal.
func (c *converter) providerInstance(n *node, t hcl.Traversal, key Value, at hcl.Range, path string) config.Expr {
	k, ok := str(key)
	if !ok {
		if i, isInt := intOf(key); isInt {
			k = strconv.Itoa(i)
		}
	}
	if !strings.Contains(k, phOpen) {
		return &config.Reference{Traversal: append(t, hcl.TraverseIndex{Key: cty.StringVal(k)})}
	}
	x := c.template(n, k, at, path)
	if tpl, ok := x.(*config.Template); ok && len(tpl.Parts) == 1 {
		x = tpl.Parts[0]
	}
	if x == nil {
		return nil
	}
	return &config.Index{Collection: &config.Reference{Traversal: t}, Key: x}
}
