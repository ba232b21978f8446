package config

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
)

// PathStep is one step of an override path: a name (an attribute, a nested
// block type, a block label or an object key) or a list index.
type PathStep struct {
	Name    string
	Index   int
	IsIndex bool
}

func (s PathStep) String() string {
	if s.IsIndex {
		return strconv.Itoa(s.Index)
	}
	return s.Name
}

// ParsePath reads an override path as CDK for Terraform's addOverride
// writes it: names joined by dots, a step of digits being a list index
// ("ebs_block_device.0.volume_size", "provisioner.local-exec.command").
// Bracket steps are read too, for keys a dot or digits would cut:
// `tags["kubernetes.io/role"]`, "ingress[1].from_port".
func ParsePath(s string) ([]PathStep, error) {
	if s == "" {
		return nil, fmt.Errorf("the path is empty")
	}
	var out []PathStep
	i := 0
	for i < len(s) {
		switch c := s[i]; {
		case c == '[':
			end := strings.IndexByte(s[i:], ']')
			if end < 0 {
				return nil, fmt.Errorf("%q: '[' at offset %d is not closed", s, i)
			}
			inner := s[i+1 : i+end]
			switch {
			case len(inner) >= 2 && inner[0] == '"' && inner[len(inner)-1] == '"':
				k, err := strconv.Unquote(inner)
				if err != nil {
					return nil, fmt.Errorf("%q: %s is not a quoted key", s, inner)
				}
				out = append(out, PathStep{Name: k})
			default:
				n, err := strconv.Atoi(inner)
				if err != nil || n < 0 || inner != strconv.Itoa(n) {
					return nil, fmt.Errorf("%q: [%s] is neither an index nor a quoted key", s, inner)
				}
				out = append(out, PathStep{Index: n, IsIndex: true})
			}
			i += end + 1
			if i < len(s) {
				if s[i] != '.' && s[i] != '[' {
					return nil, fmt.Errorf("%q: expected '.' or '[' after ']' at offset %d", s, i)
				}
				if s[i] == '.' {
					i++
					if i == len(s) {
						return nil, fmt.Errorf("%q ends with a dot", s)
					}
				}
			}
		case c == '.':
			return nil, fmt.Errorf("%q has an empty step at offset %d", s, i)
		default:
			end := i
			for end < len(s) && s[end] != '.' && s[end] != '[' {
				end++
			}
			seg := s[i:end]
			if n, err := strconv.Atoi(seg); err == nil && n >= 0 && seg == strconv.Itoa(n) {
				out = append(out, PathStep{Index: n, IsIndex: true})
			} else {
				out = append(out, PathStep{Name: seg})
			}
			i = end
			if i < len(s) && s[i] == '.' {
				i++
				if i == len(s) {
					return nil, fmt.Errorf("%q ends with a dot", s)
				}
			}
		}
	}
	return out, nil
}

// PathString writes steps back as a path, for messages.
func PathString(steps []PathStep) string {
	parts := make([]string, len(steps))
	for i, s := range steps {
		parts[i] = s.String()
	}
	return strings.Join(parts, ".")
}

// Override sets the value at path inside block b's body, or deletes it when
// x is nil, after b was built: through attributes holding objects and
// lists, nested blocks (a list index chooses among several of one type),
// and the blocks Terraform owns (lifecycle, provisioner "local-exec",
// connection, dynamic "ingress"), whose labels are steps of the path.
// What does not exist yet is created: an attribute, an object key, a block
// Terraform owns; a list index past the end, a step through a value that is
// neither an object nor a list, or a block of a provider's schema that the
// body does not have is an error, and b is left as it was. A deletion of
// what is not there changes nothing. New attributes get the range site.
// created is the top-level item added to b's body (appended), if any, so
// that a front end can move it where its style puts it.
func Override(b *Block, path []PathStep, x Expr, site hcl.Range) (created Item, err error) {
	if len(path) == 0 {
		return nil, fmt.Errorf("the path is empty")
	}
	if path[0].IsIndex {
		return nil, fmt.Errorf("%s does not start with a name: an element's body holds attributes and blocks", quotePath(path))
	}
	o := &overrider{path: path, site: site, top: b.Body}
	// Check first on a copy of what may change, so a failed override leaves
	// b as it was: the walk only changes things when it reaches the end.
	if err := o.body(b.Body, []string{b.Type}, path, x, false); err != nil {
		return nil, err
	}
	if err := o.body(b.Body, []string{b.Type}, path, x, true); err != nil {
		return nil, err
	}
	return o.created, nil
}

type overrider struct {
	path    []PathStep
	site    hcl.Range
	top     *Body
	created Item
}

func quotePath(p []PathStep) string { return strconv.Quote(PathString(p)) }

// at names the part of the path walked so far, for messages.
func (o *overrider) at(rest []PathStep) string {
	if len(rest) == 0 {
		return quotePath(o.path)
	}
	return quotePath(o.path[:len(o.path)-len(rest)+1])
}

// body walks path in a block body nested as types. With apply false it
// only checks that the path can be walked.
func (o *overrider) body(body *Body, types []string, path []PathStep, x Expr, apply bool) error {
	step, rest := path[0], path[1:]
	if step.IsIndex {
		return fmt.Errorf("%s: a block body holds attributes and blocks, not list items", o.at(path))
	}
	name := step.Name
	if a := body.Attribute(name); a != nil {
		if len(rest) == 0 {
			if apply {
				if x == nil {
					body.Remove(name)
				} else {
					a.Expr, a.Range = x, o.site
				}
			}
			return nil
		}
		nx, err := o.expr(a.Expr, path, rest, x, apply)
		if err != nil {
			return err
		}
		if apply {
			a.Expr, a.Range = nx, o.site
		}
		return nil
	}
	blocks := body.Blocks(name)
	spec, owned := NestedBlock(types, name)
	nLabels := 0
	if owned {
		nLabels = len(spec.Labels)
	}
	if len(blocks) == 0 {
		switch {
		case x == nil:
			return o.missingForDelete(path, rest, owned)
		case len(rest) == 0 && owned:
			return fmt.Errorf("%s names a block; override its arguments one by one, such as \"%s\"", o.at(path), ownedExample(name))
		case len(rest) == 0:
			if apply {
				o.add(body, &Attribute{Name: name, Expr: x, Range: o.site})
			}
			return nil
		case owned:
			if len(rest) < nLabels+1 {
				return fmt.Errorf("%s: a %s block needs %d label(s) and an argument in the path, such as \"%s\"", o.at(path), name, nLabels, ownedExample(name))
			}
			labels := make([]string, nLabels)
			for i := range labels {
				if rest[i].IsIndex {
					return fmt.Errorf("%s: %s has no block at index %d (it has none)", o.at(rest[i:]), name, rest[i].Index)
				}
				labels[i] = rest[i].Name
			}
			if rest[nLabels].IsIndex {
				return fmt.Errorf("%s: %s has no block at index %d (it has none)", o.at(rest[nLabels:]), name, rest[nLabels].Index)
			}
			nb := NewBlock(name, labels...)
			nb.DeclRange = o.site
			if err := o.body(nb.Body, append(types, name), rest[nLabels:], x, apply); err != nil {
				return err
			}
			if apply {
				o.add(body, nb)
			}
			return nil
		case rest[0].IsIndex:
			return fmt.Errorf("%s: there is no %s to index (no attribute or block of that name)", o.at(rest), name)
		}
		nx, err := o.expr(&Object{}, path, rest, x, apply)
		if err != nil {
			return err
		}
		if apply {
			o.add(body, &Attribute{Name: name, Expr: nx, Range: o.site})
		}
		return nil
	}
	// Blocks of that type: labels first (for blocks Terraform owns), then
	// an optional index among those that match.
	if nLabels > 0 {
		if len(rest) < nLabels {
			if x == nil && len(rest) == 0 {
				if apply {
					removeBlocks(body, blocks)
				}
				return nil
			}
			return fmt.Errorf("%s: give the label(s) of the %s block, such as \"%s\"", o.at(path), name, ownedExample(name))
		}
		var match []*Block
		for _, nb := range blocks {
			if labelsMatch(nb.Labels, rest[:nLabels]) {
				match = append(match, nb)
			}
		}
		labelPath := rest[:nLabels]
		rest = rest[nLabels:]
		if len(match) == 0 {
			if x == nil {
				return nil
			}
			if len(rest) == 0 || rest[0].IsIndex {
				return fmt.Errorf("%s: there is no %s %s block to change", o.at(rest), name, PathString(labelPath))
			}
			labels := make([]string, nLabels)
			for i, l := range labelPath {
				if l.IsIndex {
					return fmt.Errorf("%s: a label is a name, not an index", o.at(rest))
				}
				labels[i] = l.Name
			}
			nb := NewBlock(name, labels...)
			nb.DeclRange = o.site
			if err := o.body(nb.Body, append(types, name), rest, x, apply); err != nil {
				return err
			}
			if apply {
				o.add(body, nb)
			}
			return nil
		}
		blocks = match
	}
	target, rest, err := o.pickBlock(name, blocks, path, rest)
	if err != nil {
		return err
	}
	if len(rest) == 0 {
		if x != nil {
			return fmt.Errorf("%s names a block; override its arguments one by one (\"%s.ARGUMENT\")", o.at(path), PathString(o.path))
		}
		if apply {
			if target == nil {
				removeBlocks(body, blocks)
			} else {
				removeBlocks(body, []*Block{target})
			}
		}
		return nil
	}
	return o.body(target.Body, append(types, name), rest, x, apply)
}

// pickBlock chooses among blocks of one type: by the index that rest
// starts with, or the only one. With nothing after the choice and no
// index, target is nil (all of them).
func (o *overrider) pickBlock(name string, blocks []*Block, path, rest []PathStep) (*Block, []PathStep, error) {
	if len(rest) > 0 && rest[0].IsIndex {
		i := rest[0].Index
		if i >= len(blocks) {
			return nil, nil, fmt.Errorf("%s: index %d is past the %d %s block(s) there", o.at(rest), i, len(blocks), name)
		}
		return blocks[i], rest[1:], nil
	}
	if len(rest) == 0 {
		if len(blocks) == 1 {
			return blocks[0], rest, nil
		}
		return nil, rest, nil
	}
	if len(blocks) > 1 {
		return nil, nil, fmt.Errorf("%s: there are %d %s blocks; choose one with an index, such as \"%s.0.%s\"", o.at(path), len(blocks), name, name, PathString(rest))
	}
	return blocks[0], rest, nil
}

// missingForDelete decides whether deleting what is not there is fine
// (nothing to delete) or the path cannot exist.
func (o *overrider) missingForDelete(path, rest []PathStep, owned bool) error {
	if len(rest) > 0 && rest[0].IsIndex && !owned {
		return fmt.Errorf("%s: there is no %s to index (no attribute or block of that name)", o.at(rest), path[0].Name)
	}
	return nil
}

// add appends a new item to body, remembering it when body is the top one.
func (o *overrider) add(body *Body, it Item) {
	body.Items = append(body.Items, it)
	if body == o.top && o.created == nil {
		o.created = it
	}
}

func removeBlocks(body *Body, remove []*Block) {
	items := body.Items[:0]
	for _, it := range body.Items {
		if nb, ok := it.(*Block); ok && containsBlock(remove, nb) {
			continue
		}
		items = append(items, it)
	}
	body.Items = items
}

func containsBlock(list []*Block, b *Block) bool {
	for _, have := range list {
		if have == b {
			return true
		}
	}
	return false
}

func labelsMatch(labels []string, steps []PathStep) bool {
	if len(labels) != len(steps) {
		return false
	}
	for i, l := range labels {
		if steps[i].IsIndex || steps[i].Name != l {
			return false
		}
	}
	return true
}

func ownedExample(name string) string {
	switch name {
	case "provisioner":
		return "provisioner.local-exec.command"
	case "dynamic":
		return "dynamic.ingress.for_each"
	}
	return name + ".ARGUMENT"
}

// expr walks rest inside the value of the attribute at path and returns
// the value to store (the same expression, changed, when apply is true).
func (o *overrider) expr(cur Expr, path, rest []PathStep, x Expr, apply bool) (Expr, error) {
	if l, ok := cur.(*Literal); ok {
		if ex, ok := explode(l.Val); ok {
			cur = ex
		}
	}
	step := rest[0]
	switch v := cur.(type) {
	case *Object:
		if step.IsIndex {
			return nil, fmt.Errorf("%s: %s is an object; index it by key, not by position", o.at(rest), quotePath(path[:len(path)-len(rest)]))
		}
		found := -1
		for i, it := range v.Items {
			if k, ok := LiteralString(it.Key); ok && k == step.Name {
				found = i
			}
		}
		if len(rest) == 1 {
			if !apply {
				return v, nil
			}
			switch {
			case x == nil && found >= 0:
				v.Items = append(v.Items[:found], v.Items[found+1:]...)
			case x == nil:
			case found >= 0:
				v.Items[found].Value = x
			default:
				v.Items = append(v.Items, ObjectItem{Key: String(step.Name), Value: x})
			}
			return v, nil
		}
		if found < 0 {
			if x == nil {
				return v, nil
			}
			if rest[1].IsIndex {
				return nil, fmt.Errorf("%s: %s has no key %q to index", o.at(rest[1:]), quotePath(path[:len(path)-len(rest)]), step.Name)
			}
			nx, err := o.expr(&Object{}, path, rest[1:], x, apply)
			if err != nil {
				return nil, err
			}
			if apply {
				v.Items = append(v.Items, ObjectItem{Key: String(step.Name), Value: nx})
			}
			return v, nil
		}
		nx, err := o.expr(v.Items[found].Value, path, rest[1:], x, apply)
		if err != nil {
			return nil, err
		}
		if apply {
			v.Items[found].Value = nx
		}
		return v, nil
	case *Tuple:
		if !step.IsIndex {
			return nil, fmt.Errorf("%s: %s is a list; index it by position (\"%s.0\")", o.at(rest), quotePath(path[:len(path)-len(rest)]), PathString(path[:len(path)-len(rest)]))
		}
		if step.Index >= len(v.Items) {
			return nil, fmt.Errorf("%s: index %d is past the end of a list of %d", o.at(rest), step.Index, len(v.Items))
		}
		if len(rest) == 1 {
			if apply {
				if x == nil {
					v.Items = append(v.Items[:step.Index], v.Items[step.Index+1:]...)
				} else {
					v.Items[step.Index] = x
				}
			}
			return v, nil
		}
		nx, err := o.expr(v.Items[step.Index], path, rest[1:], x, apply)
		if err != nil {
			return nil, err
		}
		if apply {
			v.Items[step.Index] = nx
		}
		return v, nil
	}
	return nil, fmt.Errorf("%s: %s is %s, not an object or a list, so the path cannot go through it", o.at(rest), quotePath(path[:len(path)-len(rest)]), describeExpr(cur))
}

// explode turns a literal collection into the Object or Tuple of its
// elements, so a path can go into it.
func explode(v cty.Value) (Expr, bool) {
	if v.IsNull() || !v.IsKnown() {
		return nil, false
	}
	t := v.Type()
	switch {
	case t.IsObjectType() || t.IsMapType():
		obj := &Object{}
		for it := v.ElementIterator(); it.Next(); {
			k, ev := it.Element()
			obj.Items = append(obj.Items, ObjectItem{Key: String(k.AsString()), Value: &Literal{Val: ev}})
		}
		return obj, true
	case t.IsTupleType() || t.IsListType():
		tup := &Tuple{}
		for it := v.ElementIterator(); it.Next(); {
			_, ev := it.Element()
			tup.Items = append(tup.Items, &Literal{Val: ev})
		}
		return tup, true
	}
	return nil, false
}

// describeExpr names what kind of value an expression is, for messages.
func describeExpr(x Expr) string {
	switch v := x.(type) {
	case *Literal:
		switch {
		case v.Val.IsNull():
			return "null"
		case v.Val.Type() == cty.String:
			return "a string"
		case v.Val.Type() == cty.Number:
			return "a number"
		case v.Val.Type() == cty.Bool:
			return "a bool"
		case v.Val.Type().IsSetType():
			return "a set"
		}
		return "a literal"
	case *Template:
		return "a string template"
	case *Reference:
		return "the reference " + TraversalString(v.Traversal)
	case *Call:
		return "a call of " + v.Name
	}
	return "an expression"
}
