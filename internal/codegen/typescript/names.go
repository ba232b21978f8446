package typescript

import (
	"strconv"
	"strings"
	"unicode"
)

// pascal turns a Terraform name (snake_case, maybe with dashes) into a
// PascalCase TypeScript identifier: security_group → SecurityGroup,
// 3d → X3d.
func pascal(tf string) string {
	var b strings.Builder
	for _, part := range strings.FieldsFunc(tf, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		rs := []rune(part)
		rs[0] = unicode.ToUpper(rs[0])
		b.WriteString(string(rs))
	}
	s := b.String()
	if s == "" {
		return "X"
	}
	if r := []rune(s)[0]; !unicode.IsLetter(r) || !unicode.IsUpper(r) {
		s = "X" + s
	}
	return s
}

// isIdentifier reports whether s can be written as a property name without
// quotes. Only ASCII is accepted: that is always right, and Terraform names
// are ASCII in practice.
func isIdentifier(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '_', c == '$':
		case c >= '0' && c <= '9' && i > 0:
		default:
			return false
		}
	}
	return true
}

// scope hands out identifiers that are unique within it. Names are claimed
// in schema order (sorted), so the same schema always gets the same names.
type scope struct{ taken map[string]bool }

func newScope(reserved ...string) *scope {
	s := &scope{taken: map[string]bool{}}
	for _, r := range reserved {
		s.taken[r] = true
	}
	return s
}

// claim takes base, or base+suffix when base is taken, or base+suffix+N
// for the first free N from 2 on; derived gives the names actually used
// (base+"Config"): when given, they must be free and are claimed, base
// itself is not.
func (s *scope) claim(base, suffix string, derived ...func(string) string) string {
	try := func(n string) bool {
		all := []string{n}
		if len(derived) > 0 {
			all = all[:0]
			for _, d := range derived {
				all = append(all, d(n))
			}
		}
		for _, a := range all {
			if s.taken[a] {
				return false
			}
		}
		for _, a := range all {
			s.taken[a] = true
		}
		return true
	}
	if try(base) {
		return base
	}
	if suffix != "" && try(base+suffix) {
		return base + suffix
	}
	for i := 2; ; i++ {
		if n := base + suffix + strconv.Itoa(i); try(n) {
			return n
		}
	}
}
