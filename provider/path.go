package provider

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// path is an attribute path built while converting values, kept as a
// linked list so that a conversion that succeeds allocates nothing for it.
type path struct {
	parent *path
	name   string // attribute name, when kind is stepAttr
	mapKey string // map key, when kind is stepKey
	pos    int    // list or set position, when kind is stepIndex or stepSetElem
	kind   stepKind
}

type stepKind int

const (
	stepRoot stepKind = iota
	stepAttr
	stepKey
	stepIndex
	// stepSetElem is a position in a set, as user code sees the set's
	// elements: shown in messages, but not a position the engines know.
	stepSetElem
)

func (p *path) attr(name string) *path { return &path{parent: p, name: name, kind: stepAttr} }
func (p *path) key(k string) *path     { return &path{parent: p, mapKey: k, kind: stepKey} }
func (p *path) index(i int) *path      { return &path{parent: p, pos: i, kind: stepIndex} }

// elem is index for a list and a set element for a set.
func (p *path) elem(kind string, i int) *path {
	if kind == "set" {
		return &path{parent: p, pos: i, kind: stepSetElem}
	}
	return p.index(i)
}

func (p *path) steps() []*path {
	var out []*path
	for q := p; q != nil && q.kind != stepRoot; q = q.parent {
		out = append(out, q)
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// String writes the path the way configurations spell it:
// rule[2].port, tags["env"].
func (p *path) String() string {
	var b strings.Builder
	for _, s := range p.steps() {
		switch s.kind {
		case stepAttr:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(s.name)
		case stepKey:
			b.WriteString("[" + strconv.Quote(s.mapKey) + "]")
		case stepIndex, stepSetElem:
			b.WriteString("[" + strconv.Itoa(s.pos) + "]")
		}
	}
	return b.String()
}

// tf returns the path as Terraform's attribute path. Set elements have no
// position the engines know (they find an index in the configuration's
// order, which a set does not keep), so the path stops at the set.
func (p *path) tf() *tftypes.AttributePath {
	if p == nil {
		return nil
	}
	ap := tftypes.NewAttributePath()
	for _, s := range p.steps() {
		switch s.kind {
		case stepAttr:
			ap = ap.WithAttributeName(s.name)
		case stepKey:
			ap = ap.WithElementKeyString(s.mapKey)
		case stepIndex:
			ap = ap.WithElementKeyInt(s.pos)
		}
		if s.kind == stepSetElem {
			break
		}
	}
	if len(ap.Steps()) == 0 {
		return nil
	}
	return ap
}

// pathError is a conversion error at an attribute path.
type pathError struct {
	path *path
	msg  string
	// hidden, when not empty, is msg without the value it quotes: what a
	// diagnostic says when the path is in a Sensitive attribute.
	hidden string
}

// valueErrorf is errorf for a message that quotes the value; hidden says
// what is wrong without it.
func (p *path) valueErrorf(hidden, format string, args ...any) error {
	return &pathError{path: p, msg: fmt.Sprintf(format, args...), hidden: hidden + " (a sensitive value, not shown)"}
}

// invalidCustom is the error for a value a custom type's Validate or
// Decode refuses. Their messages may quote the value, or part of it, so
// for a sensitive attribute only the type is named.
func (p *path) invalidCustom(name string, err error) error {
	hidden := "invalid " + name
	if form, ok := customForms[name]; ok {
		hidden += ": write " + form
	}
	return p.valueErrorf(hidden, "invalid %s: %v", name, err)
}

// customForms says what the built-in custom types accept, for the errors
// that cannot quote a sensitive value.
var customForms = map[string]string{
	"duration":           `a duration such as "90s" or "1h30m"`,
	"RFC 3339 timestamp": `a timestamp such as "2026-01-02T15:04:05Z"`,
	"normalized JSON":    "one JSON value, such as an object",
}

func (e *pathError) Error() string {
	if s := e.path.String(); s != "" {
		return s + ": " + e.msg
	}
	return e.msg
}

func (p *path) errorf(format string, args ...any) error {
	return &pathError{path: p, msg: fmt.Sprintf(format, args...)}
}

func (p *path) mismatch(t Type, v any) error {
	name := t.String()
	article := "a"
	if name != "" && strings.ContainsRune("aeiou", rune(name[0])) {
		article = "an"
	}
	return p.errorf("%s %s value cannot hold a Go %T (%s)", article, name, v, goTypeHint(t))
}

// notNumber is the error for a value of a number type that toBigFloat
// refuses: a JSON number too large for any number, or another Go type.
func (p *path) notNumber(t Type, v any) error {
	if n, ok := v.(json.Number); ok {
		return p.valueErrorf("not a number Terraform can hold", "%s is not a number Terraform can hold", n)
	}
	return p.mismatch(t, v)
}

func goTypeHint(t Type) string {
	switch t := t.(type) {
	case primitive:
		return "use " + [...]string{"string", "*big.Float or any Go number", "int64 or any Go integer", "float64 or any Go number", "bool"}[t.kind]
	case collection:
		if t.kind == "map" {
			return "use map[string]any"
		}
		return "use []any"
	case objectType:
		return "use map[string]any"
	}
	return "see the type's documentation"
}

// ParsePath parses an attribute path as configurations spell it:
// hostname, tags["env"], rule[2].port. Diagnostics take paths in this form.
func ParsePath(s string) (*tftypes.AttributePath, error) {
	ap := tftypes.NewAttributePath()
	i := 0
	for i < len(s) {
		switch c := s[i]; {
		case c == '[':
			if i == 0 {
				return nil, fmt.Errorf("attribute path %q: starts with [ instead of an attribute name", s)
			}
			rest := s[i+1:]
			if strings.HasPrefix(rest, `"`) {
				q, err := strconv.QuotedPrefix(rest)
				if err != nil || !strings.HasPrefix(rest[len(q):], "]") {
					return nil, fmt.Errorf("attribute path %q: bad key at offset %d: write [\"key\"]", s, i)
				}
				k, _ := strconv.Unquote(q)
				ap = ap.WithElementKeyString(k)
				i += 1 + len(q) + 1
				continue
			}
			end := strings.IndexByte(rest, ']')
			if end < 0 {
				return nil, fmt.Errorf("attribute path %q: [ without ]", s)
			}
			n, err := strconv.Atoi(rest[:end])
			if err != nil || n < 0 {
				return nil, fmt.Errorf("attribute path %q: index %q is not a number or a quoted key", s, rest[:end])
			}
			ap = ap.WithElementKeyInt(n)
			i += 1 + end + 1
		default:
			if c == '.' {
				if i == 0 {
					return nil, fmt.Errorf("attribute path %q: starts with a dot", s)
				}
				i++
			}
			j := i
			for j < len(s) && s[j] != '.' && s[j] != '[' {
				j++
			}
			if j == i {
				return nil, fmt.Errorf("attribute path %q: empty attribute name at offset %d", s, i)
			}
			ap = ap.WithAttributeName(s[i:j])
			i = j
		}
	}
	if len(ap.Steps()) == 0 {
		return nil, nil
	}
	return ap, nil
}

// enginePath turns a diagnostic's path into the engine's attribute path.
// The engines find a list element by its position in the configuration,
// which is its position in the values operations receive, but a set has
// no such order: operations see its elements in an order of the engine's
// own, so `rule[1]` of a set block would show another block's line. The
// path therefore stops at the set, where the engine can show the
// configuration, and note names the element the path went on into, from
// wire, the values the operation received (nil when there are none).
// Without et, the path is only parsed.
func enginePath(s string, et *elementType, wire map[string]any) (ap *tftypes.AttributePath, note string, err error) {
	ap, err = ParsePath(s)
	if err != nil || ap == nil || et == nil {
		return ap, "", err
	}
	ap, note = setPath(ap, et, wire)
	steps := ap.Steps()
	if k := et.schemaPrefix(steps); k < len(steps) {
		// Shown at what the path names before it goes wrong: its last
		// step might name another attribute elsewhere.
		if k > 0 {
			steps = steps[:k]
			steps = steps[:et.engineReach(steps)]
			ap = tftypes.NewAttributePathWithSteps(steps)
		}
		return ap, fmt.Sprintf("(The provider gave the attribute path %s, which the schema does not have: this is a bug in the provider.)", s), nil
	}
	n := et.engineReach(steps)
	if n == len(steps) {
		return ap, note, nil
	}
	// The engines would show a longer path at the resource's first line,
	// or at another attribute named like its last step: stop where they
	// can follow, and say where the diagnostic is.
	if note == "" {
		note = "At " + pathText(ap) + "."
	} else {
		note = "In " + pathText(ap) + ", a" + note[1:]
	}
	return tftypes.NewAttributePathWithSteps(steps[:n]), note, nil
}

// engineReach returns how many leading steps of a path the engines can
// find in a configuration: they follow blocks, by name and position, and
// from an attribute they go one element deep at most (the element of a
// list or map written out in the configuration), which must end the path.
// Deeper steps, such as url in endpoints["main"].url of a nested
// attribute, they look up in the enclosing block instead, finding nothing
// or another attribute of that name.
func (et *elementType) engineReach(steps []tftypes.AttributePathStep) int {
	attrs, blocks := et.schema.Attributes, et.schema.Blocks
	for i := 0; i < len(steps); i++ {
		name, ok := steps[i].(tftypes.AttributeName)
		if !ok {
			return i
		}
		if b := blocks[string(name)]; b != nil {
			attrs, blocks = b.Attributes, b.Blocks
			if i+1 < len(steps) && !isName(steps[i+1]) {
				i++ // the block's position
			}
			continue
		}
		if attrs[string(name)] == nil {
			return len(steps)
		}
		if i+1 < len(steps) && !isName(steps[i+1]) {
			return i + 2
		}
		return i + 1
	}
	return len(steps)
}

func isName(s tftypes.AttributePathStep) bool {
	_, ok := s.(tftypes.AttributeName)
	return ok
}

// schemaPrefix returns how many leading steps of a path name an
// attribute, block or element of the schema's type, whatever the values
// hold.
func (et *elementType) schemaPrefix(steps []tftypes.AttributePathStep) int {
	var t Type = et.obj
	for i, step := range steps {
		switch step := step.(type) {
		case tftypes.AttributeName:
			obj, ok := t.(objectType)
			if !ok {
				return i
			}
			if t, ok = obj.attrs[string(step)]; !ok {
				return i
			}
		case tftypes.ElementKeyInt:
			c, ok := t.(collection)
			if ok && c.kind != "map" {
				t = c.elem
				continue
			}
			// A single block's values are its object; rule[0] of one is
			// followed as rule.
			if _, ok := t.(objectType); !ok {
				return i
			}
		case tftypes.ElementKeyString:
			c, ok := t.(collection)
			if !ok || c.kind != "map" {
				return i
			}
			t = c.elem
		}
	}
	return len(steps)
}

// setPath stops a path at the first set it goes into (see enginePath), and
// returns the note naming the element.
func setPath(ap *tftypes.AttributePath, et *elementType, wire map[string]any) (*tftypes.AttributePath, string) {
	steps := ap.Steps()
	var t Type = et.obj
	var v any
	if wire != nil {
		v = wire
	}
	attrs, blocks := et.schema.Attributes, et.schema.Blocks
	name, block, sensitive := "", false, false
	for i, step := range steps {
		v, _ = full(v, t)
		switch step := step.(type) {
		case tftypes.AttributeName:
			obj, ok := t.(objectType)
			if !ok {
				return ap, ""
			}
			if t, ok = obj.attrs[string(step)]; !ok {
				return ap, ""
			}
			m, _ := v.(map[string]any)
			v, name = m[string(step)], string(step)
			a, b := attrs[name], blocks[name]
			attrs, blocks, block = nil, nil, false
			switch {
			case a != nil:
				sensitive = sensitive || a.Sensitive
				if a.Nested != nil {
					attrs = a.Nested.Attributes
				}
			case b != nil:
				attrs, blocks, block = b.Attributes, b.Blocks, true
			}
		case tftypes.ElementKeyInt:
			c, ok := t.(collection)
			if !ok || c.kind == "map" {
				return ap, ""
			}
			l, _ := v.([]any)
			v = nil
			if int(step) < len(l) {
				v = l[step]
			}
			t = c.elem
			if c.kind == "set" {
				if sensitive {
					v = nil
				}
				rest := tftypes.NewAttributePathWithSteps(steps[i+1:])
				return tftypes.NewAttributePathWithSteps(steps[:i]), setElementNote(name, block, rest, v, t, attrs)
			}
		case tftypes.ElementKeyString:
			c, ok := t.(collection)
			if !ok || c.kind != "map" {
				return ap, ""
			}
			m, _ := v.(map[string]any)
			v, t = m[string(step)], c.elem
		}
	}
	return ap, ""
}

// setElementNote says which element of the set name (a block when block is
// set) a diagnostic is about: "At port in the rule block with port =
// 70000." v is the element's wire value of type t (nil when unknown or
// not to be shown); attrs, when the element is a block or nested
// attribute object, say which of its attributes are sensitive.
func setElementNote(name string, block bool, rest *tftypes.AttributePath, v any, t Type, attrs map[string]*Attribute) string {
	desc, object := describeElement(v, t, attrs)
	var where string
	switch {
	case desc == "" && block:
		where = "one of the " + name + " blocks"
	case desc == "":
		where = "an element of " + name
	case block:
		where = "the " + name + " block with " + desc
	case object:
		where = "the " + name + " element with " + desc
	default:
		where = "the " + name + " element " + desc
	}
	if len(rest.Steps()) > 0 {
		return "At " + pathText(rest) + " in " + where + "."
	}
	return "At " + where + "."
}

// describeElement writes a set element for a message: a primitive value
// as it is, an object as its known, non-null primitive attributes
// ("port = 80, proto = \"tcp\"", sensitive ones hidden), "" when there is
// nothing to show. object reports whether v is an object.
func describeElement(v any, t Type, attrs map[string]*Attribute) (desc string, object bool) {
	if v == nil || !IsKnown(v) {
		return "", false
	}
	obj, ok := t.(objectType)
	if !ok {
		s, _ := showWire(v, t)
		return s, false
	}
	m, _ := v.(map[string]any)
	var parts []string
	size := 0
	for _, n := range obj.sortedNames() {
		if a := attrs[n]; a != nil && a.Sensitive && m[n] != nil {
			parts = append(parts, n+" = (sensitive value)")
			continue
		}
		s, ok := showWire(m[n], obj.attrs[n])
		if !ok || m[n] == nil {
			continue
		}
		if size += len(n) + len(s); size > 200 {
			parts = append(parts, "...")
			break
		}
		parts = append(parts, n+" = "+s)
	}
	return strings.Join(parts, ", "), true
}

// pathText writes an attribute path the way configurations spell it.
func pathText(ap *tftypes.AttributePath) string {
	var b strings.Builder
	for _, step := range ap.Steps() {
		switch step := step.(type) {
		case tftypes.AttributeName:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(string(step))
		case tftypes.ElementKeyString:
			b.WriteString("[" + strconv.Quote(string(step)) + "]")
		case tftypes.ElementKeyInt:
			b.WriteString("[" + strconv.FormatInt(int64(step), 10) + "]")
		}
	}
	return b.String()
}

// sensitiveAt reports whether p is inside a Sensitive attribute of et's
// schema, whose values diagnostics must not show.
func (et *elementType) sensitiveAt(p *path) bool {
	if et == nil || et.schema == nil {
		return false
	}
	attrs, blocks := et.schema.Attributes, et.schema.Blocks
	for _, s := range p.steps() {
		if s.kind != stepAttr {
			continue
		}
		if a := attrs[s.name]; a != nil {
			if a.Sensitive {
				return true
			}
			attrs, blocks = nil, nil
			if a.Nested != nil {
				attrs = a.Nested.Attributes
			}
		} else if b := blocks[s.name]; b != nil {
			attrs, blocks = b.Attributes, b.Blocks
		} else {
			return false
		}
	}
	return false
}
