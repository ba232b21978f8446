package golang

import (
	"go/token"
	"strconv"
	"strings"
	"unicode"

	"github.com/tfkit/tfkit/internal/goname"
)

// exported turns a Terraform name (snake_case, maybe with dashes) into an
// exported Go identifier: cidr_block → CIDRBlock, 3d → X3d.
func exported(tf string) string {
	var b strings.Builder
	for _, part := range strings.FieldsFunc(tf, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		if up, ok := goname.Initialism(part); ok {
			b.WriteString(up)
			continue
		}
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

// packageName turns a provider's local name into a Go package name:
// lower case letters and digits, never a keyword or empty.
func PackageName(provider string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(provider) {
		if (r >= 'a' && r <= 'z') || (b.Len() > 0 && r >= '0' && r <= '9') {
			b.WriteRune(r)
		}
	}
	s := b.String()
	if s == "" || token.IsKeyword(s) {
		s += "provider"
	}
	return s
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

// free reports whether all names are unclaimed.
func (s *scope) free(names ...string) bool {
	for _, n := range names {
		if s.taken[n] {
			return false
		}
	}
	return true
}

// claim takes base, or base+suffix when base is taken, or base+suffix+N
// for the first free N from 2 on; derived gives further names (such as
// base+"Config") that must be free too and are claimed alongside.
func (s *scope) claim(base, suffix string, derived ...func(string) string) string {
	try := func(n string) bool {
		all := []string{n}
		for _, d := range derived {
			all = append(all, d(n))
		}
		if !s.free(all...) {
			return false
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

// claimAll names a list of Terraform names in one scope. Regular
// snake_case names go first, so that foo_bar is FooBar and an odd neighbour
// such as foo__bar gets the suffix; within each group the order is the
// schema's (sorted), which keeps names stable.
func (s *scope) claimAll(tfNames []string, suffix string) map[string]string {
	out := make(map[string]string, len(tfNames))
	for _, regular := range []bool{true, false} {
		for _, n := range tfNames {
			if isRegular(n) == regular {
				out[n] = s.claim(exported(n), suffix)
			}
		}
	}
	return out
}

// isRegular reports whether a name is plain snake_case starting with a
// letter: the names whose Go form is the obvious one.
func isRegular(n string) bool {
	if n == "" || n[0] < 'a' || n[0] > 'z' || strings.HasSuffix(n, "_") || strings.Contains(n, "__") {
		return false
	}
	for _, r := range n {
		if !(r >= 'a' && r <= 'z') && !(r >= '0' && r <= '9') && r != '_' {
			return false
		}
	}
	return true
}
