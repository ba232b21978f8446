package graph

import (
	"sort"
)

// A layered (Sugiyama-style) layout, left to right: what a node depends
// on stands in a layer to its left, so arrows point left. The steps are
// the classic ones, kept simple and deterministic:
//
//  1. layering: a node's layer is one more than the highest layer of what
//     it depends on (longest path), edges closing a cycle ignored;
//  2. edges longer than one layer are cut by virtual nodes, one per layer
//     they cross, so every edge joins neighbouring layers;
//  3. crossing reduction: layers are reordered by the barycenter of
//     their neighbours' positions, sweeping right and left a fixed number
//     of times and keeping the order with the fewest crossings;
//  4. coordinates: x by layer (each as wide as its widest node), y by
//     position in the layer, each layer centred on the tallest.

// Sizes in SVG user units.
const (
	charWidth  = 7.2
	nodeHeight = 32.0
	nodePadX   = 24.0
	layerGap   = 72.0
	rowGap     = 18.0
	margin     = 16.0
	sweeps     = 8
	// virtualHeight is the room a long edge takes in a layer it crosses.
	virtualHeight = 8.0
)

// placed is a node of the layout: a graph node (index into Graph.Nodes)
// or a virtual node on a long edge (-1).
type placed struct {
	node         int
	layer, order int
	x, y, w, h   float64
}

// route is an edge as drawn: from the dependent through the virtual nodes
// to what it depends on.
type route struct {
	edge   int
	points []int // indexes into layout.nodes
}

type layout struct {
	nodes         []placed
	routes        []route
	width, height float64
}

// layoutGraph lays g out.
func layoutGraph(g *Graph) *layout {
	n := len(g.Nodes)
	index := make(map[string]int, n)
	for i, nd := range g.Nodes {
		index[nd.ID] = i
	}
	out := make([][]int, n) // dependencies of each node, in edge order
	for _, e := range g.Edges {
		f, okf := index[e.From]
		t, okt := index[e.To]
		if okf && okt && f != t {
			out[f] = append(out[f], t)
		}
	}

	// 1. Layers by longest path to a node without dependencies.
	layer := make([]int, n)
	state := make([]int8, n) // 0 new, 1 on the stack, 2 done
	var visit func(int)
	visit = func(v int) {
		state[v] = 1
		for _, w := range out[v] {
			if state[w] == 0 {
				visit(w)
			}
			if state[w] == 2 && layer[w]+1 > layer[v] {
				layer[v] = layer[w] + 1
			}
		}
		state[v] = 2
	}
	for v := range n {
		if state[v] == 0 {
			visit(v)
		}
	}

	l := &layout{}
	for v := range n {
		w := float64(len([]rune(g.Nodes[v].ID)))*charWidth + nodePadX
		l.nodes = append(l.nodes, placed{node: v, layer: layer[v], w: w, h: nodeHeight})
	}
	// 2. Virtual nodes on edges spanning layers. An edge goes from a
	// higher layer (the dependent) down to a lower one; one that does
	// not (it closes a cycle) is drawn straight.
	for ei, e := range g.Edges {
		f, okf := index[e.From]
		t, okt := index[e.To]
		if !okf || !okt || f == t {
			continue
		}
		r := route{edge: ei, points: []int{f}}
		for ly := layer[f] - 1; ly > layer[t]; ly-- {
			l.nodes = append(l.nodes, placed{node: -1, layer: ly, h: virtualHeight})
			r.points = append(r.points, len(l.nodes)-1)
		}
		r.points = append(r.points, t)
		l.routes = append(l.routes, r)
	}

	// Layers as lists of layout nodes, first in declaration order.
	maxLayer := 0
	for _, p := range l.nodes {
		maxLayer = max(maxLayer, p.layer)
	}
	layers := make([][]int, maxLayer+1)
	for i, p := range l.nodes {
		layers[p.layer] = append(layers[p.layer], i)
	}
	// Neighbours across adjacent layers, from the routes.
	left := make([][]int, len(l.nodes))  // neighbours in the layer below
	right := make([][]int, len(l.nodes)) // neighbours in the layer above
	for _, r := range l.routes {
		for k := 0; k+1 < len(r.points); k++ {
			a, b := r.points[k], r.points[k+1]
			if l.nodes[a].layer == l.nodes[b].layer+1 {
				left[a] = append(left[a], b)
				right[b] = append(right[b], a)
			}
		}
	}

	// 3. Crossing reduction.
	pos := make([]float64, len(l.nodes))
	setPos := func() {
		for _, ly := range layers {
			for i, v := range ly {
				pos[v] = float64(i)
			}
		}
	}
	setPos()
	best := cloneLayers(layers)
	bestCross := crossings(layers, left, pos)
	for s := range sweeps {
		if s%2 == 0 {
			for ly := 1; ly < len(layers); ly++ {
				reorder(layers[ly], left, pos)
			}
		} else {
			for ly := len(layers) - 2; ly >= 0; ly-- {
				reorder(layers[ly], right, pos)
			}
		}
		setPos()
		if c := crossings(layers, left, pos); c < bestCross {
			best, bestCross = cloneLayers(layers), c
		}
	}
	layers = best

	// 4. Coordinates.
	x := margin
	tallest := 0.0
	heights := make([]float64, len(layers))
	for li, ly := range layers {
		h := 0.0
		for _, v := range ly {
			h += l.nodes[v].h + rowGap
		}
		heights[li] = h - rowGap
		tallest = max(tallest, heights[li])
	}
	for li, ly := range layers {
		width := 0.0
		for _, v := range ly {
			width = max(width, l.nodes[v].w)
		}
		y := margin + (tallest-heights[li])/2
		for i, v := range ly {
			p := &l.nodes[v]
			p.order = i
			p.x = x + (width-p.w)/2
			p.y = y
			y += p.h + rowGap
		}
		x += width + layerGap
	}
	l.width = x - layerGap + margin
	l.height = tallest + 2*margin
	if len(layers) == 0 || len(l.nodes) == 0 {
		l.width, l.height = 2*margin, 2*margin
	}
	return l
}

// reorder sorts a layer by the barycenter of each node's neighbours in
// the layer swept from; a node without any keeps its place.
func reorder(ly []int, nb [][]int, pos []float64) {
	bary := make(map[int]float64, len(ly))
	for i, v := range ly {
		if len(nb[v]) == 0 {
			bary[v] = float64(i)
			continue
		}
		sum := 0.0
		for _, w := range nb[v] {
			sum += pos[w]
		}
		bary[v] = sum / float64(len(nb[v]))
	}
	sort.SliceStable(ly, func(i, j int) bool { return bary[ly[i]] < bary[ly[j]] })
}

// crossings counts the edge crossings between adjacent layers.
func crossings(layers [][]int, left [][]int, pos []float64) int {
	c := 0
	for li := 1; li < len(layers); li++ {
		type seg struct{ a, b float64 }
		var segs []seg
		for _, v := range layers[li] {
			for _, w := range left[v] {
				segs = append(segs, seg{pos[v], pos[w]})
			}
		}
		for i := range segs {
			for j := i + 1; j < len(segs); j++ {
				if (segs[i].a-segs[j].a)*(segs[i].b-segs[j].b) < 0 {
					c++
				}
			}
		}
	}
	return c
}

func cloneLayers(layers [][]int) [][]int {
	out := make([][]int, len(layers))
	for i, ly := range layers {
		out[i] = append([]int(nil), ly...)
	}
	return out
}
