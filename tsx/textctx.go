package tsx

import (
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// textContext is where a placeholder stands in innerText, which decides how
// its expression is written there.
type textContext int

const (
	// ctxExpr: an expression position (an attribute value, inside ${...}):
	// the bare expression.
	ctxExpr textContext = iota
	// ctxQuoted: the literal text of a quoted string: ${expr}.
	ctxQuoted
	// ctxHeredoc: the literal text of a heredoc: ${expr}, and literal
	// text escaped without backslash escapes (a heredoc has none).
	ctxHeredoc
	// ctxComment: inside a comment, where nothing is evaluated.
	ctxComment
	// ctxLabel: a block label, which Terraform reads as a fixed name.
	ctxLabel
)

// placeholderContexts classifies every placeholder in innerText s, keyed by
// the byte offset of its phOpen in s. It lexes s with HCL's own scanner,
// each placeholder standing in as an identifier, so quoting, escapes,
// heredocs, comments and nested interpolations are read as Terraform reads
// them.
func placeholderContexts(s string) map[int]textContext {
	var b strings.Builder
	type site struct{ orig, lexed int }
	var sites []site
	for i := 0; i < len(s); {
		if strings.HasPrefix(s[i:], phOpen) {
			if j := strings.Index(s[i+len(phOpen):], phClose); j >= 0 {
				sites = append(sites, site{i, b.Len()})
				// An identifier keeps the surrounding tokens as they are;
				// letters only, so it never becomes an escape or number.
				b.WriteString("tfkitph")
				b.WriteString(strings.Repeat("x", len(strconv.Itoa(len(sites)))))
				i += len(phOpen) + j + len(phClose)
				continue
			}
		}
		b.WriteByte(s[i])
		i++
	}
	out := make(map[int]textContext, len(sites))
	if len(sites) == 0 {
		return out
	}
	toks, _ := hclsyntax.LexConfig([]byte(b.String()), "", hcl.InitialPos)
	labels := labelQuotes(toks)
	inHeredoc := false
	k := 0
	for ti, t := range toks {
		switch t.Type {
		case hclsyntax.TokenOHeredoc:
			inHeredoc = true
		case hclsyntax.TokenCHeredoc:
			inHeredoc = false
		}
		for k < len(sites) && sites[k].lexed < t.Range.End.Byte {
			if sites[k].lexed >= t.Range.Start.Byte {
				ctx := ctxExpr
				switch t.Type {
				case hclsyntax.TokenQuotedLit:
					ctx = ctxQuoted
					if labels[ti] {
						ctx = ctxLabel
					}
				case hclsyntax.TokenStringLit:
					if inHeredoc {
						ctx = ctxHeredoc
					} else {
						ctx = ctxQuoted
					}
				case hclsyntax.TokenComment:
					ctx = ctxComment
				}
				out[sites[k].orig] = ctx
			}
			k++
		}
	}
	return out
}

// labelQuotes marks the tokens of block labels: quoted strings after a
// block type (an identifier that starts its line) or after another label,
// up to the block's opening brace on the same line.
func labelQuotes(toks hclsyntax.Tokens) map[int]bool {
	out := map[int]bool{}
	for i := 0; i < len(toks); i++ {
		if toks[i].Type != hclsyntax.TokenIdent || i > 0 && toks[i-1].Type != hclsyntax.TokenNewline {
			continue
		}
		var inside []int
		j := i + 1
		for j < len(toks) && toks[j].Type == hclsyntax.TokenOQuote {
			j++
			for j < len(toks) && toks[j].Type != hclsyntax.TokenCQuote && toks[j].Type != hclsyntax.TokenNewline {
				inside = append(inside, j)
				j++
			}
			if j >= len(toks) || toks[j].Type != hclsyntax.TokenCQuote {
				break
			}
			j++
		}
		if j < len(toks) && toks[j].Type == hclsyntax.TokenOBrace {
			for _, k := range inside {
				out[k] = true
			}
		}
	}
	return out
}
