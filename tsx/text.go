package tsx

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

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
// bare expressions, parse as HCL, keeping comments and blank lines.
// Positions map back to the .tsx file when the text can be found there (a
// template literal written in place). The body is nil after an error.
func (c *converter) innerText(n *node) *config.Body {
	if n.badText {
		return nil
	}
	if n.plain && c.hasRefPlaceholder(n.text) {
		id := c.firstRefPlaceholder(n.text)
		var related []diag.Related
		if s := c.refSite(id); s != nil {
			related = append(related, diag.Related{Message: "ref made here", Range: *s})
		}
		c.errorAt(n.site, n.addr, "Ref in a plain template literal",
			fmt.Sprintf("The innerText of %s is a string built when the element was created, before refs are bound, and %s is read in it.", n.addr, c.refName(id)),
			"wrap the text in a function so that it is evaluated when the element is rendered: {() => `...`}", related...)
		return nil
	}
	if strings.Contains(n.text, "[object Object]") {
		c.errorAt(n.site, n.addr, "Object turned into text",
			fmt.Sprintf("The innerText of %s holds [object Object]: JavaScript turned an object into text in a template literal.", n.addr),
			"interpolate one of the object's fields, a ref's attribute (ref.id) or a tf helper")
		return nil
	}
	c.undefinedText(n, n.text, n.site, n.addr, "text")
	text, ok := c.substitute(n, n.text, n.site, n.addr, true)
	if !ok {
		return nil
	}
	d := dedent(text)
	m := c.locateText(n, dedent(n.text))
	body, ds := config.ParseBodyWithTrivia(d.text, "", hcl.InitialPos)
	if ds.HasErrors() {
		c.innerTextError(n, d, m, ds)
		return nil
	}
	c.placeItems(body.Items, n, m)
	indentHeredocs(body.Items)
	return body
}

// indentHeredocs moves the lines of indented heredocs kept as raw text one
// level deeper, where the body is written in its block (see
// config.IndentHeredocs): innerText is dedented, so they stand relative to
// the body, and a .tf file holding the same body has them indented by its
// block. Without it, a heredoc whose lines follow a directive's strip
// marker (%{ for ... ~}) would read as another string.
func indentHeredocs(items []config.Item) {
	for _, it := range items {
		switch it := it.(type) {
		case *config.Attribute:
			config.Walk(it.Expr, func(x config.Expr) {
				r, ok := x.(*config.Raw)
				if !ok {
					return
				}
				text := config.IndentHeredocs(r.Text, "  ")
				if text == r.Text {
					return
				}
				e, ds := hclsyntax.ParseExpression([]byte(text), "", hcl.InitialPos)
				if ds.HasErrors() {
					return
				}
				r.Text, r.Syntax = text, e
			})
		case *config.Block:
			indentHeredocs(it.Body.Items)
		}
	}
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
			id, _ := intOf(c.ph[idx].Get("r"))
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

// locateText finds where the text was written, from the text as evaluated
// but before placeholders were replaced (raw): the first non-blank line of
// it that matches a source line after the element's own line fixes the
// offset of all lines. Placeholders match any JS substitution ${...}.
func (c *converter) locateText(n *node, raw dedented) textMap {
	site := n.textSite
	f := c.src.file(site.Filename)
	if !f.ok || site.Start.Line < 1 {
		return textMap{}
	}
	lines := strings.Split(strings.TrimSuffix(raw.text, "\n"), "\n")
	for i, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		for s := site.Start.Line; s <= len(f.lines) && s < site.Start.Line+len(lines)+200; s++ {
			src := f.lines[s-1]
			if !strings.HasPrefix(src, raw.indent) || !lineMatches(l, src[len(raw.indent):]) {
				continue
			}
			if s-(i+1)+len(lines) > len(f.lines) {
				// The rest of the text would run past the end of the
				// file: this is not where it was written.
				return textMap{}
			}
			return textMap{ok: true, file: site.Filename, offset: s - (i + 1), indent: utf8.RuneCountInString(raw.indent)}
		}
		// Only the first non-blank line anchors the text; a later match
		// could belong to another element.
		return textMap{}
	}
	return textMap{}
}

// lineMatches reports whether a line of evaluated text (with placeholders)
// can be the source line src of a template literal: equal once the
// source's escapes are undone, with each placeholder standing for one
// ${...} substitution. A source line may also begin with the opening
// backtick.
func lineMatches(text, src string) bool {
	src = strings.TrimRight(src, " \t")
	text = strings.TrimRight(text, " \t")
	src = unescapeTemplate(src)
	parts := splitPlaceholders(text)
	if len(parts) == 1 {
		return src == text || strings.TrimPrefix(strings.TrimPrefix(src, "{"), "`") == text
	}
	if !strings.HasPrefix(src, parts[0]) {
		return false
	}
	rest := src[len(parts[0]):]
	for _, p := range parts[1:] {
		if !strings.HasPrefix(rest, "${") {
			return false
		}
		i := strings.Index(rest, "}"+p)
		if p == "" {
			i = strings.LastIndex(rest, "}")
		}
		if i < 0 {
			return false
		}
		rest = rest[i+1+len(p):]
	}
	return rest == ""
}

// splitPlaceholders splits s at its placeholders.
func splitPlaceholders(s string) []string {
	var parts []string
	for {
		i := strings.Index(s, phOpen)
		if i < 0 {
			return append(parts, s)
		}
		j := strings.Index(s[i:], phClose)
		if j < 0 {
			return append(parts, s)
		}
		parts = append(parts, s[:i])
		s = s[i+j+len(phClose):]
	}
}

// unescapeTemplate undoes the escapes of a template literal's text
// (\${, \\, \`) that do not change line structure.
func unescapeTemplate(s string) string {
	if !strings.Contains(s, "\\") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '$' || s[i+1] == '\\' || s[i+1] == '`') {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
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
	summaries := map[string]bool{}
	for _, hd := range ds {
		if hd.Severity != diag.Error || summaries[hd.Summary] {
			continue
		}
		summaries[hd.Summary] = true
		detail := strings.TrimSuffix(hd.Detail, ".")
		// HCL names other places in the text as ":1,1-6" (the text has no
		// file name): name them in the .tsx file, or in the text.
		detail = textRangeRE.ReplaceAllStringFunc(detail, func(s string) string {
			sm := textRangeRE.FindStringSubmatch(s)
			line, _ := strconv.Atoi(sm[1])
			col, _ := strconv.Atoi(sm[2])
			if m.ok {
				p := m.pos(hcl.Pos{Line: line, Column: col})
				return fmt.Sprintf("%s%s:%d:%d", textRangeLead(s), m.file, p.Line, p.Column)
			}
			return fmt.Sprintf("%sline %d, column %d of the text", textRangeLead(s), line, col)
		})
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
		hint := "the text is HCL body syntax, as inside the block's braces in a .tf file; write \\${...} for a Terraform interpolation"
		if f := c.src.file(n.textSite.Filename); f.ok && n.plain && bracesInJSXText(f, n.textSite.Start.Line, closingLine(f, n.textSite.Start.Line)) {
			hint = jsxTextBraceHint
		}
		dd := &diag.Diagnostic{
			Severity:   diag.Error,
			Summary:    fmt.Sprintf("Invalid HCL in the innerText of %s", n.addr),
			Detail:     fmt.Sprintf("%s: %s%s%s", hd.Summary, detail, where, frame),
			Subject:    &subject,
			Path:       n.addr,
			Related:    related,
			Suggestion: hint,
		}
		c.diags = append(c.diags, dd)
		if cascades[hd.Summary] || hint == jsxTextBraceHint {
			// The parser lost its place, or JavaScript made the text out
			// of HCL's braces: what it says next is about the same
			// mistake.
			return
		}
	}
}

// textRangeRE matches a range in an HCL message about a text without a
// file name: ":2,1-6" or ":2,1-3,4".
var textRangeRE = regexp.MustCompile(`(?:^|\s):(\d+),(\d+)(?:-\d+(?:,\d+)?)?`)

// textRangeLead keeps the space before a range textRangeRE matched.
func textRangeLead(s string) string {
	if s != "" && s[0] != ':' {
		return s[:1]
	}
	return ""
}

// cascades are the HCL errors after which the parser's further errors
// are consequences of the same mistake (an unclosed quote, say).
var cascades = map[string]bool{
	"Invalid multi-line string":    true,
	"Unterminated template string": true,
	"Unclosed configuration block": true,
}
