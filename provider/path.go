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
	pos    int    // list or set position, when kind is stepIndex
	kind   stepKind
}

type stepKind int

const (
	stepRoot stepKind = iota
	stepAttr
	stepKey
	stepIndex
)

func (p *path) attr(name string) *path { return &path{parent: p, name: name, kind: stepAttr} }
func (p *path) key(k string) *path     { return &path{parent: p, mapKey: k, kind: stepKey} }
func (p *path) index(i int) *path      { return &path{parent: p, pos: i, kind: stepIndex} }

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
		case stepIndex:
			b.WriteString("[" + strconv.Itoa(s.pos) + "]")
		}
	}
	return b.String()
}

// tf returns the path as Terraform's attribute path. Set elements are
// addressed by position, which Terraform cannot resolve, so the path stops
// at the set.
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
		return p.errorf("%s is not a number Terraform can hold", n)
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
