package tsx

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/dop251/goja"

	"github.com/tfkit/tfkit/internal/render"
)

// TestSiteIndexSameAsObjects builds every case of testdata/build with the
// elements' positions as indexes (the default) and as esbuild's objects:
// the output and the diagnostics are the same, byte for byte.
func TestSiteIndexSameAsObjects(t *testing.T) {
	for _, name := range buildCases(t) {
		dir := filepath.Join("testdata", "build", name)
		entry, opts := readCase(t, dir)
		var got [2]string
		for i, e := range []Engine{gojaEngine{}, gojaEngine{keepSiteObjects: true}} {
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
	b, diags := bundleEntry(filepath.Join(dir, "main.tsx"), dir)
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
