package tsx

import (
	"reflect"
	"strings"
	"testing"

	"github.com/dop251/goja"
)

// scanRefTests parses a bundle and lists the tests of refs found in it as
// "operand op", checking that each offset points at its operand.
func scanRefTests(t *testing.T, code string) []string {
	t.Helper()
	prg, err := goja.Parse("bundle.js", code)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	var got []string
	for _, rt := range findRefTests(prg) {
		got = append(got, rt.operand+" "+rt.op)
		if code[rt.offset:rt.offset+len(rt.operand)] != rt.operand {
			t.Errorf("offset of %q points at %q", rt.operand, code[rt.offset:rt.offset+len(rt.operand)])
		}
	}
	return got
}

func TestFindRefTests(t *testing.T) {
	code := `(() => {
  // tfkit-runtime:tfkit
  function useRef() { return r || make(); }
  var r = useRef();
  var x = r.a ?? 1;

  // main.tsx
  function App() {
    const vpc = useRef();
    let web = useRef2();
    const other = make();
    const a = vpc.id ?? "x";
    const b = web?.tags["a b"].x || "y";
    const c = other.id ?? "z";
    const d = f(vpc.id) ?? "w";
    const e = (vpc.id) ?? "v";
    const s = "vpc.id ?? text";
    return vpc ? a : b && vpc.cidr[0] && 1;
  }

  // node_modules/pkg/index.js
  const pkgRef = useRef();
  const y = pkgRef.id ?? 2;
})();
`
	code = strings.Replace(code, "function useRef()", "function useRef() {}\n  function useRef2()", 1)
	got := scanRefTests(t, code)
	want := []string{`vpc.id ??`, `web?.tags["a b"].x ||`, `vpc.id ??`, `vpc ?`, `vpc.cidr[0] &&`}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("findRefTests:\n got %q\nwant %q", got, want)
	}
	prg, err := goja.Parse("bundle.js", "const a = b ?? c;")
	if err != nil {
		t.Fatal(err)
	}
	if findRefTests(prg) != nil {
		t.Error("a bundle without useRef has no tests of refs")
	}
}

// TestFindRefTestsScopes: a name a ref has, given again in an inner scope
// (a parameter, a block's let or const, a destructured name, a catch
// parameter, a loop variable, a function or class name), is that scope's
// own value, not the ref; the ref is seen again outside that scope.
func TestFindRefTestsScopes(t *testing.T) {
	const head = "(() => {\n  // tfkit-runtime:tfkit\n  function useRef() {}\n\n  // main.tsx\n"
	for _, tc := range []struct {
		name, code string
		want       []string
	}{
		{"function parameter", `const vpc = useRef(); function f(vpc) { return vpc.id ?? 1; }`, nil},
		{"arrow parameter", `const vpc = useRef(); const f = (vpc) => vpc || 1;`, nil},
		{"arrow parameter without parentheses", `const vpc = useRef(); const f = vpc => vpc && 1;`, nil},
		{"rest parameter", `const vpc = useRef(); const f = (...vpc) => vpc ?? 1;`, nil},
		{"destructured parameter", `const vpc = useRef(); function f({ vpc }) { return vpc ? 1 : 2; }`, nil},
		{"renamed destructured parameter", `const vpc = useRef(); function f({ id: vpc }) { return vpc ?? 1; }`, nil},
		{"parameter default", `const vpc = useRef(); function f(a = vpc.id ?? 1) { return a; } function g(web, a = vpc ?? web) {}`, []string{"vpc.id ??", "vpc ??"}},
		{"parameter in a default", `const vpc = useRef(); function f(a = vpc ?? 1, vpc) {} function g(vpc, a = vpc ?? 1) {}`, nil},
		{"block const", `const vpc = useRef(); { const vpc = {}; vpc.id ?? 1; } vpc.id ?? 2;`, []string{"vpc.id ??"}},
		{"block let before its use", `const vpc = useRef(); if (x) { f(() => vpc ?? 1); let vpc = 2; }`, nil},
		{"destructuring", `const vpc = useRef(); function f(o) { const { vpc, web: [a = vpc ?? 1] } = o; return vpc || a; }`, nil},
		{"array destructuring", `const vpc = useRef(); function f(o) { let [x, vpc] = o; return vpc && x; }`, nil},
		{"catch parameter", `const vpc = useRef(); try { g(); } catch (vpc) { vpc ? 1 : 2; } vpc ? 3 : 4;`, []string{"vpc ?"}},
		{"destructured catch parameter", `const vpc = useRef(); try { g(); } catch ({ vpc }) { vpc ?? 1; }`, nil},
		{"for-of const", `const vpc = useRef(); for (const vpc of xs) vpc ?? 1; vpc ?? 2;`, []string{"vpc ??"}},
		{"for let", `const vpc = useRef(); for (let vpc = 0; vpc && vpc < 2; vpc++) {}`, nil},
		{"for-in let", `const vpc = useRef(); for (let vpc in o) { vpc || 1; }`, nil},
		{"var in a function", `const vpc = useRef(); function f() { if (x) { var vpc = 1; } return vpc ?? 2; }`, nil},
		{"function name", `const vpc = useRef(); function f() { function vpc() {} return vpc ?? 1; }`, nil},
		{"function expression name", `const vpc = useRef(); const f = function vpc() { return vpc ?? 1; };`, nil},
		{"class name", `const vpc = useRef(); { class vpc {} vpc ?? 1; }`, nil},
		{"method parameter", `const vpc = useRef(); class C { m(vpc) { return vpc ?? 1; } n() { return vpc ?? 2; } }`, []string{"vpc ??"}},
		{"switch case", `const vpc = useRef(); switch (x) { case 1: const vpc = 2; vpc ?? 1; }`, nil},
		{"inner function reads the ref", `const vpc = useRef(); function f(web) { return () => vpc.id || web; }`, []string{"vpc.id ||"}},
		{"ref declared in an inner scope", `function f() { const vpc = useRef(); return vpc.id ?? 1; } function g(vpc) { return vpc.id ?? 2; }`, []string{"vpc.id ??"}},
		{"ref declared after its use", `function f() { return vpc.id ?? 1; } const vpc = useRef();`, []string{"vpc.id ??"}},
		{"local useRef", `function f() { const useRef = () => ({}); const vpc = useRef(); return vpc.id ?? 1; }`, nil},
		{"useRef read from an object", `const vpc = tfkit.useRef(); vpc.id ?? 1;`, []string{"vpc.id ??"}},
		{"not a ref", `const vpc = make(); vpc.id ?? 1;`, nil},
		{"logical result", `const vpc = useRef(); (x && vpc.id) ?? 1; (x ? vpc.id : y) || 2;`, []string{"vpc.id ??", "vpc.id ||"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := scanRefTests(t, head+"  "+tc.code+"\n})();\n")
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("%s\n got %q\nwant %q", tc.code, got, tc.want)
			}
		})
	}
}

// TestFindRefTestsOtherModule: a name of another module is that module's:
// esbuild renames top-level names that collide, and an inner scope's name
// is the inner scope's.
func TestFindRefTestsOtherModule(t *testing.T) {
	code := `(() => {
  // tfkit-runtime:tfkit
  function useRef() {}

  // names.tsx
  var vpc = { name: "x" };
  function vpcName() {
    return vpc.name ?? "vpc";
  }
  function Tags() {
    const web = { tags: void 0 };
    return web.tags || {};
  }

  // main.tsx
  function App() {
    const vpc2 = useRef();
    const web = useRef();
    return [vpc2.id ?? "a", web ? 1 : 2, vpcName(), Tags()];
  }
})();
`
	want := []string{"vpc2.id ??", "web ?"}
	if got := scanRefTests(t, code); !reflect.DeepEqual(got, want) {
		t.Errorf("findRefTests:\n got %q\nwant %q", got, want)
	}
}

func TestSourceOperand(t *testing.T) {
	for _, tc := range []struct {
		operand, line string
		col           int
		want          string
	}{
		{"vpc2.id", `  value={vpc.id ?? "x"}`, 10, "vpc.id"},
		{"vpc.id", `  value={vpc.id ?? "x"}`, 10, "vpc.id"},
		{"café2?.id", `x = café?.id ?? 1`, 5, "café?.id"},
		{"web2.id", `  value={other.id}`, 10, "web2.id"}, // not a renaming: kept
		{"vpc.id", `short`, 40, "vpc.id"},
	} {
		if got := sourceOperand(tc.operand, tc.line, tc.col); got != tc.want {
			t.Errorf("sourceOperand(%q, %q, %d) = %q, want %q", tc.operand, tc.line, tc.col, got, tc.want)
		}
	}
}

// TestFindRefSums: a ref or a path read from one added to a number
// written as one is found, on either side; text, names and other
// operators are left alone.
func TestFindRefSums(t *testing.T) {
	code := `(() => {
  // tfkit-runtime:tfkit
  function useRef() {}

  // main.tsx
  function App() {
    const vpc = useRef();
    const n = 3;
    const a = vpc.size + 1;
    const b = 2.5 + vpc.size;
    const c = vpc.size + -1;
    const d = vpc.id + "1";
    const e = vpc.size + n;
    const f = n + 1;
    const g = vpc.size - 1;
    return [a, b, c, d, e, f, g];
  }
})();
`
	prg, err := goja.Parse("bundle.js", code)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, rt := range findRefTests(prg) {
		got = append(got, rt.operand+" "+rt.op+" "+rt.sum)
	}
	want := []string{"vpc.size + @ + 1", "vpc.size + 2.5 + @", "vpc.size + @ + -1"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("findRefTests:\n got %q\nwant %q", got, want)
	}
}
