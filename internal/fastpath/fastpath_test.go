package fastpath

import (
	"testing"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/internal/render"
)

// FuzzFastTemplate checks that the fast path reads strings exactly as the
// HCL parser does, whenever it takes them.
func FuzzFastTemplate(f *testing.F) {
	for _, s := range []string{
		"", "plain", "${var.x}", "a-${var.x}-b", "${a.b}${c.d}", "$${x}", "$$", "$",
		"${true.x}", "${null.x}", "${ var.x }", "${count.index-1}", "${a-.b}", "100%",
		"%{if a}b%{endif}", "${a.b", "}${a.b}{", "${1.x}", "${a.b.c.d}", "x$",
		"${_a._b}", "${a}", "${a.0}", "\n${a.b}\t", "\r${A.A}", "x${a.b}\r\n${c.d}",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			return // refused before either path is taken
		}
		fast, ok := Template(s)
		if !ok {
			return
		}
		slow, ds := config.ParseTemplate(s, "", hcl.InitialPos)
		if ds.HasErrors() {
			t.Fatalf("fast path took %q, which does not parse: %s", s, ds)
		}
		if got, want := text(fast), text(slow); got != want {
			t.Fatalf("%q: fast %s, parser %s", s, got, want)
		}
	})
}

func TestFastPath(t *testing.T) {
	base := config.Ref("aws_vpc", "main")
	for path, want := range map[string]bool{
		"id": true, "tags.Name": true, "a-b.c_d": true,
		"": false, "a..b": false, "[0]": false, "a[0]": false, "1a": false, "a.": false,
	} {
		r, ok := Path(base, path)
		if ok != want {
			t.Errorf("%q: ok = %v", path, ok)
			continue
		}
		if ok {
			slow, ds := config.ParseExpression("aws_vpc.main."+path, "", hcl.InitialPos)
			if ds.HasErrors() || text(slow) != text(r) {
				t.Errorf("%q: fast %s, parser %s", path, text(r), text(slow))
			}
		}
	}
}

// text is how the renderer writes x.
func text(x config.Expr) string { return string(render.InlineExpr(x)) }
