package tfkittest

import (
	"encoding/json"
	"fmt"
	"math/big"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
)

// Match compares an element's body, as Terraform JSON reads it (what
// json.Unmarshal gives, numbers as json.Number or float64), with the
// properties want, and returns the differences, one per path
// ("tags.Name: got "a", want "b"", "ingress[0].from_port: missing");
// none when the body matches.
//
// Matching is partial and nested: an object matches when it has every key
// of want with a matching value (others may be there); a list matches a
// list of the same length item by item; a nested block written as one
// object matches a list of one, and a list of blocks matches an object
// when any of its items does. References and other expressions are
// compared as their Terraform text: vpc.Ref("id") (any fmt.Stringer, such
// as tfkit.Expr and typed values holding one) is "${aws_vpc.main.id}", as
// Terraform JSON writes it, and an element handle (vpc, a typed binding's
// handle) as the reference to it, "${aws_vpc.main}". A typed literal
// (tfkit.Number(2), tfkit.V(map[string]string{...})) is the value it
// holds. A tfkit.Ordered value is the object it writes, and a typed
// binding's struct (a nested block's, an object's, a config's) the body it
// writes: its set fields by their Terraform names, a nested block's
// matching that block. Numbers compare by value, whatever their Go type.
//
// The assertions of a synthesized Stack (HasResourceWithProperties and
// its siblings) also understand cross-stack references: a reference to an
// element of another stack, made with its handle (pet.Ref("id"), pet) or
// spliced into a string, matches the read of that stack's output that
// synth wrote in its place
// (data.terraform_remote_state.network.outputs.cross_stack_output_...), and
// a handle tells elements of one address in two stacks apart, and so does
// an expression made with handles (pet.Ref("id"), tfkit.Fn("upper",
// pet.Ref("id")), a typed value holding one): it matches references to
// the elements of the stacks it was made with only. An expression made
// from text (tfkit.Raw("random_pet.name.id")) names no stack and matches
// the reference to that address in whichever stack the body reads it
// from. Match alone knows no stacks and compares the text.
func Match(body any, want map[string]any) []string {
	return matcher{}.diffs(body, want)
}

// matcher compares the bodies of one stack: stack is its name, and reads
// are its reads of other stacks' outputs (cross-stack references), which
// a reference made with another stack's handle matches.
type matcher struct {
	stack string
	reads map[string]crossRead
	app   *appIndex // the stack's app, for the stacks of wanted expressions
}

func (m matcher) diffs(body any, want map[string]any) []string {
	var diffs []string
	m.match(body, want, "", &diffs)
	return diffs
}

func (m matcher) match(got, want any, at string, diffs *[]string) {
	report := func(format string, args ...any) {
		p := at
		if p == "" {
			p = "(body)"
		}
		*diffs = append(*diffs, p+": "+fmt.Sprintf(format, args...))
	}
	if el, ok := want.(tfkit.Element); ok {
		ref, ok := elementRef(el)
		if !ok {
			report("cannot compare with %T: a nil handle, or one its constructor did not make (use the handle the constructor returned)", want)
			return
		}
		if st := elementStack(el); m.stack != "" && st != "" && st != m.stack {
			// A handle of another stack: the body reads it from there.
			expr := strings.TrimSuffix(strings.TrimPrefix(ref, "${"), "}")
			g, _ := got.(string)
			res, ok := resolve(m.reads, g)
			if ok && (res.marked[0] == "${"+markedText(st, expr)+"}" || res.marked[1] == "${"+markedText(st, expr)+"}") {
				return
			}
			report("got %s%s, want stack %s's %s (read through terraform_remote_state)", show(got), res.note(), st, expr)
			return
		} else if st != "" && st == m.stack {
			// A handle of this stack: not an element of the same address
			// in another.
			if g, ok := got.(string); !ok || g != ref {
				res, _ := resolve(m.reads, g)
				report("got %s%s, want %q", show(got), res.note(), ref)
			}
			return
		}
		want = ref
	}
	if e, ok := exprOf(want); ok && m.stack != "" {
		if x, known := m.stackExpr(e); known {
			m.matchStackExpr(got, x, report)
			return
		}
	}
	if o, ok := want.(*tfkit.OrderedAttrs); ok {
		// Compared as the object it writes, its parts as tfkit wrote them.
		e := tfkit.V(o).Expr()
		targets, _ := m.app.exprTargets(e)
		want = written{x: e.Model(), targets: targets}
	}
	if w, ok := want.(written); ok {
		m.matchWritten(got, w, at, diffs, report)
		return
	}
	if body, ok := fieldsOf(want); ok {
		// A typed binding's struct (a nested block's, an object's) is
		// compared as the body it writes.
		m.match(got, body, at, diffs)
		return
	}
	if v, ok := want.(tfkit.Valuer); ok {
		// A typed literal (tfkit.Number(2), tfkit.V(map[string]string{...}))
		// is compared as the value it holds, not as its text.
		if lit := v.TerraformValue(); reflect.TypeOf(lit) != reflect.TypeOf(want) {
			if _, isExpr := lit.(tfkit.Expr); !isExpr {
				m.match(got, lit, at, diffs)
				return
			}
		}
	}
	if s, ok := want.(fmt.Stringer); ok && !isContainer(want) {
		want = s.String()
	}
	if want == nil {
		if got != nil {
			report("got %s, want null", show(got))
		}
		return
	}
	rv := reflect.ValueOf(want)
	switch rv.Kind() {
	case reflect.Map:
		if rv.Type().Key().Kind() != reflect.String {
			report("cannot compare with a map whose keys are not strings (%T)", want)
			return
		}
		switch g := got.(type) {
		case map[string]any:
			keys := make([]string, 0, rv.Len())
			for _, k := range rv.MapKeys() {
				keys = append(keys, k.String())
			}
			sort.Strings(keys)
			for _, k := range keys {
				sub := join(at, k)
				v, ok := g[k]
				if !ok {
					p := sub
					*diffs = append(*diffs, p+": missing"+nearKey(k, g))
					continue
				}
				m.match(v, rv.MapIndex(reflect.ValueOf(k).Convert(rv.Type().Key())).Interface(), sub, diffs)
			}
		case []any:
			// Blocks written as a list: one of them must match.
			best := []string(nil)
			for i, item := range g {
				var d []string
				m.match(item, want, fmt.Sprintf("%s[%d]", at, i), &d)
				if len(d) == 0 {
					return
				}
				if best == nil || len(d) < len(best) {
					best = d
				}
			}
			if best == nil {
				report("got an empty list, want an object")
				return
			}
			*diffs = append(*diffs, best...)
		default:
			report("got %s, want an object", show(got))
		}
	case reflect.Slice, reflect.Array:
		if rv.Kind() == reflect.Slice && rv.Type().Elem().Kind() == reflect.Uint8 {
			m.match(got, string(rv.Bytes()), at, diffs)
			return
		}
		g, ok := got.([]any)
		if !ok {
			if obj, isMap := got.(map[string]any); isMap && rv.Len() == 1 {
				m.match(obj, rv.Index(0).Interface(), at+"[0]", diffs)
				return
			}
			report("got %s, want a list of %d", show(got), rv.Len())
			return
		}
		if len(g) != rv.Len() {
			report("got a list of %d, want %d", len(g), rv.Len())
			return
		}
		for i := range g {
			m.match(g[i], rv.Index(i).Interface(), fmt.Sprintf("%s[%d]", at, i), diffs)
		}
	case reflect.String:
		w := rv.String()
		g, ok := got.(string)
		if ok && g == w {
			return
		}
		// A reference to another stack's element, made with its handle or
		// written as text, matches what synth wrote for it: the read of
		// that stack's output.
		res, cross := resolve(m.reads, g)
		if cross && (res.plain[0] == w || res.plain[1] == w) {
			return
		}
		report("got %s%s, want %q", show(got), res.note(), w)
	case reflect.Bool:
		if g, ok := got.(bool); !ok || g != rv.Bool() {
			report("got %s, want %v", show(got), rv.Bool())
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64:
		w := numberOf(want)
		g := numberOf(got)
		if g == nil || g.Cmp(w) != 0 {
			report("got %s, want %v", show(got), want)
		}
	default:
		report("cannot compare with %T", want)
	}
}

// written is a wanted value as tfkit wrote it (a part of a tfkit.Ordered
// object), with the elements the whole refers to.
type written struct {
	x       config.Expr
	targets []exprTarget
}

// matchWritten compares got with a written value: objects and lists part
// by part, literals as their values, anything else as its Terraform text
// (with the stacks of its elements, when they are known).
func (m matcher) matchWritten(got any, w written, at string, diffs *[]string, report func(string, ...any)) {
	switch x := w.x.(type) {
	case *config.Object:
		obj := make(map[string]any, len(x.Items))
		for _, it := range x.Items {
			k, ok := config.LiteralString(it.Key)
			if !ok {
				obj = nil
				break
			}
			obj[k] = written{x: it.Value, targets: w.targets}
		}
		if obj != nil {
			m.match(got, obj, at, diffs)
			return
		}
	case *config.Tuple:
		list := make([]any, len(x.Items))
		for i, item := range x.Items {
			list[i] = written{x: item, targets: w.targets}
		}
		m.match(got, list, at, diffs)
		return
	case *config.Literal:
		switch v := x.Val; {
		case v.IsNull():
			m.match(got, nil, at, diffs)
			return
		case v.Type() == cty.Bool && v.IsKnown():
			m.match(got, v.True(), at, diffs)
			return
		case v.Type() == cty.Number && v.IsKnown():
			if g := numberOf(got); g == nil || g.Cmp(v.AsBigFloat()) != 0 {
				report("got %s, want %s", show(got), v.AsBigFloat().Text('g', -1))
			}
			return
		}
	}
	if m.stack != "" {
		if x, known := m.stackExprOf(w.x, w.targets); known {
			m.matchStackExpr(got, x, report)
			return
		}
	}
	m.match(got, tfkit.ExprOf(w.x).String(), at, diffs)
}

// fieldsOf returns the body a typed binding's struct (or a pointer to one)
// writes, as tfkit.Fields reads it: its fields tagged `tf:"name"` that are
// set, by name; ok is false for anything else.
func fieldsOf(v any) (map[string]any, bool) {
	rv := reflect.ValueOf(v)
	for rv.Kind() == reflect.Pointer && !rv.IsNil() {
		rv = rv.Elem()
	}
	if rv.Kind() != reflect.Struct {
		return nil, false
	}
	body := map[string]any{}
	tagged := false
	for i := range rv.NumField() {
		tag, ok := rv.Type().Field(i).Tag.Lookup("tf")
		if !ok || !rv.Type().Field(i).IsExported() {
			continue
		}
		tagged = true
		name, opt, _ := strings.Cut(tag, ",")
		fv := rv.Field(i)
		switch fv.Kind() {
		case reflect.Pointer, reflect.Interface, reflect.Map, reflect.Slice:
			if fv.IsNil() || opt == "block" && fv.Kind() == reflect.Slice && fv.Len() == 0 {
				continue // unset, or no blocks
			}
		}
		f := fv.Interface()
		if val, ok := f.(tfkit.Valuer); ok && val.TerraformValue() == nil {
			continue // unset
		}
		body[name] = f
	}
	return body, tagged
}

// matchStackExpr compares got with an expression whose elements' stacks
// are known: references to this stack's elements must be written as they
// are, and those to other stacks' elements read from those stacks, never
// from another stack that declares the same address.
func (m matcher) matchStackExpr(got any, x stackExpr, report func(string, ...any)) {
	g, isStr := got.(string)
	res, cross := resolve(m.reads, g)
	if x.marked == "" {
		if !isStr || g != x.text {
			report("got %s%s, want %q", show(got), res.note(), x.text)
		}
		return
	}
	if cross && (res.marked[0] == x.marked || res.marked[1] == x.marked) {
		return
	}
	report("got %s%s, want %q reading %s (through terraform_remote_state)", show(got), res.note(), x.text, strings.Join(x.reads, ", "))
}

// elementRef is the reference to el as Terraform JSON writes it: a body
// holding the handle says "${aws_vpc.main}".
func elementRef(el tfkit.Element) (string, bool) {
	b := el.Block()
	if b == nil {
		return "", false
	}
	names, ok := config.ReferenceNames(nil, b)
	if !ok {
		return "", false
	}
	return "${" + strings.Join(names, ".") + "}", true
}

// elementStack is the name of the stack of el, when its handle says.
func elementStack(el tfkit.Element) string {
	if st := tfkit.StackOf(el); st != nil {
		return st.Name()
	}
	return ""
}

func isContainer(v any) bool {
	switch reflect.ValueOf(v).Kind() {
	case reflect.Map, reflect.Slice, reflect.Array:
		return true
	}
	return false
}

// numberOf reads a number of any Go type, or a JSON number; nil for
// anything else.
func numberOf(v any) *big.Float {
	var s string
	switch v := v.(type) {
	case json.Number:
		s = v.String()
	case float64:
		s = strconv.FormatFloat(v, 'g', -1, 64)
	case float32:
		s = strconv.FormatFloat(float64(v), 'g', -1, 32)
	default:
		rv := reflect.ValueOf(v)
		switch {
		case rv.CanInt():
			s = strconv.FormatInt(rv.Int(), 10)
		case rv.CanUint():
			s = strconv.FormatUint(rv.Uint(), 10)
		default:
			return nil
		}
	}
	f, _, err := big.ParseFloat(s, 10, 256, big.ToNearestEven)
	if err != nil {
		return nil
	}
	return f
}

func join(at, key string) string {
	if at == "" {
		return key
	}
	return at + "." + key
}

// show writes a JSON value briefly.
func show(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case map[string]any:
		return fmt.Sprintf("an object with %d keys", len(v))
	case []any:
		return fmt.Sprintf("a list of %d", len(v))
	case string:
		return strconv.Quote(v)
	}
	return fmt.Sprint(v)
}

// nearKey suggests the key of m closest to k.
func nearKey(k string, m map[string]any) string {
	if dym := nearest(k, sortedKeys(m)); dym != "" {
		return " (" + dym + ")"
	}
	return ""
}

// nearest is the name among have closest to want, when one is close.
func nearest(want string, have []string) string {
	dym := diag.DidYouMean(want, have)
	if dym == "" {
		return ""
	}
	return dym
}
