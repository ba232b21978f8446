package golang

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
)

// ProviderFile is the file of a provider package that records the source
// and version constraint the package was generated for.
const ProviderFile = "zz_provider.go"

// BoundProvider reads back the provider source and version constraint
// (ProviderSource and ProviderVersion) that a ProviderFile written by
// Generate records, so that a command can tell bindings generated for
// another constraint than the project's. ok is false for any other file.
func BoundProvider(src []byte) (source, version string, ok bool) {
	if !bytes.HasPrefix(src, []byte(Header)) {
		return "", "", false
	}
	f, err := parser.ParseFile(token.NewFileSet(), ProviderFile, src, parser.SkipObjectResolution)
	if err != nil {
		return "", "", false
	}
	found := map[string]string{}
	for _, d := range f.Decls {
		g, isGen := d.(*ast.GenDecl)
		if !isGen || g.Tok != token.CONST {
			continue
		}
		for _, s := range g.Specs {
			v := s.(*ast.ValueSpec)
			for i, n := range v.Names {
				if i >= len(v.Values) {
					break
				}
				if lit, isLit := v.Values[i].(*ast.BasicLit); isLit && lit.Kind == token.STRING {
					if text, err := strconv.Unquote(lit.Value); err == nil {
						found[n.Name] = text
					}
				}
			}
		}
	}
	source, ok1 := found["ProviderSource"]
	version, ok2 := found["ProviderVersion"]
	return source, version, ok1 && ok2
}
