package render

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclwrite"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/internal/rendertest"
)

// triviaCases are bodies written the way terraform fmt leaves them, with
// comments and blank lines in every place trivia covers. Parsed with
// config.ParseBodyWithTrivia they render back exactly.
var triviaCases = map[string]string{
	"lead and after": `resource "x" "y" {
  # lead
  // lead, the other way
  a = 1 # after
  b = 2 // after too

  /* a block comment */
  c = 3
}
`,
	"aligned after comments": `resource "x" "y" {
  name  = "a"     # one
  count = 10      # two
  tags  = local.t # three
}
`,
	"blank lines kept, not added": `resource "x" "y" {
  a = 1
  lifecycle {
    create_before_destroy = true
  }
  b = 2


  c = 3
}
`,
	"nested and trailing": `resource "x" "y" {
  dynamic "rule" { # per rule
    for_each = var.rules
    content {
      port = rule.value
      # no protocol
    }
  } # end of rule
  # at the end
}
`,
	"multi-line block comment": `resource "x" "y" {
  /*
   * explained
   */
  a = 1
  b {
    /* two
       lines */
    c = 2
  }
}
`,
	"comments inside expressions": `locals {
  ports = [
    80,  # http
    443, # https
  ]
  tags = {
    # who
    Owner = "me"
  }
}
`,
	"several comments on one line": `resource "x" "y" {
  A {    #
    /**/ #
  }
  /* one */ /* two */ # three
  b = 1               # four
}
`,
	"empty block with comments": `resource "x" "y" {
  b { # nothing yet
  }
  c {
    # nothing either
  }
}
`,
}

func parseTrivia(t testing.TB, src string) (*config.Config, bool) {
	t.Helper()
	body, ds := config.ParseBodyWithTrivia(src, "main.tf", hcl.Pos{})
	if ds.HasErrors() {
		return nil, false
	}
	cfg := &config.Config{}
	for _, it := range body.Items {
		if b, ok := it.(*config.Block); ok {
			cfg.Add(b)
		}
	}
	return cfg, true
}

func TestTriviaRoundTrip(t *testing.T) {
	for name, src := range triviaCases {
		t.Run(name, func(t *testing.T) {
			if f := hclwrite.Format([]byte(src)); string(f) != src {
				t.Fatalf("the case is not formatted:\n%s", rendertest.LineDiff(src, string(f)))
			}
			cfg, ok := parseTrivia(t, src)
			if !ok {
				t.Fatal("the case does not parse")
			}
			out, err := HCL(cfg)
			if err != nil {
				t.Fatal(err)
			}
			if string(out) != src {
				t.Errorf("rendered differently:\n%s", rendertest.LineDiff(src, string(out)))
			}
		})
	}
}

// TestTriviaJSON: Terraform JSON has no comments; expressions written
// with comments inside are written from the model.
func TestTriviaJSON(t *testing.T) {
	cfg, ok := parseTrivia(t, triviaCases["comments inside expressions"])
	if !ok {
		t.Fatal("the case does not parse")
	}
	out, err := JSON(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(out, []byte("#")) {
		t.Errorf("a comment reached the JSON:\n%s", out)
	}
	var got map[string]any
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	want := `{"locals":{"ports":[80,443],"tags":{"Owner":"me"}}}`
	if g, _ := json.Marshal(got); string(g) != want {
		t.Errorf("JSON = %s, want %s", g, want)
	}
}

// FuzzTrivia renders arbitrary HCL parsed with its comments: the output is
// formatted, parses, and is a fixed point (parsed and rendered again, it
// stays the same).
func FuzzTrivia(f *testing.F) {
	for _, src := range triviaCases {
		f.Add(src)
	}
	f.Add("a \"b\" {\n  x = 1 /* c */ # d\n}\n")
	f.Add("a {\n  /* c */ b {}\n}\n")
	f.Add("a {\n  x = 1 /* c */\n  yy = 2 /* d */\n  z = 3 # e\n}\n")
	f.Add("a {\n  b { c = 1 } # x\n  d { # y\n  }\n\n\n  e = 1\n}\n")
	f.Add("a {\n  x = <<EOT\nhello\nEOT\n  # after the heredoc\n  y = [ # open\n    1\n  ] # close\n}\n")
	f.Fuzz(func(t *testing.T, src string) {
		cfg, ok := parseTrivia(t, src)
		if !ok {
			return
		}
		out, err := HCL(cfg)
		if err != nil {
			requireDiagnostics(t, err)
			return
		}
		if f := hclwrite.Format(out); !bytes.Equal(f, out) {
			t.Fatalf("output is not formatted:\n%s", rendertest.LineDiff(string(out), string(f)))
		}
		again, ok := parseTrivia(t, string(out))
		if !ok {
			t.Fatalf("output does not parse:\n%s", out)
		}
		out2, err := HCL(again)
		if err != nil {
			t.Fatalf("output does not render again: %v\n%s", err, out)
		}
		if !bytes.Equal(out, out2) {
			t.Fatalf("not a fixed point:\n%s", rendertest.LineDiff(string(out), string(out2)))
		}
	})
}
