package tsx

import (
	"strings"

	"github.com/hashicorp/hcl/v2"
)

// A loop with a constant condition and nothing in its body (while (true) {},
// for (;;);) compiles to a bare jump, which goja's source map has no
// position for: a timeout in it is reported at the last place that has one,
// the start of the function or the statement before the loop. emptyLoop
// reads the source from there to find the loop, so that the message can
// point at it. It is a reading of the text, not a parse: it gives up on
// what it does not follow.

// emptyLoopLines bounds how far after the reported position the loop is
// looked for when that position is not a function's start.
const emptyLoopLines = 50

// emptyLoop returns the position of the loop with a constant condition and
// an empty body that an interrupted frame reported at the 1-based line
// and character column of f was running: the first one in the function
// whose header starts there, or else the first one after the position, in
// the same function as far as the text shows.
func emptyLoop(f *sourceFile, line, col int) (hcl.Pos, bool) {
	if !f.ok || line < 1 || line > len(f.lines) {
		return hcl.Pos{}, false
	}
	if f.starts == nil {
		f.starts = f.lineStarts()
	}
	bc := byteOffset(f.lines[line-1], col)
	if bc < 0 {
		return hcl.Pos{}, false
	}
	start := f.starts[line-1] + bc
	s := &scanner{src: f.text, pos: start, starts: f.starts}
	if s.functionBody() {
		s.pos++
		return s.findEmptyLoop(0, len(f.text))
	}
	end := len(f.text)
	if line+emptyLoopLines < len(f.starts) {
		end = f.starts[line+emptyLoopLines]
	}
	s.pos = start
	return s.findEmptyLoop(-1, end)
}

// word reads an identifier or keyword at the position, or "".
func (s *scanner) word() string {
	start := s.pos
	for s.pos < len(s.src) && isIdentByte(s.src[s.pos]) {
		s.pos++
	}
	if start < s.pos && s.src[start] >= '0' && s.src[start] <= '9' {
		s.pos = start
		return ""
	}
	return s.src[start:s.pos]
}

// functionBody moves from the start of a function header (function f(),
// async (a) =>, x =>, a method name) to the opening brace of its body.
func (s *scanner) functionBody() bool {
	start := s.pos
	w := s.word()
	if w == "async" {
		s.space()
		start = s.pos
		w = s.word()
	}
	if w == "function" {
		s.space()
		if s.peek('*') {
			s.pos++
			s.space()
		}
		s.word()
	} else if w == "" {
		s.pos = start
	}
	s.space()
	if s.peek('<') && !s.skipGroup('<', '>') {
		return false
	}
	s.space()
	switch {
	case s.peek('('):
		if !s.skipGroup('(', ')') {
			return false
		}
	case w == "" || w == "function":
		return false
	}
	// A return type annotation, up to the body or the arrow.
	for s.pos < len(s.src) {
		if s.space(); s.pos >= len(s.src) {
			return false
		}
		switch {
		case s.peek('{'):
			return true
		case s.peek('=') && s.pos+1 < len(s.src) && s.src[s.pos+1] == '>':
			s.pos += 2
			s.space()
			return s.peek('{')
		case s.peek(':') || s.peek('.') || s.peek('|') || s.peek('&') || isIdentByte(s.src[s.pos]):
			s.pos++
		case s.peek('<'):
			if !s.skipGroup('<', '>') {
				return false
			}
		case s.peek('['):
			if !s.skipGroup('[', ']') {
				return false
			}
		default:
			return false
		}
	}
	return false
}

// skipGroup skips from an open character to its matching close one,
// stepping over strings, template literals and comments.
func (s *scanner) skipGroup(open, close byte) bool {
	depth := 0
	for s.pos < len(s.src) {
		switch c := s.src[s.pos]; c {
		case open:
			depth++
			s.pos++
		case close:
			depth--
			s.pos++
			if depth == 0 {
				return true
			}
		case '"', '\'':
			if !s.skipString(c) {
				return false
			}
		case '`':
			if !s.skipTemplate() {
				return false
			}
		case '/':
			if s.pos+1 < len(s.src) && (s.src[s.pos+1] == '/' || s.src[s.pos+1] == '*') {
				s.space()
			} else {
				s.pos++
			}
		default:
			s.pos++
		}
	}
	return false
}

// emptyBlock reports whether the block or statement at the position is
// empty ({} with only space and comments, or ;), without moving.
func (s *scanner) emptyBlock() bool {
	p := s.pos
	defer func() { s.pos = p }()
	s.space()
	if s.peek(';') {
		return true
	}
	if !s.peek('{') {
		return false
	}
	s.pos++
	s.space()
	return s.peek('}')
}

// findEmptyLoop scans from the position, up to byte end, for a while, for
// or do loop with a constant condition and an empty body. With floor 0 the
// position is just inside a function's body, and the scan ends with it;
// with floor -1 the position is anywhere in a function, and the scan ends
// at the start of another function at the same level or further out (or
// at end).
func (s *scanner) findEmptyLoop(floor int, end int) (hcl.Pos, bool) {
	depth := 0
	var afterDo []bool // for each open brace: does it open a do body?
	prev := ""         // the last word, or the last punctuation
	closedDo := false  // the last closing brace ended a do body
	for s.pos < end {
		c := s.src[s.pos]
		switch {
		case c == '{':
			afterDo = append(afterDo, prev == "do")
			depth++
			s.pos++
			prev = "{"
		case c == '}':
			depth--
			s.pos++
			if floor == 0 && depth < 0 {
				return hcl.Pos{}, false
			}
			closedDo = false
			if len(afterDo) > 0 {
				closedDo = afterDo[len(afterDo)-1]
				afterDo = afterDo[:len(afterDo)-1]
			}
			prev = "}"
		case c == '"' || c == '\'':
			if !s.skipString(c) {
				return hcl.Pos{}, false
			}
			prev = "string"
		case c == '`':
			if !s.skipTemplate() {
				return hcl.Pos{}, false
			}
			prev = "string"
		case c == '/' && s.pos+1 < len(s.src) && (s.src[s.pos+1] == '/' || s.src[s.pos+1] == '*'):
			s.space()
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			s.pos++
		case c == '=' && s.pos+1 < len(s.src) && s.src[s.pos+1] == '>':
			if floor < 0 && depth <= 0 {
				return hcl.Pos{}, false // another function
			}
			s.pos += 2
			prev = "=>"
		case isIdentByte(c):
			at := s.pos
			member := at > 0 && s.src[at-1] == '.'
			w := s.word()
			if w == "" {
				s.pos++ // a number
				continue
			}
			doTail := w == "while" && prev == "}" && closedDo
			prev = w
			if member {
				continue
			}
			switch {
			case w == "function" && floor < 0 && depth <= 0:
				return hcl.Pos{}, false // another function
			case (w == "while" || w == "for") && !doTail:
				s.space()
				if !s.peek('(') {
					continue
				}
				open := s.pos
				if !s.skipGroup('(', ')') {
					return hcl.Pos{}, false
				}
				prev = ")"
				if constantCondition(w, s.src[open+1:s.pos-1]) && s.emptyBlock() {
					return s.posAt(at), true
				}
			case w == "do":
				if s.emptyBlock() && s.doCondition() {
					return s.posAt(at), true
				}
			}
		default:
			s.pos++
			prev = string(c)
		}
	}
	return hcl.Pos{}, false
}

// doCondition reports whether the empty body at the position is followed
// by while with a constant condition, without moving.
func (s *scanner) doCondition() bool {
	p := s.pos
	defer func() { s.pos = p }()
	s.space()
	if s.peek(';') {
		s.pos++
	} else if !s.skipGroup('{', '}') {
		return false
	}
	s.space()
	if s.word() != "while" {
		return false
	}
	s.space()
	open := s.pos
	if !s.peek('(') || !s.skipGroup('(', ')') {
		return false
	}
	return constantCondition("while", s.src[open+1:s.pos-1])
}

// constantCondition reports whether the parenthesized head of a while or
// for loop makes it run forever: a true constant, or for (;;). (A loop
// whose condition reads anything has a position of its own.)
func constantCondition(keyword, head string) bool {
	cond := head
	if keyword == "for" {
		parts := splitTop(head, ';')
		if len(parts) != 3 {
			return false // for ... in, for ... of
		}
		cond = parts[1]
		if trimJS(cond) == "" {
			return true
		}
	}
	switch trimJS(cond) {
	case "true", "1", "!0", "!false", "!!1":
		return true
	}
	return false
}

// splitTop splits s at sep outside brackets and strings.
func splitTop(s string, sep byte) []string {
	var parts []string
	depth, start := 0, 0
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'' || c == '`':
			quote = c
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
		case c == sep && depth == 0:
			parts = append(parts, s[start:i])
			start = i + 1
		}
	}
	return append(parts, s[start:])
}

// trimJS removes space and comments around s.
func trimJS(s string) string {
	sc := &scanner{src: s}
	sc.space()
	s = s[sc.pos:]
	for {
		t := strings.TrimRight(s, " \t\r\n")
		switch {
		case strings.HasSuffix(t, "*/"):
			if i := strings.LastIndex(t[:len(t)-2], "/*"); i >= 0 {
				s = t[:i]
				continue
			}
		}
		return t
	}
}
