package tsx

import (
	"bytes"
	"encoding/json"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/dop251/goja/file"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/hcl/v2/hclwrite"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/internal/render"
)

var dedentSeeds = []string{
	"",
	"\n",
	"a = 1",
	"\n    a = 1\n    b = 2\n  ",
	"\n\t\tname = \"x\"\n\t\ttags = {\n\t\t\tA = 1\n\t\t}\n\t",
	"\n  a\n\n    b\n  c\n",
	"  \t mixed\n \t other\n",
	"\r\n  windows = true\r\n  ",
	"no indent\n  but this\n",
	"   \n   \n",
}

// FuzzDedent checks the properties of innerText dedenting: the words stay,
// in order, and no indentation common to all lines is left.
func FuzzDedent(f *testing.F) {
	for _, s := range dedentSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d := dedent(s)
		if got, want := strings.Fields(d.text), strings.Fields(strings.ReplaceAll(s, "\r\n", "\n")); !reflect.DeepEqual(got, want) {
			t.Fatalf("words changed: %q -> %q", want, got)
		}
		if d.text != "" && !strings.HasSuffix(d.text, "\n") {
			t.Fatalf("result %q does not end with a newline", d.text)
		}
		prefix, have := "", false
		for _, l := range strings.Split(strings.TrimSuffix(d.text, "\n"), "\n") {
			if isBlank(l) {
				if l != "" {
					t.Fatalf("blank line %q kept its spaces", l)
				}
				continue
			}
			ws := l[:len(l)-len(strings.TrimLeft(l, " \t"))]
			if !have {
				prefix, have = ws, true
			} else {
				prefix = commonPrefix(prefix, ws)
			}
		}
		if prefix != "" {
			t.Fatalf("common indentation %q left in %q", prefix, d.text)
		}
		if d.dropped != 0 && d.dropped != 1 {
			t.Fatalf("dropped %d lines", d.dropped)
		}
	})
}

// FuzzInnerText runs innerText conversion (dedent, location in the source,
// HCL parse, placement of ranges) on arbitrary text and sources: it must
// never panic, and every range it sets must lie in the .tsx file.
func FuzzInnerText(f *testing.F) {
	f.Add("<Resource type=\"a\" name=\"b\">\n  {`\n    x = 1\n  `}\n</Resource>\n", "\n    x = 1\n  ", 1, 1)
	f.Add("<Terraform>{`\n  required_version = \">= 1\"\n  backend \"s3\" {\n    bucket = \"b\"\n  }\n`}</Terraform>", "\n  required_version = \">= 1\"\n  backend \"s3\" {\n    bucket = \"b\"\n  }\n", 1, 1)
	f.Add("<Resource>{`\n  a = = 1\n`}</Resource>", "\n  a = = 1\n", 1, 1)
	f.Add("", "a = 1", 3, 9)
	f.Add("x\ny\n", "\ty = \"\\${z}\"\n", 2, 1)
	f.Add("", "# lead\na = 1 # after\n\n/* block */\nb {\n  // in b\n  c = [\n    1, # one\n  ]\n} // end of b\n# trailing\n", 1, 1)
	f.Add("", "a = {\n  /* x */ k = 1\n}\nb { # open\n}\n", 1, 1)
	f.Fuzz(func(t *testing.T, source, text string, line, col int) {
		src := newSources("/nonexistent")
		f := &sourceFile{text: source, lines: strings.Split(source, "\n"), ok: true}
		src.files["main.tsx"] = f
		c := &converter{src: src, binding: map[int]*node{}}
		n := &node{kind: "Resource", addr: "x.y", text: text, hasText: true, site: rangeAt("main.tsx", line, col)}
		body := c.innerText(n)
		var check func(items []config.Item)
		checkRange := func(r hcl.Range) {
			if r == n.site {
				return
			}
			if r.Filename != "main.tsx" || r.Start.Line < 1 || r.Start.Line > len(f.lines) || r.Start.Column < 1 {
				t.Fatalf("range %v outside main.tsx (%d lines)", r, len(f.lines))
			}
		}
		check = func(items []config.Item) {
			for _, it := range items {
				switch it := it.(type) {
				case *config.Attribute:
					checkRange(it.Range)
				case *config.Block:
					checkRange(it.DeclRange)
					check(it.Body.Items)
				}
			}
		}
		if body != nil {
			check(body.Items)
			checkRendersAsWritten(t, body)
		}
		for _, d := range c.diags {
			if d.Subject != nil && *d.Subject != n.site {
				checkRange(*d.Subject)
			}
		}
		_ = tagAttrsSafe(f, line, col)
	})
}

// checkRendersAsWritten renders an innerText body with its comments: the
// output must be formatted (a fixed point of hclwrite.Format) and parse.
func checkRendersAsWritten(t *testing.T, body *config.Body) {
	t.Helper()
	b := config.NewBlock("resource", "x", "y")
	b.Body = body
	out, err := render.HCL(&config.Config{Blocks: []*config.Block{b}})
	if err != nil {
		return // text the renderer refuses (not UTF-8, say) is reported
	}
	if f := hclwrite.Format(out); !bytes.Equal(f, out) {
		t.Fatalf("output is not formatted:\n%s\nhclwrite.Format:\n%s", out, f)
	}
	if _, ds := hclsyntax.ParseConfig(out, "main.tf", hcl.InitialPos); ds.HasErrors() {
		t.Fatalf("output does not parse: %v\n%s", ds, out)
	}
}

// tagAttrsSafe runs tagAttrs; the fuzzer checks only that it returns.
func tagAttrsSafe(f *sourceFile, line, col int) bool {
	f.starts = nil
	_, ok := tagAttrs(f, line, col)
	return ok
}

// FuzzParseJSON compares the tree reader with encoding/json: the same
// documents are accepted, with the same values.
func FuzzParseJSON(f *testing.F) {
	for _, s := range []string{
		`{}`, `[]`, `null`, `true`, `-1.5e3`, `"a\u00e9\ud83d\ude00\n"`,
		`{"nodes":[{"c":"Resource","p":{"type":"x","a":[1,{"b":null}]}}],"refs":[null]}`,
		`{"a":1,"a":2}`, `[1,]`, `{"a" 1}`, `"\ud800"`, `"\x"`, "\"\t\"", ` [ 1 , 2 ] `,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := parseJSON(s)
		var want any
		wantErr := json.Unmarshal([]byte(s), &want)
		if (err == nil) != (wantErr == nil) {
			t.Fatalf("parseJSON error %v, encoding/json error %v", err, wantErr)
		}
		if err != nil {
			return
		}
		if got := plain(v); !reflect.DeepEqual(got, want) {
			t.Fatalf("parseJSON = %#v, encoding/json = %#v", got, want)
		}
	})
}

// plain converts a tree value to what encoding/json decodes into any (later
// duplicate keys win, as there).
func plain(v *jvalue) any {
	switch v.kind {
	case jNull:
		return nil
	case jBool:
		return v.b
	case jNumber:
		return v.Number()
	case jString:
		return v.s
	case jArray:
		out := make([]any, len(v.arr))
		for i, it := range v.arr {
			out[i] = plain(it)
		}
		return out
	}
	out := map[string]any{}
	for _, m := range v.obj {
		out[m.key] = plain(m.val)
	}
	return out
}

// FuzzCheckAddress checks that an address string <Moved> accepts renders
// as a bare reference, and that one it refuses is reported, never a panic.
func FuzzCheckAddress(f *testing.F) {
	for _, s := range []string{
		"aws_instance.web", "module.net", "aws_instance.web[0]", `aws_instance.web["a"]`, "module.net.aws_instance.x",
		"", " ", "not an address", "aws_instance.web.id[", "1x.y", "a.b[each.key]", phOpen + "0" + phClose,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c := &converter{src: newSources("/nonexistent"), binding: map[int]*node{}}
		n := &node{kind: "Moved", spec: kinds["Moved"], addr: "moved"}
		v := &jvalue{kind: jString, s: s}
		ok := c.checkAddress(n, "to", v, hcl.Range{})
		if ok == c.diags.HasErrors() {
			t.Fatalf("checkAddress(%q) = %v with diagnostics %v", s, ok, c.diags)
		}
		if !ok {
			return
		}
		items := c.item(n, []string{"moved"}, "to", v, hcl.Range{}, "moved.to")
		out, err := render.HCL(&config.Config{Blocks: []*config.Block{{Type: "moved", Body: &config.Body{Items: items}}}})
		if err != nil {
			t.Fatalf("render of accepted address %q: %v", s, err)
		}
		if strings.Contains(string(out), `to = "`) {
			t.Fatalf("accepted address %q rendered as a string:\n%s", s, out)
		}
	})
}

// FuzzInnerTextRefs substitutes refs into innerText, where "@" stands for
// a placeholder of a ref: it must never panic, leave no placeholder
// behind, and when the text with each "@" read as an identifier parses as
// HCL, the text with the refs must parse as well (a ref becomes a bare
// expression where an expression stands, and ${...} in strings, heredocs
// and comments' neighbours keep theirs).
func FuzzInnerTextRefs(f *testing.F) {
	for _, s := range []string{
		`name = "sg-@"`, `vpc_id = @`, `x = "\${@}-web"`, "p = <<EOT\n@ and @\nEOT\n",
		"p = <<-EOT\n  ${x} @\n  EOT\n", `# note @`, `a = "$@"`, `a = "$$@"`, `a = ["@", @]`,
		`b { c = "@" }`, `d = "${join(",", ["@"])}"`, `e = "%{if true}@%{endif}"`, `f = "\"@"`,
	} {
		f.Add(s)
	}
	target := &node{idx: 0, kind: "Resource", spec: kinds["Resource"], labels: []string{"aws_vpc", "main"}, addr: "aws_vpc.main"}
	user := &node{idx: 1, kind: "Resource", addr: "x.y"}
	f.Fuzz(func(t *testing.T, s string) {
		if strings.ContainsAny(s, phOpen+phClose) || !utf8.ValidString(s) {
			return
		}
		c := &converter{src: newSources("/nonexistent"), binding: map[int]*node{0: target}, ph: []Value{refMarker(0, "id")}}
		got, _ := c.substitute(user, strings.ReplaceAll(s, "@", ph(0)), hcl.Range{}, "x.y", true)
		if strings.Contains(got, phOpen) {
			t.Fatalf("placeholder left in %q", got)
		}
		if gluedRef.MatchString(s) {
			return // part of a longer name or a heredoc marker: not a ref's place
		}
		plain := strings.ReplaceAll(s, "@", "ident.attr") // where a reference may stand
		if _, ds := hclsyntax.ParseConfig([]byte(plain), "t.hcl", hcl.InitialPos); ds.HasErrors() {
			return
		}
		if _, ds := hclsyntax.ParseConfig([]byte(got), "t.hcl", hcl.InitialPos); ds.HasErrors() {
			t.Fatalf("%q parses, but with refs %q does not: %v", plain, got, ds)
		}
	})
}

// gluedRef finds an "@" that a name or a heredoc marker would swallow.
var gluedRef = regexp.MustCompile(`(<<-?|[A-Za-z0-9_.-])@|@[A-Za-z0-9_.\[-]`)

// textSitesParts is textSites as text, table and positions: the text
// unchanged and no table when it replaces nothing. The positions map each
// index written, by its own position, to the position of the object it
// replaced.
func textSitesParts(code string) (string, []jsxSite, map[file.Idx]file.Idx) {
	t := textSites(code)
	if t == nil {
		return code, nil, nil
	}
	at := make(map[file.Idx]file.Idx, len(t.at))
	for c := range t.at {
		// The object is the last candidate at or before its index.
		i := sort.Search(len(t.cands), func(i int) bool { return t.cands[i] > c })
		at[c] = t.cands[i-1]
	}
	return t.code, t.sites, at
}

// FuzzTextSites checks textSites on any text: the output has the same
// length and line breaks, and each replaced object reads back as its
// table entry from the input.
func FuzzTextSites(f *testing.F) {
	for _, s := range []string{
		"f(x, {}, void 0, false, {\n  fileName: \"main.tsx\",\n  lineNumber: 12,\n  columnNumber: 7\n}, this)",
		"{ fileName: \"a\", lineNumber: 1, columnNumber: 1 }",
		"{fileName: \"a\\\"\",\r\nlineNumber: 0,\ncolumnNumber: 1}",
		"{ fileName: \"é\",\n lineNumber: 6e3,\n columnNumber: 99999999999 }",
		"`{\n fileName: \"x\",\n lineNumber: 2,\n columnNumber: 3\n}`",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		out, sites, at := textSitesParts(code)
		if len(out) != len(code) {
			t.Fatalf("length %d, want %d", len(out), len(code))
		}
		for i := range code {
			if (code[i] == '\n') != (out[i] == '\n') || (code[i] == '\r') != (out[i] == '\r') {
				t.Fatalf("line break moved at %d", i)
			}
		}
		if len(at) != max(len(sites)-1, 0) {
			t.Fatalf("%d positions for %d sites", len(at), len(sites))
		}
		ti := textSites(code)
		for c, obj := range at {
			k := ti.at[c]
			s, end, ok := readSiteObject(code, int(obj)-1)
			if !ok || s != sites[k] {
				t.Fatalf("site %d at %d reads %v %v, table %v", k, obj, s, ok, sites[k])
			}
			index := strconv.Itoa(k)
			if c < obj || int(c)-1+len(index) > end || !strings.HasPrefix(out[int(c)-1:], index) {
				t.Fatalf("index %d not written at %d, in the object at %d", k, c, obj)
			}
			if strings.TrimSpace(out[int(obj)-1:end]) != index {
				t.Fatalf("object at %d became %q, want %s and spaces", obj, out[int(obj)-1:end], index)
			}
		}
		// The objects left in the text are still candidates there, at the
		// positions the walk is given, unless a replaced object held them.
		if ti != nil {
			objects := map[file.Idx]bool{}
			for _, o := range at {
				objects[o] = true
			}
			left := map[file.Idx]bool{}
			for _, c := range siteCandidates(ti.code) {
				left[c] = true
			}
			inside := func(c file.Idx) bool {
				for r := range objects {
					if _, end, _ := readSiteObject(code, int(r)-1); c > r && int(c) <= end {
						return true
					}
				}
				return false
			}
			for _, c := range ti.cands {
				if !objects[c] && !left[c] && !inside(c) {
					t.Fatalf("candidate at %d lost", c)
				}
			}
		}
	})
}

// FuzzJSONCToJSON checks the reader of tsconfig.json's comments and
// trailing commas: any input returns, and JSON that has neither reads the
// same after it.
func FuzzJSONCToJSON(f *testing.F) {
	for _, s := range []string{
		`{"compilerOptions": {"paths": {"@/*": ["./src/*"]}}}`,
		"{\n  // a comment\n  \"extends\": \"./base.json\", /* another */\n  \"compilerOptions\": {\"baseUrl\": \".\",},\n}",
		`{"a": "// not a comment", "b": "/* nor this */", "c": "x\"y"}`,
		`{"a": [1, 2, ], }`,
		`"unterminated`,
		`/* unterminated`,
		`{"a": "\`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		out := jsoncToJSON(data)
		var in any
		if json.Unmarshal(data, &in) != nil || bytes.Contains(data, []byte("//")) || bytes.Contains(data, []byte("/*")) {
			return
		}
		var got any
		if err := json.Unmarshal(out, &got); err != nil || !reflect.DeepEqual(in, got) {
			t.Fatalf("%q became %q (%v)", data, out, err)
		}
	})
}
