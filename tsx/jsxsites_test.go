package tsx

import (
	"path/filepath"
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
	for _, name := range buildCases(t) {
		dir := filepath.Join("testdata", "build", name)
		entry, opts := readCase(t, dir)
		var got [2]string
		for i, e := range []Engine{gojaEngine{}, gojaEngine{asIs: true}} {
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
			t.Errorf("%s: indexed positions give\n%s\nobjects give\n%s", name, got[0], got[1])
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
	for _, name := range buildCases(t) {
		dir := filepath.Join("testdata", "build", name)
		entry, opts := readCase(t, dir)
		var got [2]string
		for i, e := range []Engine{gojaEngine{}, gojaEngine{jsRefProxies: true}} {
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
			t.Errorf("%s: native traps give\n%s\nJavaScript traps give\n%s", name, got[0], got[1])
		}
	}
}
