package config

import (
	"reflect"
	"testing"

	"github.com/hashicorp/hcl/v2"
)

func TestParseBodyWithTrivia(t *testing.T) {
	src := `# about a

a = 1 # after a
b { # open
  c = [
    1, # one
  ]
  # end of b
} // after b


/* before d */
d = 2
# the end
`
	body, ds := ParseBodyWithTrivia(src, "t.tf", hcl.Pos{})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	a := body.Items[0].(*Attribute)
	b := body.Items[1].(*Block)
	c := b.Body.Items[0].(*Attribute)
	d := body.Items[2].(*Attribute)
	check := func(name string, got, want any) {
		t.Helper()
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s = %#v, want %#v", name, got, want)
		}
	}
	check("a.Before", a.Trivia.Before, []string{"# about a", ""})
	check("a.After", a.Trivia.After, "# after a")
	check("b.Open", b.Trivia.Open, "# open")
	check("b.After", b.Trivia.After, "// after b")
	check("b.Trailing", b.Body.Trailing, []string{"# end of b"})
	check("c.Text", c.Trivia.Text, "[\n    1, # one\n  ]")
	if c.Trivia.TextOf != c.Expr {
		t.Error("c.TextOf is not c's expression")
	}
	check("d.Before", d.Trivia.Before, []string{"", "", "/* before d */"})
	check("body.Trailing", body.Trailing, []string{"# the end"})
	if a.Trivia.Text != "" {
		t.Errorf("a has text %q, but no comment inside its expression", a.Trivia.Text)
	}

	// ParseBody keeps none of it.
	plain, _ := ParseBody(src, "t.tf", hcl.Pos{})
	if tv := plain.Items[0].(*Attribute).Trivia; tv != nil || plain.Trailing != nil {
		t.Errorf("ParseBody recorded trivia: %#v, %#v", tv, plain.Trailing)
	}
}
