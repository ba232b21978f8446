package tsx

import (
	"fmt"
	"path/filepath"
	"strings"
	"sync"

	"github.com/evanw/esbuild/pkg/api"
	"github.com/hashicorp/hcl/v2"

	"github.com/tfkit/tfkit/diag"
)

// packageImports records, while esbuild resolves, which file first
// imported each package, so that an error inside a package (which the
// project cannot change) is reported at the project's import that brought
// the package in.
type packageImports struct {
	mu        sync.Mutex
	byPackage map[string]packageImport
}

type packageImport struct {
	importer string // absolute path of the importing file
	spec     string // the specifier it wrote
}

// record notes an import of a package by name.
func (p *packageImports) record(args api.OnResolveArgs) {
	spec := args.Path
	if spec == "" || strings.HasPrefix(spec, ".") || strings.HasPrefix(spec, "/") || strings.HasPrefix(spec, "node:") || args.Importer == "" || args.Namespace != "file" {
		return
	}
	pkg := packageName(spec)
	p.mu.Lock()
	defer p.mu.Unlock()
	if _, ok := p.byPackage[pkg]; !ok {
		p.byPackage[pkg] = packageImport{importer: args.Importer, spec: spec}
	}
}

// packageName is the package a bare specifier names: "@scope/name" or
// "name", without a path inside it.
func packageName(spec string) string {
	parts := strings.SplitN(spec, "/", 3)
	if strings.HasPrefix(spec, "@") && len(parts) >= 2 {
		return parts[0] + "/" + parts[1]
	}
	return parts[0]
}

// projectImport follows the imports back from the package pkg to the
// project's file that imported it (through the packages that import it),
// and returns that import and the chain of packages.
func (p *packageImports) projectImport(pkg string) (packageImport, []string, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	chain := []string{pkg}
	for range 32 {
		im, ok := p.byPackage[pkg]
		if !ok {
			return packageImport{}, nil, false
		}
		next := packageOf(im.importer)
		if next == "" {
			return im, chain, true
		}
		pkg = next
		chain = append(chain, pkg)
	}
	return packageImport{}, nil, false
}

// atProjectImport moves the errors "Node module not available" that esbuild
// reported inside a package to the project's import of the package, with
// the package's import as a related place.
func (p *packageImports) atProjectImport(ds diag.Diagnostics, msgs []api.Message, dir string) diag.Diagnostics {
	for i, d := range ds {
		if i >= len(msgs) || d.Summary != "Node module not available" || d.Subject == nil {
			continue
		}
		l := msgs[i].Location
		if l == nil || l.File == "" {
			continue
		}
		file := l.File
		if !filepath.IsAbs(file) {
			file = filepath.Join(dir, file)
		}
		pkg := packageOf(file)
		if pkg == "" {
			continue
		}
		im, chain, ok := p.projectImport(pkg)
		if !ok {
			continue
		}
		at, ok := importSpecRange(im.importer, im.spec, dir)
		if !ok {
			continue
		}
		builtin := strings.Trim(l.LineText[min(l.Column, len(l.LineText)):min(l.Column+l.Length, len(l.LineText))], "\"'`")
		via := ""
		if len(chain) > 1 {
			quoted := make([]string, len(chain)-1)
			for j, c := range chain[1:] {
				quoted[len(chain)-2-j] = fmt.Sprintf("%q", c)
			}
			via = " (imported by " + strings.Join(quoted, ", which is imported by ") + ")"
		}
		inPkg := *d.Subject
		nd := &diag.Diagnostic{
			Severity: diag.Error,
			Summary:  d.Summary,
			Detail: fmt.Sprintf("The package %q%s imports %q, a Node built-in module, which is not available: tfkit evaluates configurations without Node.",
				pkg, via, builtin),
			Subject:    &at,
			Suggestion: "use a package that runs without Node (one made for browsers as well), or write what you need of it in a module of your own",
			Related:    []diag.Related{{Message: "the package imports it here", Range: hcl.Range{Filename: inPkg.Filename, Start: inPkg.Start, End: inPkg.End}}},
		}
		newSources(dir).withFrame(nd)
		ds[i] = nd
	}
	return ds
}
