package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGraphFileExtension: without --format, --file's extension chooses the
// format; an extension of no format tfkit writes (a .png) is an error, not
// DOT text in a file named as an image.
func TestGraphFileExtension(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "main.tsx", graphApp)
	write(t, dir, "tfkit.json", `{"app": "main.tsx", "output": "out"}`)
	if res := runCLI(t, dir, nil, "synth"); res.code != ExitOK {
		t.Fatalf("synth: %s", res)
	}
	for file, want := range map[string]string{"g.dot": "digraph", "g.GV": "digraph", "g": "digraph", "g.mermaid": "flowchart LR", "g.mmd": "flowchart LR", "g.Svg": "<?xml"} {
		if res := runCLI(t, dir, nil, "graph", "--skip-synth", "--file", file); res.code != ExitOK {
			t.Errorf("--file %s: %s", file, res)
		}
		if data, err := os.ReadFile(filepath.Join(dir, file)); err != nil || !strings.HasPrefix(string(data), want) {
			t.Errorf("--file %s wrote %.20q (%v), want %s", file, data, err, want)
		}
	}
	res := runCLI(t, dir, nil, "graph", "--skip-synth", "--file", "g.png")
	if res.code != ExitUsage || !strings.HasPrefix(res.stderr, "tfkit graph: --file g.png: the extension .png names no format of tfkit graph; name the file .dot, .gv, .mmd, .mermaid or .svg, or give --format dot|mermaid|svg") {
		t.Errorf("--file g.png: %s", res)
	}
	if _, err := os.Stat(filepath.Join(dir, "g.png")); !os.IsNotExist(err) {
		t.Errorf("g.png was written: %v", err)
	}
	if res := runCLI(t, dir, nil, "graph", "--skip-synth", "--format", "dot", "--file", "g.txt"); res.code != ExitOK {
		t.Errorf("--format dot --file g.txt: %s", res)
	}
}

// TestProjectWarningsOnce: a command that synthesizes first reads the
// project file for the output directory, and synth reads it again; a
// warning about the file is given once.
func TestProjectWarningsOnce(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "main.tsx", graphApp)
	write(t, dir, "tfkit.json", `{"app": "main.tsx", "output": "out", "bogus": 1}`)
	for _, args := range [][]string{{"graph"}, {"list"}, {"graph", "--skip-synth"}} {
		res := runCLI(t, dir, nil, args...)
		if res.code != ExitOK {
			t.Fatalf("%v: %s", args, res)
		}
		if n := strings.Count(res.stderr, `Unknown key "bogus"`); n != 1 {
			t.Errorf("%v: the warning is given %d times:\n%s", args, n, res.stderr)
		}
	}
}

// TestGraphOfNoStacks: an app that writes no stack gets an empty graph
// and a note saying why, as list says it.
func TestGraphOfNoStacks(t *testing.T) {
	p := &stackProject{t: t, dir: t.TempDir()}
	write(t, p.dir, "tfkit.json", `{"app": "cp -R src/. \"$TFKIT_OUTDIR\""}`)
	p.write()
	res := p.tfkit("", "graph")
	if res.code != ExitOK || !strings.HasPrefix(res.stdout, "digraph") || !strings.Contains(res.stderr, "Note: tfkit.out has no stacks: the graph is empty.\n") {
		t.Errorf("graph: %s", res)
	}
}
