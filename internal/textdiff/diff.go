package textdiff

// Op says what an Edit does with its line.
type Op byte

const (
	// Equal lines appear in both texts.
	Equal Op = ' '
	// Delete lines appear only in the old text.
	Delete Op = '-'
	// Insert lines appear only in the new text.
	Insert Op = '+'
)

// Edit is one step of an edit script that turns the old lines into the new.
// Old and New are the positions (0-based) in the old and new lines where the
// step happens: for Equal a[Old] == b[New], for Delete the line is a[Old],
// for Insert it is b[New]; the other index says where in that text the step
// falls.
type Edit struct {
	Op       Op
	Old, New int
}

// Diff returns a shortest edit script from a to b. Within each changed
// region, deletions come before insertions, so equal inputs always give the
// same script.
func Diff(a, b []string) []Edit {
	return diff(a, b, costLimit)
}

// costLimit bounds the search for one split point. Myers' algorithm takes
// time proportional to the input size times the number of differences, so
// two large, mostly different texts could take minutes; past this many
// differences in one region the split is taken where the search got
// furthest (as GNU diff does), which keeps the script valid but not
// necessarily shortest.
const costLimit = 512

func diff(a, b []string, limit int) []Edit {
	d := newDiffer(a, b)
	d.limit = limit
	d.compare(0, len(d.a), 0, len(d.b))

	edits := make([]Edit, 0, max(len(a), len(b)))
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case i < len(a) && d.deleted[i]:
			edits = append(edits, Edit{Delete, i, j})
			i++
		case j < len(b) && d.inserted[j]:
			edits = append(edits, Edit{Insert, i, j})
			j++
		default:
			edits = append(edits, Edit{Equal, i, j})
			i++
			j++
		}
	}
	return edits
}

// differ holds the state of one comparison. Lines are replaced by small
// integers first so that the inner loops compare ints, not strings.
type differ struct {
	a, b              []int
	deleted, inserted []bool
	// vf and vb are the forward and backward furthest-reaching x per
	// diagonal, reused by every split (each split reads only what it wrote).
	vf, vb []int
	limit  int
}

func newDiffer(a, b []string) *differ {
	ids := make(map[string]int, len(a)+len(b))
	intern := func(lines []string) []int {
		out := make([]int, len(lines))
		for i, l := range lines {
			id, ok := ids[l]
			if !ok {
				id = len(ids)
				ids[l] = id
			}
			out[i] = id
		}
		return out
	}
	size := 2*((len(a)+len(b)+1)/2) + 3
	return &differ{
		a:        intern(a),
		b:        intern(b),
		deleted:  make([]bool, len(a)),
		inserted: make([]bool, len(b)),
		vf:       make([]int, size),
		vb:       make([]int, size),
	}
}

// compare marks the deleted lines of a[aLo:aHi] and the inserted lines of
// b[bLo:bHi]: it trims the common ends, then splits the rest at a point on a
// shortest path and recurses on both halves.
func (d *differ) compare(aLo, aHi, bLo, bHi int) {
	for aLo < aHi && bLo < bHi && d.a[aLo] == d.b[bLo] {
		aLo++
		bLo++
	}
	for aLo < aHi && bLo < bHi && d.a[aHi-1] == d.b[bHi-1] {
		aHi--
		bHi--
	}
	switch {
	case aLo == aHi:
		for j := bLo; j < bHi; j++ {
			d.inserted[j] = true
		}
	case bLo == bHi:
		for i := aLo; i < aHi; i++ {
			d.deleted[i] = true
		}
	default:
		// Both sides are non-empty and differ at both ends, so the edit
		// distance is at least 2 and the split point is strictly inside:
		// each half is a smaller problem.
		x, y := d.split(aLo, aHi, bLo, bHi)
		d.compare(aLo, x, bLo, y)
		d.compare(x, aHi, y, bHi)
	}
}

// split finds a point (x, y) that lies on a shortest edit path through the
// box a[aLo:aHi] × b[bLo:bHi] by running the search from both corners until
// the two frontiers overlap (Myers 1986, section 4b).
func (d *differ) split(aLo, aHi, bLo, bHi int) (int, int) {
	n, m := aHi-aLo, bHi-bLo
	delta := n - m
	odd := delta&1 != 0
	maxD := (n + m + 1) / 2
	off := maxD + 1
	vf, vb := d.vf, d.vb
	// Diagonal k holds the points with x-y == k (forward) or, for the
	// backward search, u-v == k where u = n-x and v = m-y are the distances
	// from the bottom-right corner. Backward diagonal k is forward delta-k.
	vf[off+1] = 0
	vb[off+1] = 0
	for D := 0; D <= maxD; D++ {
		if D > 1 && D > d.limit {
			return d.furthest(aLo, aHi, bLo, bHi, D-1)
		}
		for k := -D; k <= D; k += 2 {
			var x int
			if k == -D || (k != D && vf[off+k-1] < vf[off+k+1]) {
				x = vf[off+k+1]
			} else {
				x = vf[off+k-1] + 1
			}
			y := x - k
			for x < n && y < m && d.a[aLo+x] == d.b[bLo+y] {
				x++
				y++
			}
			vf[off+k] = x
			if odd {
				if kb := delta - k; kb >= -(D-1) && kb <= D-1 && x <= n && y <= m && x+vb[off+kb] >= n {
					return aLo + x, bLo + y
				}
			}
		}
		for k := -D; k <= D; k += 2 {
			var u int
			if k == -D || (k != D && vb[off+k-1] < vb[off+k+1]) {
				u = vb[off+k+1]
			} else {
				u = vb[off+k-1] + 1
			}
			v := u - k
			for u < n && v < m && d.a[aHi-1-u] == d.b[bHi-1-v] {
				u++
				v++
			}
			vb[off+k] = u
			if !odd {
				if kf := delta - k; kf >= -D && kf <= D && u <= n && v <= m && vf[off+kf]+u >= n {
					// Split at the forward frontier's point on this
					// diagonal: it is D edits from the start and the
					// backward path covers the rest in D more.
					x := vf[off+kf]
					return aLo + x, bLo + x - kf
				}
			}
		}
	}
	panic("textdiff: frontiers never met")
}

// furthest returns, after D steps of both searches that did not meet, the
// point inside the box that either search has carried furthest from its
// corner. It is neither corner: each search has moved at least one step,
// and a search that reached the opposite corner would have met the other.
func (d *differ) furthest(aLo, aHi, bLo, bHi, D int) (int, int) {
	n, m := aHi-aLo, bHi-bLo
	off := (n+m+1)/2 + 1
	bestX, bestY, best := 0, 0, -1
	for k := -D; k <= D; k += 2 {
		if x, y := d.vf[off+k], d.vf[off+k]-k; x <= n && y >= 0 && y <= m && x+y > best {
			bestX, bestY, best = x, y, x+y
		}
		if u, v := d.vb[off+k], d.vb[off+k]-k; u <= n && v >= 0 && v <= m && u+v > best {
			bestX, bestY, best = n-u, m-v, u+v
		}
	}
	if (bestX == 0 && bestY == 0) || (bestX == n && bestY == m) {
		panic("textdiff: no progress in a split")
	}
	return aLo + bestX, bLo + bestY
}
