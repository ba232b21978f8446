// Static reference lists: depends_on and lifecycle's replace_triggered_by
// hold references that Terraform reads without evaluating them, by rules
// of their own that config.Validate leaves to Terraform. A ref read for an
// attribute (depends_on={[vpc.id]}) renders as a perfectly good reference,
// so the mistake would surface only in terraform validate; here it is
// reported at the prop, naming the ref.

package tsx

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfkit/tfkit/config"
)

// staticList names the rule an attribute follows, or "" for an ordinary
// attribute: the static lists of references of the language
// (config.RefList), depends_on of a top-level block, replace_triggered_by
// of a lifecycle block. types lists the enclosing blocks, top level first.
func staticList(types []string, name string) string {
	if config.ArgRead(types, name) == config.RefList {
		return name
	}
	return ""
}

// staticListItems converts an array given to depends_on or
// replace_triggered_by item by item, so that a wrong entry is reported
// with what it was written as (a ref, a string, a tf helper).
func (c *converter) staticListItems(n *node, rule, name string, v Value, at hcl.Range, path string) []config.Item {
	tuple := &config.Tuple{}
	for i, el := range elements(v) {
		p := indexPath(path, i)
		e := c.value(n, el, at, p)
		if e == nil {
			continue
		}
		if trs, ok := config.StaticReferences(e); ok && len(trs) == 1 {
			if problem := checkListRef(rule, trs[0]); problem != nil {
				c.reportStaticRef(rule, problem, c.describeEntry(el, trs[0]), c.entryHint(rule, problem, el, trs[0]), at, p)
				continue
			}
		}
		tuple.Items = append(tuple.Items, e)
	}
	return []config.Item{&config.Attribute{Name: name, Expr: tuple, Range: at}}
}

// checkStaticText checks depends_on and replace_triggered_by written in
// innerText, where the entries are HCL references.
func (c *converter) checkStaticText(n *node, items []config.Item) {
	var walk func(items []config.Item, types []string, path string)
	walk = func(items []config.Item, types []string, path string) {
		for _, it := range items {
			switch it := it.(type) {
			case *config.Attribute:
				rule := staticList(types, it.Name)
				if rule == "" {
					continue
				}
				trs, ok := config.StaticReferences(it.Expr)
				if !ok {
					continue
				}
				for i, tr := range trs {
					if problem := checkListRef(rule, tr); problem != nil {
						hint := fmt.Sprintf("write %s", config.TraversalString(problem.whole))
						if problem.whole == nil {
							hint = replaceHint
						}
						c.reportStaticRef(rule, problem, config.TraversalString(tr)+" is", hint, it.Range, indexPath(path+"."+it.Name, i))
					}
				}
			case *config.Block:
				if len(types) == 1 && it.Type == "lifecycle" {
					walk(it.Body.Items, append(types[:1:1], "lifecycle"), path+".lifecycle")
				}
			}
		}
	}
	walk(items, []string{n.spec.block}, n.addr)
}

// staticRefProblem is what is wrong with one reference of a static list.
type listProblem struct {
	// whole is the object an attribute reference of depends_on reads
	// from: what it should have named. Nil for replace_triggered_by.
	whole hcl.Traversal
	// kind names what replace_triggered_by cannot hold: "an input
	// variable", "a local value", "a module".
	kind string
}

// staticRefProblem checks one reference against Terraform's rules, and
// returns nil when it is fine or when config.Validate (or Terraform) has
// a better message for it:
//
//   - depends_on names whole objects: a resource or data source (perhaps
//     one instance of it), a module or one of its outputs, a variable or a
//     local value; not an attribute of one (aws_vpc.main.id);
//   - replace_triggered_by names managed resources, their instances or
//     attributes; not variables, local values or modules.
func checkListRef(rule string, tr hcl.Traversal) *listProblem {
	root := tr.RootName()
	if rule == "replace_triggered_by" {
		switch root {
		case "var":
			return &listProblem{kind: "an input variable"}
		case "local":
			return &listProblem{kind: "a local value"}
		case "module":
			return &listProblem{kind: "a module"}
		}
		return nil
	}
	// The number of name steps of the whole object: resource type.name,
	// data.type.name, module.name (then an output), var.name, local.name.
	// Roots of no block (count, each, self, path, terraform) name no
	// object.
	names := config.ReferenceLen(root)
	if _, ok := config.KindOfRoot(root); !ok && slices.Contains(config.Roots, root) {
		return nil
	}
	if len(tr) < names {
		return nil
	}
	for _, st := range tr[1:names] {
		if _, ok := st.(hcl.TraverseAttr); !ok {
			return nil
		}
	}
	end := names
	if root != "var" && root != "local" && end < len(tr) {
		if _, ok := tr[end].(hcl.TraverseIndex); ok {
			end++ // one instance: aws_instance.web[0]
		}
	}
	allowed := end
	if root == "module" && allowed < len(tr) {
		if _, ok := tr[allowed].(hcl.TraverseAttr); ok {
			allowed++ // an output of the module: module.net.vpc_id
		}
	}
	if len(tr) <= allowed {
		return nil
	}
	return &listProblem{whole: tr[:end]}
}

// replaceHint is how to make a resource replaced when something that is
// not a resource changes.
const replaceHint = "to replace the resource when a value changes, give the value to a terraform_data resource's input and list that resource"

// reportStaticRef reports a wrong entry of a static list; entry is how the
// message begins: "aws_vpc.main.id is", or for a ref `ref "vpc" (useRef()
// at main.tsx:4:15) is read as aws_vpc.main.id,`.
func (c *converter) reportStaticRef(rule string, problem *listProblem, entry, hint string, at hcl.Range, path string) {
	if rule == "depends_on" {
		c.errorAt(at, path, "Invalid depends_on reference",
			fmt.Sprintf("%s an attribute of %s; depends_on lists whole objects (resources, data sources, modules), and Terraform rejects a reference to an attribute there.",
				entry, config.TraversalString(problem.whole)), hint)
		return
	}
	c.errorAt(at, path, "Invalid replace_triggered_by reference",
		fmt.Sprintf("%s %s; replace_triggered_by lists managed resources and their attributes, and Terraform rejects anything else there.", entry, problem.kind), hint)
}

// describeEntry begins the message about an entry of a static list: how
// it was written (a ref, a string) and the reference it stands for.
func (c *converter) describeEntry(v Value, tr hcl.Traversal) string {
	shown := config.TraversalString(tr)
	switch markerKind(v) {
	case "ref":
		id, _ := intOf(v.Get("r"))
		return fmt.Sprintf("%s is read as %s,", c.refName(id), shown)
	case "":
		if s, ok := str(v); ok && s != shown {
			return fmt.Sprintf("%q stands for %s,", s, shown)
		}
	}
	return shown + " is"
}

// entryHint says what to write instead: the ref itself (with the index it
// had), or the address of the whole object.
func (c *converter) entryHint(rule string, problem *listProblem, v Value, tr hcl.Traversal) string {
	if rule != "depends_on" {
		return replaceHint
	}
	whole := config.TraversalString(problem.whole)
	if markerKind(v) != "ref" {
		if _, isStr := str(v); isStr {
			return fmt.Sprintf("name the object itself: %s={[%q]}, or pass its ref", rule, whole)
		}
		return fmt.Sprintf("name the object itself, %s, or pass its ref", whole)
	}
	id, _ := intOf(v.Get("r"))
	name := c.refVar(id)
	if name == "" {
		name = "ref"
	}
	// Keep the steps that lead to the whole object: the instance index of
	// ref[0].id, the name of a local value. Each step of the ref is one
	// step of its traversal, after the target's address.
	steps := elements(v.Get("p"))
	keep := len(problem.whole) - (len(tr) - len(steps))
	if keep < 0 || keep > len(steps) {
		keep = 0
	}
	return fmt.Sprintf("use the ref itself: %s={[%s%s]}", rule, name, jsPath(steps[:keep]))
}

// jsPath writes steps of a ref as JavaScript accessors: .name, [0], ["a b"].
func jsPath(steps []Value) string {
	var b strings.Builder
	for _, st := range steps {
		if i, ok := intOf(st); ok && st.Kind() == Number {
			fmt.Fprintf(&b, "[%d]", i)
			continue
		}
		s, _ := str(st)
		switch {
		case isIndex(s):
			b.WriteString("[" + s + "]")
		case config.ValidIdentifier(s) && !strings.Contains(s, "-"):
			b.WriteString("." + s)
		default:
			fmt.Fprintf(&b, "[%q]", s)
		}
	}
	return b.String()
}
