package load

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"math/big"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/zclconf/go-cty/cty"
	ctyjson "github.com/zclconf/go-cty/cty/json"

	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/load/internal/funccases"
	"github.com/tfkit/tfkit/tffile"
)

var functionsDir = filepath.Join("testdata", "functions")

// TestFunctionCases runs every case of testdata/functions/cases.json, the
// engine's answers written by scripts/gen-function-cases.sh, through
// tfkit's evaluator in the same configuration, and compares the value,
// its type, what of it is unknown, its sensitivity and the error summary.
// A case marked known-divergent must still differ: when tfkit comes to
// match it, the mark goes.
func TestFunctionCases(t *testing.T) {
	table, err := funccases.ReadTable(filepath.Join(functionsDir, "cases.json"))
	if err != nil {
		t.Fatal(err)
	}
	inputs, err := funccases.ReadInputs(filepath.Join(functionsDir, "inputs.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if len(inputs) != len(table.Cases) {
		t.Fatalf("cases.json has %d cases, inputs.txt %d: run scripts/gen-function-cases.sh", len(table.Cases), len(inputs))
	}
	for i, in := range inputs {
		c := table.Cases[i]
		if in.Function != c.Function || in.Expr != c.Expr || in.Bare != c.Bare || in.Divergent != c.Divergent {
			t.Fatalf("cases.json is stale at %s (inputs.txt has %s): run scripts/gen-function-cases.sh", c.Expr, in.Expr)
		}
	}

	// Every function of the engine is in tfkit's table, under its core::
	// name too, and has at least four cases.
	funcs := functions(t.TempDir(), nil, tffile.Terraform, false)
	per := map[string]int{}
	for _, c := range table.Cases {
		per[c.Function]++
	}
	for _, name := range table.Functions {
		if _, ok := funcs[name]; !ok && !strings.HasPrefix(name, "provider::") {
			t.Errorf("%s: not in tfkit's function table", name)
		}
		if _, ok := funcs["core::"+name]; !ok && !strings.HasPrefix(name, "provider::") {
			t.Errorf("core::%s: not in tfkit's function table", name)
		}
		if per[name] < 4 {
			t.Errorf("%s: %d cases, want at least 4", name, per[name])
		}
	}

	dirs := map[bool]string{}
	for _, bare := range []bool{false, true} {
		dirs[bare] = functionDir(t, bare)
	}
	// The cases are the answers of one release ("terraform 1.11.4"):
	// eval follows that release.
	_, version, _ := strings.Cut(table.Engine, " ")
	matched, divergent, errs, sameDetail := 0, 0, 0, 0
	for _, c := range table.Cases {
		got := evalCase(t, dirs[c.Bare], c.Expr, version)
		diff := compareCase(c, got)
		if c.Error != nil && got.err != nil {
			errs++
			if got.err.Detail == c.Error.Detail {
				sameDetail++
			}
		}
		switch {
		case c.Divergent != "" && diff == "":
			t.Errorf("%s: marked known-divergent (%s) but matches the engine now: remove the mark", c.Expr, c.Divergent)
		case c.Divergent != "":
			divergent++
		case diff != "":
			t.Errorf("%s: %s", c.Expr, diff)
		default:
			matched++
		}
	}
	t.Logf("%s: %d functions, %d cases: %d match, %d known-divergent; %d of %d errors with the engine's very detail",
		table.Engine, len(table.Functions), len(table.Cases), matched, divergent, sameDetail, errs)
}

// functionDir is the configuration the cases are evaluated in.
func functionDir(t *testing.T, bare bool) string {
	dir := t.TempDir()
	pre, err := funccases.Preamble(functionsDir, bare)
	if err != nil {
		t.Fatal(err)
	}
	mustWrite(t, filepath.Join(dir, "preamble.tf"), pre)
	src := filepath.Join(functionsDir, "files")
	err = filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dir, "files", rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, "files", rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// caseResult is tfkit's answer to one case.
type caseResult struct {
	value cty.Value // the result, marks kept
	err   *diag.Diagnostic
}

func evalCase(t *testing.T, dir, expr, version string) caseResult {
	t.Helper()
	mustWrite(t, filepath.Join(dir, "cases.tf"), "output \"x\" {\n  value = ["+expr+"]\n  sensitive = true\n}\n")
	view, ds := Dir(dir, Options{Env: []string{"HOME=" + funccases.Home}, EngineVersion: version})
	var errs []*diag.Diagnostic
	for _, d := range ds {
		if d.Severity == diag.Error {
			errs = append(errs, d)
		}
	}
	if len(errs) > 0 {
		sort.SliceStable(errs, func(i, j int) bool {
			a, b := errs[i], errs[j]
			if a.Subject != nil && b.Subject != nil && a.Subject.Start.Byte != b.Subject.Start.Byte {
				return a.Subject.Start.Byte < b.Subject.Start.Byte
			}
			return a.Summary+a.Detail < b.Summary+b.Detail
		})
		return caseResult{err: errs[0]}
	}
	out := view.Outputs["x"]
	if out == nil {
		t.Fatalf("%s: no output", expr)
	}
	v := out.Value
	if v.IsKnown() && !v.IsNull() && v.Type().IsTupleType() && v.LengthInt() == 1 {
		v = v.Index(cty.Zero)
	}
	return caseResult{value: v}
}

// compareCase describes how got differs from the engine's answer c, or
// is "" when it does not.
func compareCase(c *funccases.Case, got caseResult) string {
	if c.Error != nil {
		if c.Error.Summary == "Failed to serialize output value" {
			// The engine computed a value a plan cannot hold (infinity):
			// tfkit computes it too.
			if got.err == nil && isInfinite(got.value) {
				return ""
			}
			return fmt.Sprintf("the engine computes infinity (%s), tfkit %s", c.Error.Detail, describe(got))
		}
		if got.err == nil {
			return fmt.Sprintf("the engine reports %q (%s), tfkit %s", c.Error.Summary, c.Error.Detail, describe(got))
		}
		if got.err.Summary != c.Error.Summary {
			return fmt.Sprintf("the engine reports %q (%s), tfkit %q (%s)", c.Error.Summary, c.Error.Detail, got.err.Summary, got.err.Detail)
		}
		return ""
	}
	if got.err != nil {
		return fmt.Sprintf("the engine answers %s, tfkit reports %q (%s)", c.Value, got.err.Summary, got.err.Detail)
	}
	v, marks := got.value.UnmarkDeep()
	var diffs []string
	ty, err := ctyjson.MarshalType(v.Type())
	if err != nil {
		return err.Error()
	}
	if c.Type != nil && !sameJSON(ty, c.Type) {
		diffs = append(diffs, fmt.Sprintf("type %s, engine %s", ty, c.Type))
	}
	if val := knownJSON(v); !sameJSON(val, c.Value) {
		diffs = append(diffs, fmt.Sprintf("value %s, engine %s", val, c.Value))
	}
	var unk json.RawMessage
	if !v.IsWhollyKnown() {
		unk, _ = json.Marshal(unknownAsBool(v))
	}
	if (unk == nil) != (c.Unknown == nil) || (unk != nil && !sameJSON(unk, c.Unknown)) {
		diffs = append(diffs, fmt.Sprintf("unknown %s, engine %s", orFalse(unk), orFalse(c.Unknown)))
	}
	sensitive := false
	for m := range marks {
		if fmt.Sprint(m) == "sensitive" {
			sensitive = true
		}
	}
	if sensitive != c.Sensitive {
		diffs = append(diffs, fmt.Sprintf("sensitive %t, engine %t", sensitive, c.Sensitive))
	}
	return strings.Join(diffs, "; ")
}

func describe(r caseResult) string {
	if r.err != nil {
		return fmt.Sprintf("reports %q (%s)", r.err.Summary, r.err.Detail)
	}
	v, _ := r.value.UnmarkDeep()
	return "answers " + string(knownJSON(v))
}

func orFalse(b json.RawMessage) string {
	if b == nil {
		return "false"
	}
	return string(b)
}

func isInfinite(v cty.Value) bool {
	v, _ = v.UnmarkDeep()
	return v.Type() == cty.Number && v.IsKnown() && !v.IsNull() && v.AsBigFloat().IsInf()
}

// knownJSON is v as a plan's JSON shows it: unknowns are null, or left
// out of objects and maps.
func knownJSON(v cty.Value) json.RawMessage {
	var b bytes.Buffer
	writeKnownJSON(&b, v)
	return b.Bytes()
}

func writeKnownJSON(b *bytes.Buffer, v cty.Value) {
	ty := v.Type()
	switch {
	case !v.IsKnown() || v.IsNull():
		b.WriteString("null")
	case ty.IsPrimitiveType():
		if ty == cty.Number && v.AsBigFloat().IsInf() {
			b.WriteString(`"` + v.AsBigFloat().Text('g', -1) + `"`)
			return
		}
		raw, err := ctyjson.Marshal(v, ty)
		if err != nil {
			fmt.Fprintf(b, "%q", err.Error())
			return
		}
		b.Write(raw)
	case ty.IsListType() || ty.IsSetType() || ty.IsTupleType():
		b.WriteByte('[')
		for it, i := v.ElementIterator(), 0; it.Next(); i++ {
			if i > 0 {
				b.WriteByte(',')
			}
			_, e := it.Element()
			writeKnownJSON(b, e)
		}
		b.WriteByte(']')
	case ty.IsMapType() || ty.IsObjectType():
		// A plan's JSON leaves unknown attributes and map elements out.
		b.WriteByte('{')
		i := 0
		for it := v.ElementIterator(); it.Next(); {
			k, e := it.Element()
			if !e.IsKnown() {
				continue
			}
			if i > 0 {
				b.WriteByte(',')
			}
			i++
			kb, _ := json.Marshal(k.AsString())
			b.Write(kb)
			b.WriteByte(':')
			writeKnownJSON(b, e)
		}
		b.WriteByte('}')
	default:
		fmt.Fprintf(b, "%q", "unsupported type "+ty.FriendlyName())
	}
}

// unknownAsBool is what of v is unknown, as a plan's after_unknown
// writes it: true for an unknown, collections element by element (known
// elements false), objects and maps with their unknown entries only.
func unknownAsBool(v cty.Value) any {
	ty := v.Type()
	switch {
	case !v.IsKnown():
		return true
	case v.IsNull() || ty.IsPrimitiveType():
		return false
	case ty.IsListType() || ty.IsSetType() || ty.IsTupleType():
		out := []any{}
		for it := v.ElementIterator(); it.Next(); {
			_, e := it.Element()
			out = append(out, unknownAsBool(e))
		}
		return out
	case ty.IsMapType() || ty.IsObjectType():
		out := map[string]any{}
		for it := v.ElementIterator(); it.Next(); {
			k, e := it.Element()
			if u := unknownAsBool(e); u != false {
				out[k.AsString()] = u
			}
		}
		return out
	}
	return false
}

// sameJSON compares two JSON texts as values, numbers by their decimal
// value.
func sameJSON(a, b json.RawMessage) bool {
	x, err1 := decodeJSON(a)
	y, err2 := decodeJSON(b)
	if err1 != nil || err2 != nil {
		return false
	}
	return equalJSON(x, y)
}

func decodeJSON(raw json.RawMessage) (any, error) {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var v any
	err := d.Decode(&v)
	return v, err
}

func equalJSON(x, y any) bool {
	switch a := x.(type) {
	case json.Number:
		b, ok := y.(json.Number)
		if !ok {
			return false
		}
		fa, _, err1 := big.ParseFloat(string(a), 10, 512, big.ToNearestEven)
		fb, _, err2 := big.ParseFloat(string(b), 10, 512, big.ToNearestEven)
		return err1 == nil && err2 == nil && fa.Cmp(fb) == 0
	case []any:
		b, ok := y.([]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for i := range a {
			if !equalJSON(a[i], b[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		b, ok := y.(map[string]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, av := range a {
			bv, ok := b[k]
			if !ok || !equalJSON(av, bv) {
				return false
			}
		}
		return true
	default:
		return x == y
	}
}
