package hclguard

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// Limit is how deeply HCL and JSON text may be nested. No configuration
// written by hand or generated needs more; Terraform itself crashes some
// tens of thousands of levels deep.
const Limit = 1000

// Summary is the summary of the diagnostic about text nested too deeply.
const Summary = "Nesting too deep"

// Config checks native-syntax configuration text (a file or a body).
func Config(src []byte, filename string, start hcl.Pos) hcl.Diagnostics {
	if shallow(src) && !mayHoldLongExponent(src) {
		return nil
	}
	toks, _ := hclsyntax.LexConfig(src, filename, start)
	return tokens(toks)
}

// Expression checks native-syntax expression text.
func Expression(src []byte, filename string, start hcl.Pos) hcl.Diagnostics {
	if shallow(src) && !mayHoldLongExponent(src) {
		return nil
	}
	toks, _ := hclsyntax.LexExpression(src, filename, start)
	return tokens(toks)
}

// Template checks the text of a template (the content of a quoted string
// without the quotes, or of a template file).
func Template(src []byte, filename string, start hcl.Pos) hcl.Diagnostics {
	if shallow(src) && !mayHoldLongExponent(src) {
		return nil
	}
	toks, _ := hclsyntax.LexTemplate(src, filename, start)
	return tokens(toks)
}

// Tokens checks native-syntax text already read by HCL's scanner
// (hclsyntax.LexConfig, LexExpression or LexTemplate), for a caller that
// needs the tokens anyway: the check then costs no second scan.
func Tokens(toks hclsyntax.Tokens) hcl.Diagnostics { return tokens(toks) }

// File checks a whole file, by its name: Terraform JSON for names ending
// in .json, native syntax otherwise.
func File(src []byte, filename string) hcl.Diagnostics {
	if strings.HasSuffix(filename, ".json") {
		return JSON(src, filename, hcl.InitialPos)
	}
	return Config(src, filename, hcl.InitialPos)
}

// shallow reports whether src is too short to be nested more than Limit
// levels: each level needs at least one byte of this set (an opening
// bracket, a quote, a heredoc's '<', an operator), and so do the levels
// of a JSON document.
func shallow(src []byte) bool {
	if len(src) <= Limit {
		return true
	}
	n := 0
	for _, c := range src {
		switch c {
		case '(', '[', '{', '"', '<', '>', '!', '-', '+', '*', '/', '%', '?', '=', '&', '|':
			if n++; n > Limit {
				return false
			}
		}
	}
	return true
}

// tooDeep is the diagnostic for rng, the token that goes past Limit.
func tooDeep(rng hcl.Range) hcl.Diagnostics {
	return hcl.Diagnostics{{
		Severity: hcl.DiagError,
		Summary:  Summary,
		Detail: fmt.Sprintf("This is nested more than %d levels deep (brackets, braces, parentheses, strings, "+
			"template interpolations and directives, and chained operators all count), more than tfkit reads. "+
			"Split the expression into local values, or generate flatter text.", Limit),
		Subject: rng.Ptr(),
	}}
}

// tokens counts the nesting of a token stream (see the package comment)
// and reports the first token that goes deeper than Limit, or the first
// number literal whose exponent is beyond ExponentLimit.
//
// depth is the sum of the open brackets (each a level) and of the operator
// chains of the expressions they hold: an expression's chain counts its
// operators since the last separator (a comma, '=', '=>', or a newline
// where newlines separate: in a body or an object, not in parentheses,
// brackets or interpolations), as HCL's parser recurses into a unary
// operator's operand and a conditional's branches, and builds binary
// operations one inside the other, which later walks recurse through.
func tokens(toks hclsyntax.Tokens) hcl.Diagnostics {
	type level struct {
		kind  hclsyntax.TokenType // the opening token
		chain int                 // the enclosing expression's chain
	}
	var open []level
	depth := 0
	chain := 0      // operators in the current expression
	directives := 0 // %{if} and %{for} open, each a level
	for i, tok := range toks {
		switch tok.Type {
		case hclsyntax.TokenOBrace, hclsyntax.TokenOBrack, hclsyntax.TokenOParen,
			hclsyntax.TokenOQuote, hclsyntax.TokenOHeredoc,
			hclsyntax.TokenTemplateInterp, hclsyntax.TokenTemplateControl:
			open = append(open, level{tok.Type, chain})
			chain = 0
			depth++
			if tok.Type == hclsyntax.TokenTemplateControl && i+1 < len(toks) && toks[i+1].Type == hclsyntax.TokenIdent {
				switch string(toks[i+1].Bytes) {
				case "if", "for":
					directives++
					depth++
				case "endif", "endfor":
					if directives > 0 {
						directives--
						depth--
					}
				}
			}
		case hclsyntax.TokenCBrace, hclsyntax.TokenCBrack, hclsyntax.TokenCParen,
			hclsyntax.TokenCQuote, hclsyntax.TokenCHeredoc, hclsyntax.TokenTemplateSeqEnd:
			if len(open) == 0 {
				continue // unbalanced: the parser reports it
			}
			depth -= 1 + chain
			chain = open[len(open)-1].chain
			open = open[:len(open)-1]
		case hclsyntax.TokenNewline:
			if len(open) > 0 && open[len(open)-1].kind != hclsyntax.TokenOBrace {
				continue
			}
			depth -= chain
			chain = 0
		case hclsyntax.TokenComma, hclsyntax.TokenEqual, hclsyntax.TokenFatArrow:
			depth -= chain
			chain = 0
		case hclsyntax.TokenBang, hclsyntax.TokenMinus, hclsyntax.TokenPlus, hclsyntax.TokenStar,
			hclsyntax.TokenSlash, hclsyntax.TokenPercent, hclsyntax.TokenEqualOp, hclsyntax.TokenNotEqual,
			hclsyntax.TokenLessThan, hclsyntax.TokenLessThanEq, hclsyntax.TokenGreaterThan,
			hclsyntax.TokenGreaterThanEq, hclsyntax.TokenAnd, hclsyntax.TokenOr, hclsyntax.TokenQuestion:
			chain++
			depth++
		case hclsyntax.TokenNumberLit:
			if exp, long := longExponent(tok.Bytes); long {
				return numberTooLarge(tok.Bytes, exp, tok.Range)
			}
			continue
		default:
			continue
		}
		if depth > Limit {
			return tooDeep(tok.Range)
		}
	}
	return nil
}

// JSON checks a Terraform JSON document: the nesting of its arrays and
// objects and the exponents of its numbers, and, in each string that holds
// a template sequence ("${" or "%{"), the same of that template, which
// Terraform parses as native syntax, counting from the string's depth.
func JSON(src []byte, filename string, start hcl.Pos) hcl.Diagnostics {
	deep, numbers := !shallow(src), mayHoldLongExponent(src)
	if !deep && !numbers {
		return nil
	}
	pos := start
	depth := 0
	advance := func(c byte) {
		pos.Byte++
		if c == '\n' {
			pos.Line++
			pos.Column = 1
		} else if c < 0x80 || c >= 0xC0 { // count characters, not UTF-8 continuation bytes
			pos.Column++
		}
	}
	at := func(from hcl.Pos, n int) hcl.Range {
		end := from
		end.Byte += n
		end.Column += n
		return hcl.Range{Filename: filename, Start: from, End: end}
	}
	for i := 0; i < len(src); {
		c := src[i]
		switch c {
		case '[', '{':
			if depth++; depth > Limit {
				return tooDeep(at(pos, 1))
			}
		case ']', '}':
			if depth > 0 {
				depth--
			}
		case '"':
			// Find the end of the string, minding escapes.
			j := i + 1
			for j < len(src) && src[j] != '"' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(src) {
				return nil // unterminated: the parser reports it
			}
			raw := src[i : j+1]
			strStart := pos
			// Escapes may spell a template sequence ("\u0024{"), so the
			// string is decoded before it is looked at.
			if (len(raw)+depth > Limit || numbers && mayHoldLongExponent(raw)) && bytes.IndexByte(raw, '{') >= 0 {
				var s string
				if json.Unmarshal(raw, &s) == nil && hasTemplateSequence([]byte(s)) {
					inner := strStart
					inner.Byte++
					inner.Column++
					if ds := templateFrom([]byte(s), filename, inner, depth); ds.HasErrors() {
						return ds
					}
				}
			}
			for ; i <= j; i++ {
				advance(src[i])
			}
			continue
		case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
			if !numbers {
				break // no exponent to read: only the nesting is counted
			}
			j := i + 1
			for j < len(src) && strings.IndexByte("0123456789.eE+-", src[j]) >= 0 {
				j++
			}
			if exp, long := longExponent(src[i:j]); long {
				return numberTooLarge(src[i:j], exp, at(pos, j-i))
			}
			for ; i < j; i++ {
				advance(src[i])
			}
			continue
		}
		advance(c)
		i++
	}
	return nil
}

// templateFrom is Template for text that starts depth levels deep. The
// positions in its diagnostic are those of the decoded string, which are
// those of the JSON text when the string has no escapes.
func templateFrom(src []byte, filename string, start hcl.Pos, depth int) hcl.Diagnostics {
	toks, _ := hclsyntax.LexTemplate(src, filename, start)
	pad := make(hclsyntax.Tokens, 0, len(toks)+2*depth)
	for range depth {
		pad = append(pad, hclsyntax.Token{Type: hclsyntax.TokenOBrack, Range: hcl.Range{Filename: filename, Start: start, End: start}})
	}
	return tokens(append(pad, toks...))
}

func hasTemplateSequence(b []byte) bool {
	for i := 0; i+1 < len(b); i++ {
		if (b[i] == '$' || b[i] == '%') && b[i+1] == '{' {
			return true
		}
	}
	return false
}
