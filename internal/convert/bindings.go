package convert

import (
	"bufio"
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/config"
)

// Bindings are typed Go bindings that tfkit get generated: one package
// per provider in a directory of a Go module. ReadBindings finds their
// constructors by reading the Go source, so any version of the generator
// that keeps the constructor and struct-tag shapes works.
type Bindings struct {
	elements map[string]*binding // "resource.aws_vpc", "data.aws_ami"
	modules  map[string]*binding // by module source
	packages []string            // package names, reserved as identifiers
}

// binding is one typed constructor.
type binding struct {
	pkg, importPath string
	ctor, config    string
	fields          map[string]bindingField // by Terraform name
	version         string                  // a module binding's ModuleVersion
}

type bindingField struct {
	name, goType string
	block        bool
	index        int // the field's place in its struct
}

// ReadBindings reads the packages in the subdirectories of dir, which
// must be inside a Go module (its go.mod gives the import paths).
func ReadBindings(dir string) (*Bindings, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	modRoot, modPath, err := findModule(abs)
	if err != nil {
		return nil, err
	}
	ents, err := os.ReadDir(abs)
	if err != nil {
		return nil, err
	}
	bs := &Bindings{elements: map[string]*binding{}, modules: map[string]*binding{}}
	for _, e := range ents {
		if !e.IsDir() {
			continue
		}
		pkgDir := filepath.Join(abs, e.Name())
		rel, err := filepath.Rel(modRoot, pkgDir)
		if err != nil {
			return nil, err
		}
		if err := bs.readPackage(pkgDir, path.Join(modPath, filepath.ToSlash(rel))); err != nil {
			return nil, err
		}
	}
	sort.Strings(bs.packages)
	return bs, nil
}

// findModule walks up from dir to the go.mod that holds it.
func findModule(dir string) (root, modPath string, err error) {
	for d := dir; ; d = filepath.Dir(d) {
		data, err := os.ReadFile(filepath.Join(d, "go.mod"))
		if err == nil {
			sc := bufio.NewScanner(bytes.NewReader(data))
			for sc.Scan() {
				f := strings.Fields(sc.Text())
				if len(f) >= 2 && f[0] == "module" {
					p, err := strconv.Unquote(f[1])
					if err != nil {
						p = f[1]
					}
					return d, p, nil
				}
			}
			return "", "", fmt.Errorf("%s has no module line", filepath.Join(d, "go.mod"))
		}
		if filepath.Dir(d) == d {
			return "", "", fmt.Errorf("%s is not inside a Go module (no go.mod above it)", dir)
		}
	}
}

func (bs *Bindings) readPackage(dir, importPath string) error {
	fset := token.NewFileSet()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil || len(files) == 0 {
		return err
	}
	sort.Strings(files)
	structs := map[string]map[string]bindingField{}
	var ctors []*binding
	ctorType := map[*binding]string{} // kind.type
	consts := map[string]string{}     // string constants, for ModuleSource
	var moduleCtor *binding
	pkg := ""
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		pkg = file.Name.Name
		for _, decl := range file.Decls {
			switch d := decl.(type) {
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					if vs, ok := spec.(*ast.ValueSpec); ok && d.Tok == token.CONST {
						for i, n := range vs.Names {
							if i < len(vs.Values) {
								if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
									if v, err := strconv.Unquote(lit.Value); err == nil {
										consts[n.Name] = v
									}
								}
							}
						}
						continue
					}
					ts, ok := spec.(*ast.TypeSpec)
					if !ok {
						continue
					}
					st, ok := ts.Type.(*ast.StructType)
					if !ok {
						continue
					}
					structs[ts.Name.Name] = structFields(fset, st)
				}
			case *ast.FuncDecl:
				if b, key := constructor(d); b != nil {
					ctors = append(ctors, b)
					ctorType[b] = key
				} else if b := moduleConstructor(d); b != nil {
					moduleCtor = b
				}
			}
		}
	}
	if pkg == "" {
		return nil
	}
	bs.packages = append(bs.packages, pkg)
	for _, b := range ctors {
		fields, ok := structs[b.config]
		if !ok {
			continue
		}
		b.pkg, b.importPath, b.fields = pkg, importPath, fields
		bs.elements[ctorType[b]] = b
	}
	if b := moduleCtor; b != nil {
		src, ok := consts["ModuleSource"]
		if fields, has := structs[b.config]; ok && has {
			b.pkg, b.importPath, b.fields, b.version = pkg, importPath, fields, consts["ModuleVersion"]
			bs.modules[src] = b
		}
	}
	return nil
}

// moduleConstructor recognizes the constructor of a module binding:
// func New(stack *tfkit.Stack, name string, in Inputs) *Module whose body
// declares tfkit.NewModule.
func moduleConstructor(d *ast.FuncDecl) *binding {
	if d.Recv != nil || d.Name.Name != "New" || d.Type.Params == nil || len(d.Type.Params.List) != 3 || d.Body == nil {
		return nil
	}
	cfg, ok := d.Type.Params.List[2].Type.(*ast.Ident)
	if !ok {
		return nil
	}
	found := false
	ast.Inspect(d.Body, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == "NewModule" {
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == "tfkit" {
				found = true
			}
		}
		return !found
	})
	if !found {
		return nil
	}
	return &binding{ctor: d.Name.Name, config: cfg.Name}
}

// typedModule writes a module call with its typed binding (one whose
// ModuleSource is the call's source and ModuleVersion its version): the
// inputs at the start of the body whose fields come in the struct's order
// go into the Inputs struct, the others are set through the untyped
// handle (Module()), where the meta-argument methods are called too.
// rest is the body without source, version and the meta-arguments the
// methods write.
func (g *goEmitter) typedModule(source, version, name string, rest *config.Body) (string, bool) {
	if g.opts.Bindings == nil {
		return "", false
	}
	bd := g.opts.Bindings.modules[source]
	if bd == nil || bd.version != version {
		return "", false
	}
	for _, it := range rest.Items {
		if _, ok := it.(*config.Attribute); !ok {
			return "", false
		}
	}
	typed := map[*config.Attribute]string{}
	var untyped []*config.Attribute
	last := -1
	for _, it := range rest.Items {
		a := it.(*config.Attribute)
		if len(untyped) == 0 {
			if f, ok := bd.fields[a.Name]; ok && !f.block && f.index > last {
				// The comments before and inside it are taken with it.
				at := g.src.notes.mark()
				pre := lineComments(g.src.notes.before(a.Range.Start.Byte), "")
				if code, ok := g.typedValue(f.goType, a.Expr); ok {
					code = pre + f.name + ": " + code + ","
					if c := g.src.notes.trailing(a.Range.End); c != "" {
						code += " // " + c
					}
					typed[a] = code
					last = f.index
					continue
				}
				g.src.notes.reset(at)
			}
		}
		untyped = append(untyped, a)
	}
	g.imports[bd.importPath] = bd.pkg
	var s strings.Builder
	fmt.Fprintf(&s, "%s.%s(stack, %q, %s.%s{", bd.pkg, bd.ctor, name, bd.pkg, bd.config)
	if len(typed) > 0 {
		s.WriteString("\n")
	}
	for _, it := range rest.Items {
		a := it.(*config.Attribute)
		if code, ok := typed[a]; ok {
			s.WriteString(code + "\n")
		}
	}
	s.WriteString("})")
	if len(untyped) > 0 {
		s.WriteString(".Module()")
		for _, a := range untyped {
			g.at = a.Range
			fmt.Fprintf(&s, ".\n%sSet(%q, %s)", lineComments(g.src.notes.before(a.Range.Start.Byte), ""), a.Name, g.expr(a.Expr).code)
		}
	}
	return s.String(), true
}

// constructor recognizes func NewX(stack *tfkit.Stack, name string, cfg
// XConfig) *X whose body declares tfkit.NewResource or NewDataSource of a
// literal type.
func constructor(d *ast.FuncDecl) (*binding, string) {
	if d.Recv != nil || !strings.HasPrefix(d.Name.Name, "New") || d.Type.Params == nil || len(d.Type.Params.List) != 3 || d.Body == nil {
		return nil, ""
	}
	cfg, ok := d.Type.Params.List[2].Type.(*ast.Ident)
	if !ok {
		return nil, ""
	}
	key := ""
	ast.Inspect(d.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) < 2 {
			return key == ""
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if x, ok := sel.X.(*ast.Ident); !ok || x.Name != "tfkit" {
			return true
		}
		lit, ok := call.Args[1].(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return true
		}
		typ, err := strconv.Unquote(lit.Value)
		if err != nil {
			return true
		}
		switch sel.Sel.Name {
		case "NewResource":
			key = "resource." + typ
		case "NewDataSource":
			key = "data." + typ
		}
		return key == ""
	})
	if key == "" {
		return nil, ""
	}
	return &binding{ctor: d.Name.Name, config: cfg.Name}, key
}

func structFields(fset *token.FileSet, st *ast.StructType) map[string]bindingField {
	out := map[string]bindingField{}
	for _, f := range st.Fields.List {
		if f.Tag == nil || len(f.Names) != 1 {
			continue
		}
		tag, err := strconv.Unquote(f.Tag.Value)
		if err != nil {
			continue
		}
		tf, ok := reflect.StructTag(tag).Lookup("tf")
		if !ok {
			continue
		}
		name, opt, _ := strings.Cut(tf, ",")
		var typ bytes.Buffer
		_ = printer.Fprint(&typ, fset, f.Type)
		out[name] = bindingField{name: f.Names[0].Name, goType: typ.String(), block: opt == "block", index: len(out)}
	}
	return out
}

// typedElement writes a resource or data source with its typed
// constructor: attributes that have a field and a value the field takes
// directly go into the config struct; everything else (meta-arguments,
// nested blocks, other values) is appended through the untyped handle.
func (g *goEmitter) typedElement(b *config.Block, sb *hclsyntax.Block, kind string) (string, bool) {
	if g.opts.Bindings == nil {
		return "", false
	}
	bd := g.opts.Bindings.elements[kind+"."+b.Labels[0]]
	if bd == nil {
		return "", false
	}
	// The config struct writes its fields in the struct's order, before
	// what is appended: the attributes it holds are those of the body's
	// start whose fields come in that order, so that the output keeps the
	// body's order.
	typed := map[*config.Attribute]string{}
	rest := &config.Body{}
	last := -1
	// The comments before and inside a typed attribute are taken with it,
	// in order; given back when the element is not typed after all.
	mark := g.src.notes.mark()
	for _, it := range b.Body.Items {
		if a, ok := it.(*config.Attribute); ok && len(rest.Items) == 0 {
			if f, ok := bd.fields[a.Name]; ok && !f.block && f.index > last {
				at := g.src.notes.mark()
				pre := lineComments(g.src.notes.before(a.Range.Start.Byte), "")
				if code, ok := g.typedValue(f.goType, a.Expr); ok {
					code = pre + f.name + ": " + code + ","
					if c := g.src.notes.trailing(a.Range.End); c != "" {
						code += " // " + c
					}
					typed[a] = code
					last = f.index
					continue
				}
				g.src.notes.reset(at)
			}
		}
		rest.Items = append(rest.Items, it)
	}
	if !orderedFits(rest) {
		g.src.notes.reset(mark)
		return "", false
	}
	g.imports[bd.importPath] = bd.pkg
	var s strings.Builder
	fmt.Fprintf(&s, "%s.%s(stack, %q, %s.%s{", bd.pkg, bd.ctor, b.Labels[1], bd.pkg, bd.config)
	if len(typed) > 0 {
		s.WriteString("\n")
	}
	for _, it := range b.Body.Items {
		if a, ok := it.(*config.Attribute); ok {
			if code, ok := typed[a]; ok {
				s.WriteString(code + "\n")
			}
		}
	}
	s.WriteString("})")
	if len(rest.Items) > 0 {
		body, _ := g.body(rest)
		handle := ".Resource()"
		if kind == "data" {
			handle = ".DataSource()"
		}
		s.WriteString(handle + ".Append(" + body + ")")
	}
	return s.String(), true
}

// typedValue writes a value for a tfkit.Value[T] field: a literal of T's
// kind, or an expression typed with tfkit.As.
func (g *goEmitter) typedValue(goType string, x config.Expr) (string, bool) {
	t, ok := strings.CutPrefix(goType, "tfkit.Value[")
	if !ok || !strings.HasSuffix(t, "]") {
		return "", false
	}
	t = strings.TrimSuffix(t, "]")
	if l, ok := x.(*config.Literal); ok && !l.Val.IsNull() && l.Val.IsKnown() {
		switch {
		case t == "string" && l.Val.Type() == cty.String:
			return "tfkit.String(" + goString(config.EscapeTemplate(l.Val.AsString())) + ")", true
		case t == "bool" && l.Val.Type() == cty.Bool:
			return "tfkit.Bool(" + strconv.FormatBool(l.Val.True()) + ")", true
		case t == "float64" && l.Val.Type() == cty.Number:
			if n, ok := goNumber(l.Val.AsBigFloat()); ok {
				return "tfkit.Number(" + n + ")", true
			}
		}
		return "", false
	}
	if tpl, ok := x.(*config.Template); ok && t == "string" {
		if r, ok := g.assets.pathRead(tpl); ok {
			return "tfkit.String(" + g.assetPath(r) + ")", true
		}
		return "tfkit.String(" + goString(templateText(tpl)) + ")", true
	}
	e := g.expr(x)
	if !e.isExpr {
		return "", false
	}
	return "tfkit.As[" + t + "](" + e.code + ")", true
}
