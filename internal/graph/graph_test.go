package graph

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/internal/golden"
	"github.com/tfkit/tfkit/manifest"
	"github.com/tfkit/tfkit/tffile"
)

func TestMain(m *testing.M) { golden.Main(m, "testdata/*.dot", "testdata/*.mmd", "testdata/*.svg") }

func readStack(t *testing.T) *config.Config {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", "stack.tf"))
	if err != nil {
		t.Fatal(err)
	}
	cfg, ds := tffile.ReadFile(tffile.Source{Name: "stack.tf", Src: src}, tffile.Options{})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	return cfg
}

func testApp() *manifest.Manifest {
	return &manifest.Manifest{Version: manifest.Version, Stacks: []manifest.Stack{
		{Name: "network", Dependencies: []string{}},
		{Name: "data", Dependencies: []string{"network"}},
		{Name: "app", Dependencies: []string{"network", "data"}},
		{Name: "tools", Dependencies: []string{}},
	}}
}

func TestStackGraph(t *testing.T) {
	g := Stack("dev", readStack(t))
	var nodes []string
	for _, n := range g.Nodes {
		nodes = append(nodes, n.ID)
	}
	want := "provider.random provider.random.other var.prefix local.name local.names random_pet.a random_id.b data.null_data_source.x module.greet null_resource.after output.greeting"
	if strings.Join(nodes, " ") != want {
		t.Fatalf("nodes\n%s\nwant\n%s", strings.Join(nodes, " "), want)
	}
	var edges []string
	for _, e := range g.Edges {
		edges = append(edges, e.From+">"+e.To+":"+e.Why)
	}
	wantEdges := "local.name>var.prefix:reference local.names>local.name:reference random_pet.a>local.name:reference " +
		"random_id.b>provider.random.other:provider random_id.b>random_pet.a:reference random_id.b>data.null_data_source.x:reference " +
		"data.null_data_source.x>var.prefix:reference module.greet>local.names:reference module.greet>random_id.b:reference " +
		"null_resource.after>random_pet.a:depends_on null_resource.after>module.greet:depends_on output.greeting>module.greet:reference"
	if strings.Join(edges, " ") != wantEdges {
		t.Fatalf("edges\n%s\nwant\n%s", strings.Join(edges, " "), wantEdges)
	}
}

func TestGoldens(t *testing.T) {
	for name, g := range map[string]*Graph{"stack": Stack("dev", readStack(t)), "app": App("app", testApp())} {
		golden.Check(t, filepath.Join("testdata", name+".dot"), g.DOT())
		golden.Check(t, filepath.Join("testdata", name+".mmd"), g.Mermaid())
		svg, err := g.SVG()
		if err != nil {
			t.Fatal(err)
		}
		golden.Check(t, filepath.Join("testdata", name+".svg"), svg)
	}
}

// TestSVG holds the SVG to being well-formed XML with one node group per
// element, titled with its address, and to being the same twice.
func TestSVG(t *testing.T) {
	for _, g := range []*Graph{Stack("dev", readStack(t)), App("app", testApp())} {
		svg, err := g.SVG()
		if err != nil {
			t.Fatal(err)
		}
		titles := svgNodes(t, svg)
		if len(titles) != len(g.Nodes) {
			t.Fatalf("%s: %d node groups, want %d", g.Name, len(titles), len(g.Nodes))
		}
		for i, n := range g.Nodes {
			if titles[i] != n.ID {
				t.Errorf("%s: node %d titled %q, want %q", g.Name, i, titles[i], n.ID)
			}
		}
		again, err := Render(g, SVG)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(svg, again) {
			t.Errorf("%s: two layouts differ", g.Name)
		}
	}
}

// svgNodes parses svg strictly and returns the titles of its node
// groups in document order.
func svgNodes(t *testing.T, svg []byte) []string {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(svg))
	d.Strict = true
	var titles []string
	inNode, inTitle, root := false, false, false
	depth, nodeDepth := 0, 0
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("SVG is not well-formed XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			depth++
			if depth == 1 {
				root = tok.Name.Local == "svg"
			}
			if tok.Name.Local == "g" {
				for _, a := range tok.Attr {
					if a.Name.Local == "class" && a.Value == "node" {
						inNode, nodeDepth = true, depth
					}
				}
			}
			inTitle = inNode && tok.Name.Local == "title"
		case xml.EndElement:
			if inNode && depth == nodeDepth {
				inNode = false
			}
			inTitle = false
			depth--
		case xml.CharData:
			if inTitle {
				titles = append(titles, string(tok))
			}
		}
	}
	if !root {
		t.Fatal("the document's root is not <svg>")
	}
	return titles
}

func TestRenderUnknownFormat(t *testing.T) {
	if _, err := Render(App("x", testApp()), "png"); err == nil || !strings.Contains(err.Error(), "dot, mermaid, svg") {
		t.Fatalf("got %v", err)
	}
}

// FuzzSVG holds the SVG writer to writing well-formed XML for any
// address, with the node titled by it.
func FuzzSVG(f *testing.F) {
	f.Add("aws_vpc.main", "var.x")
	f.Add(`we"ird\name`, "new\nline")
	f.Fuzz(func(t *testing.T, a, b string) {
		if a == b || a == "" || b == "" || !validUTF8(a) || !validUTF8(b) || strings.ContainsAny(a+b, "\x00\r") {
			return
		}
		g := &Graph{Name: "f", Nodes: []Node{{ID: a, Kind: KindResource}, {ID: b, Kind: KindOutput}}, Edges: []Edge{{From: b, To: a, Why: Reference}}}
		svg, err := g.SVG()
		if err != nil {
			t.Fatal(err)
		}
		if titles := svgNodes(t, svg); len(titles) != 2 || titles[0] != xmlChars(a) || titles[1] != xmlChars(b) {
			t.Fatalf("%q %q: titles %q", a, b, titles)
		}
	})
}

func validUTF8(s string) bool { return strings.ToValidUTF8(s, "") == s }

// xmlChars is s with the characters XML cannot hold replaced by U+FFFD.
func xmlChars(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r >= 0x20 && r < 0xD800 || r >= 0xE000 && r < 0xFFFE || r >= 0x10000 && r <= 0x10FFFF {
			return r
		}
		return '\uFFFD'
	}, s)
}
