package tsx

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
)

// dedented is innerText with its common indentation removed.
type dedented struct {
	text string
	// dropped is the number of leading lines removed (the empty line after
	// the opening backtick).
	dropped int
	// indent is the removed prefix of each line.
	indent string
}

// dedent removes the indentation common to every non-blank line, a first
// line that is blank (the rest of the line after an opening backtick) and
// a last line that is blank (the indentation before the closing backtick).
// Blank lines become empty. The result ends with a newline unless empty.
func dedent(s string) dedented {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	lines := strings.Split(s, "\n")
	d := dedented{}
	if len(lines) > 1 && isBlank(lines[0]) {
		lines = lines[1:]
		d.dropped = 1
	}
	if len(lines) > 0 && isBlank(lines[len(lines)-1]) {
		lines = lines[:len(lines)-1]
	}
	prefix, have := "", false
	for _, l := range lines {
		if isBlank(l) {
			continue
		}
		ws := l[:len(l)-len(strings.TrimLeft(l, " \t"))]
		if !have {
			prefix, have = ws, true
			continue
		}
		prefix = commonPrefix(prefix, ws)
	}
	d.indent = prefix
	var b strings.Builder
	for _, l := range lines {
		if !isBlank(l) {
			b.WriteString(strings.TrimRight(l[len(prefix):], " \t"))
		}
		b.WriteByte('\n')
	}
	d.text = b.String()
	return d
}

func isBlank(s string) bool { return strings.TrimLeft(s, " \t\r") == "" }

func commonPrefix(a, b string) string {
	n := min(len(a), len(b))
	i := 0
	for i < n && a[i] == b[i] {
		i++
	}
	return a[:i]
}

// innerText converts the text body of n: dedent, replace placeholders by
// bare expressions, parse as HCL. Positions map back to the .tsx file when
// the text can be found there (a template literal written in place).
func (c *converter) innerText(n *node) []config.Item {
	if n.plain && c.hasRefPlaceholder(n.text) {
		id := c.firstRefPlaceholder(n.text)
		var related []diag.Related
		if id >= 0 && id < len(c.refSites) && c.refSites[id] != nil {
			related = append(related, diag.Related{Message: "ref made here", Range: *c.refSites[id]})
		}
		c.errorAt(n.site, n.addr, "Ref in a plain template literal",
			fmt.Sprintf("The innerText of %s is a string built when the element was created, before refs are bound, and %s is read in it.", n.addr, c.refName(id)),
			"wrap the text in a function so that it is evaluated when the element is rendered: {() => `...`}", related...)
		return nil
	}
	text, ok := c.substitute(n, n.text, n.site, n.addr, true)
	if !ok {
		return nil
	}
	d := dedent(text)
	m := c.locateText(n, d)
	body, ds := config.ParseBody(d.text, "", hcl.InitialPos)
	if ds.HasErrors() {
		c.innerTextError(n, d, m, ds)
		return nil
	}
	c.placeItems(body.Items, n, m)
	return body.Items
}

func (c *converter) hasRefPlaceholder(s string) bool { return c.firstRefPlaceholder(s) != -2 }

// firstRefPlaceholder returns the ref id of the first placeholder of a ref
// in s, or -2 when there is none.
func (c *converter) firstRefPlaceholder(s string) int {
	for {
		i := strings.Index(s, phOpen)
		if i < 0 {
			return -2
		}
		s = s[i+len(phOpen):]
		j := strings.Index(s, phClose)
		if j < 0 {
			return -2
		}
		idx, err := strconv.Atoi(s[:j])
		s = s[j+len(phClose):]
		if err != nil || idx < 0 || idx >= len(c.ph) {
			continue
		}
		if markerKind(c.ph[idx]) == "ref" {
			id, _ := c.ph[idx].get("r").int()
			return id
		}
	}
}

// textMap maps lines of dedented innerText to the .tsx file.
type textMap struct {
	ok     bool
	file   string
	offset int // .tsx line = text line + offset
	indent int // characters removed from each line
}

func (m textMap) pos(p hcl.Pos) hcl.Pos {
	return hcl.Pos{Line: p.Line + m.offset, Column: p.Column + m.indent}
}

// locateText finds where the text was written: the first non-blank line of
// the text that appears in the source after the element's own line fixes
// the offset of all lines.
func (c *converter) locateText(n *node, d dedented) textMap {
	f := c.src.file(n.site.Filename)
	if !f.ok || n.site.Start.Line < 1 {
		return textMap{}
	}
	lines := strings.Split(d.text, "\n")
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if t == "" || strings.ContainsAny(t, "\\") {
			continue
		}
		for s := n.site.Start.Line; s <= len(f.lines) && s < n.site.Start.Line+len(lines)+200; s++ {
			src := f.lines[s-1]
			if strings.TrimSpace(src) != t || !strings.HasPrefix(src, d.indent) {
				continue
			}
			return textMap{ok: true, file: n.site.Filename, offset: s - (i + 1), indent: utf8.RuneCountInString(d.indent)}
		}
		// Only the first candidate line anchors the text; a later match
		// could belong to another element.
		return textMap{}
	}
	return textMap{}
}

// placeItems sets the ranges of parsed items to their .tsx positions, or to
// the element when the text could not be found.
func (c *converter) placeItems(items []config.Item, n *node, m textMap) {
	place := func(r hcl.Range) hcl.Range {
		if !m.ok {
			return n.site
		}
		return hcl.Range{Filename: m.file, Start: m.pos(r.Start), End: m.pos(r.End)}
	}
	for _, it := range items {
		switch it := it.(type) {
		case *config.Attribute:
			it.Range = place(it.Range)
		case *config.Block:
			it.DeclRange = place(it.DeclRange)
			c.placeItems(it.Body.Items, n, m)
		}
	}
}

// innerTextError reports HCL parse errors in innerText: at the .tsx line
// when known, with the line and column inside the text and a frame of the
// text.
func (c *converter) innerTextError(n *node, d dedented, m textMap, ds diag.Diagnostics) {
	lines := sourceLines(d.text)
	for _, hd := range ds {
		if hd.Severity != diag.Error {
			continue
		}
		detail := strings.TrimSuffix(hd.Detail, ".")
		where := ""
		frame := ""
		subject := n.site
		var related []diag.Related
		if hd.Subject != nil {
			p := hd.Subject.Start
			where = fmt.Sprintf(" (line %d, column %d of the text)", p.Line, p.Column)
			width := 1
			if hd.Subject.End.Line == p.Line && hd.Subject.End.Column > p.Column {
				width = hd.Subject.End.Column - p.Column
			}
			frame = "\n" + codeFrame(lines, p.Line, p.Column, width)
			if m.ok {
				subject = hcl.Range{Filename: m.file, Start: m.pos(p), End: m.pos(hd.Subject.End)}
				related = append(related, diag.Related{Message: "element declared here", Range: n.site})
			}
		}
		dd := &diag.Diagnostic{
			Severity:   diag.Error,
			Summary:    fmt.Sprintf("Invalid HCL in the innerText of %s", n.addr),
			Detail:     fmt.Sprintf("%s: %s%s%s", hd.Summary, detail, where, frame),
			Subject:    &subject,
			Path:       n.addr,
			Related:    related,
			Suggestion: "the text is HCL body syntax, as inside the block's braces in a .tf file; write \\${...} for a Terraform interpolation",
		}
		c.diags = append(c.diags, dd)
	}
}
