package tsx

import (
	"reflect"
	"testing"
)

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
  const vpc = useRef();
  const y = vpc.id ?? 2;
})();
`
	var got []string
	for _, rt := range findRefTests(code) {
		got = append(got, rt.operand+" "+rt.op)
		if code[rt.offset:rt.offset+len(rt.operand)] != rt.operand {
			t.Errorf("offset of %q points at %q", rt.operand, code[rt.offset:rt.offset+len(rt.operand)])
		}
	}
	want := []string{`vpc.id ??`, `web?.tags["a b"].x ||`, `vpc ?`, `vpc.cidr[0] &&`}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("findRefTests:\n got %q\nwant %q", got, want)
	}
	if findRefTests("const a = b ?? c;") != nil {
		t.Error("a bundle without useRef has no tests of refs")
	}
}
