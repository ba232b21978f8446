package golang

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"
)

// TestGettersShareOneBody holds the getters to what keeps a provider
// package quick to compile: thousands of them (over 7,000 in aws 3.3.0)
// are each one call of the package's ref or attr function, which is not
// inlined, rather than tfkit.As and Ref inlined into every one of them,
// which made the compiler take a third more CPU time and memory. The two
// functions are declared only where something calls them, so that no
// package has unused code. Handles have no unexported handle method
// besides their exported one: one function less per type.
func TestGettersShareOneBody(t *testing.T) {
	for _, name := range []string{"aws-slice", "docker", "null", "nested", "features"} {
		t.Run(name, func(t *testing.T) {
			fset := token.NewFileSet()
			declared := map[string]bool{}
			called := map[string]bool{}
			for _, f := range generate(t, name) {
				file, err := parser.ParseFile(fset, f.Path, f.Data, parser.ParseComments)
				if err != nil {
					t.Fatal(err)
				}
				for _, d := range file.Decls {
					fn, ok := d.(*ast.FuncDecl)
					if !ok {
						continue
					}
					if fn.Recv == nil && (fn.Name.Name == "ref" || fn.Name.Name == "attr") {
						declared[fn.Name.Name] = true
						if !noinline(fn) {
							t.Errorf("%s: %s is not marked //go:noinline", f.Path, fn.Name.Name)
						}
						continue
					}
					if fn.Recv != nil && fn.Name.Name == "handle" {
						t.Errorf("%s: a handle method: the exported Resource, DataSource or Provider method does its work, so the compiler has one function less per type", f.Path)
					}
					if fn.Recv == nil || !isGetter(fn) {
						continue
					}
					ret, ok := fn.Body.List[0].(*ast.ReturnStmt)
					if !ok || len(fn.Body.List) != 1 || len(ret.Results) != 1 {
						t.Errorf("%s: getter %s is not one return", f.Path, fn.Name.Name)
						continue
					}
					callee := calleeName(ret.Results[0])
					if callee != "ref" && callee != "attr" {
						t.Errorf("%s: getter %s returns %s(...), want ref or attr", f.Path, fn.Name.Name, callee)
					}
					called[callee] = true
				}
			}
			for _, fn := range []string{"ref", "attr"} {
				if declared[fn] != called[fn] {
					t.Errorf("%s declared %v, called %v", fn, declared[fn], called[fn])
				}
			}
			if !called["ref"] {
				t.Error("no getter calls ref")
			}
		})
	}
}

// noinline reports whether a function's doc comment holds the
// //go:noinline directive (which CommentGroup.Text leaves out).
func noinline(fn *ast.FuncDecl) bool {
	if fn.Doc == nil {
		return false
	}
	for _, c := range fn.Doc.List {
		if c.Text == "//go:noinline" {
			return true
		}
	}
	return false
}

// isGetter reports whether a method returns a tfkit.Value: the getters
// of attributes.
func isGetter(fn *ast.FuncDecl) bool {
	res := fn.Type.Results
	if res == nil || len(res.List) != 1 {
		return false
	}
	idx, ok := res.List[0].Type.(*ast.IndexExpr)
	if !ok {
		return false
	}
	sel, ok := idx.X.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Value"
}

// calleeName is the name of the function an expression calls, without
// its type arguments: "ref" for ref[string](...), "tfkit.As" for
// tfkit.As[string](...).
func calleeName(x ast.Expr) string {
	call, ok := x.(*ast.CallExpr)
	if !ok {
		return ""
	}
	fun := call.Fun
	switch f := fun.(type) {
	case *ast.IndexExpr:
		fun = f.X
	case *ast.IndexListExpr:
		fun = f.X
	}
	switch f := fun.(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		if id, ok := f.X.(*ast.Ident); ok {
			return id.Name + "." + f.Sel.Name
		}
		return f.Sel.Name
	}
	return ""
}
