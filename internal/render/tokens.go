package render

import (
	"unicode/utf8"

	"github.com/apparentlymart/go-textseg/v15/textseg"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/hcl/v2/hclwrite"
)

// This file holds the token buffer the HCL renderer writes into and the
// layout passes that give it `terraform fmt` spacing.
//
// terraform fmt only ever changes the spaces between tokens, with rules that
// look at a token, its neighbours and the brackets opened on each line
// (hclwrite's formatter). Re-lexing a whole file to apply those rules costs
// more than building it, so the renderer emits the very tokens the HCL lexer
// would read back from its output and applies the same rules directly: by
// construction the result is a fixed point of terraform fmt. The golden and
// fuzz tests hold the renderer to that with hclwrite.Format and, when one is
// installed, terraform fmt itself.

// tokenBuf is a growing list of tokens. Token bytes point into static
// punctuation slices or into arena, which is reset together with the tokens.
type tokenBuf struct {
	toks  []hclwrite.Token
	arena []byte
	lines []fmtLine
}

func (b *tokenBuf) reset() {
	b.toks = b.toks[:0]
	b.arena = b.arena[:0]
}

// add appends a token whose bytes the caller guarantees stay unchanged.
func (b *tokenBuf) add(t hclsyntax.TokenType, bs []byte) {
	b.toks = append(b.toks, hclwrite.Token{Type: t, Bytes: bs})
}

// addString appends a token whose text is copied into the arena.
func (b *tokenBuf) addString(t hclsyntax.TokenType, s string) {
	start := len(b.arena)
	b.arena = append(b.arena, s...)
	b.toks = append(b.toks, hclwrite.Token{Type: t, Bytes: b.arena[start:len(b.arena):len(b.arena)]})
}

// arenaMark and addFromArena let a caller write token text into the arena
// directly (escaping strings without an intermediate copy).
func (b *tokenBuf) arenaMark() int { return len(b.arena) }

func (b *tokenBuf) addFromArena(t hclsyntax.TokenType, start int) {
	b.toks = append(b.toks, hclwrite.Token{Type: t, Bytes: b.arena[start:len(b.arena):len(b.arena)]})
}

func (b *tokenBuf) newline() { b.add(hclsyntax.TokenNewline, bNewline) }

// Punctuation and keywords shared by every token that uses them.
var (
	bNewline  = []byte("\n")
	bOBrace   = []byte("{")
	bCBrace   = []byte("}")
	bOBrack   = []byte("[")
	bCBrack   = []byte("]")
	bOParen   = []byte("(")
	bCParen   = []byte(")")
	bEqual    = []byte("=")
	bComma    = []byte(",")
	bDot      = []byte(".")
	bColon    = []byte(":")
	bDblColon = []byte("::")
	bQuestion = []byte("?")
	bEllipsis = []byte("...")
	bFatArrow = []byte("=>")
	bStar     = []byte("*")
	bQuote    = []byte(`"`)
	bInterp   = []byte("${")
	bSeqEnd   = []byte("}")
	bFor      = []byte("for")
	bIn       = []byte("in")
	bIf       = []byte("if")
	bTrue     = []byte("true")
	bFalse    = []byte("false")
	bNull     = []byte("null")
	bBang     = []byte("!")
	bMinus    = []byte("-")
)

// fmtLine is one line of tokens split into the cells terraform fmt aligns:
// lead (up to an `=`), assign (from a top-level `=` to the end), comment (a
// trailing line comment). Indices are into tokenBuf.toks; assign and comment
// are -1 when absent; end is exclusive and includes the line's newline.
type fmtLine struct {
	start, assign, comment, end int
}

func (l *fmtLine) leadEnd() int {
	switch {
	case l.assign >= 0:
		return l.assign
	case l.comment >= 0:
		return l.comment
	}
	return l.end
}

func (l *fmtLine) assignEnd() int {
	if l.comment >= 0 {
		return l.comment
	}
	return l.end
}

// layout sets SpacesBefore on every token the way terraform fmt would:
// indentation from the brackets each line opens and closes, spacing between
// neighbouring tokens, and alignment of `=` and trailing comments across
// consecutive lines.
func (b *tokenBuf) layout() {
	toks := b.toks
	b.lines = splitLines(b.lines[:0], toks)
	lines := b.lines
	layoutIndent(toks, lines)
	layoutSpaces(toks, lines)
	layoutAlign(toks, lines)
}

func splitLines(lines []fmtLine, toks []hclwrite.Token) []fmtLine {
	start := 0
	for i := range toks {
		if endsLine(&toks[i]) {
			lines = append(lines, newFmtLine(toks, start, i+1))
			start = i + 1
		}
	}
	if start < len(toks) {
		lines = append(lines, newFmtLine(toks, start, len(toks)))
	}
	return lines
}

func endsLine(t *hclwrite.Token) bool {
	switch t.Type {
	case hclsyntax.TokenNewline:
		return true
	case hclsyntax.TokenComment:
		// Line comments (# and //) carry their own newline.
		return len(t.Bytes) > 0 && t.Bytes[len(t.Bytes)-1] == '\n'
	}
	return false
}

func newFmtLine(toks []hclwrite.Token, start, end int) fmtLine {
	l := fmtLine{start: start, assign: -1, comment: -1, end: end}
	if end-start > 1 && toks[end-1].Type == hclsyntax.TokenComment {
		l.comment = end - 1
	}
	leadEnd := l.leadEnd()
	for i := start + 1; i < leadEnd; i++ {
		if toks[i].Type != hclsyntax.TokenEqual {
			continue
		}
		// Only an `=` whose right-hand side closes every bracket it opens
		// on this line starts an aligned cell; `x = {` does not.
		net := 0
		for j := i; j < leadEnd; j++ {
			net += bracketChange(toks[j].Type)
		}
		if net == 0 {
			l.assign = i
		}
		break
	}
	return l
}

func bracketChange(t hclsyntax.TokenType) int {
	switch t {
	case hclsyntax.TokenOBrace, hclsyntax.TokenOBrack, hclsyntax.TokenOParen,
		hclsyntax.TokenTemplateControl, hclsyntax.TokenTemplateInterp:
		return 1
	case hclsyntax.TokenCBrace, hclsyntax.TokenCBrack, hclsyntax.TokenCParen,
		hclsyntax.TokenTemplateSeqEnd:
		return -1
	}
	return 0
}

// layoutIndent indents each line by two spaces per open indentation level.
// A line that opens more brackets than it closes starts one level (however
// many brackets it opened); closing brackets leave levels in the same units.
func layoutIndent(toks []hclwrite.Token, lines []fmtLine) {
	var levels []int
	for _, l := range lines {
		if l.start >= l.end {
			continue
		}
		first := &toks[l.start]
		if first.Type == hclsyntax.TokenNewline {
			first.SpacesBefore = 0
			continue
		}
		net := 0
		for i := l.start; i < l.leadEnd(); i++ {
			net += bracketChange(toks[i].Type)
			if toks[i].Type == hclsyntax.TokenOHeredoc {
				break
			}
		}
		if l.assign >= 0 {
			for i := l.assign; i < l.assignEnd(); i++ {
				net += bracketChange(toks[i].Type)
			}
		}
		switch {
		case net > 0:
			first.SpacesBefore = 2 * len(levels)
			levels = append(levels, net)
		case net < 0:
			closed := -net
			for closed > 0 && len(levels) > 0 {
				top := levels[len(levels)-1]
				if closed < top {
					levels[len(levels)-1] = top - closed
					break
				}
				closed -= top
				levels = levels[:len(levels)-1]
			}
			first.SpacesBefore = 2 * len(levels)
		default:
			first.SpacesBefore = 2 * len(levels)
		}
	}
}

func layoutSpaces(toks []hclwrite.Token, lines []fmtLine) {
	for _, l := range lines {
		leadEnd := l.leadEnd()
		for i := l.start; i+1 < leadEnd; i++ {
			var before *hclwrite.Token
			if i > l.start {
				before = &toks[i-1]
			}
			toks[i+1].SpacesBefore = spaceBetween(before, &toks[i], &toks[i+1])
		}
		if l.assign < 0 {
			continue
		}
		end := l.assignEnd()
		toks[l.assign].SpacesBefore = 1
		for i := l.assign; i+1 < end; i++ {
			var before *hclwrite.Token
			if i > l.assign {
				before = &toks[i-1]
			}
			toks[i+1].SpacesBefore = spaceBetween(before, &toks[i], &toks[i+1])
		}
	}
}

// spaceBetween is the number of spaces terraform fmt puts between cur and
// next, given the token before cur (nil at the start of a cell).
func spaceBetween(before, cur, next *hclwrite.Token) int {
	if spaced(before, cur, next) {
		return 1
	}
	return 0
}

func spaced(before, cur, next *hclwrite.Token) bool {
	ct, nt := cur.Type, next.Type
	switch {
	case nt == hclsyntax.TokenNewline || nt == hclsyntax.TokenNil:
		return false
	case ct == hclsyntax.TokenIdent && nt == hclsyntax.TokenOParen:
		return false // f(x)
	case (ct == hclsyntax.TokenIdent && nt == hclsyntax.TokenDoubleColon) ||
		(ct == hclsyntax.TokenDoubleColon && nt == hclsyntax.TokenIdent):
		return false // provider::aws::f
	case ct == hclsyntax.TokenDot || nt == hclsyntax.TokenDot:
		return false
	case nt == hclsyntax.TokenComma || nt == hclsyntax.TokenEllipsis:
		return false
	case ct == hclsyntax.TokenComma:
		return true
	case ct == hclsyntax.TokenQuotedLit || ct == hclsyntax.TokenStringLit ||
		ct == hclsyntax.TokenOQuote || ct == hclsyntax.TokenOHeredoc ||
		nt == hclsyntax.TokenQuotedLit || nt == hclsyntax.TokenStringLit ||
		nt == hclsyntax.TokenCQuote || nt == hclsyntax.TokenCHeredoc:
		return false // inside a template, text is kept as written
	case ct == hclsyntax.TokenIdent && string(cur.Bytes) == "in" &&
		before != nil && before.Type == hclsyntax.TokenIdent:
		return true // `for x in [a]`, not `in[a]`
	case nt == hclsyntax.TokenOBrack && (ct == hclsyntax.TokenIdent ||
		ct == hclsyntax.TokenNumberLit || bracketChange(ct) < 0):
		return false // a[0], f(x)[0]
	case ct == hclsyntax.TokenBang:
		return false
	case ct == hclsyntax.TokenMinus:
		// Negation is written tight, subtraction spaced; the token before
		// tells which one this is.
		if before == nil {
			return false
		}
		switch before.Type {
		case hclsyntax.TokenOParen, hclsyntax.TokenOBrace, hclsyntax.TokenOBrack,
			hclsyntax.TokenEqual, hclsyntax.TokenColon, hclsyntax.TokenComma,
			hclsyntax.TokenQuestion,
			hclsyntax.TokenPlus, hclsyntax.TokenStar, hclsyntax.TokenSlash,
			hclsyntax.TokenPercent, hclsyntax.TokenMinus,
			hclsyntax.TokenEqualOp, hclsyntax.TokenNotEqual,
			hclsyntax.TokenGreaterThan, hclsyntax.TokenGreaterThanEq,
			hclsyntax.TokenLessThan, hclsyntax.TokenLessThanEq,
			hclsyntax.TokenAnd, hclsyntax.TokenOr, hclsyntax.TokenBang:
			return false
		}
		return true
	case ct == hclsyntax.TokenOBrace || nt == hclsyntax.TokenCBrace:
		// Braces are spaced inside ({ a = 1 }), except an empty pair.
		return !(ct == hclsyntax.TokenOBrace && nt == hclsyntax.TokenCBrace)
	case (ct == hclsyntax.TokenTemplateInterp || ct == hclsyntax.TokenTemplateControl) &&
		nt == hclsyntax.TokenOBrace:
		return true // ${ {
	case ct == hclsyntax.TokenCBrace && nt == hclsyntax.TokenTemplateSeqEnd:
		return true // } }
	case ct == hclsyntax.TokenTemplateSeqEnd &&
		(nt == hclsyntax.TokenTemplateInterp || nt == hclsyntax.TokenTemplateControl):
		return false
	case bracketChange(ct) > 0:
		return false
	case bracketChange(nt) < 0:
		return false
	}
	return true
}

// layoutAlign aligns the `=` of consecutive lines that have an assign cell,
// then the trailing comments of consecutive lines that have one.
func layoutAlign(toks []hclwrite.Token, lines []fmtLine) {
	chain, widest := -1, 0
	for i := 0; i <= len(lines); i++ {
		if i < len(lines) && lines[i].assign >= 0 {
			if chain < 0 {
				chain = i
			}
			if w := columns(toks[lines[i].start:lines[i].assign]); w > widest {
				widest = w
			}
			continue
		}
		if chain >= 0 {
			for _, l := range lines[chain:i] {
				toks[l.assign].SpacesBefore = widest - columns(toks[l.start:l.assign]) + 1
			}
			chain, widest = -1, 0
		}
	}
	for i := 0; i <= len(lines); i++ {
		if i < len(lines) && lines[i].comment >= 0 {
			if chain < 0 {
				chain = i
			}
			if w := columns(toks[lines[i].start:lines[i].comment]); w > widest {
				widest = w
			}
			continue
		}
		if chain >= 0 {
			for _, l := range lines[chain:i] {
				toks[l.comment].SpacesBefore = widest - columns(toks[l.start:l.comment]) + 1
			}
			chain, widest = -1, 0
		}
	}
}

// columns is the display width of tokens on one line: spaces plus grapheme
// clusters, as terraform fmt counts them.
func columns(toks []hclwrite.Token) int {
	n := 0
	for i := range toks {
		n += toks[i].SpacesBefore + graphemes(toks[i].Bytes)
	}
	return n
}

func graphemes(b []byte) int {
	ascii := true
	for _, c := range b {
		if c >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return len(b)
	}
	n, err := textseg.TokenCount(b, textseg.ScanGraphemeClusters)
	if err != nil {
		return utf8.RuneCount(b)
	}
	return n
}

// writeTokens appends the laid-out tokens to out.
func writeTokens(out []byte, toks []hclwrite.Token) []byte {
	for i := range toks {
		for n := toks[i].SpacesBefore; n > 0; n-- {
			out = append(out, ' ')
		}
		out = append(out, toks[i].Bytes...)
	}
	return out
}
