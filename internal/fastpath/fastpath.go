// Package fastpath reads the two most frequent strings of the Go
// authoring API without the HCL parser: templates whose only template
// sequences interpolate plain references ("app-${var.env}-${count.index}",
// what an expression formatted into a string gives), and attribute paths
// made of names ("id", "tags.Name"). They build what the parser would;
// anything else is left to it. The tests check that both ways agree.
package fastpath

import (
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfkit/tfkit/config"
)

// Template reads s when every `${` in it holds a plain reference
// (names joined by dots) and it has no other template sequence.
func Template(s string) (config.Expr, bool) {
	if !strings.ContainsAny(s, "$%") {
		return config.String(s), true // text alone, the most frequent
	}
	if strings.IndexByte(s, '\r') >= 0 {
		// HCL's template scanner reads a lone carriage return as the start
		// of literal text that swallows a following "${"; only the parser
		// knows those rules.
		return nil, false
	}
	var parts []config.Expr
	var one *template1
	switch n := strings.Count(s, "${"); {
	case n == 1:
		// One interpolation: the template and its parts in one allocation.
		one = &template1{}
		parts = one.parts[:0]
	case n > 1:
		parts = make([]config.Expr, 0, 2*n+1)
	}
	lit := 0 // start of the pending literal text
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '%':
			if i+1 < len(s) && s[i+1] == '{' {
				return nil, false
			}
		case '$':
			if i+1 < len(s) && s[i+1] == '$' {
				return nil, false // $${ escapes; leave them to the parser
			}
			if i+1 >= len(s) || s[i+1] != '{' {
				continue
			}
			end := strings.IndexByte(s[i+2:], '}')
			if end < 0 {
				return nil, false
			}
			ref, ok := plainReference(s[i+2 : i+2+end])
			if !ok {
				return nil, false
			}
			if i > lit {
				parts = append(parts, config.String(s[lit:i]))
			}
			parts = append(parts, ref)
			i += 2 + end
			lit = i + 1
		}
	}
	if lit < len(s) {
		parts = append(parts, config.String(s[lit:]))
	}
	switch {
	case len(parts) == 0:
		return config.String(""), true
	case len(parts) == 1:
		return parts[0], true
	case one != nil && &parts[0] == &one.parts[0]:
		one.Parts = parts
		return &one.Template, true
	}
	return &config.Template{Parts: parts}, true
}

// template1 holds a template of one interpolation together with its parts.
type template1 struct {
	config.Template
	parts [3]config.Expr
}

// plainReference reads names joined by dots, without spaces: var.env,
// aws_vpc.main.id. Keywords that are values (true, null) are not
// references and take the parser.
func plainReference(text string) (*config.Reference, bool) {
	var buf [8]string
	names, ok := SplitNames(buf[:0], text)
	if !ok || len(names) < 2 {
		return nil, false
	}
	switch names[0] {
	case "true", "false", "null":
		return nil, false
	}
	return config.Ref(names[0], names[1:]...), true
}

// SplitNames appends the names of text, joined by dots, to dst; false when
// one is not a plain name.
func SplitNames(dst []string, text string) ([]string, bool) {
	for {
		dot := strings.IndexByte(text, '.')
		if dot < 0 {
			if !IsPlainName(text) {
				return nil, false
			}
			return append(dst, text), true
		}
		if !IsPlainName(text[:dot]) {
			return nil, false
		}
		dst = append(dst, text[:dot])
		text = text[dot+1:]
	}
}

// IsPlainName reports whether n is an identifier made of ASCII letters,
// digits, '_' and '-', not starting with a digit or '-'.
func IsPlainName(n string) bool {
	if n == "" {
		return false
	}
	for i := 0; i < len(n); i++ {
		c := n[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '_':
		case (c >= '0' && c <= '9' || c == '-') && i > 0:
		default:
			return false
		}
	}
	return true
}

// Path extends a reference by a path of plain names: "id", "tags.Name".
func Path(base *config.Reference, path string) (*config.Reference, bool) {
	var buf [8]string
	names, ok := SplitNames(buf[:0], path)
	if !ok {
		return nil, false
	}
	t := base.Traversal
	out := make(hcl.Traversal, len(t), len(t)+len(names))
	copy(out, t)
	for _, n := range names {
		out = append(out, hcl.TraverseAttr{Name: n})
	}
	return &config.Reference{Traversal: out}, true
}
