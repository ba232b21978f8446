package cli

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const graphApp = `import { Output, Resource, Variable, tf } from "tfkit";

export default <>
  <Variable name="prefix" type={tf.raw("string")} />
  <Resource type="terraform_data" name="a" input={tf.var("prefix")} />
  <Resource type="terraform_data" name="b" input="${terraform_data.a.output}-b" depends_on={[tf.raw("terraform_data.a")]} />
  <Output name="b" value={tf.raw("terraform_data.b.output")} />
</>;
`

func TestGraph(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "main.tsx", graphApp)
	write(t, dir, "tfkit.json", `{"app": "main.tsx", "output": "out"}`)

	res := runCLI(t, dir, nil, "graph")
	if res.code != ExitOK {
		t.Fatalf("graph: %s", res)
	}
	if want := "digraph \"out\" {\n"; !strings.HasPrefix(res.stdout, want) || !strings.Contains(res.stdout, `"main" [shape=box3d`) {
		t.Fatalf("app graph:\n%s", res.stdout)
	}
	if !strings.Contains(res.stderr, "main") {
		t.Errorf("synth summary not on stderr: %q", res.stderr)
	}

	res = runCLI(t, dir, nil, "graph", "--skip-synth", "--format", "mermaid", "main")
	if res.code != ExitOK {
		t.Fatalf("graph main: %s", res)
	}
	want := `flowchart LR
  n0(["var.prefix"])
  n1["terraform_data.a"]
  n2["terraform_data.b"]
  n3>"output.b"]
  n1 --> n0
  n2 --> n1
  n2 -. depends_on .-> n1
  n3 --> n2
`
	if res.stdout != want {
		t.Fatalf("stack graph:\n%s\nwant:\n%s", res.stdout, want)
	}

	res = runCLI(t, dir, nil, "graph", "--skip-synth", "--file", "g.svg", "main")
	if res.code != ExitOK || res.stdout != "" || !strings.Contains(res.stderr, "Wrote g.svg (svg, 4 nodes).") {
		t.Fatalf("graph --file: %s", res)
	}
	svg, err := os.ReadFile(filepath.Join(dir, "g.svg"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		XMLName xml.Name
	}
	if err := xml.Unmarshal(svg, &doc); err != nil || doc.XMLName.Local != "svg" {
		t.Fatalf("g.svg is not an SVG document: %v", err)
	}
	if n := strings.Count(string(svg), `class="node"`); n != 4 {
		t.Errorf("g.svg has %d nodes, want 4", n)
	}

	for _, c := range [][]string{
		{"graph", "--skip-synth", "--format", "png"},
		{"graph", "--skip-synth", "a", "b"},
	} {
		if res := runCLI(t, dir, nil, c...); res.code != ExitUsage {
			t.Errorf("%v: %s", c, res)
		}
	}
	if res := runCLI(t, dir, nil, "graph", "--skip-synth", "mian"); res.code != ExitFailure || !strings.Contains(res.stderr, `did you mean "main"`) {
		t.Errorf("unknown stack: %s", res)
	}
}
