package tfkit

import (
	"strings"
	"testing"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/internal/render"
)

// FuzzPlainTraversal checks that references written without the renderer
// (exprText's fast path) read as the renderer writes them.
func FuzzPlainTraversal(f *testing.F) {
	for _, s := range []string{"var.x", "aws_vpc.main.id", "a.b-c._d", "a", "x.1", "a.b.c.d.e.f.g.h.i"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		names := strings.Split(s, ".")
		r := config.Ref(names[0], names[1:]...)
		fast, ok := appendPlainTraversal(nil, r.Traversal)
		if !ok {
			return
		}
		if want := string(render.InlineExpr(r)); string(fast) != want {
			t.Fatalf("%q: written as %q, the renderer writes %q", s, fast, want)
		}
		if got, want := templateText(r), "${"+string(fast)+"}"; got != want {
			t.Fatalf("%q: template text %q, want %q", s, got, want)
		}
	})
}
