package tsx

import (
	"path/filepath"
	"testing"
)

// TestTargetEngineWords: an import written in an innerText body without
// id is refused in the words of the engine the configuration is for
// (Options.Target), as each engine words it.
func TestTargetEngineWords(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"main.tsx": `import { Resource, Import } from "tfkit";
export default function App() {
  return (
    <>
      <Resource type="terraform_data" name="a" />
      <Import>{() => ` + "`to = terraform_data.a`" + `}</Import>
    </>
  );
}
`})
	for target, want := range map[string]string{
		"":          "Missing required argument",
		"terraform": "Missing required argument",
		"opentofu":  "Missing required import argument",
	} {
		_, ds := Build(filepath.Join(dir, "main.tsx"), Options{Dir: dir, Target: target})
		if len(ds) != 1 || ds[0].Summary != want || ds[0].Path != "import.id" || ds[0].Subject == nil || ds[0].Subject.Start.Line != 6 {
			t.Errorf("target %q: %v, want one %q at import.id, line 6", target, ds, want)
		}
	}
}
