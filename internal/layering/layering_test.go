package layering

import (
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/tfkit/tfkit"

// imports maps each package of the module (by import path) to the module packages its non-test
// files import. Test files may reach higher (end-to-end tests drive the command), so they are
// not read; testdata directories and nested modules are not part of the module.
func imports(t *testing.T) map[string][]string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("module root not found at %s: %v", root, err)
	}
	fset := token.NewFileSet()
	out := map[string][]string{}
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if p != root && (name == "testdata" || name == "node_modules" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			if p != root {
				if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil {
					return filepath.SkipDir
				}
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, filepath.Dir(p))
		if err != nil {
			return err
		}
		pkg := module
		if rel != "." {
			pkg = module + "/" + filepath.ToSlash(rel)
		}
		if _, ok := out[pkg]; !ok {
			out[pkg] = nil
		}
		for _, imp := range f.Imports {
			ip, err := strconv.Unquote(imp.Path.Value)
			if err != nil {
				return err
			}
			if ip == module || strings.HasPrefix(ip, module+"/") {
				out[pkg] = append(out[pkg], ip)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for pkg, deps := range out {
		sort.Strings(deps)
		out[pkg] = compact(deps)
	}
	return out
}

func compact(s []string) []string {
	var out []string
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}

func short(p string) string {
	if p == module {
		return "tfkit (root)"
	}
	return strings.TrimPrefix(p, module+"/")
}

// under reports whether package p is dir or inside it (dir relative to the module).
func under(p, dir string) bool {
	full := path.Join(module, dir)
	return p == full || strings.HasPrefix(p, full+"/")
}

// belowModels are what the model packages may import: diagnostics, and the nesting guard every
// HCL parse runs first, which imports nothing of tfkit.
var belowModels = []string{module + "/diag", module + "/config/hclguard"}

var (
	frontEnds = []string{module, module + "/tsx"}
	cli       = module + "/cmd/tfkit/internal/cli"
)

// aboveFrontEnds reports whether p may import a front end: the command, examples,
// benchmark programs and the testing helpers of package tfkittest, which use the front ends
// the way users do.
func aboveFrontEnds(p string) bool {
	return under(p, "cmd") || under(p, "examples") || under(p, "bench") || under(p, "tfkittest")
}

func TestLayering(t *testing.T) {
	graph := imports(t)
	if len(graph) < 20 {
		t.Fatalf("read only %d packages; the walk of the module is broken", len(graph))
	}
	if bad := violations(graph); len(bad) > 0 {
		t.Errorf("layering violations (see docs/architecture.md):\n  %s", strings.Join(bad, "\n  "))
	}
}

// TestViolationsFound holds the rules to finding what they forbid, on a made-up module.
func TestViolationsFound(t *testing.T) {
	m := func(p string) string { return path.Join(module, p) }
	graph := map[string][]string{
		module:               {m("config"), m("internal/synth")},
		m("config"):          {m("diag"), m("config/hclguard"), m("render")},
		m("diag"):            nil,
		m("schema"):          {m("diag")},
		m("manifest"):        nil,
		m("config/hclguard"): nil,
		m("internal/synth"):  {m("config"), module},
		m("render"):          {m("config"), m("tsx")},
		m("tsx"):             {m("config")},
		m("runner"):          {m("load")},
		m("load"):            {m("config")},
		m("cmd/tfkit"):       {cli},
		cli:                  {module, m("tsx")},
		m("examples/x"):      {module, cli},
	}
	got := violations(graph)
	want := []string{
		"config imports render: the model packages import nothing of tfkit but diag",
		"internal/synth imports the front end tfkit (root): only the command, examples and benchmarks may",
		"render imports the front end tsx: only the command, examples and benchmarks may",
		"runner imports load",
		"cmd/tfkit/internal/cli imports the Go authoring API (tfkit root)",
		"examples/x imports the command's package cmd/tfkit/internal/cli",
	}
	sort.Strings(got)
	sort.Strings(want)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("violations:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

// violations lists what breaks the layering in an import graph.
func violations(graph map[string][]string) []string {
	var bad []string
	report := func(format string, args ...any) { bad = append(bad, fmt.Sprintf(format, args...)) }

	pkgs := make([]string, 0, len(graph))
	for p := range graph {
		pkgs = append(pkgs, p)
	}
	sort.Strings(pkgs)

	for _, p := range pkgs {
		for _, dep := range graph[p] {
			// Nothing below the front ends imports them, and they do not import each other.
			for _, fe := range frontEnds {
				if dep == fe && !aboveFrontEnds(p) {
					report("%s imports the front end %s: only the command, examples and benchmarks may", short(p), short(fe))
				}
			}
			// Nothing imports the command but its main package.
			if dep == cli && p != module+"/cmd/tfkit" {
				report("%s imports the command's package %s", short(p), short(cli))
			}
			// The command drives the front ends through the synth path and the manifest; it
			// does not import the Go authoring API users write programs with.
			if p == cli && dep == module {
				report("%s imports the Go authoring API (tfkit root)", short(p))
			}
		}
	}

	// The models import nothing of tfkit but diagnostics (and the nesting guard).
	for _, model := range []string{"config", "schema", "diag", "manifest"} {
		p := path.Join(module, model)
		if _, ok := graph[p]; !ok {
			report("package %s not found", model)
			continue
		}
		for _, dep := range graph[p] {
			if !slices.Contains(belowModels, dep) || len(graph[dep]) > 0 {
				report("%s imports %s: the model packages import nothing of tfkit but diag", model, short(dep))
			}
		}
	}

	// The runner and the provider framework stand beside the configuration path: they import
	// no front end, renderer, loader or converter.
	for _, low := range []string{"runner", "provider", "codegen", "jet"} {
		for _, p := range pkgs {
			if !under(p, low) {
				continue
			}
			for _, dep := range graph[p] {
				for _, high := range []string{"load", "convert", "validate", "tsx", "cmd"} {
					if under(dep, high) {
						report("%s imports %s", short(p), short(dep))
					}
				}
			}
		}
	}

	return bad
}
