package tffile

import (
	"bytes"
	"runtime"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/config/hclguard"
	"github.com/tfkit/tfkit/diag"
)

// readNative reads a native-syntax file: its blocks in the model and its
// syntax tree. Top-level arguments are errors: Terraform files hold only
// blocks at the top.
//
// A large file is parsed in pieces, on all processors (see parsePieces),
// and each piece converted to the model where it was parsed: the pieces
// are whole top-level blocks in order, so their models joined are the
// whole's. Whenever that cannot be shown to give what parsing the whole
// gives, the whole is parsed, after the nesting guard, so the result and
// the diagnostics are always those of hclsyntax.ParseConfig on the whole
// file. Text in the plain subset that quickParse reads (generated files,
// mostly, and about half the blocks of public modules) is built without
// HCL's parser, into the same tree.
func readNative(name string, src []byte) (*config.Config, *hclsyntax.Body, diag.Diagnostics) {
	if cuts := pieces(src, pieceSize); len(cuts) > 0 {
		if sb, converted, ok := parsePieces(name, src, cuts, true); ok {
			cfg := &config.Config{}
			if len(sb.Blocks) > 0 {
				cfg.Blocks = make([]*config.Block, 0, len(sb.Blocks))
			}
			var ds diag.Diagnostics
			for _, c := range converted {
				cfg.Blocks = append(cfg.Blocks, c.cfg.Blocks...)
				ds = append(ds, c.diags...)
			}
			return cfg, sb, ds
		}
	}
	sb, hds := parseWhole(name, src)
	if hds.HasErrors() {
		return nil, nil, diag.FromHCL(hds)
	}
	cfg, ds := config.ConfigFromSyntax(sb, src)
	return cfg, sb, ds
}

// parseWhole parses a native-syntax file in one piece after the nesting
// guard (or with quickParse, which reads only text far less deep).
func parseWhole(name string, src []byte) (*hclsyntax.Body, hcl.Diagnostics) {
	if sb, ok := quickParse(name, src, hcl.InitialPos); ok {
		return sb, nil
	}
	if hds := hclguard.Config(src, name, hcl.InitialPos); hds.HasErrors() {
		return nil, hds
	}
	f, hds := hclsyntax.ParseConfig(src, name, hcl.InitialPos)
	if hds.HasErrors() {
		return nil, hds
	}
	return f.Body.(*hclsyntax.Body), hds
}

var utf8BOM = []byte{0xef, 0xbb, 0xbf}

// pieceSize is about how many bytes a piece of a file holds. Small pieces
// keep the nesting guard to a count of bytes (a piece with few brackets,
// quotes and operators cannot be nested deeply, see hclguard), and the
// scanner's token buffers small.
const pieceSize = 4 << 10

// pieces returns where src may be cut into pieces of about size bytes that
// start a top-level block: offsets of lines beginning with a name, after a
// line that is a lone "}" (blank lines between). It returns nil for text too
// small to cut. The cuts are a guess (a heredoc may hold such lines);
// parsePieces checks them.
func pieces(src []byte, size int) []int {
	if len(src) < 2*size {
		return nil
	}
	var cuts []int
	for at := size; at < len(src); {
		c := nextCut(src, at)
		if c < 0 || len(src)-c < size/2 {
			break
		}
		cuts = append(cuts, c)
		at = c + size
	}
	return cuts
}

// nextCut returns the first offset at or after from where a line starts
// with a letter or underscore and the last line before it that is not
// blank is "}", or -1.
func nextCut(src []byte, from int) int {
	for i := from; i < len(src); i++ {
		if src[i] != '\n' || i+1 >= len(src) {
			continue
		}
		if c := src[i+1]; !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_') {
			continue
		}
		// Back over blank lines to the last one that is not.
		j := i
		for j > 0 && (src[j-1] == '\n' || src[j-1] == '\r' || src[j-1] == ' ' || src[j-1] == '\t') {
			j--
		}
		if j > 0 && src[j-1] == '}' && (j == 1 || src[j-2] == '\n') {
			return i + 1
		}
	}
	return -1
}

// parsePieces parses src cut at cuts, each piece on its own after the
// nesting guard, and joins the pieces' bodies. It reports false, and the
// whole must be parsed instead, when a piece is refused by the guard or
// has any diagnostic, or when two pieces set the same top-level argument.
//
// Why the joined body is the whole's: each piece starts at the start of a
// line, with its position in the file. A piece that parses without a
// diagnostic leaves nothing open at its end (an unclosed block, bracket,
// string, heredoc or comment is an error), and it ends with a newline,
// where the scanner starts a new token whatever follows (in valid UTF-8:
// a piece that is not is refused). So scanning the
// whole file reaches the start of the next piece in the state it starts
// a file in, and produces the same tokens, at the same positions, as
// scanning the pieces one by one; and the parser of a body reads its items
// one after the other, carrying nothing from one to the next but the
// names of the arguments set (checked here for redefinitions).
//
// With convert, each piece is also converted to the model
// (config.ConfigFromSyntax) where it was parsed, and the models are
// returned in order.
func parsePieces(name string, src []byte, cuts []int, convert bool) (*hclsyntax.Body, []converted, bool) {
	n := len(cuts) + 1
	bodies := make([]*hclsyntax.Body, n)
	var models []converted
	if convert {
		models = make([]converted, n)
	}
	starts := make([]hcl.Pos, n)
	starts[0] = hcl.InitialPos
	line := 1
	for i, c := range cuts {
		from := 0
		if i > 0 {
			from = cuts[i-1]
		}
		for _, b := range src[from:c] {
			if b == '\n' {
				line++
			}
		}
		starts[i+1] = hcl.Pos{Line: line, Column: 1, Byte: c}
	}
	piece := func(i int) []byte {
		from, to := 0, len(src)
		if i > 0 {
			from = cuts[i-1]
		}
		if i < len(cuts) {
			to = cuts[i]
		}
		return src[from:to]
	}
	var failed atomic.Bool
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), n) {
		wg.Go(func() {
			for !failed.Load() {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				p := piece(i)
				if i > 0 && bytes.HasPrefix(p, utf8BOM) {
					// The scanner skips a byte order mark at the start of
					// what it scans, not inside a file.
					failed.Store(true)
					return
				}
				sb, ok := quickParse(name, p, starts[i]) // nested far less deep than the guard's limit
				if !ok && !utf8.Valid(p) {
					// The scanner reads an invalid sequence and the
					// newline after it as one character, so a piece's
					// last newline need not end a token in the whole.
					failed.Store(true)
					return
				}
				if !ok {
					if hds := hclguard.Config(p, name, starts[i]); len(hds) > 0 {
						failed.Store(true)
						return
					}
					f, hds := hclsyntax.ParseConfig(p, name, starts[i])
					if len(hds) > 0 {
						failed.Store(true)
						return
					}
					sb = f.Body.(*hclsyntax.Body)
				}
				bodies[i] = sb
				if convert {
					// Ranges count from the start of the file, and so
					// does src.
					cfg, ds := config.ConfigFromSyntax(sb, src)
					models[i] = converted{cfg, ds}
				}
			}
		})
	}
	wg.Wait()
	if failed.Load() {
		return nil, nil, false
	}
	blocks := 0
	for _, b := range bodies {
		blocks += len(b.Blocks)
	}
	first, last := bodies[0], bodies[n-1]
	out := &hclsyntax.Body{
		Attributes: hclsyntax.Attributes{},
		Blocks:     make(hclsyntax.Blocks, 0, blocks),
		SrcRange:   hcl.RangeBetween(first.SrcRange, last.SrcRange),
		EndRange:   last.EndRange,
	}
	for _, b := range bodies {
		for k, a := range b.Attributes {
			if _, dup := out.Attributes[k]; dup {
				return nil, nil, false
			}
			out.Attributes[k] = a
		}
		out.Blocks = append(out.Blocks, b.Blocks...)
	}
	return out, models, true
}

// converted is the model of one piece of a file, and its diagnostics.
type converted struct {
	cfg   *config.Config
	diags diag.Diagnostics
}
