package cli

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// deep is an expression nested 100,000 levels deep, far past the depth
// at which HCL's parsers overflow the stack (about 60,000): a test that
// passes proves the nesting check ran before the parser, in this process.
var deep = strings.Repeat("[", 100000) + strings.Repeat("]", 100000)

// TestDeepNesting runs every command that reads HCL on text nested
// 100,000 levels deep in each place it reads it: each fails with the
// nesting diagnostic at file:line:col instead of a fatal stack overflow,
// and writes nothing (synth: no output, no staging directory).
func TestDeepNesting(t *testing.T) {
	deepTemplate := strings.Repeat(`${"`, 50000) + strings.Repeat(`"}`, 50000)
	cases := []struct {
		name  string
		files map[string]string
		args  []string
		where string // the location the diagnostic names
	}{
		{"eval main.tf", map[string]string{"main.tf": "locals {\n  x = " + deep + "\n}\n"}, []string{"eval"}, `main\.tf:2:\d+`},
		{"eval main.tf.json", map[string]string{"main.tf.json": `{"locals": {"x": ` + deep + `}}`}, []string{"eval"}, `main\.tf\.json:1:\d+`},
		{"eval string template in JSON", map[string]string{"main.tf.json": `{"locals": {"x": "` + deepTemplate + `"}}`}, []string{"eval"}, `main\.tf\.json:1:\d+`},
		{"eval module", map[string]string{"main.tf": "module \"m\" {\n  source = \"./m\"\n}\n", "m/main.tf": "locals {\n  x = " + deep + "\n}\n"}, []string{"eval"}, `m/main\.tf:2:\d+`},
		{"eval --var-file", map[string]string{"main.tf": "variable \"v\" {}\n", "deep.tfvars": "v = " + deep + "\n"}, []string{"eval", "--var-file", "deep.tfvars"}, `deep\.tfvars:1:\d+`},
		{"eval --var", map[string]string{"main.tf": "variable \"v\" {\n  type = list(any)\n}\n"}, []string{"eval", "--var", "v=" + deep}, ``},
		{"eval templatefile", map[string]string{"main.tf": "output \"x\" {\n  value = templatefile(\"${path.module}/t.tpl\", {})\n}\n", "t.tpl": deepTemplate}, []string{"eval"}, ``},
		{"eval variable type", map[string]string{"main.tf": "variable \"v\" {\n  type = " + strings.Repeat("list(", 100000) + "any" + strings.Repeat(")", 100000) + "\n}\n"}, []string{"eval"}, `main\.tf:2:\d+`},
		{"validate", map[string]string{"main.tf": "locals {\n  x = " + deep + "\n}\n"}, []string{"validate", "--schema", "SCHEMA", "."}, `main\.tf:2:\d+`},
		{"validate .tf.json", map[string]string{"main.tf.json": `{"resource": {"null_resource": {"a": {"triggers": ` + deep + `}}}}`}, []string{"validate", "--schema", "SCHEMA", "."}, `main\.tf\.json:1:\d+`},
		{"convert --to go", map[string]string{"main.tf": "locals {\n  x = " + deep + "\n}\n"}, []string{"convert", "--to", "go", "main.tf"}, `main\.tf:2:\d+`},
		{"convert --to tsx", map[string]string{"main.tf": "locals {\n  x = " + deep + "\n}\n"}, []string{"convert", "--to", "tsx", "main.tf"}, `main\.tf:2:\d+`},
		{"tsx innerText", map[string]string{"main.tsx": "import { Resource } from \"tfkit\";\nexport default () => (\n  <Resource type=\"null_resource\" name=\"a\">\n    {\"triggers = \" + \"[\".repeat(100000) + \"]\".repeat(100000)}\n  </Resource>\n);\n"},
			[]string{"synth", "main.tsx", "--out", "gen"}, `main\.tsx:\d+:\d+`},
		{"tsx tf.raw", map[string]string{"main.tsx": "import { Resource, tf } from \"tfkit\";\nexport default () => (\n  <Resource type=\"null_resource\" name=\"a\" triggers={tf.raw(\"[\".repeat(100000) + \"]\".repeat(100000))} />\n);\n"},
			[]string{"synth", "main.tsx", "--out", "gen"}, `main\.tsx:\d+:\d+`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, src := range tc.files {
				write(t, dir, name, src)
			}
			args := append([]string(nil), tc.args...)
			for i, a := range args {
				if a == "SCHEMA" {
					args[i] = schemaFile(t, "random-3.9.0.json")
				}
			}
			res := runCLI(t, dir, nil, args...)
			if res.code != ExitFailure || !strings.Contains(res.stderr, "more than 1000 levels deep") || len(res.stderr) > 20000 {
				t.Fatalf("%s", limitText(res.String()))
			}
			if tc.where != "" && !regexp.MustCompile(`(^|\n|/)`+tc.where+`: Error: [^\n]*(Nesting too deep|more than 1000 levels deep)`).MatchString(res.stderr) {
				t.Errorf("not located at %s:\n%s", tc.where, limitText(res.stderr))
			}
			// Nothing written: no output, no staging directory.
			entries, _ := os.ReadDir(dir)
			for _, e := range entries {
				if tc.files[e.Name()] == "" && !e.IsDir() || e.IsDir() && !strings.HasPrefix(e.Name(), "m") {
					t.Errorf("left behind: %s", e.Name())
				}
			}
		})
	}
}

// limitText shortens text that may quote a deep expression.
func limitText(s string) string {
	if len(s) > 4000 {
		return s[:2000] + "\n...\n" + s[len(s)-2000:]
	}
	return s
}
