// Refs tested in JavaScript: a ref, and any attribute read from one, is an
// object standing for a Terraform expression, so JavaScript never finds it
// null, undefined or false. `vpc.id ?? "none"` always gives vpc.id, and
// `vpc.id && <Resource .../>` always renders, whatever Terraform later
// finds. The bundle is scanned for such tests of refs made by useRef() in
// the same file, and each one found is a warning at its place.

package tsx

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfkit/tfkit/diag"
)

// refTest is a test of a ref in the bundle: the operand (a ref or a path
// read from one), the operator, and the operand's offset in the code.
type refTest struct {
	operand, op string
	offset      int
}

// refTestOps are the operators whose left side JavaScript tests, as
// esbuild prints them.
var refTestOps = []string{" ?? ", " || ", " && ", " ? "}

// findRefTests scans a bundle as esbuild prints it: each module's code
// follows a "  // path" line, the runtime's and packages' are skipped, and
// refs are the names declared as `const NAME = useRef()` in the module.
func findRefTests(code string) []refTest {
	if !strings.Contains(code, "useRef") {
		return nil
	}
	var out []refTest
	for _, m := range bundleModules(code) {
		if strings.HasPrefix(m.name, runtimeNamespace+":") || strings.HasPrefix(m.name, "<") || strings.Contains(m.name, "node_modules/") {
			continue
		}
		src := code[m.start:m.end]
		refs := refNames(src)
		if len(refs) == 0 {
			continue
		}
		for _, op := range refTestOps {
			for i := 0; ; {
				j := strings.Index(src[i:], op)
				if j < 0 {
					break
				}
				at := i + j
				i = at + len(op)
				start, ok := operandBefore(src, at)
				if !ok || !refs[rootName(src[start:at])] || start > 0 && strings.IndexByte("\"'`", src[start-1]) >= 0 {
					continue // not a ref, or text in a string
				}
				out = append(out, refTest{operand: src[start:at], op: strings.TrimSpace(op), offset: m.start + start})
			}
		}
	}
	slices.SortFunc(out, func(a, b refTest) int { return a.offset - b.offset })
	return out
}

// bundleModule is one module's code in a bundle.
type bundleModule struct {
	name       string
	start, end int
}

// bundleModules cuts a bundle at esbuild's "  // path" lines, which it
// prints before each module's code (comments of the sources are not kept).
func bundleModules(code string) []bundleModule {
	var out []bundleModule
	const mark = "\n  // "
	for i := 0; ; {
		j := strings.Index(code[i:], mark)
		if j < 0 {
			break
		}
		at := i + j + len(mark)
		eol := strings.IndexByte(code[at:], '\n')
		if eol < 0 {
			break
		}
		if n := len(out); n > 0 {
			out[n-1].end = i + j
		}
		out = append(out, bundleModule{name: code[at : at+eol], start: at + eol, end: len(code)})
		i = at + eol
	}
	return out
}

// refNames lists the names a module declares as `const NAME = useRef()`
// (esbuild may print the import as useRef2 when names collide).
func refNames(src string) map[string]bool {
	refs := map[string]bool{}
	for i := 0; ; {
		j := strings.Index(src[i:], " = useRef")
		if j < 0 {
			return refs
		}
		at := i + j
		i = at + len(" = useRef")
		rest := strings.TrimLeft(src[i:min(len(src), i+8)], "0123456789")
		if !strings.HasPrefix(rest, "()") {
			continue
		}
		k := at
		for k > 0 && isIdentByte(src[k-1]) {
			k--
		}
		name := src[k:at]
		for _, kw := range []string{"const ", "let ", "var "} {
			if name != "" && k >= len(kw) && src[k-len(kw):k] == kw {
				refs[name] = true
			}
		}
	}
}

// operandBefore finds the start of the member expression that ends at end
// (a name, then .name, ?.name and [...] steps), or false when what ends
// there is something else (a call, a parenthesized expression, a literal).
func operandBefore(src string, end int) (int, bool) {
	i := end
	for i > 0 && end-i < 200 {
		c := src[i-1]
		switch {
		case isIdentByte(c) || c == '.':
			i--
		case c == '?' && i < end && src[i] == '.':
			i-- // optional chaining
		case c == ']':
			depth := 0
			k := i - 1
			for ; k >= 0 && end-k < 200; k-- {
				if src[k] == ']' {
					depth++
				} else if src[k] == '[' {
					depth--
					if depth == 0 {
						break
					}
				} else if src[k] == '\n' {
					return 0, false
				}
			}
			if k < 0 || depth != 0 {
				return 0, false
			}
			i = k
		default:
			return i, i < end && identStart(src[i])
		}
	}
	return i, i < end && identStart(src[i])
}

// rootName is the name an operand starts with.
func rootName(operand string) string {
	end := strings.IndexAny(operand, ".[?")
	if end < 0 {
		return operand
	}
	return operand[:end]
}

// identStart reports whether c may begin a name (a byte of a non-ASCII
// name counts).
func identStart(c byte) bool {
	return isIdentByte(c) && (c < '0' || c > '9') || c >= 0x80
}

// refTestLister is implemented by the values of an engine that scanned its
// bundle for tests of refs.
type refTestLister interface {
	refTests() []refTestSite
}

// refTestSite is a refTest with its place in the sources.
type refTestSite struct {
	refTest
	site hcl.Range
	ok   bool
}

func (g *gojaValue) refTests() []refTestSite {
	if g.env.refTestsFound == nil {
		return nil
	}
	found := <-g.env.refTestsFound
	g.env.refTestsFound = nil
	out := make([]refTestSite, 0, len(found))
	for _, t := range found {
		s := refTestSite{refTest: t}
		if g.env.file != nil {
			g.env.mapLater.apply()
			if p := g.env.file.Position(t.offset); p.Filename != "" {
				name := fileName(p.Filename)
				s.site = hcl.Range{Filename: name,
					Start: hcl.Pos{Line: p.Line, Column: p.Column + 1},
					End:   hcl.Pos{Line: p.Line, Column: p.Column + 1 + len(t.operand)}}
				s.ok = true
			}
		}
		out = append(out, s)
	}
	return out
}

// refTestWarnings warns about each test of a ref the engine found.
func (c *converter) refTestWarnings(tree Value) {
	l, ok := tree.(refTestLister)
	if !ok {
		return
	}
	for _, t := range l.refTests() {
		var detail, hint string
		switch t.op {
		case "??", "||":
			detail = fmt.Sprintf("`%s %s ...` always gives %s: a ref, and every attribute read from one, is an object standing for a Terraform expression, whose value is known only when Terraform runs, so JavaScript never finds it null, undefined or false.", t.operand, t.op, t.operand)
			hint = fmt.Sprintf(`let Terraform choose: tf.fn("coalesce", %s, "...") (which also skips ""), or the conditional in tf.raw("... != null ? ... : ...")`, t.operand)
		case "&&":
			detail = fmt.Sprintf("`%s && ...` always gives what follows: a ref, and every attribute read from one, is an object standing for a Terraform expression, so JavaScript finds it true whatever Terraform later finds.", t.operand)
			hint = `to make something depend on a value only Terraform knows, give the element count={tf.raw("... ? 1 : 0")}`
		default:
			detail = fmt.Sprintf("`%s ? ... : ...` always takes its first branch: a ref, and every attribute read from one, is an object standing for a Terraform expression, so JavaScript finds it true whatever Terraform later finds.", t.operand)
			hint = `write the conditional for Terraform, in tf.raw("... ? ... : ..."), or give the element count={tf.raw("... ? 1 : 0")}`
		}
		d := &diag.Diagnostic{Severity: diag.Warning, Summary: "Ref tested in JavaScript", Detail: detail, Suggestion: hint}
		if t.ok {
			r := t.site
			d.Subject = &r
			c.src.withFrame(d)
		}
		c.diags = append(c.diags, d)
	}
}
