package tsx

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// hookArgs are the arguments a React user would pass (the build does not
// type-check: the hooks' declared parameter is what makes tsc refuse them);
// the hooks throw whatever they are given.
var hookArgs = map[string]string{
	"useEffect":   "() => { console.log(\"mounted\"); }, []",
	"useMemo":     "() => [1, 2].map((n) => n * 2), []",
	"useCallback": "(n: number) => n + 1, []",
	"useContext":  "{} as any",
}

var unsupportedHookRE = regexp.MustCompile(`export const (\w+) = /\* @__PURE__ \*/ unsupportedHook\("(\w+)"\);`)

// TestUnsupportedHooksAtRunTime calls every hook the runtime refuses,
// useEffect, useMemo, useCallback and useContext among them, from a
// component: each is an error at the call, in the component (React 19's
// use, useActionState and useOptimistic too, rather than a missing export).
func TestUnsupportedHooksAtRunTime(t *testing.T) {
	src, err := runtimeFS.ReadFile("runtime/tfkit.js")
	if err != nil {
		t.Fatal(err)
	}
	decls := string(TypeDefinitions()["index.d.ts"])
	found := map[string]bool{}
	for _, m := range unsupportedHookRE.FindAllStringSubmatch(string(src), -1) {
		name := m[1]
		found[name] = true
		if m[2] != name {
			t.Errorf("%s is exported with the message of %s", name, m[2])
		}
		if !strings.Contains(decls, "export declare function "+name+"(notSupported: ") {
			t.Errorf("index.d.ts does not declare %s with its notSupported parameter", name)
		}
		t.Run(name, func(t *testing.T) {
			args := hookArgs[name]
			const call = "  const v = "
			dir := t.TempDir()
			main := fmt.Sprintf(`import { Resource, %[1]s } from "tfkit";

function Server(props: { name: string }) {
%[2]s%[1]s(%[3]s);
  return <Resource type="null_resource" name={props.name} />;
}

export default function App() {
  return <Server name="web" />;
}
`, name, call, args)
			if err := os.WriteFile(filepath.Join(dir, "main.tsx"), []byte(main), 0o644); err != nil {
				t.Fatal(err)
			}
			_, diags := Build("main.tsx", Options{Dir: dir})
			if len(diags) != 1 {
				t.Fatalf("want one error, got:\n%s", formatDiags(diags))
			}
			d := diags[0]
			// goja places a call at its arguments, just after the
			// parenthesis.
			col := len(call) + len(name) + 2
			at := fmt.Sprintf("main.tsx:4:%d", col)
			if d.Summary != name+" is not supported" || d.Subject == nil || d.Subject.Start.Line != 4 || d.Subject.Start.Column != col {
				t.Errorf("want %q at %s, got:\n%s", name+" is not supported", at, d.Error())
			}
			for _, want := range []string{"Of React's hooks, tfkit has only useRef.", "at Server (" + at + ")"} {
				if !strings.Contains(d.Detail, want) {
					t.Errorf("detail lacks %q:\n%s", want, d.Detail)
				}
			}
			if d.Suggestion != "use plain variables, props and useRef" {
				t.Errorf("hint = %q", d.Suggestion)
			}
		})
	}
	for _, name := range []string{"useState", "useEffect", "useMemo", "useCallback", "useContext", "useReducer", "use", "useActionState", "useOptimistic"} {
		if !found[name] {
			t.Errorf("the runtime does not refuse %s", name)
		}
	}
}

// TestUnsupportedReactAPIs uses React's APIs other than hooks that the
// runtime refuses, each as a React user would: each is an error that says
// what to write instead, rather than a missing export.
func TestUnsupportedReactAPIs(t *testing.T) {
	uses := map[string]string{
		"memo":         "const Box = memo(() => <Resource type=\"null_resource\" name=\"a\" />);\nexport default () => <Box />;",
		"Suspense":     "export default () => <Suspense fallback={null}><Resource type=\"null_resource\" name=\"a\" /></Suspense>;",
		"lazy":         "const Box = lazy(() => Promise.resolve({ default: () => null }));\nexport default () => <Box />;",
		"createPortal": "export default () => createPortal(<Resource type=\"null_resource\" name=\"a\" />, null);",
		"cloneElement": "export default () => cloneElement(<Resource type=\"null_resource\" name=\"a\" />, { name: \"b\" });",
		"Children":     "const Box = (props: any) => <>{Children.map(props.children, (c: any) => c)}</>;\nexport default () => <Box><Resource type=\"null_resource\" name=\"a\" /></Box>;",
	}
	for name, use := range uses {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			main := fmt.Sprintf("import { Resource, %s } from \"tfkit\";\n\n%s\n", name, use)
			if err := os.WriteFile(filepath.Join(dir, "main.tsx"), []byte(main), 0o644); err != nil {
				t.Fatal(err)
			}
			_, diags := Build("main.tsx", Options{Dir: dir})
			want := name + " is not supported"
			if name == "Children" {
				want = "Children.map is not supported"
			}
			if len(diags) != 1 || diags[0].Summary != want || diags[0].Suggestion == "" ||
				!strings.HasPrefix(diags[0].Detail, "A TSX configuration is rendered once, at build time: ") {
				t.Fatalf("want one error %q with a hint, got:\n%s", want, formatDiags(diags))
			}
		})
	}
}
