package tsx

import (
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/dop251/goja"

	"github.com/tfkit/tfkit/internal/render"
)

// TestSiteIndexSameAsObjects builds every case of testdata/build with the
// elements' positions as indexes and the source map read apart (the
// default), and with esbuild's objects and the map read by goja's parser:
// the output and the diagnostics are the same, byte for byte.
func TestSiteIndexSameAsObjects(t *testing.T) {
	buildCasesBothWays(t, gojaEngine{asIs: true}, "indexed positions", "objects")
}

// buildCasesBothWays builds every case of testdata/build with the default
// engine and with other, and reports each case where the output or the
// diagnostics differ (named by what and otherWhat).
func buildCasesBothWays(t *testing.T, other Engine, what, otherWhat string) {
	t.Helper()
	for _, name := range buildCases(t) {
		dir := filepath.Join("testdata", "build", name)
		entry, opts := readCase(t, dir)
		var got [2]string
		for i, e := range []Engine{gojaEngine{}, other} {
			o := opts
			o.Engine = e
			cfg, diags := Build(entry, o)
			got[i] = formatDiags(diags)
			if !diags.HasErrors() {
				out, err := render.HCL(cfg)
				if err != nil {
					t.Fatal(err)
				}
				got[i] += string(out)
			}
		}
		if got[0] != got[1] {
			t.Errorf("%s: %s give\n%s\n%s give\n%s", name, what, got[0], otherWhat, got[1])
		}
	}
}

// TestSiteIndexOnlyJSXCalls: the index replaces the position argument of
// the runtime's jsxDEV calls and nothing else, also when a module declares
// its own jsxDEV (esbuild then renames the runtime's) and a template
// literal holds text that looks like a position object.
func TestSiteIndexOnlyJSXCalls(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"main.tsx": `import { Resource } from "tfkit";

function jsxDEV(a: number, b: number, c: number, d: number, e: object, f: unknown) {
  return Object.keys(e).join(",") + a + b + c + d + String(f);
}

const fake = ` + "`" + `{
  fileName: "main.tsx",
  lineNumber: 1,
  columnNumber: 1
}` + "`" + `;

const mine = jsxDEV(1, 2, 3, 4, {
  fileName: "main.tsx",
  lineNumber: 1,
  columnNumber: 1
}, 5);

function Pair(props: { n: string }) {
  return (
    <>
      <Resource type="null_resource" name={props.n} triggers={{ fake, mine }} />
    </>
  );
}

export default function App() {
  return (
    <>
      <Pair n="a" />
      <Resource type="null_resource" name="b" />
    </>
  );
}
`})
	b, diags := bundleEntry(filepath.Join(dir, "main.tsx"), dir, true)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	prg, err := goja.Parse(bundleName, b.code)
	if err != nil {
		t.Fatal(err)
	}
	sites := indexJSXSites(prg, b.code)
	want := []jsxSite{{}, {"main.tsx", 21, 5}, {"main.tsx", 22, 7}, {"main.tsx", 29, 5}, {"main.tsx", 30, 7}, {"main.tsx", 31, 7}}
	if len(sites) != len(want) {
		t.Fatalf("sites = %v, want %v", sites, want)
	}
	seen := map[jsxSite]bool{}
	for _, s := range sites {
		seen[s] = true
	}
	for _, w := range want {
		if !seen[w] {
			t.Errorf("no site %v in %v", w, sites)
		}
	}

	cfg, diags := Build("main.tsx", Options{Dir: dir})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	out, err := render.HCL(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{`fileName: \"main.tsx\",`, `"fileName,lineNumber,columnNumber12345"`} {
		if !strings.Contains(string(out), s) {
			t.Errorf("output lacks %s:\n%s", s, out)
		}
	}
}

// TestSplitInlineMap: the map line is cut off only when it is the last
// line, as goja would read it.
func TestSplitInlineMap(t *testing.T) {
	for _, tc := range []struct{ in, code, line string }{
		{"a();\n//# sourceMappingURL=data:application/json;base64,e30=\n", "a();\n", "//# sourceMappingURL=data:application/json;base64,e30="},
		{"a();\n//# sourceMappingURL=data:application/json;base64,e30=", "a();\n", "//# sourceMappingURL=data:application/json;base64,e30="},
		{"a();\n//# sourceMappingURL=x.js.map\n", "a();\n//# sourceMappingURL=x.js.map\n", ""},
		{"//# sourceMappingURL=data:application/json;base64,e30=\n})\n", "//# sourceMappingURL=data:application/json;base64,e30=\n})\n", ""},
		{"a();\n", "a();\n", ""},
	} {
		code, line := splitInlineMap(tc.in)
		if code != tc.code || line != tc.line {
			t.Errorf("splitInlineMap(%q) = %q, %q; want %q, %q", tc.in, code, line, tc.code, tc.line)
		}
	}
}

// TestStackMappedAsGojaMaps: a stack the configuration itself prints, and
// the position of an exception, are the same whether goja's parser reads
// the source map or the engine reads it apart.
func TestStackMappedAsGojaMaps(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"main.tsx": `import { Resource } from "tfkit";

function where() {
  return new Error("here").stack;
}

console.log(where());

export default function App() {
  const x: any = undefined;
  return <Resource type="null_resource" name={x.name} />;
}
`})
	var got [2]string
	for i, e := range []Engine{gojaEngine{}, gojaEngine{asIs: true}} {
		var log strings.Builder
		_, diags := Build("main.tsx", Options{Dir: dir, Engine: e, Log: &log})
		got[i] = log.String() + formatDiags(diags)
	}
	if got[0] != got[1] {
		t.Errorf("map read apart:\n%s\nread by the parser:\n%s", got[0], got[1])
	}
	if !strings.Contains(got[0], "main.tsx:4:") || !strings.Contains(got[0], "main.tsx:11:") {
		t.Errorf("positions not in main.tsx:\n%s", got[0])
	}
}

// TestNativeRefProxiesSameAsJS builds every case of testdata/build with the
// ref proxies' native traps (the default) and with the runtime's
// JavaScript ones: the output and the diagnostics are the same, byte for
// byte.
func TestNativeRefProxiesSameAsJS(t *testing.T) {
	buildCasesBothWays(t, gojaEngine{jsRefProxies: true}, "native traps", "JavaScript traps")
}

// TestTextSites: the position objects esbuild writes are replaced by their
// indexes in place, every other byte and every line break kept; objects of
// another shape stay.
func TestTextSites(t *testing.T) {
	code := "a(jsxDEV(X, {}, void 0, false, {\n  fileName: \"main.tsx\",\n  lineNumber: 12,\n  columnNumber: 7\n}, this));\n" +
		"b(jsxDEV(Y, {}, void 0, false, {\n  fileName: \"dir/a b.tsx\",\n  lineNumber: 3,\n  columnNumber: 15\n}, this));\n" +
		"c(jsxDEV(Z, {}, void 0, false, {\n  fileName: \"q\\\"uote.tsx\",\n  lineNumber: 1,\n  columnNumber: 1\n}, this));\n" +
		"d(jsxDEV(W, {}, void 0, false, {\n  fileName: \"main.tsx\",\n  lineNumber: 6e3,\n  columnNumber: 1\n}, this));\n" +
		"e(jsxDEV(V, {}, void 0, false, {\n  fileName: \"main.tsx\",\n  lineNumber: 0x10,\n  columnNumber: 1\n}, this));\n"
	// From the tenth on, an index is longer than the "{" esbuild ends its
	// line with: it is written on the next line, not over the line break.
	for i := 0; i < 10; i++ {
		code += "f(jsxDEV(U, {}, void 0, false, {\n  fileName: \"main.tsx\",\n  lineNumber: 40,\n  columnNumber: 1\n}, this));\n"
	}
	out, sites, at := textSitesParts(code)
	if len(out) != len(code) {
		t.Fatalf("length %d, want %d", len(out), len(code))
	}
	for i := range code {
		if (code[i] == '\n') != (out[i] == '\n') {
			t.Fatalf("line break moved at %d:\n%s", i, out)
		}
	}
	want := []jsxSite{{}, {"main.tsx", 12, 7}, {"dir/a b.tsx", 3, 15}, {"main.tsx", 6000, 1}}
	for range 10 {
		want = append(want, jsxSite{"main.tsx", 40, 1})
	}
	if !reflect.DeepEqual(sites, want) {
		t.Errorf("sites = %v, want %v", sites, want)
	}
	if len(at) != 13 {
		t.Errorf("at = %v, want 13", at)
	}
	if !strings.Contains(out, "false, 1\n") || !strings.Contains(out, "false, 2\n") || !strings.Contains(out, "false,  \n13 ") {
		t.Errorf("indexes not written:\n%s", out)
	}
	for _, kept := range []string{`fileName: "q\"uote.tsx"`, "lineNumber: 0x10"} {
		if !strings.Contains(out, kept) {
			t.Errorf("%s was replaced:\n%s", kept, out)
		}
	}
}

// TestTextSitesChecked: replaced text that is not a jsxDEV position
// argument (a template literal that reads like one, a call of a user's
// function of the same shape) makes the bundle be parsed as it was; a
// bundle of elements only is taken as replaced.
func TestTextSitesChecked(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		replaced  bool
	}{
		{"elements", `import { Resource } from "tfkit";
export default function App() {
  return (
    <>
      <Resource type="null_resource" name="a" />
      <Resource type="null_resource" name="b" />
    </>
  );
}
`, true},
		{"template", `import { Resource } from "tfkit";
const fake = ` + "`" + `{
  fileName: "main.tsx",
  lineNumber: 1,
  columnNumber: 1
}` + "`" + `;
export default function App() {
  return <Resource type="null_resource" name="a" triggers={{ fake }} />;
}
`, false},
		{"own jsxDEV", `import { Resource } from "tfkit";
function jsxDEV(a: number, b: number, c: number, d: number, e: object, f: unknown) { return String(e); }
const mine = jsxDEV(1, 2, 3, 4, {
  fileName: "main.tsx",
  lineNumber: 1,
  columnNumber: 1
}, 5);
export default function App() {
  return <Resource type="null_resource" name="a" triggers={{ mine }} />;
}
`, false},
	} {
		dir := t.TempDir()
		writeFiles(t, dir, map[string]string{"main.tsx": tc.src})
		b, diags := bundleEntry(filepath.Join(dir, "main.tsx"), dir, false)
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		ti := textSites(b.code)
		if ti == nil {
			t.Fatalf("%s: nothing replaced", tc.name)
		}
		prg, err := goja.Parse(bundleName, ti.code)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if _, ok := ti.index(prg); ok != tc.replaced {
			t.Errorf("%s: taken as replaced %v, want %v", tc.name, ok, tc.replaced)
		}
	}
}

// TestTextSitesLongFile: in a long file esbuild writes line numbers such as
// 3000 as 3e3; the positions read from the text are those goja's parse of
// the objects gives, in the output and in messages.
func TestTextSitesLongFile(t *testing.T) {
	var src strings.Builder
	src.WriteString("import { Resource } from \"tfkit\";\nexport default function App() {\n  return (\n    <>\n")
	for line := 5; line <= 3100; line++ {
		if line == 3000 {
			src.WriteString("      <Resource type=\"null_resource\" />\n") // no name: an error here
			continue
		}
		fmt.Fprintf(&src, "      <Resource type=\"null_resource\" name=\"r%d\" />\n", line)
	}
	src.WriteString("    </>\n  );\n}\n")
	got := diagsBothPositionWays(t, src.String())
	if !strings.HasPrefix(got, "main.tsx:3000:7: Error: <Resource> without name") {
		t.Errorf("want the error at main.tsx:3000:7, got\n%s", got)
	}
}

// TestTextSitesKeepStackLines: a script's own positions (an exception's
// stack) after many elements are those of the text as esbuild wrote it.
func TestTextSitesKeepStackLines(t *testing.T) {
	var src strings.Builder
	src.WriteString("import { Resource } from \"tfkit\";\nfunction boom(): string {\n  throw new Error(\"boom\");\n}\nexport default function App() {\n  return (\n    <>\n")
	for i := 0; i < 40; i++ {
		fmt.Fprintf(&src, "      <Resource type=\"null_resource\" name=\"r%d\" />\n", i)
	}
	src.WriteString("      <Resource type=\"null_resource\" name=\"z\" triggers={{ a: boom() }} />\n    </>\n  );\n}\n")
	got := diagsBothPositionWays(t, src.String())
	if !strings.Contains(got, "at App (main.tsx:48:") {
		t.Errorf("want the call of boom at main.tsx:48, got\n%s", got)
	}
}

// diagsBothPositionWays builds main.tsx with the elements' positions taken
// from the text and from the parsed objects, checks that both give the same
// diagnostics, and returns them.
func diagsBothPositionWays(t *testing.T, mainTSX string) string {
	t.Helper()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"main.tsx": mainTSX})
	var got [2]string
	for i, e := range []Engine{gojaEngine{}, gojaEngine{asIs: true}} {
		_, diags := Build("main.tsx", Options{Dir: dir, Engine: e})
		got[i] = formatDiags(diags)
	}
	if got[0] != got[1] {
		t.Errorf("positions from the text give\n%s\nfrom the objects\n%s", got[0], got[1])
	}
	return got[0]
}
