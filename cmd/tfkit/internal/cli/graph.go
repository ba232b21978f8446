package cli

import (
	"context"
	"flag"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tfkit/tfkit/internal/graph"
	"github.com/tfkit/tfkit/tffile"
)

func init() {
	register(&command{
		name:     "graph",
		synopsis: "Draw the dependency graph of the app or of one stack (DOT, Mermaid, SVG)",
		usage:    "graph [--format dot|mermaid|svg] [--file FILE] [--skip-synth] [--out DIR] [STACK]",
		help: `
Runs synth (unless --skip-synth; its summary goes to stderr), then draws
the app's stacks and the stacks each depends on, or with a STACK its
elements (resources, data sources, ephemeral resources, modules,
variables, local values, outputs, providers, checks) and the references,
depends_on and provider arguments between them. Arrows point from what
depends to what it depends on; depends_on arrows are dashed, provider
arrows dotted.

--format dot writes Graphviz's language, mermaid a Mermaid flowchart (for
Markdown that renders Mermaid), svg a drawing laid out by tfkit itself (in
layers, left to right): no Graphviz install is needed. The output goes to
stdout, or to FILE with --file (written whole or not at all); without
--format, --file FILE picks the format by its extension (.dot or .gv, .mmd
or .mermaid, .svg; dot without one), and another extension is an error.`,
		setup: func(fs *flag.FlagSet) func(context.Context, *run, []string) int {
			o := &stackOptions{}
			fs.StringVar(&o.out, "out", "", "use the synth output in `DIR` instead of the project's \"output\"")
			fs.BoolVar(&o.skipSynth, "skip-synth", false, "use the existing synth output instead of running synth first")
			format := fs.String("format", "", "write `FORMAT`: dot, mermaid or svg")
			file := fs.String("file", "", "write to `FILE` instead of stdout")
			return func(ctx context.Context, r *run, args []string) int {
				if len(args) > 1 {
					return usageError(r.stderr, commands["graph"], "one stack at most, got %q", strings.Join(args, " "))
				}
				return runGraph(ctx, r, o, *format, *file, args)
			}
		},
	})
}

// graphFormat is the format --format names, or the one --file's extension
// implies (dot without one); "" when neither names one.
func graphFormat(format, file string) string {
	if format != "" {
		if slices.Contains(graph.Formats, format) {
			return format
		}
		return ""
	}
	switch strings.ToLower(filepath.Ext(file)) {
	case ".svg":
		return graph.SVG
	case ".mmd", ".mermaid":
		return graph.Mermaid
	case "", ".dot", ".gv":
		return graph.DOT
	}
	return ""
}

func runGraph(ctx context.Context, r *run, o *stackOptions, format, file string, args []string) int {
	f := graphFormat(format, file)
	switch {
	case f == "" && format != "":
		return usageError(r.stderr, commands["graph"], "unknown format %q: use %s", format, strings.Join(graph.Formats, ", "))
	case f == "":
		return usageError(r.stderr, commands["graph"], "--file %s: the extension %s names no format of tfkit graph; name the file .dot, .gv, .mmd, .mermaid or .svg, or give --format %s (Graphviz makes other images of DOT: tfkit graph | dot -Tpng -o graph.png)",
			file, filepath.Ext(file), strings.Join(graph.Formats, "|"))
	}
	// synth's summary is not part of the graph on stdout.
	quiet := *r
	quiet.stdout = r.stderr
	set, code := loadStacks(ctx, &quiet, o, true, args)
	if code != ExitOK {
		return code
	}
	var g *graph.Graph
	if len(args) == 0 {
		if len(set.manifest.Stacks) == 0 {
			r.notef("%s has no stacks: the graph is empty.", set.outName)
		}
		g = graph.App(filepath.Base(set.outName), set.manifest)
	} else {
		st := set.selected[0]
		dir := filepath.Join(set.out, filepath.FromSlash(st.Directory))
		m, ds := tffile.Dir(dir, tffile.Options{})
		if ds.HasErrors() {
			r.report(ds)
			return ExitFailure
		}
		g = graph.Stack(st.Name, m.Config)
	}
	out, err := graph.Render(g, f)
	if err != nil {
		r.errorf("", "%v", err)
		return ExitFailure
	}
	if file == "" {
		r.stdout.Write(out)
		return ExitOK
	}
	if err := writeFileAtomic(r.abs(file), out); err != nil {
		r.errorf("", "write %s: %v", file, err)
		return ExitFailure
	}
	fmt.Fprintf(r.stderr, "Wrote %s (%s, %s).\n", file, f, countNoun(len(g.Nodes), "node"))
	return ExitOK
}
