package tfkit_test

import (
	"strings"
	"testing"

	"github.com/tfkit/tfkit"
)

// TestDeepNesting: raw HCL and strings nested 100,000 levels deep, past
// the depth at which HCL's parser overflows the stack, are reported with
// the nesting diagnostic at the Go line that gave them, in every Go API
// path that parses text.
func TestDeepNesting(t *testing.T) {
	deep := strings.Repeat("[", 100000) + strings.Repeat("]", 100000)
	deepTemplate := strings.Repeat(`${"`, 50000) + strings.Repeat(`"}`, 50000)
	for name, use := range map[string]func(s *tfkit.Stack){
		"Raw":          func(s *tfkit.Stack) { tfkit.NewLocals(s, tfkit.Attrs{"x": tfkit.Raw(deep)}) },
		"RawBody":      func(s *tfkit.Stack) { tfkit.NewResource(s, "t", "n", tfkit.RawBody("x = "+deep)) },
		"NewRawBlocks": func(s *tfkit.Stack) { tfkit.NewRawBlocks(s, "locals {\n  x = "+deep+"\n}\n") },
		"template":     func(s *tfkit.Stack) { tfkit.NewLocals(s, tfkit.Attrs{"x": deepTemplate}) },
	} {
		t.Run(name, func(t *testing.T) {
			_, s := newStack(t)
			use(s)
			ds := s.Diagnostics()
			if len(ds) == 0 || !strings.Contains(ds[0].Error(), "more than 1000 levels deep") || !strings.Contains(ds[0].Error(), "nesting_test.go:") {
				t.Fatalf("diagnostics: %.2000s", ds)
			}
		})
	}
}
