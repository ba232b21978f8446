package tsx

import (
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/file"
)

// jsxSite is the .tsx position esbuild gives an element in development
// mode (jsxDEV's {fileName, lineNumber, columnNumber} argument).
type jsxSite struct {
	file      string
	line, col int
}

// indexJSXSites takes the position objects out of the jsxDEV calls of a
// parsed bundle, before it is compiled: each becomes a number, an index into
// the returned table (from 1, so that it stays truthy for the runtime), and
// the runtime passes it on where it passed the object. One element then
// costs the script no object to compile, allocate and collect, and the
// converter reads the position from the table. A call that is not exactly
// what esbuild writes keeps its object, which the converter reads as before.
//
// Only the parts of the syntax tree that hold a candidate (an object
// literal followed by "fileName:") are visited; code is the bundle's text.
func indexJSXSites(prg *ast.Program, code string) (sites []jsxSite) {
	cands := siteCandidates(code)
	if len(cands) == 0 {
		return nil
	}
	name := jsxDevName(prg)
	if name == "" {
		return nil
	}
	w := siteWalker{cands: cands, name: name, sites: []jsxSite{{}}}
	defer func() {
		// A syntax tree the walk does not expect stops it; the calls
		// indexed so far keep their entries.
		_ = recover()
		sites = w.sites
	}()
	for _, s := range prg.Body {
		w.node(reflect.ValueOf(s))
	}
	return w.sites
}

// siteCandidates lists the positions (as goja's file.Idx) of the "{" that
// opens each "{ fileName: " in code, in order.
func siteCandidates(code string) []file.Idx {
	var out []file.Idx
	const key = "fileName: "
	for i := 0; ; {
		j := strings.Index(code[i:], key)
		if j < 0 {
			return out
		}
		k := i + j
		b := k - 1
		for b >= 0 && (code[b] == ' ' || code[b] == '\n' || code[b] == '\t' || code[b] == '\r') {
			b--
		}
		if b >= 0 && code[b] == '{' {
			out = append(out, file.Idx(b+1)) // goja's positions count from 1
		}
		i = k + len(key)
	}
}

// jsxDevName is the name the bundle gives the runtime's jsxDEV function
// (esbuild renames it when a user's module declares the same name): a
// function declared at the top of the bundle's IIFE as
// jsxDEV(type, props, key, isStaticChildren, source).
func jsxDevName(prg *ast.Program) string {
	if len(prg.Body) != 1 {
		return ""
	}
	es, ok := prg.Body[0].(*ast.ExpressionStatement)
	if !ok {
		return ""
	}
	call, ok := es.Expression.(*ast.CallExpression)
	if !ok {
		return ""
	}
	fn, ok := call.Callee.(*ast.ArrowFunctionLiteral)
	if !ok {
		return ""
	}
	body, ok := fn.Body.(*ast.BlockStatement)
	if !ok {
		return ""
	}
	for _, st := range body.List {
		d, ok := st.(*ast.FunctionDeclaration)
		if !ok || d.Function == nil || d.Function.Name == nil || d.Function.ParameterList == nil {
			continue
		}
		n := d.Function.Name.Name.String()
		params := d.Function.ParameterList.List
		if !strings.HasPrefix(n, "jsxDEV") || len(params) != 5 || d.Function.ParameterList.Rest != nil {
			continue
		}
		if id, ok := params[4].Target.(*ast.Identifier); ok && id.Name == "source" {
			return n
		}
	}
	return ""
}

type siteWalker struct {
	cands []file.Idx
	name  string
	sites []jsxSite
}

var (
	nodeType    = reflect.TypeOf((*ast.Node)(nil)).Elem()
	astPkgPath  = reflect.TypeOf(ast.Identifier{}).PkgPath()
	callExprPtr = reflect.TypeOf(&ast.CallExpression{})
)

// holds reports whether [from, to) holds a candidate.
func (w *siteWalker) holds(from, to file.Idx) bool {
	i := sort.Search(len(w.cands), func(i int) bool { return w.cands[i] >= from })
	return i < len(w.cands) && w.cands[i] < to
}

// node visits a value of the syntax tree: a node, or a list or structure
// of the ast package that holds nodes. The kinds of node JSX is made of
// are visited directly, the others through reflection.
func (w *siteWalker) node(v reflect.Value) {
	if v.Kind() == reflect.Interface && !v.IsNil() {
		if e, ok := v.Interface().(ast.Expression); ok && w.expr(e) {
			return
		}
	}
	switch v.Kind() {
	case reflect.Interface:
		if !v.IsNil() {
			w.node(v.Elem())
		}
	case reflect.Pointer:
		if v.IsNil() || v.Type().Elem().PkgPath() != astPkgPath {
			return
		}
		if v.Type().Implements(nodeType) {
			n := v.Interface().(ast.Node)
			if !w.holds(n.Idx0(), n.Idx1()) {
				return
			}
			if v.Type() == callExprPtr {
				w.call(v.Interface().(*ast.CallExpression))
			}
		}
		w.node(v.Elem())
	case reflect.Struct:
		if v.Type().PkgPath() != astPkgPath {
			return
		}
		for i := 0; i < v.NumField(); i++ {
			switch v.Field(i).Kind() {
			case reflect.Interface, reflect.Pointer, reflect.Slice, reflect.Struct:
				w.node(v.Field(i))
			}
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			w.node(v.Index(i))
		}
	}
}

// expr visits the expressions JSX is made of (calls, objects, arrays) and
// reports whether it did; the others are left to node.
func (w *siteWalker) expr(e ast.Expression) bool {
	switch e := e.(type) {
	case *ast.CallExpression:
		if w.holds(e.Idx0(), e.Idx1()) {
			w.call(e)
			w.expr1(e.Callee)
			for _, a := range e.ArgumentList {
				w.expr1(a)
			}
		}
	case *ast.ObjectLiteral:
		if w.holds(e.Idx0(), e.Idx1()) {
			for _, p := range e.Value {
				if k, ok := p.(*ast.PropertyKeyed); ok {
					w.expr1(k.Key)
					w.expr1(k.Value)
				} else {
					w.node(reflect.ValueOf(p))
				}
			}
		}
	case *ast.ArrayLiteral:
		if w.holds(e.Idx0(), e.Idx1()) {
			for _, it := range e.Value {
				w.expr1(it)
			}
		}
	case *ast.StringLiteral, *ast.NumberLiteral, *ast.Identifier, *ast.BooleanLiteral, *ast.NullLiteral:
	default:
		return false
	}
	return true
}

// expr1 visits one expression, which may be nil.
func (w *siteWalker) expr1(e ast.Expression) {
	if e != nil && !w.expr(e) {
		w.node(reflect.ValueOf(e))
	}
}

// call replaces the position object of a jsxDEV call with its index.
func (w *siteWalker) call(c *ast.CallExpression) {
	if len(c.ArgumentList) != 6 {
		return
	}
	if id, ok := c.Callee.(*ast.Identifier); !ok || id.Name.String() != w.name {
		return
	}
	obj, ok := c.ArgumentList[4].(*ast.ObjectLiteral)
	if !ok || len(obj.Value) != 3 {
		return
	}
	var s jsxSite
	for i, want := range [3]string{"fileName", "lineNumber", "columnNumber"} {
		p, ok := obj.Value[i].(*ast.PropertyKeyed)
		if !ok || p.Computed || p.Kind != ast.PropertyKindValue || propKey(p.Key) != want {
			return
		}
		if i == 0 {
			v, ok := p.Value.(*ast.StringLiteral)
			if !ok {
				return
			}
			s.file = v.Value.String()
			continue
		}
		v, ok := p.Value.(*ast.NumberLiteral)
		if !ok {
			return
		}
		var n int64
		switch x := v.Value.(type) {
		case int64:
			n = x
		case float64: // esbuild writes 6000 as 6e3
			n = int64(x)
			if float64(n) != x {
				return
			}
		}
		if n <= 0 || n > 1<<31 {
			return
		}
		if i == 1 {
			s.line = int(n)
		} else {
			s.col = int(n)
		}
	}
	w.sites = append(w.sites, s)
	k := int64(len(w.sites) - 1)
	c.ArgumentList[4] = &ast.NumberLiteral{Idx: obj.LeftBrace, Literal: strconv.FormatInt(k, 10), Value: k}
}

// propKey is the name of a non-computed property key.
func propKey(e ast.Expression) string {
	switch k := e.(type) {
	case *ast.StringLiteral:
		return k.Value.String()
	case *ast.Identifier:
		return k.Name.String()
	}
	return ""
}
