package localmod

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
)

// Files the stack reads.
//
// A root module reads files by paths relative to its own directory
// (templatefile("${path.module}/user_data.sh", {...})) or to the directory
// the engine runs in (file("policy.json")); in the project both are the
// project directory. The stack runs from its own directory in the synth
// output (and from a copy under .tfkit/), where such a path names nothing:
// the engine would fail with "no file exists". So the files a stack names
// this way are copied into it, at the same path, and the expressions stay
// as written. Only what the configuration names statically counts: a
// "${path.module}/REL" template with nothing interpolated after
// path.module (also path.root), and the literal path argument of Terraform's
// file functions (file, templatefile, filebase64, fileexists, filemd5, ...).
// Files and directories inside the project are copied (an archive's
// source_dir = "${path.module}/lambda" takes the directory's files, except
// .git, .terraform and .tfkit directories, state files, and a directory
// holding a synth output, which holds manifest.json beside stacks/ or its
// stack). What lies outside the project (${path.module}/../templates/x.tpl)
// cannot keep its path in the stack and is reported as a warning, with what
// to do instead (an asset). The project directory itself is never copied.

// fileFuncs are the functions whose first argument is a path to a file,
// relative to the directory the engine runs in.
var fileFuncs = map[string]bool{
	"file": true, "fileexists": true, "templatefile": true, "filebase64": true,
	"filemd5": true, "filesha1": true, "filesha256": true, "filesha512": true,
	"filebase64sha256": true, "filebase64sha512": true,
}

// Files returns the files of the project directory base that cfg names by
// a static path (see above): slash-separated paths relative to the stack's
// directory → content; and a warning for each named file outside the
// project. Paths in skip (the stack's own files: its configuration, assets
// and module copies) are not taken.
func Files(cfg *config.Config, base string, skip map[string][]byte) (map[string][]byte, diag.Diagnostics) {
	type use struct {
		rel  string
		site hcl.Range
	}
	var uses []use
	note := func(p string, site hcl.Range) {
		if p == "" || filepath.IsAbs(p) || strings.ContainsAny(p, "\x00") {
			return
		}
		uses = append(uses, use{path.Clean(strings.ReplaceAll(p, "\\", "/")), site})
	}
	var body func(b *config.Body)
	body = func(b *config.Body) {
		for _, it := range b.Items {
			switch it := it.(type) {
			case *config.Attribute:
				config.Walk(it.Expr, func(e config.Expr) {
					switch e := e.(type) {
					case *config.Template:
						if p, ok := modulePath(e); ok {
							note(p, it.Range)
						}
					case *config.Call:
						if fileFuncs[strings.TrimPrefix(e.Name, "core::")] && len(e.Args) > 0 {
							if s, ok := config.LiteralString(e.Args[0]); ok && !strings.Contains(s, "${") {
								note(s, it.Range)
							}
						}
					case *config.Raw:
						for _, p := range rawPaths(e.Syntax) {
							note(p, it.Range)
						}
					}
				})
			case *config.Block:
				body(it.Body)
			}
		}
	}
	for _, b := range cfg.Blocks {
		body(b.Body)
	}
	if len(uses) == 0 {
		return nil, nil
	}
	sort.SliceStable(uses, func(i, j int) bool { return uses[i].rel < uses[j].rel })
	files := map[string][]byte{}
	var ds diag.Diagnostics
	warned := map[string]bool{}
	for _, u := range uses {
		if _, ok := files[u.rel]; ok || u.rel == "." {
			continue
		}
		if _, ok := skip[u.rel]; ok {
			continue
		}
		abs := filepath.Join(base, filepath.FromSlash(u.rel))
		st, err := os.Stat(abs)
		if err != nil || !st.Mode().IsRegular() && !st.IsDir() {
			continue // not in the project: written at apply, or the engine says so
		}
		if outside(u.rel) {
			if !warned[u.rel] {
				warned[u.rel] = true
				site := u.site
				ds = append(ds, &diag.Diagnostic{Severity: diag.Warning, Summary: "File outside the project not copied",
					Detail: fmt.Sprintf("The configuration reads %s (relative to the project directory), which lies outside it; "+
						"tfkit copies the files a stack reads into its directory at the same path, which it cannot do outside the project, "+
						"so the stack cannot read this one.", filepath.FromSlash(u.rel)),
					Suggestion: "move the file into the project, or make it an asset and read the asset's path",
					Subject:    &site})
			}
			continue
		}
		if st.IsDir() {
			copyDir(files, abs, u.rel, skip)
			continue
		}
		if skipFile(path.Base(u.rel)) {
			continue
		}
		data, err := os.ReadFile(abs)
		if err != nil {
			continue
		}
		files[u.rel] = data
	}
	return files, ds
}

// copyDir adds the files of the directory abs to files, under rel, but
// not those at paths in skip.
func copyDir(files map[string][]byte, abs, rel string, skip map[string][]byte) {
	_ = filepath.WalkDir(abs, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return nil // what cannot be read is not copied
		}
		if e.IsDir() {
			if p != abs && (e.Name() == ".git" || e.Name() == ".terraform" || e.Name() == ".tfkit") || synthOutput(p) {
				return filepath.SkipDir
			}
			return nil
		}
		if skipFile(e.Name()) || !e.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return nil
		}
		r, err := filepath.Rel(abs, p)
		if err != nil {
			return nil
		}
		to := path.Join(rel, filepath.ToSlash(r))
		if _, ok := skip[to]; !ok {
			files[to] = data
		}
		return nil
	})
}

// synthOutput says whether dir holds a synth output: manifest.json beside
// the stacks directory or a stack's configuration.
func synthOutput(dir string) bool {
	if _, err := os.Stat(filepath.Join(dir, "manifest.json")); err != nil {
		return false
	}
	for _, n := range []string{"stacks", "main.tf", "main.tf.json"} {
		if _, err := os.Stat(filepath.Join(dir, n)); err == nil {
			return true
		}
	}
	return false
}

// modulePath is the path a "${path.module}/REL" template names, relative
// to the module; false when anything is interpolated after path.module.
func modulePath(t *config.Template) (string, bool) {
	if len(t.Parts) != 2 {
		return "", false
	}
	ref, ok := t.Parts[0].(*config.Reference)
	if !ok || !isPathModule(ref.Traversal) {
		return "", false
	}
	s, ok := config.LiteralString(t.Parts[1])
	if !ok || !strings.HasPrefix(s, "/") {
		return "", false
	}
	return strings.TrimPrefix(s, "/"), true
}

func isPathModule(tr hcl.Traversal) bool {
	if len(tr) != 2 || tr.RootName() != "path" {
		return false
	}
	a, ok := tr[1].(hcl.TraverseAttr)
	return ok && (a.Name == "module" || a.Name == "root")
}

// rawPaths finds the same paths in an expression kept as HCL text.
func rawPaths(e hclsyntax.Expression) []string {
	if e == nil {
		return nil
	}
	var out []string
	_ = hclsyntax.VisitAll(e, func(n hclsyntax.Node) hcl.Diagnostics {
		switch x := n.(type) {
		case *hclsyntax.TemplateExpr:
			if len(x.Parts) != 2 {
				break
			}
			st, ok := x.Parts[0].(*hclsyntax.ScopeTraversalExpr)
			lit, ok2 := x.Parts[1].(*hclsyntax.LiteralValueExpr)
			if ok && ok2 && isPathModule(st.Traversal) && lit.Val.Type() == cty.String && !lit.Val.IsNull() {
				if s := lit.Val.AsString(); strings.HasPrefix(s, "/") {
					out = append(out, strings.TrimPrefix(s, "/"))
				}
			}
		case *hclsyntax.FunctionCallExpr:
			if !fileFuncs[strings.TrimPrefix(x.Name, "core::")] || len(x.Args) == 0 {
				break
			}
			if t, ok := x.Args[0].(*hclsyntax.TemplateExpr); ok && len(t.Parts) == 1 {
				if lit, ok := t.Parts[0].(*hclsyntax.LiteralValueExpr); ok && lit.Val.Type() == cty.String && !lit.Val.IsNull() {
					out = append(out, lit.Val.AsString())
				}
			}
		}
		return nil
	})
	return out
}
