package tsx

import (
	"regexp"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
)

// The JSX runtime knows where each element starts but not where its
// attributes are. tagAttrs reads the opening tag in the source to find them,
// so that diagnostics point at the attribute and key can be put back in its
// written place. It gives up (ok false) on anything it does not understand;
// callers then use the element's position.

type attrPos struct {
	name       string
	start, end hcl.Pos
}

// lineStarts returns the byte offset of each line of f.
func (f *sourceFile) lineStarts() []int {
	starts := []int{0}
	for i := 0; i < len(f.text); i++ {
		if f.text[i] == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// tagAttrs scans the opening tag at the 1-based line and character column.
func tagAttrs(f *sourceFile, line, col int) ([]attrPos, bool) {
	attrs, _, ok := scanOpeningTag(f, line, col)
	return attrs, ok
}

// scanOpeningTag scans the opening tag at the 1-based line and character
// column: its attributes, and the offset of the '>' or '/' that ends it.
func scanOpeningTag(f *sourceFile, line, col int) ([]attrPos, int, bool) {
	if f.starts == nil {
		f.starts = f.lineStarts()
	}
	if line < 1 || line > len(f.starts) {
		return nil, 0, false
	}
	lt := f.lines[line-1]
	bc := byteOffset(lt, col)
	if bc < 0 {
		return nil, 0, false
	}
	s := &scanner{src: f.text, pos: f.starts[line-1] + bc, starts: f.starts, line: line - 1}
	if !s.peek('<') {
		return nil, 0, false
	}
	s.pos++
	// Tag name: identifiers, member access, namespaces.
	for s.pos < len(s.src) && (isIdentByte(s.src[s.pos]) || s.src[s.pos] == '.' || s.src[s.pos] == ':' || s.src[s.pos] == '-') {
		s.pos++
	}
	if s.peek('<') { // type arguments: <Comp<T> ...>
		if !s.skipBalanced('<', '>') {
			return nil, 0, false
		}
	}
	out := make([]attrPos, 0, 8)
	for {
		s.space()
		if s.pos >= len(s.src) {
			return nil, 0, false
		}
		switch c := s.src[s.pos]; {
		case c == '/' || c == '>':
			return out, s.pos, true
		case c == '{':
			if !s.skipExpr() {
				return nil, 0, false
			}
			continue
		case isIdentByte(c):
		default:
			return nil, 0, false
		}
		start := s.pos
		for s.pos < len(s.src) && (isIdentByte(s.src[s.pos]) || s.src[s.pos] == '-' || s.src[s.pos] == ':') {
			s.pos++
		}
		a := attrPos{name: s.src[start:s.pos], start: s.posAt(start), end: s.posAt(s.pos)}
		out = append(out, a)
		s.space()
		if !s.peek('=') {
			continue
		}
		s.pos++
		s.space()
		if s.pos >= len(s.src) {
			return nil, 0, false
		}
		switch s.src[s.pos] {
		case '"', '\'':
			q := s.src[s.pos]
			s.pos++
			for s.pos < len(s.src) && s.src[s.pos] != q {
				s.pos++
			}
			s.pos++
		case '{':
			if !s.skipExpr() {
				return nil, 0, false
			}
		default:
			return nil, 0, false
		}
	}
}

// jsxTextBody returns the source text between the opening tag at the
// 1-based line and character column and its closing tag, when it is JSX
// text alone (no expression container, element or character reference;
// JSX comments, {/* ... */}, are left out, with the lines they stand on
// alone) and its lines, joined as JSX joins them, are joined: the text the
// element was given, with the line breaks JSX took out of it.
func jsxTextBody(f *sourceFile, line, col int, joined string) (string, bool) {
	_, end, ok := scanOpeningTag(f, line, col)
	if !ok || f.text[end] != '>' {
		return "", false
	}
	// JSX joins the text between two comments on its own: what it gave
	// is each part joined.
	var b, parts strings.Builder
	seg := end + 1 // where the part JSX joins begins
	for i := seg; ; {
		n := strings.IndexAny(f.text[i:], "{}<>&")
		if n < 0 {
			return "", false
		}
		b.WriteString(f.text[i : i+n])
		i += n
		parts.WriteString(joinJSXText(f.text[seg:i]))
		if f.text[i] != '{' {
			if !strings.HasPrefix(f.text[i:], "</") {
				return "", false
			}
			break
		}
		j, ok := skipJSXComment(f, i)
		if !ok {
			return "", false
		}
		seg = j
		// A line that holds only the comment goes with it.
		cur := b.String()
		start := strings.LastIndexByte(cur, '\n') + 1
		rest := f.text[j:]
		if nl := strings.IndexByte(rest, '\n'); nl >= 0 && strings.TrimSpace(cur[start:]) == "" && strings.TrimSpace(rest[:nl]) == "" {
			b.Reset()
			b.WriteString(cur[:start])
			j += nl + 1
		}
		i = j
	}
	return b.String(), parts.String() == joined
}

// skipJSXComment returns the offset after the expression container at
// offset i of f when it holds only comments ({/* ... */}), which JSX
// leaves out of the children.
func skipJSXComment(f *sourceFile, i int) (int, bool) {
	s := &scanner{src: f.text, pos: i + 1}
	s.space()
	if !s.peek('}') {
		return 0, false
	}
	return s.pos + 1, true
}

// hclBraceLine matches a line of HCL that opens braces: an argument
// holding an object (tags = {, tags = {}, tags = { Name = "web" }) or a
// block (lifecycle {, dynamic "ingress" {, lifecycle { prevent_destroy =
// true }), which written in JSX text starts JavaScript. A brace written
// as text, {"{"}, is not one.
var hclBraceLine = regexp.MustCompile(`^\s*[A-Za-z_][\w-]*(\s+"[^"]*")*\s*(=\s*)?\{\s*($|\}|[A-Za-z_][\w-]*\s*=[^=>])`)

// jsxTextBraceHint is the hint for a mistake of HCL braces written in JSX
// text, where a brace starts JavaScript.
const jsxTextBraceHint = "in JSX text a brace starts JavaScript: write a body with HCL's braces as a template literal, {`...`} (or {() => `...`} when it reads refs), or pass the values as props (tags={{ Name: \"web\" }})"

// bracesInJSXText reports whether the lines of f from first to last
// (1-based, inclusive, clamped) hold one that opens HCL braces, after a
// line that ends a JSX opening tag: HCL written in JSX text that a
// mistake of the build may come from.
func bracesInJSXText(f *sourceFile, first, last int) bool {
	first, last = max(first, 1), min(last, len(f.lines))
	tag, template := false, false
	for i := first; i <= last; i++ {
		l := f.lines[i-1]
		if n := strings.Count(l, "`"); n > 0 || template {
			// Inside a template literal, where HCL's braces belong.
			template = template != (n%2 == 1)
			continue
		}
		switch {
		case jsxTagEnd.MatchString(l):
			tag = true
		case strings.Contains(l, "</"):
			tag = false
		case tag && hclBraceLine.MatchString(l):
			return true
		}
	}
	return false
}

// mapWithBlockRE matches a call of .map or .flatMap whose callback's body
// is in braces: items.map((i) => {.
var mapWithBlockRE = regexp.MustCompile(`\.(?:flatMap|map)\((?:[^()]|\([^()]*\))*=>\s*\{`)

// mapWithBlock finds, in the 200 lines from line on (1-based), the first
// call of .map whose callback's body is in braces: where a list of nothing
// rendered inside the element at line comes from.
func mapWithBlock(f *sourceFile, line int) (hcl.Pos, bool) {
	for i := max(line, 1); i < line+200 && i <= len(f.lines); i++ {
		l := f.lines[i-1]
		if loc := mapWithBlockRE.FindStringIndex(l); loc != nil {
			return hcl.Pos{Line: i, Column: columnOf(l, loc[0]+1)}, true
		}
	}
	return hcl.Pos{}, false
}

// closingLine returns the first line from line on (1-based) that holds a
// closing tag, or the file's last line.
func closingLine(f *sourceFile, line int) int {
	for i := max(line, 1); i <= len(f.lines); i++ {
		if strings.Contains(f.lines[i-1], "</") {
			return i
		}
	}
	return len(f.lines)
}

// jsxTagEnd matches a line that ends an opening tag of a component:
// <Resource type="aws_vpc" name="main">.
var jsxTagEnd = regexp.MustCompile(`<[A-Z][\w.]*\b[^<>]*[^/<>]>\s*$|^\s*<[A-Z][\w.]*>\s*$`)

// joinJSXText joins the lines of JSX text as JSX does: each line trimmed of
// the white space at its break (a line's start after one, its end before
// one), lines left empty dropped, the rest joined by single spaces.
func joinJSXText(text string) string {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	if len(lines) == 1 {
		return text
	}
	kept := make([]string, 0, len(lines))
	for i, l := range lines {
		if i > 0 {
			l = strings.TrimLeft(l, " \t")
		}
		if i < len(lines)-1 {
			l = strings.TrimRight(l, " \t")
		}
		if l != "" {
			kept = append(kept, l)
		}
	}
	return strings.Join(kept, " ")
}

// byteOffset converts a 1-based character column into a byte offset.
func byteOffset(line string, col int) int {
	i := 0
	for n := 1; n < col; n++ {
		if i >= len(line) {
			return -1
		}
		_, size := utf8.DecodeRuneInString(line[i:])
		i += size
	}
	return i
}

type scanner struct {
	src    string
	pos    int
	starts []int
	line   int // the 0-based line posAt found last: the next is usually on it
}

func (s *scanner) peek(c byte) bool { return s.pos < len(s.src) && s.src[s.pos] == c }

func (s *scanner) posAt(off int) hcl.Pos {
	line := s.line
	if line >= len(s.starts) || s.starts[line] > off || line+1 < len(s.starts) && s.starts[line+1] <= off {
		line = sort.Search(len(s.starts), func(i int) bool { return s.starts[i] > off }) - 1
		if line < 0 {
			line = 0
		}
		s.line = line
	}
	col := utf8.RuneCountInString(s.src[s.starts[line]:off]) + 1
	return hcl.Pos{Line: line + 1, Column: col, Byte: off}
}

// space skips white space and comments.
func (s *scanner) space() {
	for s.pos < len(s.src) {
		switch c := s.src[s.pos]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			s.pos++
		case c == '/' && s.pos+1 < len(s.src) && s.src[s.pos+1] == '/':
			for s.pos < len(s.src) && s.src[s.pos] != '\n' {
				s.pos++
			}
		case c == '/' && s.pos+1 < len(s.src) && s.src[s.pos+1] == '*':
			end := indexFrom(s.src, "*/", s.pos+2)
			if end < 0 {
				s.pos = len(s.src)
				return
			}
			s.pos = end + 2
		default:
			return
		}
	}
}

func indexFrom(s, sub string, from int) int {
	for i := from; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}

// skipBalanced skips from an open character to its matching close one,
// without looking inside strings.
func (s *scanner) skipBalanced(open, close byte) bool {
	depth := 0
	for s.pos < len(s.src) {
		switch s.src[s.pos] {
		case open:
			depth++
		case close:
			depth--
			if depth == 0 {
				s.pos++
				return true
			}
		}
		s.pos++
	}
	return false
}

// skipExpr skips a JS expression in braces, {...}, with the strings,
// template literals and comments inside it.
func (s *scanner) skipExpr() bool {
	return s.peek('{') && s.skipGroup('{', '}')
}

func (s *scanner) skipString(q byte) bool {
	s.pos++
	for s.pos < len(s.src) {
		switch s.src[s.pos] {
		case '\\':
			s.pos += 2
			continue
		case q:
			s.pos++
			return true
		case '\n':
			return false
		}
		s.pos++
	}
	return false
}

// skipTemplate skips a template literal, with its ${...} substitutions.
func (s *scanner) skipTemplate() bool {
	s.pos++
	for s.pos < len(s.src) {
		switch s.src[s.pos] {
		case '\\':
			s.pos += 2
			continue
		case '`':
			s.pos++
			return true
		case '$':
			if s.pos+1 < len(s.src) && s.src[s.pos+1] == '{' {
				s.pos++
				if !s.skipExpr() {
					return false
				}
				continue
			}
		}
		s.pos++
	}
	return false
}
