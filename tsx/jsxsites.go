package tsx

import (
	"reflect"
	"slices"
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

// textSites replaces, in a bundle's text, the position objects esbuild
// writes as jsxDEV's fifth argument,
//
//	{
//	  fileName: "main.tsx",
//	  lineNumber: 12,
//	  columnNumber: 7
//	}
//
// by their indexes into a table (from 1), padded with spaces and keeping
// every line break (the index goes where it covers none), so that
// everything else in the text stays at the same line, column and offset.
// goja then parses a number where it parsed an object of three properties.
// Only objects of exactly that shape with a plain file name (no escapes)
// and decimal numbers are replaced. Whether a replaced text really was such
// an argument, and not, say, the same text inside a template literal, is
// known only from the parsed text: textIndex.index checks it. (The source
// text goja keeps, which Function.prototype.toString shows, then has the
// index where the object was: it is esbuild's text, not the user's, either
// way.)
func textSites(code string) *textIndex {
	cands := siteCandidates(code)
	if len(cands) == 0 {
		return nil
	}
	var b strings.Builder
	b.Grow(len(code))
	t := &textIndex{cands: cands, sites: []jsxSite{{}}, at: make(map[file.Idx]int, len(cands))}
	done := 0
	for _, c := range cands {
		open := int(c) - 1
		if open < done {
			continue // inside an object replaced already
		}
		site, end, ok := readSiteObject(code, open)
		if !ok {
			continue
		}
		k := len(t.sites)
		index := strconv.Itoa(k)
		at := indexPlace(code[open:end], len(index))
		if at < 0 {
			continue
		}
		at += open
		t.sites = append(t.sites, site)
		t.at[file.Idx(at+1)] = k
		b.WriteString(code[done:open])
		for i := open; i < end; i++ {
			switch ch := code[i]; {
			case i >= at && i < at+len(index):
				b.WriteByte(index[i-at])
			case ch == '\n' || ch == '\r':
				b.WriteByte(ch)
			default:
				b.WriteByte(' ')
			}
		}
		done = end
	}
	if len(t.at) == 0 {
		return nil
	}
	b.WriteString(code[done:])
	t.code = b.String()
	return t
}

// indexPlace returns where in obj, the text of a position object, an
// index of n digits can be written without covering a line break (esbuild
// breaks the line right after the "{"), or -1 when nowhere.
func indexPlace(obj string, n int) int {
	run := 0
	for i := 0; i < len(obj); i++ {
		if obj[i] == '\n' || obj[i] == '\r' {
			run = 0
			continue
		}
		if run++; run == n {
			return i + 1 - n
		}
	}
	return -1
}

// textIndex is a bundle's text with its position objects replaced.
type textIndex struct {
	code  string
	sites []jsxSite // the table, entry 0 unused
	// at maps the position (goja's file.Idx) of each index written to it;
	// cands are the candidates of the text before (siteCandidates), which
	// are those of code too: replaced or not, each keeps its position.
	at    map[file.Idx]int
	cands []file.Idx
}

// readSiteObject reads the position object that opens at code[open] ('{'),
// in esbuild's layout; end is the offset after its '}'.
func readSiteObject(code string, open int) (site jsxSite, end int, ok bool) {
	i := open + 1
	space := func() {
		for i < len(code) && (code[i] == ' ' || code[i] == '\n' || code[i] == '\r' || code[i] == '\t') {
			i++
		}
	}
	word := func(w string) bool {
		if !strings.HasPrefix(code[i:], w) {
			return false
		}
		i += len(w)
		return true
	}
	digits := func() (int, bool) {
		j := i
		for i < len(code) && code[i] >= '0' && code[i] <= '9' {
			i++
		}
		if i == j || i-j > 9 || code[j] == '0' && i-j > 1 {
			return 0, false
		}
		n, err := strconv.Atoi(code[j:i])
		return n, err == nil
	}
	// number reads a positive whole number as esbuild writes it: 1200, or
	// 6e3 for 6000.
	number := func() (int, bool) {
		n, ok := digits()
		if !ok || n == 0 {
			return 0, false
		}
		if i < len(code) && code[i] == 'e' {
			i++
			e, ok := digits()
			if !ok || e > 9 {
				return 0, false
			}
			for range e {
				n *= 10
			}
			if n > 1<<31 {
				return 0, false
			}
		}
		return n, true
	}
	space()
	if !word(`fileName: "`) {
		return site, 0, false
	}
	j := strings.IndexAny(code[i:], "\"\\\n")
	if j < 0 || code[i+j] != '"' {
		return site, 0, false
	}
	site.file = code[i : i+j]
	i += j + 1
	if !word(",") {
		return site, 0, false
	}
	space()
	if !word("lineNumber: ") {
		return site, 0, false
	}
	if site.line, ok = number(); !ok || !word(",") {
		return site, 0, false
	}
	space()
	if !word("columnNumber: ") {
		return site, 0, false
	}
	if site.col, ok = number(); !ok {
		return site, 0, false
	}
	space()
	if !word("}") {
		return site, 0, false
	}
	return site, i, true
}

// index is indexJSXSites for the parsed replaced text: the table, with any
// position object left in the text added to it. ok is false unless every
// replaced index is the fifth argument of a call of the runtime's jsxDEV:
// the text must then be parsed again as it was.
func (t *textIndex) index(prg *ast.Program) (sites []jsxSite, ok bool) {
	name := jsxDevName(prg)
	if name == "" {
		return nil, false
	}
	w := siteWalker{cands: t.cands, name: name, sites: slices.Clip(t.sites), replaced: t.at, found: make(map[file.Idx]bool, len(t.at))}
	defer func() {
		if recover() != nil {
			sites, ok = nil, false
		}
	}()
	for _, s := range prg.Body {
		w.node(reflect.ValueOf(s))
	}
	return w.sites, len(w.found) == len(t.at)
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
	// replaced are the indexes textSites wrote, by position; found those
	// seen as a jsxDEV call's fifth argument.
	replaced map[file.Idx]int
	found    map[file.Idx]bool
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
// are visited directly (expr), the others through walkAST.
func (w *siteWalker) node(v reflect.Value) { walkAST(v, w.enter) }

// enter is siteWalker's part of walkAST: JSX's expressions are visited by
// expr, nodes holding no candidate are skipped, and a jsxDEV call's
// position object is replaced.
func (w *siteWalker) enter(v reflect.Value) bool {
	if v.Kind() == reflect.Interface {
		e, ok := v.Interface().(ast.Expression)
		return ok && w.expr(e)
	}
	if v.Type().Implements(nodeType) {
		n := v.Interface().(ast.Node)
		if !w.holds(n.Idx0(), n.Idx1()) {
			return true
		}
		if v.Type() == callExprPtr {
			w.call(v.Interface().(*ast.CallExpression))
		}
	}
	return false
}

// walkAST goes through what v holds of a syntax tree, depth first, by
// reflection: enter is given each interface and pointer value of the ast
// package on the way (a node, or a structure that is not one) and, unless
// it returns true (it took care of it), the walk goes into it.
// Structures and lists of the ast package are gone through.
func walkAST(v reflect.Value, enter func(reflect.Value) bool) {
	switch v.Kind() {
	case reflect.Interface:
		if !v.IsNil() && !enter(v) {
			walkAST(v.Elem(), enter)
		}
	case reflect.Pointer:
		if v.IsNil() || v.Type().Elem().PkgPath() != astPkgPath {
			return
		}
		if !enter(v) {
			walkAST(v.Elem(), enter)
		}
	case reflect.Struct:
		if v.Type().PkgPath() != astPkgPath {
			return
		}
		for i := 0; i < v.NumField(); i++ {
			f := v.Field(i)
			switch f.Kind() {
			case reflect.Interface, reflect.Pointer, reflect.Slice:
				walkAST(f, enter)
			case reflect.Struct:
				// A node held by value is entered as the node it is.
				if f.CanAddr() && f.Addr().Type().Implements(nodeType) {
					walkAST(f.Addr(), enter)
				} else {
					walkAST(f, enter)
				}
			}
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			walkAST(v.Index(i), enter)
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
	if n, ok := c.ArgumentList[4].(*ast.NumberLiteral); ok {
		if k, ok := w.replaced[n.Idx]; ok && n.Value == int64(k) {
			w.found[n.Idx] = true
		}
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
