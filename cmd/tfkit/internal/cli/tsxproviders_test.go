package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/internal/enginetest"
)

// TestSynthTSXProjectProviders: the providers of tfkit.json that a TSX
// stack uses become its required_providers entries, as a Go app's typed
// bindings record theirs; one the stack does not use is left out, and
// one the stack declares itself is written as declared. The engine then
// installs the version the project names.
func TestSynthTSXProjectProviders(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "tfkit.json", `{"app": "main.tsx", "output": "out",
  "providers": ["hashicorp/random@3.9.0", "kreuzwerker/docker@~> 3.0", {"name": "files", "source": "hashicorp/local", "version": "2.9.0"}]}`)
	write(t, dir, "main.tsx", `import { Provider, Resource, useRef } from "tfkit";

export default function App() {
  const files = useRef();
  return (
    <>
      <Provider type="files" ref={files} />
      <Resource type="random_pet" name="p" />
      <Resource type="local_file" name="f" provider={files} filename="x.txt" content="x" />
    </>
  );
}
`)
	res := runCLI(t, dir, nil, "synth")
	if res.code != ExitOK {
		t.Fatalf("synth: %s", res)
	}
	got := tree(t, filepath.Join(dir, "out"))["main.tf"]
	want := `terraform {
  required_providers {
    random = {
      source  = "hashicorp/random"
      version = "3.9.0"
    }
    files = {
      source  = "hashicorp/local"
      version = "2.9.0"
    }
  }
}
`
	if !strings.HasPrefix(got, want) {
		t.Errorf("main.tf:\n%s\nwant it to start with:\n%s", got, want)
	}
	if strings.Contains(got, "docker") {
		t.Errorf("a provider the stack does not use is required:\n%s", got)
	}

	// Declared in <Terraform>: written as declared; another version than
	// the project's is a warning, another source an error.
	write(t, dir, "main.tsx", `import { Resource, Terraform } from "tfkit";

export default function App() {
  return (
    <>
      <Terraform required_providers={{ random: { source: "hashicorp/random", version: "~> 3.9" } }} />
      <Resource type="random_pet" name="p" />
    </>
  );
}
`)
	res = runCLI(t, dir, nil, "synth")
	if res.code != ExitOK || !strings.Contains(res.stderr, `Differing provider versions`) || !strings.Contains(res.stderr, "tfkit.json") {
		t.Fatalf("declared version: %s", res)
	}
	if got := tree(t, filepath.Join(dir, "out"))["main.tf"]; !strings.Contains(got, `version = "~> 3.9"`) || strings.Contains(got, `"3.9.0"`) {
		t.Errorf("declared entry not kept:\n%s", got)
	}
	src, err := os.ReadFile(filepath.Join(dir, "main.tsx"))
	if err != nil {
		t.Fatal(err)
	}
	write(t, dir, "main.tsx", strings.Replace(string(src), `source: "hashicorp/random"`, `source: "acme/random"`, 1))
	if res := runCLI(t, dir, nil, "synth"); res.code != ExitFailure || !strings.Contains(res.stderr, "Conflicting provider sources") {
		t.Fatalf("declared source: %s", res)
	}

	if testing.Short() {
		return
	}
	enginetest.RequireProvider(t, "hashicorp/random", "3.9.0")
	write(t, dir, "main.tsx", `import { Resource } from "tfkit";

export default () => <Resource type="random_pet" name="p" />;
`)
	if res := runCLI(t, dir, nil, "synth"); res.code != ExitOK {
		t.Fatalf("synth: %s", res)
	}
	w := enginetest.WorkspaceAt(t, filepath.Join(dir, "out"))
	w.Init()
	lock, err := os.ReadFile(filepath.Join(dir, "out", ".terraform.lock.hcl"))
	if err != nil || !strings.Contains(string(lock), `version     = "3.9.0"`) || !strings.Contains(string(lock), `constraints = "3.9.0"`) {
		t.Errorf("lock file (%v):\n%s", err, lock)
	}
}
