package hclguard

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/hcl/v2/json"
)

// nests return an expression nested n times in each way the parsers
// recurse (see levels for how deep that counts).
var nests = map[string]func(n int) (native string){
	"lists":         func(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) },
	"objects":       func(n int) string { return strings.Repeat("{a=", n) + "1" + strings.Repeat("}", n) },
	"parentheses":   func(n int) string { return strings.Repeat("(", n) + "1" + strings.Repeat(")", n) },
	"calls":         func(n int) string { return strings.Repeat("f(", n) + "1" + strings.Repeat(")", n) },
	"interpolation": func(n int) string { return strings.Repeat(`"${`, n) + "1" + strings.Repeat(`}"`, n) },
	"not":           func(n int) string { return strings.Repeat("!", n) + "true" },
	"negation":      func(n int) string { return strings.Repeat("-", n) + "1" },
	"sum":           func(n int) string { return "1" + strings.Repeat("+1", n) },
	"conditional":   func(n int) string { return strings.Repeat("a?1:", n) + "2" },
	"multiline sum": func(n int) string { return "(1" + strings.Repeat("\n+1", n-1) + ")" },
	"if": func(n int) string {
		return `"` + strings.Repeat("%{if a}", n) + strings.Repeat("%{endif}", n) + `"`
	},
}

// levels is how deep each nest is counted at n.
func levels(name string, n int) int {
	switch name {
	case "interpolation":
		return 2 * n
	case "if":
		return n + 2
	}
	return n
}

// TestLimit: text nested exactly Limit levels deep passes, one level more
// is refused at the token that goes too deep, and 100,000 levels are
// refused without exhausting the stack, in every kind of nesting.
func TestLimit(t *testing.T) {
	for name, nest := range nests {
		t.Run(name, func(t *testing.T) {
			n := Limit
			if name == "interpolation" {
				n = Limit / 2
			}
			if name == "if" {
				n = Limit - 2 // the quote is a level, and so is the last %{ while it is read
			}
			ok := "a = " + nest(n) + "\n"
			if ds := Config([]byte(ok), "ok.tf", hcl.InitialPos); ds.HasErrors() {
				t.Errorf("%d levels refused: %s", levels(name, n), ds.Error())
			}
			if _, ds := hclsyntax.ParseConfig([]byte(ok), "ok.tf", hcl.InitialPos); ds.HasErrors() {
				t.Errorf("the sample does not parse: %s", ds.Error())
			}
			for _, deeper := range []int{n + 2, 100000} {
				src := "a = " + nest(deeper) + "\n"
				ds := Config([]byte(src), "deep.tf", hcl.InitialPos)
				if !ds.HasErrors() || ds[0].Summary != Summary || ds[0].Subject == nil || ds[0].Subject.Filename != "deep.tf" || ds[0].Subject.Start.Line < 1 {
					t.Fatalf("%d levels: %v", deeper, ds)
				}
				if !strings.Contains(ds[0].Detail, "more than 1000 levels") {
					t.Errorf("detail: %s", ds[0].Detail)
				}
			}
			if ds := Expression([]byte(nest(100000)), "expr", hcl.InitialPos); !ds.HasErrors() {
				t.Errorf("expression of 100,000 levels passed")
			}
		})
	}
}

// TestPosition: the diagnostic points at the first token past the limit.
func TestPosition(t *testing.T) {
	src := "a = 1\nb = " + strings.Repeat("[", Limit+1) + strings.Repeat("]", Limit+1) + "\n"
	ds := Config([]byte(src), "main.tf", hcl.InitialPos)
	if !ds.HasErrors() {
		t.Fatal("passed")
	}
	if got := ds[0].Subject.Start; got.Line != 2 || got.Column != 5+Limit || got.Byte != 10+Limit {
		t.Errorf("at %+v, want line 2 column %d", got, 5+Limit)
	}
	tmpl := strings.Repeat(`${"`, Limit) + "1" + strings.Repeat(`"}`, Limit)
	ds = Template([]byte(tmpl), "t.tpl", hcl.Pos{Line: 3, Column: 7, Byte: 40})
	if !ds.HasErrors() || ds[0].Subject.Start.Line != 3 || ds[0].Subject.Start.Column != 7+3*Limit/2 {
		t.Errorf("template: %v", ds)
	}
}

// TestSeparators: operators of separate expressions (list elements,
// object attributes, lines of a body) do not add up.
func TestSeparators(t *testing.T) {
	for name, src := range map[string]string{
		"list":              "a = [" + strings.Repeat("-1, ", 2*Limit) + "]\n",
		"body":              strings.Repeat("a = -1 + 2\n", 2*Limit),
		"object":            "a = {\n" + strings.Repeat("  b = !c\n", 2*Limit) + "}\n",
		"args":              "a = f(" + strings.Repeat("x ? 1 : 2, ", 2*Limit) + ")\n",
		"heredoc":           "a = <<EOT\n" + strings.Repeat("${x + 1} and ${-y}\n", 2*Limit) + "EOT\n",
		"brackets balanced": "a = " + strings.Repeat("[[1]], ", 2*Limit) + "\n",
	} {
		if ds := Config([]byte(src), "ok.tf", hcl.InitialPos); ds.HasErrors() {
			t.Errorf("%s refused: %s", name, ds.Error())
		}
	}
}

// TestJSON: arrays and objects count, and so do templates in strings, from
// the depth of the string; escapes are decoded first.
func TestJSON(t *testing.T) {
	ok := `{"a": ` + strings.Repeat("[", Limit-1) + strings.Repeat("]", Limit-1) + "}"
	if ds := JSON([]byte(ok), "ok.tf.json", hcl.InitialPos); ds.HasErrors() {
		t.Errorf("%d levels refused: %s", Limit, ds.Error())
	}
	for name, src := range map[string]string{
		"arrays":          `{"a": ` + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + "}",
		"objects":         strings.Repeat(`{"a":`, 100000) + "1" + strings.Repeat("}", 100000),
		"template":        `{"a": "` + strings.Repeat("${[", 100000) + strings.Repeat("]}", 100000) + `"}`,
		"escaped":         `{"a": "` + strings.Repeat(`\u0024{(`, 100000) + strings.Repeat(")}", 100000) + `"}`,
		"template deeper": strings.Repeat(`{"a":`, Limit-10) + `"` + strings.Repeat("${(", 10) + strings.Repeat(")}", 10) + `"` + strings.Repeat("}", Limit-10),
	} {
		ds := JSON([]byte(src), "deep.tf.json", hcl.InitialPos)
		if !ds.HasErrors() || ds[0].Summary != Summary || ds[0].Subject.Filename != "deep.tf.json" {
			t.Errorf("%s: %v", name, ds)
		}
	}
	strs := `{"a": "` + strings.Repeat("[{", 2*Limit) + `", "b": "\"{[\\"}`
	if ds := JSON([]byte(strs), "ok.tf.json", hcl.InitialPos); ds.HasErrors() {
		t.Errorf("brackets in strings counted: %s", ds.Error())
	}
	if ds := File([]byte(`{"a": `+strings.Repeat("[", 100000)), "x.tf.json"); !ds.HasErrors() {
		t.Error("File did not read .tf.json as JSON")
	}
}

// TestCorpus: no configuration of the test data and of real modules is
// refused, and each parses the same with the check as without.
func TestCorpus(t *testing.T) {
	var n int
	for _, root := range []string{"../..", "../../../shared/corpus"} {
		filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !(strings.HasSuffix(p, ".tf") || strings.HasSuffix(p, ".tf.json") || strings.HasSuffix(p, ".tfvars")) {
				return nil
			}
			src, err := os.ReadFile(p)
			if err != nil {
				return nil
			}
			var parsed bool
			if strings.HasSuffix(p, ".json") {
				_, ds := json.Parse(src, p)
				parsed = !ds.HasErrors()
			} else {
				_, ds := hclsyntax.ParseConfig(src, p, hcl.InitialPos)
				parsed = !ds.HasErrors()
			}
			if ds := File(src, p); ds.HasErrors() && parsed {
				t.Errorf("%s refused: %s", p, ds.Error())
			}
			n++
			return nil
		})
	}
	if n < 50 {
		t.Errorf("only %d files read", n)
	}
}

// TestNumbers: a number literal whose exponent is beyond ExponentLimit is
// refused where it is written, in every kind of text; the same digits
// elsewhere (in a name, a string, a comment), smaller exponents and numbers
// written out in full are not.
func TestNumbers(t *testing.T) {
	refused := []struct {
		name, src string
		check     func([]byte) hcl.Diagnostics
		col       int
	}{
		{"config", "a = 1\nb = 1e10000\n", configText, 5},
		{"negative exponent", "b = 2.5E-0000010000\n", configText, 5},
		{"plus sign", "b = [1, 7e+80000000]\n", configText, 9},
		{"in a template", "b = \"x${1e99999}\"\n", configText, 9},
		{"in a heredoc", "b = <<EOT\n${1e99999}\nEOT\n", configText, 3},
		{"expression", "1 + 1e99999", expressionText, 5},
		{"template", "x ${1e99999}", templateText, 5},
		{"JSON", `{"b": -1e99999}`, jsonText, 7},
		{"JSON template", `{"b": "${1E99999}"}`, jsonText, 10},
	}
	for _, c := range refused {
		ds := c.check([]byte(c.src))
		if !ds.HasErrors() || ds[0].Summary != NumberSummary || ds[0].Subject == nil || ds[0].Subject.Start.Column != c.col {
			t.Errorf("%s: %v", c.name, ds)
			continue
		}
		if !strings.Contains(ds[0].Detail, "from -9999 to 9999") {
			t.Errorf("%s: detail %q", c.name, ds[0].Detail)
		}
	}
	for name, src := range map[string]string{
		"limit":          "a = [1e9999, 1e-9999, 0.5E+0009999]\n",
		"name":           "a = x1e99999\n",
		"string":         "a = \"1e99999\"\n",
		"comment":        "a = 1 # 1e99999\n",
		"exponent, then": "a = 0e0010.00\n",
		"in full":        "a = 1" + strings.Repeat("0", 20000) + "\n",
		"JSON string":    `{"a": "1e99999"}`,
		"JSON in full":   `{"a": 1` + strings.Repeat("0", 20000) + `}`,
		"JSON at limit":  `{"a": [1e9999, -1E-9999]}`,
		"JSON name":      `{"1e99999": 1}`,
		"JSON template":  `{"a": "${x1e99999}"}`,
	} {
		if ds := File([]byte(src), map[bool]string{true: "a.tf.json", false: "a.tf"}[strings.HasPrefix(src, "{")]); ds.HasErrors() {
			t.Errorf("%s refused: %s", name, ds.Error())
		}
	}
}

func configText(src []byte) hcl.Diagnostics     { return Config(src, "a.tf", hcl.InitialPos) }
func expressionText(src []byte) hcl.Diagnostics { return Expression(src, "a", hcl.InitialPos) }
func templateText(src []byte) hcl.Diagnostics   { return Template(src, "a", hcl.InitialPos) }
func jsonText(src []byte) hcl.Diagnostics       { return JSON(src, "a.tf.json", hcl.InitialPos) }
