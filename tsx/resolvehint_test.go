package tsx

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evanw/esbuild/pkg/api"
)

// TestResolveHintSuggestsModules: a misspelt relative import is matched
// against what an import can name (module files, directories with an
// index or package.json), not against the synth output, hidden files or
// lock files beside it.
func TestResolveHintSuggestsModules(t *testing.T) {
	dir := t.TempDir()
	for _, p := range []string{"main.tsx", "util.ts", "lib/index.ts", "out/main.tf", ".out.lock", "notes.txt"} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, p), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	loc := &api.Location{File: "main.tsx"}
	for spec, want := range map[string]string{
		"./utl":   `did you mean "./util"?`,
		"./lb":    `did you mean "./lib"?`,
		"./nope":  "",
		"./ot":    "",
		"./.out":  "",
		"./notes": "",
	} {
		got := resolveHint(spec, loc, dir)
		if want == "" && strings.Contains(got, "did you mean") || want != "" && !strings.HasPrefix(got, want) {
			t.Errorf("%s: %s", spec, got)
		}
	}
}

// TestImportCaseMismatch: an import that names a file with other letter
// case ("./components/network" for Network.tsx) is an import not found, at
// the import, with the spelling of the file, not an internal read error.
func TestImportCaseMismatch(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"main.tsx":               "import { Network } from \"./components/network\";\nexport default function App() { return <Network />; }\n",
		"components/Network.tsx": "import { Resource } from \"tfkit\";\nexport function Network() { return <Resource type=\"null_resource\" name=\"net\" />; }\n",
	}
	for p, text := range files {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, p), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "components", "network.tsx")); err == nil {
		t.Skip("the file system ignores letter case")
	}
	_, diags := Build("main.tsx", Options{Dir: dir})
	want := `main.tsx:1:25: Error: Import not found; "./components/network" names components/network.tsx, which is not there: the file is components/Network.tsx. The names differ only in letter case, and file names are case-sensitive.
  1 | import { Network } from "./components/network";
    |                         ^^^^^^^^^^^^^^^^^^^^^^
  hint: write "./components/Network"

`
	if got := formatDiags(diags); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// TestImportThroughPathsAlias: an import through a paths alias of the
// project's tsconfig.json ("@/components/Netwrk" for "@/*") that names no
// module is explained with the alias and the modules near it, not as a
// package to install; one that differs from the file's name in letter case
// gets the spelling to write, alias kept.
func TestImportThroughPathsAlias(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"tsconfig.json": `{
  // tsc allows comments and trailing commas here.
  "compilerOptions": { "baseUrl": "src", "paths": { "@/*": ["./*"], "@lib/*": ["lib/*",], }, },
}`,
		"src/components/Network.tsx": "import { Resource } from \"tfkit\";\nexport function Network() { return <Resource type=\"null_resource\" name=\"net\" />; }\n",
	}
	for p, text := range files {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, p), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	caseSensitive := true
	if _, err := os.Stat(filepath.Join(dir, "src", "components", "network.tsx")); err == nil {
		caseSensitive = false
	}
	for _, c := range []struct{ spec, want string }{
		{"@/components/Netwrk", `hint: did you mean "@/components/Network"? ("@/components/Netwrk" matches the paths alias "@/*" of tsconfig.json, so it names src/components/Netwrk, where no module is`},
		{"@lib/names", `hint: "@lib/names" matches the paths alias "@lib/*" of tsconfig.json, so it names src/lib/names, where no module is`},
		{"@/components/network", `hint: write "@/components/Network"`},
		{"@acme/names", `hint: install the package into the project's node_modules (npm install @acme/names)`},
	} {
		if c.spec == "@/components/network" && !caseSensitive {
			continue
		}
		main := "import { Network } from \"" + c.spec + "\";\nexport default function App() { return <Network />; }\n"
		if err := os.WriteFile(filepath.Join(dir, "main.tsx"), []byte(main), 0o644); err != nil {
			t.Fatal(err)
		}
		_, diags := Build("main.tsx", Options{Dir: dir})
		got := formatDiags(diags)
		if !strings.Contains(got, "Error: Import not found") || !strings.Contains(got, c.want) {
			t.Errorf("%s: got:\n%s\nwant a hint with: %s", c.spec, got, c.want)
		}
	}
}
