package npm_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/codegen/typescript"
	"github.com/tfkit/tfkit/internal/tsxtest"
	"github.com/tfkit/tfkit/internal/validate"
	"github.com/tfkit/tfkit/schema"
	"github.com/tfkit/tfkit/tffile"
	"github.com/tfkit/tfkit/tsx"
)

// typedSchemas are the provider schemas the typed cases are checked with:
// the ones kept in testdata of the schema and codegen packages (a slice of
// aws 3.3.0).
var typedSchemas = []string{
	"../schema/testdata/providers/null-2.1.2.json",
	"../schema/testdata/providers/random-3.9.0.json",
	"../schema/testdata/providers/local-2.9.0.json",
	"../schema/testdata/providers/time-0.14.2.json",
	"../schema/testdata/providers/docker-4.6.0.json",
	"../internal/codegen/typescript/testdata/providers/aws-3.3.0-slice.json",
	// Names that need care: a provider named like a keyword, attributes
	// named 3d and foo-bar, nested attribute types.
	"../internal/codegen/typescript/testdata/providers/collide.json",
}

func readSchemas(t *testing.T) []*schema.Provider {
	t.Helper()
	var out []*schema.Provider
	for _, path := range typedSchemas {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		ps, err := schema.ReadProviders(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, ps...)
	}
	return out
}

const typedTSConfig = `{
  "compilerOptions": {
    "strict": true,
    "noEmit": true,
    "jsx": "react-jsx",
    "jsxImportSource": "tfkit",
    "module": "esnext",
    "moduleResolution": "bundler",
    "target": "es2022",
    "lib": ["es2022"],
    "types": []
  },
  "include": ["typed-valid/**/*", "typed-invalid/**/*", ".gen/**/*.d.ts"]
}
`

// TestTypedDeclarations generates declarations for the test schemas, as
// tfkit get --lang ts writes them (.gen/<provider>/index.d.ts), and runs
// tsc over testdata/typed: the valid cases must pass, and each wrong line
// must fail with the expected error.
func TestTypedDeclarations(t *testing.T) {
	for _, v := range typescriptVersions() {
		t.Run("typescript-"+v, func(t *testing.T) { checkTypedDeclarations(t, tsxtest.TypeScript(t, v)) })
	}
}

func checkTypedDeclarations(t *testing.T, tsc string) {
	root := t.TempDir()
	writeDeclarations(t, root)
	for _, group := range []string{"valid", "invalid"} {
		entries, err := os.ReadDir(filepath.Join("testdata", "typed", group))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			copyProject(t, project{"typed-" + group, strings.TrimSuffix(e.Name(), ".tsx"), filepath.Join("testdata", "typed", group, e.Name())}, root)
		}
	}
	checkProject(t, tsc, root, typedTSConfig, "typed-invalid", filepath.Join("testdata", "typed", "invalid"))
}

// writeDeclarations writes into root/.gen what tfkit get --lang ts writes
// for the test schemas and for the module ./modules/net.
func writeDeclarations(t *testing.T, root string) {
	t.Helper()
	for _, p := range readSchemas(t) {
		files, err := typescript.Generate(p, typescript.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			path := filepath.Join(root, ".gen", p.Name(), f.Path)
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, f.Data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	// A module, as tfkit get writes it for "terraformModules": ["./modules/net"].
	m, diags := tffile.ReadModule(filepath.Join("..", "tffile", "testdata", "modules", "net"))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	files, err := typescript.GenerateModule(m, typescript.ModuleOptions{Source: "./modules/net"})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(root, ".gen", "net"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, ".gen", "net", files[0].Path), files[0].Data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// notChecked are the places the validator reports on purpose: types the
// test schemas do not declare (the untyped cases).
var notChecked = map[string]bool{
	"aws_route53_zone.main":   true,
	"data.aws_region.current": true,
}

// TestTypedValidCasesBuild builds the valid typed cases with tfkit and
// validates them against the schemas they were typed with: what the
// declarations accept, the front end and the schema validator accept too.
func TestTypedValidCasesBuild(t *testing.T) {
	providers := readSchemas(t)
	dir := filepath.Join("testdata", "typed", "valid")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		t.Run(e.Name(), func(t *testing.T) {
			cfg, diags := tsx.Build(e.Name(), tsx.Options{Dir: dir})
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			if diags := config.Validate(cfg); diags.HasErrors() {
				t.Fatal(diags)
			}
			for _, d := range validate.Config(cfg, providers) {
				if d.Severity == diag.Error && !notChecked[d.Path] {
					t.Error(d)
				}
			}
		})
	}
}
