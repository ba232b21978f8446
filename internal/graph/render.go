package graph

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Formats of Render.
const (
	DOT     = "dot"
	Mermaid = "mermaid"
	SVG     = "svg"
)

// Formats lists the formats Render writes.
var Formats = []string{DOT, Mermaid, SVG}

// Render writes g in format (DOT, Mermaid or SVG).
func Render(g *Graph, format string) ([]byte, error) {
	switch format {
	case DOT:
		return g.DOT(), nil
	case Mermaid:
		return g.Mermaid(), nil
	case SVG:
		return g.SVG()
	}
	return nil, fmt.Errorf("unknown graph format %q (use %s)", format, strings.Join(Formats, ", "))
}

// style is how a kind of node is drawn: a Graphviz shape and fill, and
// Mermaid's node brackets.
type style struct {
	shape, fill   string
	mOpen, mClose string
}

var styles = map[string]style{
	KindStack:     {"box3d", "#dbeafe", "[", "]"},
	KindResource:  {"box", "#e0f2fe", "[", "]"},
	KindData:      {"box", "#ecfccb", "[/", "/]"},
	KindEphemeral: {"box", "#f5f3ff", "[\\", "\\]"},
	KindModule:    {"component", "#fef3c7", "[[", "]]"},
	KindVariable:  {"ellipse", "#f3f4f6", "([", "])"},
	KindLocal:     {"ellipse", "#fafafa", "(", ")"},
	KindOutput:    {"note", "#fce7f3", ">", "]"},
	KindProvider:  {"hexagon", "#e5e7eb", "{{", "}}"},
	KindCheck:     {"octagon", "#fee2e2", "{{", "}}"},
}

// DOT writes g in Graphviz's language: one node statement per node, then
// one edge statement per edge, from the dependent to what it depends on.
// depends_on edges are dashed, provider edges dotted.
func (g *Graph) DOT() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "digraph %s {\n", dotID(g.Name))
	b.WriteString("  rankdir=LR;\n")
	b.WriteString("  node [fontname=\"Helvetica\", fontsize=11, style=filled];\n")
	b.WriteString("  edge [fontname=\"Helvetica\", fontsize=9, color=\"#4b5563\"];\n")
	for _, n := range g.Nodes {
		st := styles[n.Kind]
		fmt.Fprintf(&b, "  %s [shape=%s, fillcolor=%s, tooltip=%s];\n", dotID(n.ID), st.shape, dotID(st.fill), dotID(n.Kind))
	}
	for _, e := range g.Edges {
		fmt.Fprintf(&b, "  %s -> %s", dotID(e.From), dotID(e.To))
		switch e.Why {
		case DependsOn:
			b.WriteString(" [style=dashed, label=\"depends_on\"]")
		case Provider:
			b.WriteString(" [style=dotted]")
		}
		b.WriteString(";\n")
	}
	b.WriteString("}\n")
	return b.Bytes()
}

// dotID quotes s as a DOT string.
func dotID(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '\n':
			b.WriteString(`\n`)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// Mermaid writes g as a Mermaid flowchart, left to right: nodes n0, n1,
// ... labeled with their addresses, shaped by kind; depends_on edges are
// dotted and labeled, provider edges dotted.
func (g *Graph) Mermaid() []byte {
	var b bytes.Buffer
	b.WriteString("flowchart LR\n")
	ids := make(map[string]string, len(g.Nodes))
	for i, n := range g.Nodes {
		id := "n" + strconv.Itoa(i)
		ids[n.ID] = id
		st := styles[n.Kind]
		fmt.Fprintf(&b, "  %s%s\"%s\"%s\n", id, st.mOpen, mermaidText(n.ID), st.mClose)
	}
	for _, e := range g.Edges {
		arrow := "-->"
		switch e.Why {
		case DependsOn:
			arrow = "-. depends_on .->"
		case Provider:
			arrow = "-.->"
		}
		fmt.Fprintf(&b, "  %s %s %s\n", ids[e.From], arrow, ids[e.To])
	}
	return b.Bytes()
}

// mermaidText escapes a label for a quoted Mermaid node text.
func mermaidText(s string) string {
	return strings.NewReplacer(`"`, "#quot;", "<", "#lt;", ">", "#gt;").Replace(s)
}

// SVG lays g out (see layout.go) and writes it as a standalone SVG
// document: one <g class="node"> per node, titled with its address, and
// one <g class="edge"> per edge, titled "from -> to".
func (g *Graph) SVG() ([]byte, error) {
	l := layoutGraph(g)
	var b bytes.Buffer
	b.WriteString("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
	fmt.Fprintf(&b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%s\" height=\"%s\" viewBox=\"0 0 %s %s\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"12\">\n",
		num(l.width), num(l.height), num(l.width), num(l.height))
	fmt.Fprintf(&b, "<title>%s</title>\n", xmlText(g.Name))
	b.WriteString("<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"8\" markerHeight=\"8\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#4b5563\"/></marker></defs>\n")
	b.WriteString("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n")
	for _, r := range l.routes {
		e := g.Edges[r.edge]
		fmt.Fprintf(&b, "<g class=\"edge\"><title>%s -&gt; %s</title><path d=\"", xmlText(e.From), xmlText(e.To))
		for k, v := range r.points {
			p := l.nodes[v]
			var x, y float64
			switch {
			case k == 0: // the dependent's left side
				x, y = p.x, p.y+p.h/2
			case k == len(r.points)-1: // the dependency's right side
				x, y = p.x+p.w, p.y+p.h/2
			default: // a virtual node: a point in the middle of its layer's column
				x, y = p.x, p.y+p.h/2
			}
			if k == 0 {
				fmt.Fprintf(&b, "M%s,%s", num(x), num(y))
			} else {
				fmt.Fprintf(&b, " L%s,%s", num(x), num(y))
			}
		}
		b.WriteString("\" fill=\"none\" stroke=\"#4b5563\" marker-end=\"url(#arrow)\"")
		switch e.Why {
		case DependsOn:
			b.WriteString(" stroke-dasharray=\"6,4\"")
		case Provider:
			b.WriteString(" stroke-dasharray=\"2,3\"")
		}
		b.WriteString("/></g>\n")
	}
	for _, p := range l.nodes {
		if p.node < 0 {
			continue
		}
		n := g.Nodes[p.node]
		st := styles[n.Kind]
		fmt.Fprintf(&b, "<g class=\"node\" data-kind=\"%s\"><title>%s</title>", n.Kind, xmlText(n.ID))
		rx := 4.0
		switch n.Kind {
		case KindVariable, KindLocal:
			rx = p.h / 2
		case KindProvider, KindCheck:
			rx = 10
		}
		fmt.Fprintf(&b, "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" rx=\"%s\" fill=\"%s\" stroke=\"#374151\"", num(p.x), num(p.y), num(p.w), num(p.h), num(rx), st.fill)
		switch n.Kind {
		case KindData:
			b.WriteString(" stroke-dasharray=\"4,2\"")
		case KindModule, KindStack:
			b.WriteString(" stroke-width=\"2\"")
		}
		fmt.Fprintf(&b, "/><text x=\"%s\" y=\"%s\" text-anchor=\"middle\" dominant-baseline=\"central\">%s</text></g>\n",
			num(p.x+p.w/2), num(p.y+p.h/2), xmlText(n.ID))
	}
	b.WriteString("</svg>\n")
	return b.Bytes(), nil
}

// num writes a coordinate with at most one decimal.
func num(f float64) string {
	return strconv.FormatFloat(math.Round(f*10)/10, 'f', -1, 64)
}

// xmlText escapes s as XML character data; characters XML cannot hold
// become U+FFFD.
func xmlText(s string) string {
	var b bytes.Buffer
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}
