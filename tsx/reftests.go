// Refs tested in JavaScript: a ref, and any attribute read from one, is an
// object standing for a Terraform expression, so JavaScript never finds it
// null, undefined or false. `vpc.id ?? "none"` always gives vpc.id, and
// `vpc.id && <Resource .../>` always renders, whatever Terraform later
// finds. The parsed bundle is scanned for such tests: names are resolved
// through the scopes JavaScript gives them (functions, blocks, parameters,
// destructuring, catch clauses, loops, classes), and a name is a ref when
// the binding it resolves to is declared `const NAME = useRef()` (let or
// var too). A parameter or local variable that happens to have a ref's
// name is a JavaScript value like any other. Each test found in the
// project's own modules is a warning at its place.

package tsx

import (
	"cmp"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/token"
	"github.com/hashicorp/hcl/v2"

	"github.com/tfkit/tfkit/diag"
)

// refTest is a test of a ref in the bundle: the operand (a ref or a path
// read from one, as the bundle spells it), the operator, and the operand's
// offset in the code.
type refTest struct {
	operand, op string
	offset      int
	// sum is, for op "+", the sum as the bundle writes it with the
	// operand's place marked by "@": "@ + 1", "2 + @".
	sum string
}

// findRefTests scans a parsed bundle as esbuild prints it: each module's
// code follows a "  // path" line; tests in the runtime's and packages'
// modules are not reported.
func findRefTests(prg *ast.Program) (out []refTest) {
	if prg == nil || prg.File == nil {
		return nil
	}
	code := prg.File.Source()
	if !strings.Contains(code, "useRef") {
		return nil
	}
	s := &refScan{code: code, base: prg.File.Base(), mods: bundleModules(code), seen: map[int]bool{}}
	defer func() {
		// A syntax tree the scan does not expect stops it; the tests
		// found so far are kept.
		_ = recover()
		out = s.found
		slices.SortFunc(out, func(a, b refTest) int { return a.offset - b.offset })
	}()
	top := newScope(nil)
	s.declareVars(prg.Body, top)
	s.declareLexical(prg.Body, top)
	s.stmts(prg.Body, top)
	return s.found
}

// bundleModule is one module's code in a bundle.
type bundleModule struct {
	name       string
	start, end int
}

// bundleModules cuts a bundle at esbuild's "  // path" lines, which it
// prints before each module's code (comments of the sources are not kept).
func bundleModules(code string) []bundleModule {
	var out []bundleModule
	const mark = "\n  // "
	for i := 0; ; {
		j := strings.Index(code[i:], mark)
		if j < 0 {
			break
		}
		at := i + j + len(mark)
		eol := strings.IndexByte(code[at:], '\n')
		if eol < 0 {
			break
		}
		if n := len(out); n > 0 {
			out[n-1].end = i + j
		}
		out = append(out, bundleModule{name: code[at : at+eol], start: at + eol, end: len(code)})
		i = at + eol
	}
	return out
}

// ownModule reports whether a module is the project's own code, not the
// runtime's, a package's or esbuild's wrapper around the entry.
func ownModule(name string) bool {
	return !strings.HasPrefix(name, runtimeNamespace+":") && !strings.HasPrefix(name, "<") && !strings.Contains(name, "node_modules/")
}

// bindKind is what a declared name holds, as far as the scan knows.
type bindKind uint8

const (
	plainBinding  bindKind = iota // any JavaScript value
	refBinding                    // a ref, from useRef()
	useRefBinding                 // the runtime's useRef function
)

// scope is one JavaScript scope: a function's (its parameters, var
// declarations and the declarations of its body) or a block's.
type scope struct {
	parent *scope
	names  map[string]bindKind
}

func newScope(parent *scope) *scope { return &scope{parent: parent} }

func (sc *scope) declare(name string, k bindKind) {
	if sc.names == nil {
		sc.names = map[string]bindKind{}
	}
	sc.names[name] = k
}

// lookup resolves a name; a name declared nowhere (a global) is plain.
func (sc *scope) lookup(name string) bindKind {
	for ; sc != nil; sc = sc.parent {
		if k, ok := sc.names[name]; ok {
			return k
		}
	}
	return plainBinding
}

// refScan walks a bundle's syntax tree with its scopes.
type refScan struct {
	code  string
	base  int
	mods  []bundleModule
	found []refTest
	seen  map[int]bool
}

// module is the module holding an offset of the code, or nil.
func (s *refScan) module(off int) *bundleModule {
	i := sort.Search(len(s.mods), func(i int) bool { return s.mods[i].end > off })
	if i < len(s.mods) && s.mods[i].start <= off {
		return &s.mods[i]
	}
	return nil
}

// reported reports whether tests at an offset are reported: those in the
// project's own modules.
func (s *refScan) reported(off int) bool {
	m := s.module(off)
	return m != nil && ownModule(m.name)
}

// skipped reports whether a statement lies wholly in a module whose tests
// are not reported (the runtime, a package), so that walking it is not
// needed; its declarations are still made by the scope's first pass.
func (s *refScan) skipped(st ast.Statement) bool {
	from, to := int(st.Idx0())-s.base, int(st.Idx1())-s.base
	m := s.module(from)
	return m != nil && !ownModule(m.name) && to <= m.end
}

// declareVars declares the var declarations and function declarations of
// a function body (or of the program) in its scope, looking into nested
// statements but not into nested functions, as JavaScript hoists them.
func (s *refScan) declareVars(list []ast.Statement, sc *scope) {
	for _, st := range list {
		s.declareVarsIn(st, sc)
	}
}

func (s *refScan) declareVarsIn(st ast.Statement, sc *scope) {
	switch st := st.(type) {
	case *ast.VariableStatement:
		s.declareBindings(st.List, sc)
	case *ast.BlockStatement:
		s.declareVars(st.List, sc)
	case *ast.IfStatement:
		s.declareVarsIn(st.Consequent, sc)
		if st.Alternate != nil {
			s.declareVarsIn(st.Alternate, sc)
		}
	case *ast.ForStatement:
		if v, ok := st.Initializer.(*ast.ForLoopInitializerVarDeclList); ok {
			s.declareBindings(v.List, sc)
		}
		s.declareVarsIn(st.Body, sc)
	case *ast.ForInStatement:
		if v, ok := st.Into.(*ast.ForIntoVar); ok {
			s.declareBindings([]*ast.Binding{v.Binding}, sc)
		}
		s.declareVarsIn(st.Body, sc)
	case *ast.ForOfStatement:
		if v, ok := st.Into.(*ast.ForIntoVar); ok {
			s.declareBindings([]*ast.Binding{v.Binding}, sc)
		}
		s.declareVarsIn(st.Body, sc)
	case *ast.WhileStatement:
		s.declareVarsIn(st.Body, sc)
	case *ast.DoWhileStatement:
		s.declareVarsIn(st.Body, sc)
	case *ast.LabelledStatement:
		s.declareVarsIn(st.Statement, sc)
	case *ast.WithStatement:
		s.declareVarsIn(st.Body, sc)
	case *ast.TryStatement:
		s.declareVars(st.Body.List, sc)
		if st.Catch != nil {
			s.declareVars(st.Catch.Body.List, sc)
		}
		if st.Finally != nil {
			s.declareVars(st.Finally.List, sc)
		}
	case *ast.SwitchStatement:
		for _, c := range st.Body {
			s.declareVars(c.Consequent, sc)
		}
	}
}

// declareLexical declares the let, const, class and function
// declarations made directly in a block's statements.
func (s *refScan) declareLexical(list []ast.Statement, sc *scope) {
	for _, st := range list {
		switch st := st.(type) {
		case *ast.LexicalDeclaration:
			s.declareBindings(st.List, sc)
		case *ast.ClassDeclaration:
			if st.Class.Name != nil {
				sc.declare(st.Class.Name.Name.String(), plainBinding)
			}
		case *ast.FunctionDeclaration:
			if n := st.Function.Name; n != nil {
				k := plainBinding
				if isUseRefName(n.Name.String()) && !s.reported(int(n.Idx)-s.base) {
					k = useRefBinding
				}
				sc.declare(n.Name.String(), k)
			}
		}
	}
}

// isUseRefName reports whether a name is useRef as esbuild may print it
// (useRef2 when names collide).
func isUseRefName(name string) bool {
	rest, ok := strings.CutPrefix(name, "useRef")
	return ok && strings.Trim(rest, "0123456789") == ""
}

// declareBindings declares the names bound by declarations; a name bound
// alone to a call of useRef is a ref.
func (s *refScan) declareBindings(list []*ast.Binding, sc *scope) {
	for _, b := range list {
		if id, ok := b.Target.(*ast.Identifier); ok && s.isUseRefCall(b.Initializer, sc) {
			sc.declare(id.Name.String(), refBinding)
			continue
		}
		declarePattern(b.Target, sc)
	}
}

// isUseRefCall reports whether an expression calls the runtime's useRef
// (or useRef read from an object, as in tfkit.useRef()).
func (s *refScan) isUseRefCall(e ast.Expression, sc *scope) bool {
	c, ok := e.(*ast.CallExpression)
	if !ok {
		return false
	}
	switch f := c.Callee.(type) {
	case *ast.Identifier:
		return isUseRefName(f.Name.String()) && sc.lookup(f.Name.String()) == useRefBinding
	case *ast.DotExpression:
		return f.Identifier.Name == "useRef"
	}
	return false
}

// declarePattern declares every name a binding target binds, as plain
// values.
func declarePattern(e ast.Expression, sc *scope) {
	switch e := e.(type) {
	case *ast.Identifier:
		sc.declare(e.Name.String(), plainBinding)
	case *ast.Binding:
		declarePattern(e.Target, sc)
	case *ast.AssignExpression: // a default: target = value
		declarePattern(e.Left, sc)
	case *ast.ArrayPattern:
		for _, el := range e.Elements {
			declarePattern(el, sc)
		}
		declarePattern(e.Rest, sc)
	case *ast.ObjectPattern:
		for _, p := range e.Properties {
			switch p := p.(type) {
			case *ast.PropertyShort:
				sc.declare(p.Name.Name.String(), plainBinding)
			case *ast.PropertyKeyed:
				declarePattern(p.Value, sc)
			}
		}
		declarePattern(e.Rest, sc)
	}
}

// stmts walks a list of statements in a scope whose declarations are made.
func (s *refScan) stmts(list []ast.Statement, sc *scope) {
	for _, st := range list {
		if st != nil && !s.skipped(st) {
			s.node(st, sc)
		}
	}
}

// block walks a block in a scope of its own.
func (s *refScan) block(list []ast.Statement, sc *scope) {
	inner := newScope(sc)
	s.declareLexical(list, inner)
	s.stmts(list, inner)
}

// function walks a function: its parameters, then its body, in a scope
// holding both. name is a function expression's own name, bound in a scope
// around it.
func (s *refScan) function(name *ast.Identifier, params *ast.ParameterList, body ast.Node, sc *scope) {
	if name != nil {
		sc = newScope(sc)
		sc.declare(name.Name.String(), plainBinding)
	}
	fn := newScope(sc)
	if params != nil {
		for _, p := range params.List {
			declarePattern(p.Target, fn)
		}
		declarePattern(params.Rest, fn)
	}
	var list []ast.Statement
	if b, ok := body.(*ast.BlockStatement); ok {
		list = b.List
		s.declareVars(list, fn)
		s.declareLexical(list, fn)
	}
	if params != nil {
		for _, p := range params.List { // defaults
			s.node(p, fn)
		}
		s.node(params.Rest, fn)
	}
	if list != nil {
		s.stmts(list, fn)
	} else if body != nil {
		s.node(body, fn)
	}
}

// node walks a node of the syntax tree in a scope: the nodes that make
// scopes or test values are handled here, the others by walking their
// children.
func (s *refScan) node(n ast.Node, sc *scope) {
	switch n := n.(type) {
	case nil:
		return
	case *ast.BinaryExpression:
		switch n.Operator {
		case token.LOGICAL_OR, token.LOGICAL_AND, token.COALESCE:
			s.test(n.Left, n.Operator.String(), sc)
		case token.PLUS:
			// ref + 1 is text in JavaScript ("${...}1"): with a number
			// on the other side, the sum was meant.
			if isNumberLiteral(n.Right) {
				s.ref(n.Left, "+", sc)
				s.sumOf(n.Left, "@ + "+s.text(n.Right))
			} else if isNumberLiteral(n.Left) {
				s.ref(n.Right, "+", sc)
				s.sumOf(n.Right, s.text(n.Left)+" + @")
			}
		}
	case *ast.ConditionalExpression:
		s.test(n.Test, "?", sc)
	case *ast.FunctionDeclaration:
		s.function(nil, n.Function.ParameterList, n.Function.Body, sc)
		return
	case *ast.FunctionLiteral:
		s.function(n.Name, n.ParameterList, n.Body, sc)
		return
	case *ast.ArrowFunctionLiteral:
		s.function(nil, n.ParameterList, n.Body, sc)
		return
	case *ast.ClassDeclaration:
		s.class(n.Class, sc)
		return
	case *ast.ClassLiteral:
		s.class(n, sc)
		return
	case *ast.BlockStatement:
		s.block(n.List, sc)
		return
	case *ast.CatchStatement:
		inner := newScope(sc)
		declarePattern(n.Parameter, inner)
		s.node(n.Parameter, inner) // defaults
		s.block(n.Body.List, inner)
		return
	case *ast.ForStatement:
		inner := newScope(sc)
		if l, ok := n.Initializer.(*ast.ForLoopInitializerLexicalDecl); ok {
			s.declareBindings(l.LexicalDeclaration.List, inner)
			for _, b := range l.LexicalDeclaration.List {
				s.node(b, inner)
			}
		} else {
			s.node(n.Initializer, inner)
		}
		s.node(n.Test, inner)
		s.node(n.Update, inner)
		s.node(n.Body, inner)
		return
	case *ast.ForInStatement:
		s.forInto(n.Into, n.Source, n.Body, sc)
		return
	case *ast.ForOfStatement:
		s.forInto(n.Into, n.Source, n.Body, sc)
		return
	case *ast.SwitchStatement:
		s.node(n.Discriminant, sc)
		inner := newScope(sc)
		for _, c := range n.Body {
			s.declareLexical(c.Consequent, inner)
		}
		for _, c := range n.Body {
			s.node(c.Test, inner)
			s.stmts(c.Consequent, inner)
		}
		return
	}
	s.children(reflect.ValueOf(n).Elem(), sc)
}

// forInto walks a for-in or for-of loop, whose let or const binding is in
// a scope of the loop's own.
func (s *refScan) forInto(into ast.ForInto, source ast.Expression, body ast.Statement, sc *scope) {
	s.node(source, sc)
	inner := newScope(sc)
	if d, ok := into.(*ast.ForDeclaration); ok {
		declarePattern(d.Target, inner)
	}
	s.node(into, inner)
	s.node(body, inner)
}

// class walks a class: its name is bound inside it, and its methods,
// field initializers and static blocks are functions.
func (s *refScan) class(c *ast.ClassLiteral, sc *scope) {
	s.node(c.SuperClass, sc)
	inner := sc
	if c.Name != nil {
		inner = newScope(sc)
		inner.declare(c.Name.Name.String(), plainBinding)
	}
	for _, el := range c.Body {
		switch el := el.(type) {
		case *ast.MethodDefinition:
			if el.Computed {
				s.node(el.Key, inner)
			}
			s.node(el.Body, inner)
		case *ast.FieldDefinition:
			if el.Computed {
				s.node(el.Key, inner)
			}
			s.function(nil, nil, el.Initializer, inner)
		case *ast.ClassStaticBlock:
			s.function(nil, nil, el.Block, inner)
		}
	}
}

// children walks the nodes a node holds (v is the node's structure) with
// walkAST, each node with s.node.
func (s *refScan) children(v reflect.Value, sc *scope) {
	walkAST(v, func(v reflect.Value) bool {
		if n, ok := v.Interface().(ast.Node); ok {
			s.node(n, sc)
			return true
		}
		return false
	})
}

// test looks at an expression JavaScript tests for its truth or for null:
// a ref or a path read from one is a test of a ref; for a logical or
// conditional expression, the operands that may be its value are looked
// at in turn.
func (s *refScan) test(e ast.Expression, op string, sc *scope) {
	switch e := e.(type) {
	case *ast.BinaryExpression:
		switch e.Operator {
		case token.LOGICAL_OR, token.LOGICAL_AND, token.COALESCE:
			s.test(e.Right, op, sc)
		}
		return
	case *ast.ConditionalExpression:
		s.test(e.Consequent, op, sc)
		s.test(e.Alternate, op, sc)
		return
	case *ast.SequenceExpression:
		if len(e.Sequence) > 0 {
			s.test(e.Sequence[len(e.Sequence)-1], op, sc)
		}
		return
	}
	s.ref(e, op, sc)
}

// text is the bundle's text of e.
func (s *refScan) text(e ast.Expression) string {
	from, to := int(e.Idx0())-s.base, int(e.Idx1())-s.base
	if from < 0 || to > len(s.code) || from >= to {
		return "1"
	}
	return s.code[from:to]
}

// sumOf gives the test just recorded for operand e, if any, its sum.
func (s *refScan) sumOf(e ast.Expression, sum string) {
	if n := len(s.found); n > 0 && s.found[n-1].offset == int(e.Idx0())-s.base && s.found[n-1].op == "+" {
		s.found[n-1].sum = sum
	}
}

// ref records e, an operand of op, when it is a ref or a path read from
// one.
func (s *refScan) ref(e ast.Expression, op string, sc *scope) {
	root := refPathRoot(e)
	if root == nil || sc.lookup(root.Name.String()) != refBinding {
		return
	}
	from, to := int(e.Idx0())-s.base, int(e.Idx1())-s.base
	if from < 0 || to > len(s.code) || from >= to || s.seen[from] || !s.reported(from) {
		return
	}
	s.seen[from] = true
	s.found = append(s.found, refTest{operand: s.code[from:to], op: op, offset: from})
}

// refPathRoot is the name a member expression (name, then .name, ?.name
// and [...] steps) starts with, or nil for any other expression.
func refPathRoot(e ast.Expression) *ast.Identifier {
	for {
		switch x := e.(type) {
		case *ast.Identifier:
			return x
		case *ast.DotExpression:
			e = x.Left
		case *ast.BracketExpression:
			e = x.Left
		case *ast.OptionalChain:
			e = x.Expression
		case *ast.Optional:
			e = x.Expression
		default:
			return nil
		}
	}
}

// sourceOperand is an operand as the bundle spells it, with its first name
// as the source line spells it at col (1-based, in characters) when esbuild
// renamed it by adding a number.
func sourceOperand(operand, line string, col int) string {
	n := 0
	for n < len(operand) && (isIdentByte(operand[n]) || operand[n] >= 0x80) {
		n++
	}
	root := operand[:n]
	at := 0
	for i := 1; i < col && at < len(line); i++ {
		_, size := utf8.DecodeRuneInString(line[at:])
		at += size
	}
	end := at
	for end < len(line) && (isIdentByte(line[end]) || line[end] >= 0x80) {
		end++
	}
	name := line[at:end]
	if name == "" || name == root {
		return operand
	}
	if digits, ok := strings.CutPrefix(root, name); ok && strings.Trim(digits, "0123456789") == "" {
		return name + operand[n:]
	}
	return operand
}

// refTestLister is implemented by the values of an engine that scanned its
// bundle for tests of refs.
type refTestLister interface {
	refTests() []refTestSite
}

// refTestSite is a refTest with its place in the sources.
type refTestSite struct {
	refTest
	site hcl.Range
	ok   bool
}

func (g *gojaValue) refTests() []refTestSite {
	if g.env.refTestsFound == nil {
		return nil
	}
	found := <-g.env.refTestsFound
	g.env.refTestsFound = nil
	out := make([]refTestSite, 0, len(found))
	for _, t := range found {
		s := refTestSite{refTest: t}
		if g.env.file != nil {
			g.env.mapLater.apply()
			if p := g.env.file.Position(t.offset); p.Filename != "" {
				name := fileName(p.Filename)
				s.site = hcl.Range{Filename: name,
					Start: hcl.Pos{Line: p.Line, Column: p.Column + 1},
					End:   hcl.Pos{Line: p.Line, Column: p.Column + 1 + len(t.operand)}}
				s.ok = true
			}
		}
		out = append(out, s)
	}
	return out
}

// refTestWarnings warns about each test of a ref the engine found.
func (c *converter) refTestWarnings(tree Value) {
	l, ok := tree.(refTestLister)
	if !ok {
		return
	}
	for _, t := range l.refTests() {
		if t.ok {
			// The operand as the source spells it: esbuild renames a
			// name that another module's top level also has (vpc2).
			if line, ok := c.src.line(t.site.Filename, t.site.Start.Line); ok {
				t.operand = sourceOperand(t.operand, line, t.site.Start.Column)
				t.site.End.Column = t.site.Start.Column + utf8.RuneCountInString(t.operand)
			}
		}
		if t.op == "+" {
			c.refSum(t)
			continue
		}
		var detail, hint string
		switch t.op {
		case "??", "||":
			detail = fmt.Sprintf("`%s %s ...` always gives %s: a ref, and every attribute read from one, is an object standing for a Terraform expression, whose value is known only when Terraform runs, so JavaScript never finds it null, undefined or false.", t.operand, t.op, t.operand)
			hint = fmt.Sprintf(`let Terraform choose: tf.fn("coalesce", %s, "...") (which also skips ""), or the conditional in tf.raw("... != null ? ... : ...")`, t.operand)
		case "&&":
			detail = fmt.Sprintf("`%s && ...` always gives what follows: a ref, and every attribute read from one, is an object standing for a Terraform expression, so JavaScript finds it true whatever Terraform later finds.", t.operand)
			hint = `to make something depend on a value only Terraform knows, give the element count={tf.raw("... ? 1 : 0")}`
		default:
			detail = fmt.Sprintf("`%s ? ... : ...` always takes its first branch: a ref, and every attribute read from one, is an object standing for a Terraform expression, so JavaScript finds it true whatever Terraform later finds.", t.operand)
			hint = `write the conditional for Terraform, in tf.raw("... ? ... : ..."), or give the element count={tf.raw("... ? 1 : 0")}`
		}
		d := &diag.Diagnostic{Severity: diag.Warning, Summary: "Ref tested in JavaScript", Detail: detail, Suggestion: hint}
		if t.ok {
			r := t.site
			d.Subject = &r
			c.src.withFrame(d)
		}
		c.diags = append(c.diags, d)
	}
}

// refSum reports a ref added to a number (web.port + 1), which JavaScript
// makes text: the ref's placeholder followed by the number's digits.
func (c *converter) refSum(t refTestSite) {
	d := &diag.Diagnostic{Severity: diag.Error, Summary: "Ref used as a number",
		Detail:     fmt.Sprintf("`%s` is added to a number, which JavaScript does by joining text: a ref, and every attribute read from one, stands for a Terraform expression, so the result would be the expression's text followed by the number's digits.", t.operand),
		Suggestion: fmt.Sprintf("write the arithmetic for Terraform: tf.raw(`%s`)", strings.Replace(cmp.Or(t.sum, "@ + 1"), "@", "${"+t.operand+"}", 1))}
	if t.ok {
		r := t.site
		d.Subject = &r
		c.src.withFrame(d)
	}
	c.diags = append(c.diags, d)
}

// isNumberLiteral reports whether e is a number written as one: 1, 1.5,
// -1, (2).
func isNumberLiteral(e ast.Expression) bool {
	switch e := e.(type) {
	case *ast.NumberLiteral:
		return true
	case *ast.UnaryExpression:
		return (e.Operator == token.MINUS || e.Operator == token.PLUS) && isNumberLiteral(e.Operand)
	}
	return false
}
