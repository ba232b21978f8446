package localmod

import (
	"bytes"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/tffile"
)

// The paths a configuration reads, found without evaluating it.
//
// A path counts when what names it is known before the engine runs:
// literal text, path.module and path.root, and local values that are
// themselves such text (locals { dir = "${path.module}/scripts" }, then
// fileset(local.dir, "*.sh") or "${local.dir}/run.sh"). A template that
// begins with path.module or path.root names a path wherever it stands (an
// archive's source_dir, a provisioner's command); text without them does
// only as the first argument of Terraform's file functions, which read it
// relative to the directory the engine runs in. When something only the
// engine knows follows the known part ("${path.module}/scripts/${each.value}"),
// the path read is somewhere in the directory the known part ends in
// (scripts), and that directory is what counts.

// fileFuncs are the functions whose first argument is a path, relative to
// the directory the engine runs in: a file, or fileset's directory.
var fileFuncs = map[string]bool{
	"file": true, "fileexists": true, "templatefile": true, "filebase64": true,
	"filemd5": true, "filesha1": true, "filesha256": true, "filesha512": true,
	"filebase64sha256": true, "filebase64sha512": true, "fileset": true,
}

// origin is the directory a read path is relative to.
type origin int

const (
	// fromModule is the directory of the module that reads the path
	// (path.module).
	fromModule origin = iota
	// fromRoot is the root module's directory (path.root) or the one the
	// engine runs in (a relative path): the stack's, in the project the
	// project directory.
	fromRoot
)

// read is a path a configuration reads.
type read struct {
	from origin
	// rel is cleaned and slash-separated, relative to from's directory.
	rel string
	// open says that rel is only the directory a path the engine
	// completes begins in.
	open bool
	// site is where the path is named: the expression when the
	// configuration was read from a file, else its attribute.
	site hcl.Range
}

type segKind int

const (
	segText segKind = iota
	segModule
	segRoot
	segUnknown
)

// seg is a piece of a string: known text, path.module, path.root, or
// something only the engine knows.
type seg struct {
	kind segKind
	text string
}

var unknown = []seg{{kind: segUnknown}}

// scanner finds the paths a configuration reads.
type scanner struct {
	locals map[string]config.Expr
	busy   map[string]bool // locals being expanded, against cycles
	// exact uses the ranges of the expressions of attributes read from
	// files instead of the attributes' own.
	exact bool
	reads []read
}

// reads returns the paths cfg reads, in the order it names them; exact as
// in scanner.
func reads(cfg *config.Config, exact bool) []read {
	s := &scanner{locals: map[string]config.Expr{}, busy: map[string]bool{}, exact: exact}
	for _, b := range cfg.Blocks {
		if b.Type != "locals" {
			continue
		}
		for _, a := range b.Body.Attributes() {
			s.locals[a.Name] = a.Expr
		}
	}
	for _, b := range cfg.Blocks {
		s.body(b.Body)
	}
	return s.reads
}

func (s *scanner) body(b *config.Body) {
	for _, it := range b.Items {
		switch it := it.(type) {
		case *config.Attribute:
			if src, ok := it.Source.(hclsyntax.Expression); ok && s.exact {
				s.syntax(src, nil)
				continue
			}
			s.expr(it.Expr, it.Range)
		case *config.Block:
			s.body(it.Body)
		}
	}
}

// expr notes the paths an expression of the model names, at site.
func (s *scanner) expr(e config.Expr, site hcl.Range) {
	// Pieces of a path already taken whole are not paths of their own:
	// "${local.dir}/run.sh" reads run.sh, not all of local.dir.
	taken := map[config.Expr]bool{}
	take := func(e config.Expr) {
		taken[e] = true
		if t, ok := e.(*config.Template); ok {
			for _, p := range t.Parts {
				switch p.(type) {
				case *config.Literal, *config.Reference:
					taken[p] = true
				}
			}
		}
	}
	config.Walk(e, func(e config.Expr) {
		if taken[e] {
			return
		}
		switch e := e.(type) {
		case *config.Template:
			s.note(s.segs(e), false, site)
			take(e)
		case *config.Reference:
			if e.Traversal.RootName() == "local" {
				s.note(s.segs(e), false, site)
			}
		case *config.Call:
			if fileFuncs[strings.TrimPrefix(e.Name, "core::")] && len(e.Args) > 0 {
				s.note(s.segs(e.Args[0]), true, site)
				take(e.Args[0])
			}
		case *config.Raw:
			if e.Syntax != nil {
				s.syntax(e.Syntax, &site)
			}
		}
	})
}

// syntax notes the paths an expression of HCL's syntax names, at site, or
// at each path's own expression when site is nil.
func (s *scanner) syntax(e hclsyntax.Expression, site *hcl.Range) {
	at := func(e hclsyntax.Expression) hcl.Range {
		if site != nil {
			return *site
		}
		return e.Range()
	}
	taken := map[hclsyntax.Expression]bool{}
	take := func(e hclsyntax.Expression) {
		taken[e] = true
		if w, ok := e.(*hclsyntax.TemplateWrapExpr); ok {
			taken[w.Wrapped] = true
		}
		if t, ok := e.(*hclsyntax.TemplateExpr); ok {
			for _, p := range t.Parts {
				switch p.(type) {
				case *hclsyntax.LiteralValueExpr, *hclsyntax.ScopeTraversalExpr:
					taken[p] = true
				}
			}
		}
	}
	_ = hclsyntax.VisitAll(e, func(n hclsyntax.Node) hcl.Diagnostics {
		// Only pointers are looked up: some nodes are values that do
		// not hash.
		switch x := n.(type) {
		case *hclsyntax.TemplateExpr:
			if !taken[x] {
				s.note(s.syntaxSegs(x), false, at(x))
				take(x)
			}
		case *hclsyntax.ScopeTraversalExpr:
			if !taken[x] && x.Traversal.RootName() == "local" {
				s.note(s.syntaxSegs(x), false, at(x))
			}
		case *hclsyntax.FunctionCallExpr:
			if fileFuncs[strings.TrimPrefix(x.Name, "core::")] && len(x.Args) > 0 {
				s.note(s.syntaxSegs(x.Args[0]), true, at(x.Args[0]))
				take(x.Args[0])
			}
		}
		return nil
	})
}

// segs is what is known of the string e makes.
func (s *scanner) segs(e config.Expr) []seg {
	switch e := e.(type) {
	case *config.Literal:
		// A front end's literal text holding "${" spells no path.
		if str, ok := config.LiteralString(e); ok && !strings.Contains(str, "${") {
			return []seg{{kind: segText, text: str}}
		}
	case *config.Template:
		var out []seg
		for _, p := range e.Parts {
			out = append(out, s.segs(p)...)
		}
		return out
	case *config.Paren:
		return s.segs(e.Inner)
	case *config.Reference:
		return s.ref(e.Traversal)
	case *config.Raw:
		if e.Syntax != nil {
			return s.syntaxSegs(e.Syntax)
		}
	}
	return unknown
}

func (s *scanner) syntaxSegs(e hclsyntax.Expression) []seg {
	switch x := e.(type) {
	case *hclsyntax.LiteralValueExpr:
		if x.Val.Type() == cty.String && x.Val.IsKnown() && !x.Val.IsNull() && !strings.Contains(x.Val.AsString(), "${") {
			return []seg{{kind: segText, text: x.Val.AsString()}}
		}
	case *hclsyntax.TemplateExpr:
		var out []seg
		for _, p := range x.Parts {
			out = append(out, s.syntaxSegs(p)...)
		}
		return out
	case *hclsyntax.TemplateWrapExpr:
		return s.syntaxSegs(x.Wrapped)
	case *hclsyntax.ParenthesesExpr:
		return s.syntaxSegs(x.Expression)
	case *hclsyntax.ScopeTraversalExpr:
		return s.ref(x.Traversal)
	}
	return unknown
}

// ref is what is known of a reference: path.module, path.root, or a local
// value made of known text.
func (s *scanner) ref(tr hcl.Traversal) []seg {
	if len(tr) != 2 {
		return unknown
	}
	a, ok := tr[1].(hcl.TraverseAttr)
	if !ok {
		return unknown
	}
	switch tr.RootName() {
	case "path":
		switch a.Name {
		case "module":
			return []seg{{kind: segModule}}
		case "root":
			return []seg{{kind: segRoot}}
		}
	case "local":
		if e, ok := s.locals[a.Name]; ok && !s.busy[a.Name] {
			s.busy[a.Name] = true
			defer delete(s.busy, a.Name)
			return s.segs(e)
		}
	}
	return unknown
}

// note adds the path segs spell, if they spell one: one that begins with
// path.module or path.root followed by "/", or, in a file function's
// argument (arg), with relative text.
func (s *scanner) note(segs []seg, arg bool, site hcl.Range) {
	if len(segs) == 0 {
		return
	}
	r := read{site: site}
	rest, marked := segs[1:], true
	switch segs[0].kind {
	case segModule:
		r.from = fromModule
	case segRoot:
		r.from = fromRoot
	case segText:
		if !arg {
			return
		}
		r.from = fromRoot
		rest, marked = segs, false
	default:
		return
	}
	var b strings.Builder
	for _, sg := range rest {
		if sg.kind != segText {
			r.open = true
			break
		}
		b.WriteString(sg.text)
	}
	p := strings.ReplaceAll(b.String(), "\\", "/")
	if marked {
		if !strings.HasPrefix(p, "/") {
			return // path.module alone, or glued to more text
		}
		p = strings.TrimLeft(p, "/")
	} else if p == "" || path.IsAbs(p) || filepath.IsAbs(p) || filepath.VolumeName(p) != "" {
		return
	}
	if r.open {
		// Only the directory the known part ends in is known.
		p = p[:strings.LastIndex(p, "/")+1]
	}
	if strings.ContainsRune(p, 0) {
		return
	}
	r.rel = path.Clean(p)
	for _, el := range strings.Split(r.rel, "/") {
		if el == ".git" || el == ".terraform" || el == ".tfkit" {
			return // the engine's and tools' own, never part of a stack
		}
	}
	s.reads = append(s.reads, r)
}

// mayRead reports whether the text of a file may read a path: whether it
// names path.module or path.root or calls a function whose name holds
// "file" (every one of fileFuncs does). A module without any is not read
// into the model, which costs more than its copy.
func mayRead(src []byte) bool {
	if bytes.Contains(src, []byte("path.module")) || bytes.Contains(src, []byte("path.root")) {
		return true
	}
	for i := 0; ; {
		k := bytes.Index(src[i:], []byte("file"))
		if k < 0 {
			return false
		}
		i += k + len("file")
		j := i
		for j < len(src) && (src[j] >= 'a' && src[j] <= 'z' || src[j] >= '0' && src[j] <= '9') {
			j++
		}
		for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
			j++
		}
		if j < len(src) && src[j] == '(' {
			return true
		}
	}
}

// moduleConfig reads the configuration files of a module, for the paths
// it reads: what does not read is left out (the engine reports it).
func moduleConfig(srcs []tffile.Source) *config.Config {
	all := &config.Config{}
	if !slices.ContainsFunc(srcs, func(s tffile.Source) bool { return mayRead(s.Src) }) {
		return all
	}
	// All files, for the local values the others define.
	for _, src := range srcs {
		if cfg, _ := tffile.ReadFile(src, tffile.Options{}); cfg != nil {
			all.Add(cfg.Blocks...)
		}
	}
	return all
}

// within reports whether the cleaned relative path p is dir or lies in it.
func within(p, dir string) bool {
	return p == dir || dir == "." && !outside(p) || strings.HasPrefix(p, dir+"/")
}
