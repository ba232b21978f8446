package tsx

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/diag"
)

// TestEmptyEntryWarns: an entry whose default export renders nothing (an
// empty fragment, null, a component returning null) is the warning "Empty
// stack" at its export default, as an empty stack of the Go API is; synth
// still writes the stack. An entry that renders anything is not warned of.
func TestEmptyEntryWarns(t *testing.T) {
	for name, src := range map[string]string{
		"fragment":  "export default () => <></>;\n",
		"null":      "// nothing yet\nexport default null;\n",
		"component": "function Nothing() {\n  return null;\n}\n  export default function App() {\n  return <Nothing />;\n}\n",
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, map[string]string{"web.tsx": src})
			diags, err := Synth(context.Background(), "web.tsx", "out", FormatHCL, Options{Dir: dir})
			if err != nil {
				t.Fatalf("Synth: %v", err)
			}
			if len(diags) != 1 {
				t.Fatalf("diagnostics: %s", diags)
			}
			d := diags[0]
			line, col := 0, 0
			for i, l := range strings.Split(src, "\n") {
				if j := strings.Index(l, "export default"); j >= 0 {
					line, col = i+1, j+1
				}
			}
			if d.Severity != diag.Warning || d.Summary != "Empty stack" || d.Subject == nil ||
				d.Subject.Filename != "web.tsx" || d.Subject.Start.Line != line || d.Subject.Start.Column != col ||
				!strings.Contains(d.Detail, `stack "web" declares nothing`) ||
				!strings.Contains(d.Suggestion, "render resources") {
				t.Errorf("warning: %s (at %v)", d, d.Subject)
			}
			if _, err := os.Stat(filepath.Join(dir, "out", "main.tf")); err != nil {
				t.Errorf("the empty stack was not written: %v", err)
			}
		})
	}
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"web.tsx": `import { Variable } from "tfkit";
export default () => <><Variable name="region" /></>;
`})
	diags, err := Synth(context.Background(), "web.tsx", "out", FormatHCL, Options{Dir: dir})
	if err != nil || len(diags) != 0 {
		t.Errorf("an entry that renders a block: %v %s", err, diags)
	}
}
